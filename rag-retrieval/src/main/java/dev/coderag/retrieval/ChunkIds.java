package dev.coderag.retrieval;

import dev.coderag.types.Chunk;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Memoises {@link Chunk#id()} (two SHA-256 over the chunk text) per chunk instance for the span of one
 * retrieval. Only {@link ChunkSource} uses it, once per chunk a read returns (the store may hand the same
 * instance to several reads); from there the id travels with the chunk ({@link Found}). It goes when the store
 * returns each chunk's stored id. Thread-safe.
 */
final class ChunkIds {
    private final Map<Chunk, String> cache = Collections.synchronizedMap(new IdentityHashMap<>());

    String of(Chunk chunk) {
        String id = cache.get(chunk);
        if (id == null) {
            id = chunk.id();
            cache.put(chunk, id);
        }
        return id;
    }
}
