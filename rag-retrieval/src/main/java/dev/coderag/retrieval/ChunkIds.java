package dev.coderag.retrieval;

import dev.coderag.types.Chunk;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Memoises {@link Chunk#id()} (two SHA-256 over the chunk text) per chunk instance for the span of one
 * retrieval, where the same instances are keyed, sorted and fused hundreds of times. Thread-safe.
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
