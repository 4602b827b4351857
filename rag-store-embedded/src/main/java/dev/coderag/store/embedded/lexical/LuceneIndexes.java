package dev.coderag.store.embedded.lexical;

import dev.coderag.store.StoreException;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.embedded.db.WriteLock;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.LogByteSizeMergePolicy;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.util.Bits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Lucene lexical indexes of one store index directory, one per table in {@code lexical-<table>/}, memory-mapped.
 * Derived from {@code store.db} like the graph files: each commit records the store commit it holds ({@link
 * LuceneDocs}), and a search uses a table's index only when that is the commit the search sees — otherwise FTS5
 * answers (same ranking) while the index is brought up to date: by the writer, which syncs every index when it
 * begins and commits them with every store commit ({@link LuceneWriter}), or, when no writer runs (a store from
 * before Lucene, a writer killed between its two commits), by this class under the store's write lock, in the
 * background (on the searching thread when background work is off).
 *
 * <p>Thread-safe.
 */
public final class LuceneIndexes implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LuceneIndexes.class);
    static final String PREFIX = "lexical-";

    private final Path dir;
    private final Path root;
    private final String storeId;
    private final boolean background;
    private final BiFunction<ChunkKind, String, Chunk> decoder;
    /** Held while this process brings indexes up to date; the store's write transaction takes it too. */
    public final Object maintenance = new Object();

    private final Map<ChunkKind, FSDirectory> directories = new EnumMap<>(ChunkKind.class);
    private final Map<ChunkKind, View> views = new EnumMap<>(ChunkKind.class);
    private final ExecutorService worker;
    private boolean syncQueued;
    /** Tables rebuilt from scratch (with chunks in them) and searches answered, since open. For tests. */
    private final AtomicInteger rebuilds = new AtomicInteger();

    private final AtomicLong answered = new AtomicLong();
    private volatile boolean closed;

    /** A searchable reader at one store commit. Release with {@link LuceneIndexes#release}. */
    public record View(DirectoryReader reader, long seq, String storeId, IndexSearcher searcher) {}

    public LuceneIndexes(
            Path dir, Path root, String storeId, boolean background, BiFunction<ChunkKind, String, Chunk> decoder) {
        this.dir = dir;
        this.root = root;
        this.storeId = storeId;
        this.background = background;
        this.decoder = decoder;
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "coderag-lexical-sync");
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        });
    }

    public static Path path(Path dir, ChunkKind table) {
        return dir.resolve(PREFIX + table.table());
    }

    String storeId() {
        return storeId;
    }

    synchronized FSDirectory directory(ChunkKind table) throws IOException {
        FSDirectory d = directories.get(table);
        if (d == null) {
            d = new MMapDirectory(path(dir, table));
            directories.put(table, d);
        }
        return d;
    }

    /** A writer over a table's index for the holder of the store's write lock; the caller closes it. */
    IndexWriter writer(ChunkKind table, IndexWriterConfig.OpenMode mode) throws IOException {
        LogByteSizeMergePolicy merges = new LogByteSizeMergePolicy(); // merges neighbours: doc order = row id order
        IndexWriterConfig config = new IndexWriterConfig()
                .setOpenMode(mode)
                .setSimilarity(Fts5Similarity.forIndexing())
                .setMergePolicy(merges)
                // No merging inside a commit: Lucene's default waits up to 500 ms for it, which made re-committing
                // one file in a 1M-chunk store cost ~520 ms instead of a few. Merges run in the background and
                // close() waits for them and commits them (only merges can be pending then: a writer that may
                // hold uncommitted documents is rolled back, never closed).
                .setMaxFullFlushMergeWaitMillis(0)
                .setCommitOnClose(true)
                .setRAMBufferSizeMB(64);
        return new IndexWriter(directory(table), config);
    }

    /**
     * Syncs every table's index to {@code c}'s view of {@code store.db} (a transaction that has written nothing)
     * at commit {@code seq}; the caller holds the store's write lock. Leaves the writers open in {@code out}.
     */
    void sync(Connection c, long seq, Map<ChunkKind, IndexWriter> out) throws IOException, SQLException {
        for (ChunkKind table : ChunkKind.values()) {
            IndexWriter writer;
            try {
                writer = writer(table, IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
            } catch (LockObtainFailedException e) {
                throw e;
            } catch (IOException e) { // corrupt, from another Lucene version, files missing: derived, so rebuilt
                LOG.warn("the lexical index of {} is unreadable ({}); rebuilding it", table.table(), e.toString());
                FSDirectory d = directory(table);
                for (String file : d.listAll()) {
                    d.deleteFile(file);
                }
                writer = writer(table, IndexWriterConfig.OpenMode.CREATE);
            }
            out.put(table, writer);
            long t0 = System.nanoTime();
            boolean rebuilt = LuceneDocs.sync(
                    writer,
                    LuceneDocs.data(writer.getLiveCommitData()),
                    c,
                    table,
                    seq,
                    storeId,
                    json -> decoder.apply(table, json));
            if (rebuilt && writer.getDocStats().numDocs > 0) {
                rebuilds.incrementAndGet();
                LOG.info(
                        "built the lexical index of {} from store.db in {} ms ({} chunks)",
                        table.table(),
                        (System.nanoTime() - t0) / 1_000_000,
                        writer.getDocStats().numDocs);
            }
        }
    }

    /**
     * The index of {@code table} at store commit {@code seq}, acquired (release it with {@link #release}); null
     * when it is not at that commit — then a sync is started (see the class comment) and the caller uses FTS5.
     */
    public View acquire(ChunkKind table, long seq) {
        View view = current(table, seq);
        if (view != null || closed) {
            return view;
        }
        if (!background) {
            syncUnderLock();
            return current(table, seq);
        }
        synchronized (this) {
            if (syncQueued) {
                return null;
            }
            syncQueued = true;
        }
        try {
            worker.execute(() -> {
                try {
                    syncUnderLock();
                } finally {
                    synchronized (this) {
                        syncQueued = false;
                    }
                }
            });
        } catch (RejectedExecutionException e) {
            synchronized (this) {
                syncQueued = false;
            }
        }
        return null;
    }

    /**
     * Syncs every index to the last commit of {@code store.db} if the store's write lock is free, reading from a
     * connection of its own (with the lock held no commit can land meanwhile, so an index found ahead of it really
     * is ahead); skips when a writer holds the lock — it syncs the indexes itself.
     */
    private void syncUnderLock() {
        synchronized (maintenance) {
            if (closed) {
                return;
            }
            WriteLock lock;
            try {
                lock = WriteLock.acquire(root);
            } catch (StoreException e) {
                return;
            }
            Map<ChunkKind, IndexWriter> writers = new EnumMap<>(ChunkKind.class);
            boolean synced = false;
            try (Connection c = Sql.open(dir.resolve(Sql.DB_FILE), false, 10_000)) {
                c.setAutoCommit(false); // one read transaction: the rows and seq agree
                sync(c, Schema.metaLong(c, "seq"), writers);
                c.rollback();
                synced = true;
            } catch (IOException | SQLException | RuntimeException e) {
                LOG.warn("could not bring the lexical indexes up to date: {}", e.toString());
            } finally {
                if (synced) {
                    closeAll(writers.values());
                } else {
                    rollbackAll(writers.values());
                }
                lock.close();
            }
        }
    }

    /** Drops whatever the writers hold since their last commit, and closes them. */
    static void rollbackAll(Iterable<IndexWriter> writers) {
        for (IndexWriter w : writers) {
            try {
                w.rollback();
            } catch (IOException | RuntimeException ignored) {
                // Its files stay at the last commit either way.
            }
        }
    }

    /** Closes writers that hold nothing uncommitted but merges (which are committed on close). */
    static void closeAll(Iterable<IndexWriter> writers) {
        for (IndexWriter w : writers) {
            try {
                w.close();
            } catch (IOException | RuntimeException e) {
                LOG.warn("could not close a lexical index writer: {}", e.toString());
            }
        }
    }

    /** The view of {@code table} at {@code seq}, refreshed from disk if needed and acquired; null when behind. */
    private View current(ChunkKind table, long seq) {
        synchronized (this) {
            if (closed) {
                return null;
            }
            View view = views.get(table);
            if (view == null || view.seq() != seq || !storeId.equals(view.storeId())) {
                try {
                    view = refresh(table, view);
                } catch (IOException e) {
                    LOG.warn("could not open the lexical index of {}: {}", table.table(), e.toString());
                    return null;
                }
            }
            if (view == null || view.seq() != seq || !storeId.equals(view.storeId())) {
                return null;
            }
            view.reader().incRef();
            answered.incrementAndGet();
            return view;
        }
    }

    /** Reopens the table's reader if its index has a newer commit; returns the (possibly new) current view. */
    private View refresh(ChunkKind table, View old) throws IOException {
        DirectoryReader reader;
        if (old == null) {
            FSDirectory d = directory(table);
            if (!Files.isDirectory(d.getDirectory()) || !DirectoryReader.indexExists(d)) {
                return null;
            }
            reader = DirectoryReader.open(d);
        } else {
            reader = DirectoryReader.openIfChanged(old.reader());
            if (reader == null) {
                return old;
            }
        }
        Map<String, String> data = reader.getIndexCommit().getUserData();
        View view = new View(
                reader,
                LuceneDocs.parse(data.get(LuceneDocs.SEQ), -1),
                data.getOrDefault(LuceneDocs.STORE_ID, ""),
                searcher(reader));
        views.put(table, view);
        if (old != null) {
            old.reader().decRef();
        }
        return view;
    }

    /** A searcher ranking as FTS5 would over the reader's live chunks. */
    private static IndexSearcher searcher(DirectoryReader reader) throws IOException {
        long total = 0;
        for (LeafReaderContext leaf : reader.leaves()) {
            LeafReader r = leaf.reader();
            NumericDocValues norms = r.getNormValues(LuceneDocs.TEXT);
            if (norms == null) {
                continue;
            }
            Bits live = r.getLiveDocs();
            for (int d = norms.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = norms.nextDoc()) {
                if (live == null || live.get(d)) {
                    total += norms.longValue();
                }
            }
        }
        int docs = reader.numDocs();
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setQueryCache(null);
        searcher.setSimilarity(Fts5Similarity.forSearch(docs, docs == 0 ? 1 : (double) total / docs));
        return searcher;
    }

    public void release(View view) {
        try {
            view.reader().decRef();
        } catch (IOException e) {
            LOG.warn("could not release a lexical index reader: {}", e.toString());
        }
    }

    public int rebuilds() {
        return rebuilds.get();
    }

    public long answered() {
        return answered.get();
    }

    /** Waits until the background syncs queued so far have finished. For tests. */
    void awaitSyncs() throws Exception {
        worker.submit(() -> {}).get();
    }

    /** Deletes every lexical index under {@code dir} (store recreation, old generations). */
    public static void deleteAll(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> indexes = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path index : indexes) {
                try (Stream<Path> files = Files.walk(index)) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        worker.shutdownNow();
        try {
            worker.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (maintenance) {
            synchronized (this) {
                for (View view : views.values()) {
                    release(view);
                }
                views.clear();
                for (FSDirectory d : directories.values()) {
                    try {
                        d.close();
                    } catch (IOException ignored) {
                        // Only file handles: the process keeps running.
                    }
                }
                directories.clear();
            }
        }
    }
}
