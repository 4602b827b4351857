package dev.coderag.retrieval;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How relevant chunks are to one query: the cosine between the query vector and the chunk's stored embedding,
 * clamped to [0, 1], by chunk id. Vector hits bring theirs ({@link #record}); any other chunk's is computed from
 * the stored vectors when first needed ({@link #fill}).
 *
 * <p>Thread-safe: the production path's pin search fills it while the calling thread records vector hits. A
 * chunk found both ways keeps whichever value is written last; the two differ only in rounding (the store's
 * float cosine versus {@link Vectors#relevance}'s double one).
 */
final class Relevance {
    private final Map<String, Double> byId = new ConcurrentHashMap<>();
    private final ChunkSource source;
    private final float[] queryVector;

    /** @param queryVector the query embedding; not copied, never modified */
    Relevance(ChunkSource source, float[] queryVector) {
        this.source = source;
        this.queryVector = queryVector;
    }

    /** Records the scores of vector hits, which are these cosines already. */
    void record(List<Scored> vectorHits) {
        vectorHits.forEach(h -> byId.put(h.id(), h.score()));
    }

    /** The relevance of a chunk, 0 when it was neither recorded nor filled. */
    double of(String chunkId) {
        return byId.getOrDefault(chunkId, 0.0);
    }

    /** Computes the relevance of every chunk that has none yet, from the stored vectors (one store read). */
    void fill(Collection<Found> chunks) {
        Map<String, List<String>> idsByHash = new HashMap<>();
        for (Found f : chunks) {
            if (!byId.containsKey(f.id())) {
                idsByHash
                        .computeIfAbsent(f.chunk().contentHash(), h -> new ArrayList<>())
                        .add(f.id());
            }
        }
        if (idsByHash.isEmpty()) {
            return;
        }
        Map<String, float[]> vectors = source.vectorsByContentHash(idsByHash.keySet());
        for (Map.Entry<String, List<String>> e : idsByHash.entrySet()) {
            float[] v = vectors.get(e.getKey());
            double r = v == null || v.length != queryVector.length ? 0 : Vectors.relevance(queryVector, v);
            e.getValue().forEach(id -> byId.put(id, r));
        }
    }
}
