package dev.coderag.store.embedded;

import dev.coderag.store.CallGraph;
import dev.coderag.store.ChatLog;
import dev.coderag.store.FileIndex;
import dev.coderag.store.History;
import dev.coderag.store.LexicalSearch;
import dev.coderag.store.References;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.StoredChunks;
import dev.coderag.store.VectorSearch;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.ReaderPool;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.store.embedded.db.WriteLock;
import dev.coderag.store.embedded.lexical.LuceneIndexes;
import dev.coderag.store.embedded.lexical.LuceneWriter;
import dev.coderag.store.embedded.vectors.GraphFiles;
import dev.coderag.store.embedded.vectors.VectorFile;
import dev.coderag.store.embedded.vectors.VectorIndex;
import dev.coderag.store.embedded.vectors.VectorTables;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The store: SQLite ({@code store.db}, WAL) holds chunks, vectors, BM25 (FTS5), the file index, call edges,
 * resolved references and repo metadata, the only source of truth; {@link VectorTables} derives vector indexes from
 * it (exact, JVector graphs), {@link LuceneIndexes} the Lucene BM25 indexes. {@link Store} has the contract.
 *
 * <p>This class opens, checks and creates the database, holds the cross-process write lock for a transaction,
 * and owns what the read views share ({@link StoreReads}: reader connections, closed state); each view —
 * {@link SqliteChunkReads}, {@link SqliteVectorSearch}, {@link SqliteLexicalSearch}, {@link SqliteFileIndex},
 * {@link SqliteCallGraph} (with {@link SqliteReferences}), {@link SqliteRepoCatalog} — is one concern's queries.
 */
public final class SqliteStore implements Store {
    static final String DB_FILE = Sql.DB_FILE;
    /** Every file the store creates in its directory (graph files are added by the vector side). */
    static final List<String> STORE_FILES = List.of(DB_FILE, DB_FILE + "-wal", DB_FILE + "-shm", DB_FILE + "-journal");

    private static final int WRITER_BUSY_MILLIS = 10_000;
    /** A cap on store.db's pages ({@code coderag.store.maxPages}, 0: none); past it a write fails as on a full disk. */
    private static final long MAX_PAGES = Long.getLong("coderag.store.maxPages", 0);

    /** The store directory ({@code --db}): write lock, chat log, CURRENT. */
    private final Path root;
    /** The directory of the index files this object reads and writes: the root or a generation (Generations). */
    private final Path dir;

    private final Path dbFile;
    private final String modelId;
    private final int dimension;
    private final StoreReads reads;
    /** Each vector tier's indexes (docs/STORE.md, "Two vector tiers"). */
    private final Map<VectorTier, VectorTables> vectors = new EnumMap<>(VectorTier.class);
    /** Null when Lucene is off ({@link StoreOptions#lucene()}). */
    private final LuceneIndexes lexical;

    private final StoredChunks chunks;
    private final Map<VectorTier, VectorSearch> vectorSearch = new EnumMap<>(VectorTier.class);
    private final LexicalSearch lexicalSearch;
    private final FileIndex files;
    private final SqliteCallGraph calls;
    private final RepoCatalog repos;
    private final SqliteChatLog chats;
    private final AtomicBoolean writing = new AtomicBoolean(); // while a transaction of this object is open(ing)

    private volatile SqliteWriteTransaction openTransaction;
    /** True for a store made by {@link #rebuild} until {@link #publish()}. */
    private volatile boolean staged;

