package dev.coderag.store;

import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The chunk store: four tables (one per {@link ChunkKind}) of chunks with their vectors, a lexical (BM25)
 * index over the same chunks, a per-repo file index, call edges and repo metadata, persisted in one
 * directory.
 *
 * <p>Thread-safety: all read methods may be called from any number of threads, also while a
 * {@link WriteTransaction} is open or committing; they see the last committed state. At most one write
 * transaction is open at a time across processes ({@link StoreException.Reason#LOCKED} otherwise).
 *
 * <p>Every method fails with {@link StoreException}, never another checked or unchecked library exception.
 */
public interface VectorStore extends AutoCloseable {

    /**
     * Opens the store in {@code dir}, creating it when absent. A store built with another model id or
     * dimension fails with {@link StoreException.Reason#MODEL_MISMATCH}; unreadable files with
     * {@link StoreException.Reason#CORRUPT}, naming the directory.
     */
    static VectorStore open(Path dir, String modelId, int dimension) {
        return SqliteVectorStore.open(dir, modelId, dimension);
    }

    /**
     * Deletes the store in {@code dir} — only the store's own files (its database and derived graph files;
     * nothing else in the directory) — and creates an empty one for {@code modelId}. This is what
     * {@code --full} does after a model change. Fails with {@link StoreException.Reason#LOCKED} while another
     * process writes to the store. A server still reading the old store must be restarted to see the new one.
     */
    static VectorStore recreate(Path dir, String modelId, int dimension) {
        return SqliteVectorStore.recreate(dir, modelId, dimension);
    }

    /**
     * The model id a store was built with, without opening it for use (e.g. for {@code status}); empty when
     * {@code dir} holds no store.
     */
    static Optional<String> storedModelId(Path dir) {
        return SqliteVectorStore.storedModelId(dir);
    }

    Path directory();

    String modelId();

    int dimension();

    /** The chunk with that id, if stored. */
    Optional<Chunk> get(String id);

    /** The chunks with those ids that are stored, in the order given. */
    List<Chunk> getAll(Collection<String> ids);

    /**
     * Nearest neighbours of {@code query} (unit length, the store's dimension) in one table, best first, at most
     * {@code k}, all passing {@code filter}. Exact when fewer than 20,000 vectors pass the filter, through a JVector
     * graph above (approximate: recall@10 0.996 on 100k clustered vectors, see docs/BENCHMARKS.md) — and
     * exactly while the graph is still being built; see docs/STORE.md. IllegalArgumentException for a query of
     * the wrong dimension.
     */
    List<ScoredChunk> search(ChunkKind table, float[] query, int k, SearchFilter filter);

    /**
     * BM25 search in one table, best first. Identifiers are split for matching ({@code parseHttpRequest},
     * {@code parse_http_request} → parse, http, request); path and symbol names are indexed too. Query text
     * is free text: operators and punctuation are not interpreted.
     */
    List<ScoredChunk> lexicalSearch(ChunkKind table, String query, int k, SearchFilter filter);

    /** Code chunks whose symbol (or qualified name) equals {@code symbol}, optionally in one repo. */
    List<Chunk> findBySymbol(String symbol, Optional<String> repo);

    /** Chunks of files whose path equals {@code pathOrSuffix} or ends with "/" + it, optionally in one repo. */
    List<Chunk> findByPath(String pathOrSuffix, Optional<String> repo);

    /** path → entry, for every indexed file of {@code repo}. */
    Map<String, FileEntry> fileIndex(String repo);

    /**
     * path → file hash, for every indexed file of {@code repo}: the file index without the chunk ids, a fraction
     * of its cost (no chunk rows are read), for deciding which files changed.
     */
    Map<String, String> fileHashes(String repo);

    /** path → entry, for those of {@code paths} that are indexed files of {@code repo}. */
    Map<String, FileEntry> fileIndex(String repo, Collection<String> paths);

    /** Stored vectors by content hash, for reusing embeddings of unchanged chunk texts. */
    Map<String, float[]> vectorsByContentHash(Collection<String> contentHashes);

    /** Calls made by a code chunk. */
    List<CallEdge> callees(String chunkId);

    /** Calls, in the same repo, to the symbol a code chunk defines. */
    List<CallEdge> callers(String chunkId);

    List<RepoInfo> repos();

    Optional<RepoInfo> repo(String name);

    /** Chunk counts per table over all repos. */
    Map<ChunkKind, Integer> counts();

    /** Starts the single write transaction; {@link StoreException.Reason#LOCKED} if one is open anywhere. */
    WriteTransaction begin();

    @Override
    void close();
}
