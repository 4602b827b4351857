package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a mode chose for a query, in final order, and what the trace reports about how.
 *
 * @param query the classified query the candidates were chosen for
 * @param chosen the candidates, best first, with their unscaled fused scores and provenance
 * @param perRetriever candidates per retriever ({@link Via#id()}), in the order the trace shows them
 * @param relations call edges followed by graph expansion; empty when the mode or route does not expand
 * @param pins {@code path:start-end} of the chunks pinned because the query names them; empty when none
 * @param subject id of the one definition the query names (resolved by name), when there is one
 * @param unplacedCallers calls of the subject's name not told apart from calls of its namesakes (see
 *     {@link GraphExpansion.Expansion#unplacedCallers()})
 */
record Selection(
        ClassifiedQuery query,
        List<Fused> chosen,
        Map<String, Integer> perRetriever,
        List<CallRelation> relations,
        List<String> pins,
        Optional<String> subject,
        int unplacedCallers) {
    Selection(
            ClassifiedQuery query,
            List<Fused> chosen,
            Map<String, Integer> perRetriever,
            List<CallRelation> relations,
            List<String> pins,
            Optional<String> subject) {
        this(query, chosen, perRetriever, relations, pins, subject, 0);
    }

    Selection {
        chosen = List.copyOf(chosen);
        perRetriever = Collections.unmodifiableMap(new LinkedHashMap<>(perRetriever));
        relations = List.copyOf(relations);
        pins = List.copyOf(pins);
    }

    /** The first {@code query.total()} hits of one merged list, found by {@code via} alone. */
    static Selection single(ClassifiedQuery query, Via via, List<Scored> merged) {
        return new Selection(
                query,
                Fusion.asFused(merged, via, query.total()),
                Map.of(via.id(), merged.size()),
                List.of(),
                List.of(),
                Optional.empty());
    }
}