    private SqliteStore(Path root, Path dir, String storeId, String modelId, int dimension, StoreOptions options) {
        this.root = root;
        this.dir = dir;
        this.dbFile = dir.resolve(DB_FILE);
        this.modelId = modelId;
        this.dimension = dimension;
        ReaderPool readers =
                new ReaderPool(dir, dbFile, Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));
        this.reads = new StoreReads(dir, readers);
        for (VectorTier tier : VectorTier.values()) {
            VectorTables tables = new VectorTables(dir, storeId, dimension, options, readers, tier);
            vectors.put(tier, tables);
            vectorSearch.put(tier, new SqliteVectorSearch(reads, tables, dimension, tier));
        }
        this.lexical = options.lucene()
                ? new LuceneIndexes(dir, root, storeId, options.backgroundGraph(), reads::decode)
                : null;
        this.chunks = new SqliteChunkReads(reads);
        this.lexicalSearch = new SqliteLexicalSearch(reads, lexical);
        this.files = new SqliteFileIndex(reads);
        this.calls = new SqliteCallGraph(reads);
        this.repos = new SqliteRepoCatalog(reads);
        this.chats = new SqliteChatLog(root);
        Generations.holdOpen(dir);
    }

    static Store open(Path dir, String modelId, int dimension) {
        return open(dir, modelId, dimension, StoreOptions.fromSystemProperties());
    }

    static SqliteStore open(Path dir, String modelId, int dimension, StoreOptions options) {
        StoreFiles.checkArguments(dir, modelId, dimension);
        Path root = dir.toAbsolutePath().normalize();
        StoreFiles.ensureDirectory(root);
        return openAt(root, Generations.current(root), modelId, dimension, options);
    }

    /** Opens (creating when absent) the index in {@code abs}, a generation of {@code root} or the root itself. */
    private static SqliteStore openAt(Path root, Path abs, String modelId, int dimension, StoreOptions options) {
        Path db = abs.resolve(DB_FILE);
        if (Files.exists(db) && !Files.isRegularFile(db)) {
            throw new StoreException(
                    StoreException.Reason.CORRUPT, "Store " + abs + " is unreadable: " + db + " is not a file.");
        }
        String storeId;
        try (Connection c = Sql.open(db, true, WRITER_BUSY_MILLIS)) {
            if (!Schema.hasMeta(c)) {
                StoreFiles.create(abs, c, modelId, dimension);
            }
            StoreFiles.check(abs, c, modelId, dimension);
            Schema.upgrade(c);
            storeId = Schema.meta(c, "store_id").orElse(null);
            if (storeId == null) { // stores from before store ids: give it one
                Sql.exec(c, "INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', '" + UUID.randomUUID() + "')");
                storeId = Schema.meta(c, "store_id").orElseThrow();
            }
        } catch (SQLException e) {
            throw Sql.error(abs, "open the store", e);
        }
        GraphFiles.deleteStaleTemporaries(abs);
        VectorFile.deleteUnused(abs, GraphFiles.referencedVectorFiles(abs));
        return new SqliteStore(root, abs, storeId, modelId, dimension, options);
    }

    /**
     * A new, empty index for {@code modelId} beside the current one — or the one a killed rebuild for the same
     * model left, to resume — that becomes current only at {@link #publish()} (Generations). Until then every
     * reader, and {@link #open} with the old model, keeps the old index.
     */
    static SqliteStore rebuild(Path dir, String modelId, int dimension, StoreOptions options) {
        Path root = dir.toAbsolutePath().normalize();
        StoreFiles.ensureDirectory(root);
        Path gen;
        try (WriteLock lock = WriteLock.acquire(root)) {
            gen = Generations.stage(root, modelId);
        }
        SqliteStore store = openAt(root, gen, modelId, dimension, options);
        store.staged = true;
        return store;
    }

    @Override
    public void publish() {
        reads.checkOpen();
        if (!staged) {
            return;
        }
        if (openTransaction != null) {
            throw new IllegalStateException("commit or close the write transaction before publishing");
        }
        try (WriteLock lock = WriteLock.acquire(root)) {
            Generations.publish(root, dir);
        }
        staged = false;
    }

    @Override
    public boolean superseded() {
        return !staged && !Generations.current(root).equals(dir);
    }

    static Optional<String> storedModelId(Path dir) {
        return StoreFiles.storedModelId(dir);
    }

    static Store recreate(Path dir, String modelId, int dimension) {
        return recreate(dir, modelId, dimension, StoreOptions.fromSystemProperties());
    }

    static SqliteStore recreate(Path dir, String modelId, int dimension, StoreOptions options) {
        Objects.requireNonNull(dir, "dir");
        Path abs = dir.toAbsolutePath().normalize();
        StoreFiles.ensureDirectory(abs);
        WriteLock lock = WriteLock.acquire(abs);
        try {
            for (String name : STORE_FILES) {
                Files.deleteIfExists(abs.resolve(name));
            }
            Files.deleteIfExists(abs.resolve(Generations.CURRENT)); // the new index lives in the root again
            GraphFiles.deleteAll(abs);
            LuceneIndexes.deleteAll(abs);
        } catch (IOException e) {
            throw new StoreException(
                    StoreException.Reason.IO,
                    "Store " + abs + ": could not delete the old store files (" + Sql.firstLine(e.getMessage()) + ").",
                    e);
        } finally {
            lock.close();
        }
        return open(abs, modelId, dimension, options);
    }

    // ---- views -------------------------------------------------------------------------------------------

    @Override
    public Path directory() {
        return root;
    }

    @Override
    public String modelId() {
        return modelId;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public StoredChunks chunks() {
        return chunks;
    }

    @Override
    public Set<VectorTier> vectorTiers() {
        return SqliteTierReads.present(reads);
    }

    @Override
    public List<String> staticChunkIds(String repo, int limit) {
        return SqliteTierReads.staticChunkIds(reads, repo, limit);
    }

    @Override
    public VectorSearch vectors(VectorTier tier) {
        return vectorSearch.get(tier);
    }

    @Override
    public LexicalSearch lexical() {
        return lexicalSearch;
    }

    @Override
    public FileIndex files() {
        return files;
    }

    @Override
    public CallGraph calls() {
        return calls;
    }

    @Override
    public References references() {
        return calls.references();
    }

    @Override
    public RepoCatalog repos() {
        return repos;
    }

    @Override
    public History history() {
        return new SqliteHistory(reads); // stateless over the shared readers
    }

    @Override
    public ChatLog chats() {
        return chats;
    }

    /** The Lucene lexical indexes of this store's tables (null when off). For tests. */
    LuceneIndexes lexicalIndexes() {
        return lexical;
    }

    // ---- writes ------------------------------------------------------------------------------------------

    @Override
    public WriteTransaction begin() {
        reads.checkOpen();
        if (!writing.compareAndSet(false, true)) {
            throw new StoreException(
                    StoreException.Reason.LOCKED,
                    "Store " + dir + " is locked: a write transaction is already open in this process.");
        }
        WriteLock lock = null;
        Connection c = null;
        try {
            if (lexical != null) {
                synchronized (lexical.maintenance) { // waits for a sync of the lexical indexes in this process
                    lock = WriteLock.acquire(root);
                }
            } else {
                lock = WriteLock.acquire(root);
            }
            c = Sql.open(dbFile, true, WRITER_BUSY_MILLIS);
            if (MAX_PAGES > 0) {
                Sql.exec(c, "PRAGMA max_page_count = " + MAX_PAGES);
            }
            Sql.exec(c, "BEGIN IMMEDIATE");
            long seq = Schema.metaLong(c, "seq");
            LuceneWriter lucene = lexical == null ? null : LuceneWriter.open(lexical, c, seq);
            SqliteWriteTransaction tx = new SqliteWriteTransaction(this, c, lock, seq + 1, lucene);
            openTransaction = tx;
            return tx;
        } catch (SQLException e) {
            cleanUpFailedBegin(lock, c);
            throw Sql.error(dir, "start a write transaction", e);
        } catch (RuntimeException e) {
            cleanUpFailedBegin(lock, c);
            throw e;
        }
    }

    private void cleanUpFailedBegin(WriteLock lock, Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // Already failing.
            }
        }
        if (lock != null) {
            lock.close();
        }
        writing.set(false);
    }

    /** Called by a transaction when it has finished (committed or rolled back) and released its resources. */
    void transactionFinished(SqliteWriteTransaction tx, boolean committed) {
        if (openTransaction == tx) {
            openTransaction = null;
            writing.set(false);
        }
        if (committed && !reads.isClosed()) {
            vectors.values().forEach(VectorTables::afterCommit);
        }
    }

    /** Called by a transaction after each {@link WriteTransaction#checkpoint()}: readers here catch up. */
    void batchCommitted() {
        if (!reads.isClosed()) {
            vectors.values().forEach(VectorTables::afterCommit);
        }
    }

    Path dir() {
        return dir;
    }

    /** Runs pending vector-index work (graph building, compaction, saving) now; for tests and benchmarks. */
    void awaitIdle() {
        vectors.values().forEach(VectorTables::awaitIdle);
    }

    /** The loaded vector index of a table, or null; for tests. */
    VectorIndex loadedIndex(ChunkKind kind) {
        return vectors.get(VectorTier.FULL).loaded(kind);
    }

    @Override
    public void close() {
        if (reads.isClosed()) {
            return;
        }
        reads.markClosed();
        SqliteWriteTransaction tx = openTransaction;
        if (tx != null) {
            tx.close();
        }
        vectors.values().forEach(VectorTables::close);
        if (lexical != null) {
            lexical.close();
        }
        chats.close();
        reads.close();
        Generations.release(dir);
    }
}
