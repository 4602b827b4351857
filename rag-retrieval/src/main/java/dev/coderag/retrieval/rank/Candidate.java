package dev.coderag.retrieval.rank;

import dev.coderag.types.Chunk;
import java.util.Objects;

/**
 * A fused candidate as the ranker sees it: its stored id, the chunk and its score (higher is better; only its
 * ratios to the other candidates' scores matter).
 */
public record Candidate(String id, Chunk chunk, double score) {
    public Candidate {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(chunk, "chunk");
    }

    Candidate withScore(double s) {
        return new Candidate(id, chunk, s);
    }
}
