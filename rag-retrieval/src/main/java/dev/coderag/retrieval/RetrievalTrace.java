package dev.coderag.retrieval;

import java.util.List;
import java.util.Map;

/**
 * What a retrieval did, for the {@code trace} of a chat response.
 *
 * @param hitsPerTable returned hits per table ({@code code, readme, manifest, module_doc}; and {@code commit} when a
 *     history question found commits)
 * @param hitsPerRetriever candidates each retriever produced ({@code vector, lexical, graph, pin})
 * @param timingsMs milliseconds per stage, in pipeline order (see {@link Trace#timingsMs()} for the stage names)
 * @param lexicalQuery the informative terms sent to BM25
 * @param pins {@code path:start-end} of the chunks pinned because the query names them
 */
public record RetrievalTrace(
        Map<String, Integer> hitsPerTable,
        Map<String, Integer> hitsPerRetriever,
        Map<String, Double> timingsMs,
        String lexicalQuery,
        List<String> pins) {
    public RetrievalTrace {
        hitsPerTable = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(hitsPerTable));
        hitsPerRetriever = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(hitsPerRetriever));
        timingsMs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(timingsMs));
        pins = List.copyOf(pins);
    }
}
