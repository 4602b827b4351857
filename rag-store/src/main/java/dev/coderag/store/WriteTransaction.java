package dev.coderag.store;

import dev.coderag.types.Chunk;

/**
 * A batch of changes that becomes visible atomically at {@link #commit()} (or at each {@link #checkpoint()},
 * for a long run committed in batches). A process killed at any moment leaves the store at its last committed
 * state (commit or checkpoint). Closing without commit rolls back. Not thread-safe: one
 * thread drives a transaction.
 */
public interface WriteTransaction extends AutoCloseable {

    /**
     * Records (or updates) a file's hash in the repo's file index, with no {@link SharedChunk shared chunks}; its
     * chunks come from {@link #insert}.
     */
    default void putFile(String repo, String path, String fileHash) {
        putFile(repo, path, fileHash, java.util.List.of());
    }

    /**
     * Records (or updates) a file's hash in the repo's file index and replaces its shared chunks: the chunks of a
     * branch overlay's base the overlay's file shows at other lines without storing them ({@link FileIndex#shared}).
     * Its own chunks come from {@link #insert}. The shared chunks go with the file ({@link #deleteFile}, the repo).
     */
    void putFile(String repo, String path, String fileHash, java.util.List<SharedChunk> shared);

    /**
     * Removes a file from the index together with all its chunks, their call edges and its resolved references —
     * not its history: {@link dev.coderag.types.CommitChunk}s stay until {@link #deleteHistory} or
     * {@link #deleteRepo}.
     */
    void deleteFile(String repo, String path);

    /**
     * Inserts a chunk with its vector (unit length, the store's dimension). Its call edges are derived from
     * {@code CodeChunk.calls()}. Inserting an id that exists replaces it. IllegalArgumentException when the
     * vector has another dimension, is not unit length (±1%) or the chunk names another embedding model.
     *
     * <p>The chunk's model id says the vector's tier ({@link VectorTier#of}): the store's model for
     * {@link VectorTier#FULL}, its static tier for {@link VectorTier#STATIC}. Inserting the chunk again with its full
     * vector takes it out of the static tier.
     *
     * <p>{@code vector} may be null: the chunk is stored without one — found by lexical search, by id, symbol and
     * path, and in the call graph, but never by vector search, and {@link VectorSearch#byContentHash} does not
     * return it — until it is inserted again with its vector (an ingest writes its chunks first and embeds them
     * after: docs/STORE.md, "Batch commits").
     */
    void insert(Chunk chunk, float[] vector);

    /**
     * Replaces a file's resolved references ({@link References}) with those a compiler found in the content whose
     * hash is {@code fileHash}; they count while the file index holds that hash for the file. Removed with the
     * file ({@link #deleteFile}) or the repo.
     */
    void putResolved(String repo, String fileHash, ResolvedFile file);

    /** Deletes one chunk (no-op when absent). */
    void delete(String chunkId);

    /**
     * Deletes every {@link dev.coderag.types.CommitChunk} of {@code repo} and its {@link HistoryMark}: what an
     * ingest does when the history it read was rewritten (a force-push) or when history is turned off.
     */
    void deleteHistory(String repo);

    /** Records how far {@code repo}'s stored history reaches ({@link History#mark}). */
    void putHistory(String repo, HistoryMark mark);

    /** Deletes a repo with all its files, chunks, edges, history and metadata. */
    void deleteRepo(String repo);

    /** Creates or updates the repo's metadata. */
    void putRepo(RepoRecord repo);

    /**
     * Replaces the list of files the repo's ingest left out. Only the first {@link RepoCatalog#MAX_SKIPPED} of
     * {@code files} (in path order) are kept; the rest are dropped (the ingest summary still counts them).
     *
     * @param files distinct paths; may be empty
     */
    void putSkipped(String repo, java.util.List<SkippedFile> files);

    /**
     * Makes every change so far visible at once, and durable, and goes on: later changes form the next batch,
     * committed by the next checkpoint or {@link #commit()}, rolled back by {@link #close()}. The write lock
     * stays held. A no-op when nothing was written since the last checkpoint.
     */
    void checkpoint();

    /** Makes every change visible at once, and durable. The transaction is finished afterwards. */
    void commit();

    /** Rolls back unless committed; releases the write lock. Idempotent. */
    @Override
    void close();
}
