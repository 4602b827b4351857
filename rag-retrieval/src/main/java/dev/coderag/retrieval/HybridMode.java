package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.retrieval.Fusion.RankedList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link RetrievalMode#HYBRID}: the vector and the lexical ranking, each merged over the tables by score exactly
 * as the vector and lexical modes do, then fused by RRF with equal weights. No intent routing, pins or graph.
 * (Fusing every table's list with equal weight put the best README section or package doc level with the best
 * code.)
 */
final class HybridMode implements ModeStrategy {
    private final RoutingTable routing;

    HybridMode(RoutingTable routing) {
        this.routing = routing;
    }

    @Override
    public Selection select(Request request) {
        ClassifiedQuery query = request.embedAndClassify();
        int k = Math.max(routing.minCandidates(), query.total());
        List<Scored> vector = Fusion.mergeByScore(request.source().vectorPerTable(query.vector(), k));
        query.relevance().record(vector);
        request.clock().lap("vector");
        List<Scored> lexical = Fusion.mergeByScore(
                request.source().lexicalPerTable(request.query().lexicalQuery(), k));
        request.clock().lap("lexical");
        Map<String, Integer> perRetriever = new LinkedHashMap<>();
        perRetriever.put(Via.VECTOR.id(), vector.size());
        perRetriever.put(Via.LEXICAL.id(), lexical.size());
        List<Fused> fused = Fusion.rrf(
                List.of(
                        RankedList.of(Via.VECTOR, 0.5, Scored.found(vector)),
                        RankedList.of(Via.LEXICAL, 0.5, Scored.found(lexical))),
                routing.rrfK());
        request.clock().lap("fuse");
        List<Fused> chosen = fused.subList(0, Math.min(query.total(), fused.size()));
        return new Selection(query, chosen, perRetriever, List.of(), List.of(), java.util.Optional.empty());
    }
}
