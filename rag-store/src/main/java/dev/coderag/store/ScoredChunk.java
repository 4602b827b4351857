package dev.coderag.store;

import dev.coderag.types.Chunk;
import java.util.Objects;

/**
 * A search hit.
 *
 * @param id the id the chunk is stored under ({@code chunk.id()} at insert), so that readers never recompute it
 * @param score in [0, 1], higher is better. Vector search: max(0, cosine similarity). Lexical search:
 *     s / (s + 1) with s = -bm25 (FTS5 bm25 is negative, smaller is better) — monotone in BM25.
 */
public record ScoredChunk(String id, Chunk chunk, double score) {
    public ScoredChunk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(chunk, "chunk");
        if (!(score >= 0 && score <= 1)) {
            throw new IllegalArgumentException("score out of [0,1]: " + score);
        }
    }
}
