package dev.coderag.retrieval;

import dev.coderag.types.Chunk;
import java.util.Objects;
import java.util.Set;

/**
 * One retrieved chunk with everything known about why it was retrieved.
 *
 * @param score the fused ranking score scaled to [0, 1] (1 = best hit of this retrieval); hits are ordered by it
 * @param relevance cosine similarity in [0, 1] between the query embedding and the chunk's stored embedding;
 *     comparable across tables, queries and modes, and what the relevance floor is applied to
 * @param via every retriever that found the chunk (never empty)
 */
public record RetrievalHit(Chunk chunk, double score, double relevance, Set<Via> via) {
    public RetrievalHit {
        Objects.requireNonNull(chunk, "chunk");
        via = Set.copyOf(via);
    }
}
