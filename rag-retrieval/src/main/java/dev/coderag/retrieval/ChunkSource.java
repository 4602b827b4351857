package dev.coderag.retrieval;

import dev.coderag.store.CallEdge;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.VectorStore;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the chunks of one retrieval come from: the store's searches and lookups, restricted to the request's
 * repository, and the sources of the previous answer. It is the only place their ids are obtained (through a
 * per-request {@link ChunkIds}), so when the store returns each hit's stored id this class is where that id
 * replaces the memo; everything downstream already reads {@link Found#id()}.
 *
 * <p>Thread-safe (the store is, and the memo is synchronised): the production path's concurrent searches share
 * one instance.
 */
final class ChunkSource {
    private final VectorStore store;
    private final Optional<String> repo;
    private final SearchFilter filter;
    private final ChunkIds ids = new ChunkIds();

    /** @param repo restrict every read to this repository; empty = all */
    ChunkSource(VectorStore store, Optional<String> repo) {
        this.store = Objects.requireNonNull(store, "store");
        this.repo = Objects.requireNonNull(repo, "repo");
        this.filter = SearchFilter.repo(repo.orElse(null));
    }

    Optional<String> repo() {
        return repo;
    }

    /** The nearest neighbours of {@code queryVector} in one table, best first. */
    List<Scored> vector(ChunkKind table, float[] queryVector, int k) {
        return scored(store.search(table, queryVector, k, filter));
    }

    /** One nearest-neighbour list per table, in {@link ChunkKind} order, searched one table after another. */
    List<List<Scored>> vectorPerTable(float[] queryVector, int k) {
        List<List<Scored>> lists = new ArrayList<>();
        for (ChunkKind kind : ChunkKind.values()) {
            lists.add(vector(kind, queryVector, k));
        }
        return lists;
    }

    /** BM25 hits of one table as the store ranks them, for a prefetch that re-ranks them later ({@link #lexical}). */
    List<ScoredChunk> bm25(ChunkKind table, String query, int k) {
        return store.lexicalSearch(table, query, k, filter);
    }

    /** BM25 hits of one table re-ranked by the evidence of the rest of each file ({@link Fusion#withFileSupport}). */
    List<Scored> lexical(List<ScoredChunk> bm25) {
        return scored(Fusion.withFileSupport(bm25, Fusion.FILE_SUPPORT));
    }

    /**
     * One re-ranked BM25 list per table, in {@link ChunkKind} order, searched one table after another; no lists
     * for a blank query.
     */
    List<List<Scored>> lexicalPerTable(String query, int k) {
        List<List<Scored>> lists = new ArrayList<>();
        if (!query.isBlank()) {
            for (ChunkKind kind : ChunkKind.values()) {
                lists.add(lexical(bm25(kind, query, k)));
            }
        }
        return lists;
    }

    /** The chunks of the files whose path is or ends with {@code pathOrSuffix}. */
    List<Found> byPath(String pathOrSuffix) {
        return found(store.findByPath(pathOrSuffix, repo));
    }

    /** The chunks that define {@code symbol}. */
    List<Found> bySymbol(String symbol) {
        return found(store.findBySymbol(symbol, repo));
    }

    /** The stored chunks with these ids, as the store returns them. */
    List<Found> byIds(Collection<String> chunkIds) {
        return found(store.getAll(chunkIds));
    }

    /** Chunks the caller brings along (the previous answer's sources), unfiltered. */
    List<Found> given(List<Chunk> chunks) {
        return found(chunks);
    }

    List<CallEdge> callers(String chunkId) {
        return store.callers(chunkId);
    }

    List<CallEdge> callees(String chunkId) {
        return store.callees(chunkId);
    }

    /** Stored embeddings by content hash (hashes without one are absent). */
    Map<String, float[]> vectorsByContentHash(Collection<String> contentHashes) {
        return store.vectorsByContentHash(contentHashes);
    }

    private List<Scored> scored(List<ScoredChunk> hits) {
        return hits.stream().map(h -> new Scored(found(h.chunk()), h.score())).toList();
    }

    private List<Found> found(List<Chunk> chunks) {
        return chunks.stream().map(this::found).toList();
    }

    private Found found(Chunk chunk) {
        return new Found(ids.of(chunk), chunk);
    }
}
