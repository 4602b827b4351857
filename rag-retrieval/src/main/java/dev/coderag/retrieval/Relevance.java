package dev.coderag.retrieval;

import dev.coderag.embed.Embedder;
import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How relevant chunks are to one query: the cosine between the query vector and the chunk's stored embedding,
 * clamped to [0, 1], by chunk id. Vector hits bring theirs ({@link #record}); any other chunk's is computed from
 * the stored vectors when first needed ({@link #fill}).
 *
 * <p>A chunk committed without its vector yet (an ingest writes chunks before it embeds them: docs/STORE.md,
 * "Batch commits") is embedded here, the first {@link #EMBED_AT_MOST} of them per question in the order given
 * (the best ranked), so that the relevance floor judges lexical and pinned evidence by the same cosine it will have once
 * the vectors are stored — neither refused for want of a vector nor accepted without one; the rest stay at 0.
 *
 * <p>Thread-safe: the production path's pin search fills it while the calling thread records vector hits. A
 * chunk found both ways keeps whichever value is written last; the two differ only in rounding (the store's
 * float cosine versus {@link Vectors#relevance}'s double one).
 */
final class Relevance {
    private final Map<String, Double> byId = new ConcurrentHashMap<>();
    private final ChunkSource source;
    private final float[] queryVector;
    private final Embedder embedder;

    /** Chunks without a stored vector embedded per question at most (about 60 ms each on a laptop's CPU). */
    static final int EMBED_AT_MOST = 12;

    private final AtomicInteger budget = new AtomicInteger(EMBED_AT_MOST);

    /**
     * Relevance by the cosines of the request's own vector search.
     *
     * @param queryVector the query embedding; not copied, never modified
     * @param embedder embeds the chunks that have no stored vector yet
     */
    Relevance(ChunkSource source, float[] queryVector, Embedder embedder) {
        this.source = source;
        this.queryVector = queryVector;
        this.embedder = embedder;
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
        Map<String, List<String>> idsByHash = new LinkedHashMap<>(); // in the order given: best ranked first
        Map<String, Chunk> chunkByHash = new HashMap<>();
        for (Found f : chunks) {
            if (!byId.containsKey(f.id())) {
                idsByHash
                        .computeIfAbsent(f.chunk().contentHash(), h -> new ArrayList<>())
                        .add(f.id());
                chunkByHash.putIfAbsent(f.chunk().contentHash(), f.chunk());
            }
        }
        if (idsByHash.isEmpty()) {
            return;
        }
        Map<String, float[]> vectors = new HashMap<>(source.vectorsByContentHash(idsByHash.keySet()));
        List<String> without =
                idsByHash.keySet().stream().filter(h -> !vectors.containsKey(h)).toList();
        int allowed = without.isEmpty() ? 0 : budget.getAndUpdate(b -> Math.max(0, b - without.size()));
        List<String> missing = without.subList(0, Math.min(allowed, without.size()));
        if (!missing.isEmpty()) {
            List<float[]> embedded = embedder.embedDocuments(missing.stream()
                    .map(h -> chunkByHash.get(h).embeddingText())
                    .toList());
            for (int i = 0; i < missing.size(); i++) {
                vectors.put(missing.get(i), embedded.get(i));
            }
        }
        for (Map.Entry<String, List<String>> e : idsByHash.entrySet()) {
            float[] v = vectors.get(e.getKey());
            double r = v == null || v.length != queryVector.length ? 0 : Vectors.relevance(queryVector, v);
            e.getValue().forEach(id -> byId.put(id, r));
        }
    }
}
