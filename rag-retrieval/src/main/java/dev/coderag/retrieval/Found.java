package dev.coderag.retrieval;

import dev.coderag.types.Chunk;
import java.util.Objects;

/**
 * A chunk with the id it is stored under. {@link Chunk#id()} hashes the chunk twice per call, so a retrieval
 * obtains each id once, where the chunk enters it ({@link ChunkSource}), and carries it along from there.
 *
 * @param id the chunk's stored id, never null
 * @param chunk never null
 */
record Found(String id, Chunk chunk) {
    Found {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(chunk, "chunk");
    }
}
