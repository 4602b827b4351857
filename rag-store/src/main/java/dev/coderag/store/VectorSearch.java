package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Vector side of the store: nearest-neighbour search over one table's vectors, and the stored vectors themselves.
 * Thread-safe; reads see the last committed state; failures are {@link StoreException}s.
 */
public interface VectorSearch {

    /**
     * Nearest neighbours of {@code query} (unit length, the store's dimension) in one table, best first, at most
     * {@code k}, all passing {@code filter}; each hit carries the chunk's stored id and {@code max(0, cosine)}.
     * Exact when fewer than 20,000 vectors pass the filter, through a JVector graph above (approximate: recall@10
     * 0.996 on 100k clustered vectors, see docs/BENCHMARKS.md) — and exactly while the graph is still being built;
     * see docs/STORE.md. Empty for {@code k <= 0}. IllegalArgumentException for a query of the wrong dimension.
     */
    List<ScoredChunk> search(ChunkKind table, float[] query, int k, SearchFilter filter);

    /**
     * Stored vectors by content hash, for reusing embeddings of unchanged chunk texts: content hash → vector, for
     * those of {@code contentHashes} that some stored chunk has.
     */
    Map<String, float[]> byContentHash(Collection<String> contentHashes);
}
