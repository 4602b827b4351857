package dev.coderag.store;

import dev.coderag.types.Chunk;
import java.util.Objects;

/**
 * A chunk as stored, with the id it is stored under — {@code chunk.id()} at insert — so that readers never
 * recompute it ({@link Chunk#id()} hashes the chunk's identity on every call).
 */
public record StoredChunk(String id, Chunk chunk) {
    public StoredChunk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(chunk, "chunk");
    }
}
