package dev.coderag.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The chunk store, persisted in one directory: four tables (one per {@link dev.coderag.types.ChunkKind}) of
 * chunks with their vectors, a lexical (BM25) index over the same chunks, a per-repo file index, call edges and
 * repo metadata. Each concern is read through its own view — {@link #chunks()}, {@link #vectors()},
 * {@link #lexical()}, {@link #files()}, {@link #calls()}, {@link #repos()} — and everything is written through
 * {@link #begin()}.
 *
 * <p>Thread-safety: the store and its views are thread-safe. All reads may be called from any number of threads,
 * also while a {@link WriteTransaction} is open or committing; they see the last committed state. At most one
 * write transaction is open at a time across processes ({@link StoreException.Reason#LOCKED} otherwise). The
 * views live as long as the store: after {@link #close()} their methods fail with
 * {@link StoreException.Reason#IO}.
 *
 * <p>Nullness: no parameter may be null and no result is null (absence is an empty Optional, list or map).
 *
 * <p>Every method fails with {@link StoreException}, never another checked or unchecked library exception
 * (argument errors aside: NullPointerException, IllegalArgumentException where documented).
 */
public interface Store extends AutoCloseable {

    /**
     * Opens the store in {@code dir}, creating it when absent. A store built with another model id or
     * dimension fails with {@link StoreException.Reason#MODEL_MISMATCH}; unreadable files with
     * {@link StoreException.Reason#CORRUPT}, naming the directory. The embedded store's backend
     * ({@code rag-store-embedded}) must be on the classpath ({@link StoreException.Reason#IO} otherwise).
     */
    static Store open(Path dir, String modelId, int dimension) {
        return open(new StoreLocation.Directory(dir), modelId, dimension);
    }

    /**
     * Deletes the store in {@code dir} — only the store's own files (its database and derived graph files;
     * nothing else in the directory) — and creates an empty one for {@code modelId}. This is what
     * {@code --full} does after a model change. Fails with {@link StoreException.Reason#LOCKED} while another
     * process writes to the store. A server still reading the old store must be restarted to see the new one.
     */
    static Store recreate(Path dir, String modelId, int dimension) {
        return recreate(new StoreLocation.Directory(dir), modelId, dimension);
    }

    /**
     * Starts a rebuild of the store in {@code dir} for {@code modelId}: a new, empty index beside the current one
     * (or the one a killed rebuild for the same model left, which is resumed). Readers — this process's and
     * others' — keep the current index until {@link #publish()} swaps the new one in with one atomic rename
     * (docs/STORE.md, "Rebuilds and the swap"). Fails with {@link StoreException.Reason#LOCKED} while another
     * process writes to the store.
     */
    static Store rebuild(Path dir, String modelId, int dimension) {
        return rebuild(new StoreLocation.Directory(dir), modelId, dimension);
    }

    /**
     * The model id a store was built with, without opening it for use (e.g. for {@code status}); empty when
     * {@code dir} holds no store.
     */
    static Optional<String> storedModelId(Path dir) {
        return storedModelId(new StoreLocation.Directory(dir));
    }

    /**
     * Opens the store at {@code location} with the {@link dev.coderag.store.spi.StoreBackend} that serves it,
     * found with {@link java.util.ServiceLoader}: the embedded store for a {@link StoreLocation.Directory}, the
     * backend of a {@link StoreLocation.Remote} URL's scheme (created on first use there, its model id checked the
     * same way). {@link StoreException.Reason#IO} when no backend on the classpath serves the location or the
     * backend cannot be reached.
     */
    static Store open(StoreLocation location, String modelId, int dimension) {
        return StoreBackends.of(location).open(location, modelId, dimension);
    }

    /** As {@link #recreate(Path, String, int)}, at any location: deletes only that store's own data. */
    static Store recreate(StoreLocation location, String modelId, int dimension) {
        return StoreBackends.of(location).recreate(location, modelId, dimension);
    }

    /** As {@link #rebuild(Path, String, int)}, at any location (a backend may refuse with a one-line reason). */
    static Store rebuild(StoreLocation location, String modelId, int dimension) {
        return StoreBackends.of(location).rebuild(location, modelId, dimension);
    }

    /** As {@link #storedModelId(Path)}, at any location; empty when nothing is stored there yet. */
    static Optional<String> storedModelId(StoreLocation location) {
        return StoreBackends.of(location).storedModelId(location);
    }

    /**
     * Checks a location without opening anything: a remote URL's syntax, by its backend.
     *
     * @throws IllegalArgumentException with a one-line reason
     * @throws StoreException {@link StoreException.Reason#IO} when no backend serves the location
     */
    static void check(StoreLocation location) {
        StoreBackends.of(location).check(location);
    }

    /**
     * For a store from {@link #rebuild}: makes its index the current one of the directory, atomically, and
     * removes the previous index once no process has it open. A no-op for any other store.
     *
     * @throws IllegalStateException while a write transaction of this store is open
     */
    void publish();

    /**
     * True when a rebuild has published another index since this store was opened: this object keeps reading
     * the index it opened (never a mix of two); a restart reads the new one.
     */
    boolean superseded();

    /**
     * The store's directory, absolute and normalised; for a remote store, its local working directory (git
     * clones).
     */
    Path directory();

    /** Where the store is, for messages: its directory, or a remote store's URL. */
    default String describe() {
        return directory().toString();
    }

    /** The embedding model id the store's vectors come from. */
    String modelId();

    /** The dimension of the store's vectors. */
    int dimension();

    /** Chunks by id, symbol or path, and chunk counts. */
    StoredChunks chunks();

    /** Nearest-neighbour search, and stored vectors by content hash, of the {@link VectorTier#FULL} tier. */
    default VectorSearch vectors() {
        return vectors(VectorTier.FULL);
    }

    /**
     * Nearest-neighbour search, and stored vectors by content hash, of one tier: the chunks whose vector is of that
     * tier now (a chunk is in at most one). A backend that keeps no static tier answers {@link VectorTier#STATIC}
     * with nothing.
     */
    VectorSearch vectors(VectorTier tier);

    /**
     * The tiers that hold at least one vector now, for choosing how to embed a question: a store whose vectors are
     * all static is searched with a static question vector alone. Cheap (an existence check per tier). A backend
     * that keeps only the full tier may report it present without checking.
     */
    Set<VectorTier> vectorTiers();

    /**
     * Ids of up to {@code limit} chunks of {@code repo} whose vector is of the {@link VectorTier#STATIC} tier, oldest
     * first: what an ingest embeds with the full model to move them to the {@link VectorTier#FULL} tier without
     * parsing their files again. Never a {@link dev.coderag.types.ChunkKind#COMMIT} chunk: the history stays on the
     * static tier (docs/STORE.md, "History"). Empty for a backend without a static tier.
     */
    List<String> staticChunkIds(String repo, int limit);

    /** BM25 search. */
    LexicalSearch lexical();

    /** The per-repo file index and file hashes. */
    FileIndex files();

    /** Call edges between code chunks. */
    CallGraph calls();

    /** References between declarations, as a compiler resolved them at ingest. */
    References references();

    /** Repository metadata and counts. */
    RepoCatalog repos();

    /** The stored git history: commit chunks by file and by id, and how far each repository's reaches. */
    History history();

    /** Saved chats (in {@code chats.db} beside the index; kept when the index is rebuilt). */
    ChatLog chats();

    /** Starts the single write transaction; {@link StoreException.Reason#LOCKED} if one is open anywhere. */
    WriteTransaction begin();

    /** Rolls back an open write transaction, saves derived indexes and releases the files. Idempotent. */
    @Override
    void close();
}
