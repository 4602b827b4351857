package dev.coderag.retrieval;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One retrieved chunk with everything known about why it was retrieved.
 *
 * @param score the fused ranking score scaled to [0, 1] (1 = best hit of this retrieval); hits are ordered by it
 * @param relevance cosine similarity in [0, 1] between the query embedding and the chunk's stored embedding;
 *     comparable across tables, queries and modes, and what the relevance floor is applied to
 * @param via every retriever that found the chunk (never empty)
 * @param resolvedCalls for a code chunk whose file a compiler resolved at ingest, the names of the declarations in
 *     the repository it calls, in call order, each once (calls into the JDK or a library are not among them);
 *     empty otherwise, and then the chunk's own call names ({@code CodeChunk.calls()}) are all that is known.
 *     Retrieval reads them for the best code hit and the code hits without a doc comment (what answers describe by
 *     their calls), not for the others
 */
public record RetrievalHit(
        Chunk chunk, double score, double relevance, Set<Via> via, Optional<List<String>> resolvedCalls) {
    public RetrievalHit {
        Objects.requireNonNull(chunk, "chunk");
        via = Set.copyOf(via);
        resolvedCalls = resolvedCalls.map(List::copyOf);
    }

    /** A hit without resolved calls. */
    public RetrievalHit(Chunk chunk, double score, double relevance, Set<Via> via) {
        this(chunk, score, relevance, via, Optional.empty());
    }

    /**
     * The calls to name for this chunk: its resolved calls when its file was resolved, else the names it calls as
     * written (for code; empty for other chunks).
     */
    public List<String> calls() {
        return resolvedCalls.orElseGet(() -> chunk instanceof CodeChunk c ? c.calls() : List.of());
    }
}
