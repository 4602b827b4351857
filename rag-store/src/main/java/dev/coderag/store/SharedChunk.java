package dev.coderag.store;

import java.util.Objects;

/**
 * A chunk a branch overlay's file shows without storing it (docs/STORE.md, "Branches"): its base repository's chunk
 * of the same path with the same content, which in the branch starts at another line.
 *
 * @param chunkId the base's stored chunk
 * @param startLine its first line in the branch's file (its last moves with it)
 */
public record SharedChunk(String chunkId, int startLine) {
    public SharedChunk {
        Objects.requireNonNull(chunkId, "chunkId");
        if (chunkId.isBlank() || chunkId.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("bad chunk id");
        }
        if (startLine < 1) {
            throw new IllegalArgumentException("start line must be at least 1: " + startLine);
        }
    }
}
