package dev.coderag.store.embedded.vectors;

import dev.coderag.store.StoreException;
import dev.coderag.store.VectorTier;
import dev.coderag.store.embedded.db.ReaderPool;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-table {@link VectorIndex}es of one store, all derived from SQLite:
 *
 * <ul>
 *   <li>loaded on the first search of a table — from its graph file when there is a valid one (then rows deleted
 *       since are marked dead and newer rows appended), else from the vectors table;
 *   <li>caught up before every search when the store's commit sequence number has moved (a commit of this or
 *       another process): rows above the index's highest row id are appended, tombstoned row ids marked dead;
 *   <li>graphs extended, compacted (when a quarter of the vectors are dead, or to move a table with a graph to
 *       the compressed tier when it reaches {@link StoreOptions#compressAbove()}) and saved to their graph files
 *       on one background thread, while searches go on with exact search over whatever the graph does not cover.
 * </ul>
 *
 * Loads stream rows from SQLite in batches, so that a table past the threshold never holds all its vectors on the
 * heap: it compresses itself when it gets there. For the same reason a catch-up of more than {@link #CATCH_UP_ROWS}
 * rows reloads instead when the table is, or would become, compressed; below the threshold it appends and the graph
 * is extended as usual (no rebuild). A replaced index is {@linkplain VectorIndex#retire retired}.
 *
 * Thread-safe.
 */
public final class VectorTables implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(VectorTables.class);
    /** Graph nodes added since the last save before saving again (or a tenth of the graph, if more). */
    private static final int SAVE_EVERY = 2_000;
    /**
     * A catch-up with more new rows than this, of a table that is or would become compressed, reloads the table
     * (streaming) rather than holding them all on the heap.
     */
    public static final int CATCH_UP_ROWS = 50_000;

    private final Path dir;
    private final String storeId;
    private final int dimension;
    private final StoreOptions options;
    private final ReaderPool readers;
    private final VectorRows sqlRows;
    private final VectorTier tier;
    private final Map<ChunkKind, Slot> slots = new EnumMap<>(ChunkKind.class);
    private final ExecutorService worker;
    private volatile boolean closed;

    /** One table: its index (null until first needed) and whether background work is queued. */
    private static final class Slot {
        volatile VectorIndex index;
        final AtomicBoolean queued = new AtomicBoolean();
    }

    public VectorTables(
            Path dir, String storeId, int dimension, StoreOptions options, ReaderPool readers, VectorTier tier) {
        this.dir = dir;
        this.tier = tier;
        this.storeId = storeId;
        this.dimension = dimension;
        this.options = options;
        this.readers = readers;
        this.sqlRows = new VectorRows(dir, dimension, tier);
        for (ChunkKind kind : ChunkKind.values()) {
            slots.put(kind, new Slot());
        }
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "coderag-graph-" + dir.getFileName());
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        });
    }

    /** The index of {@code kind}, loaded and caught up with commit {@code dbSeq} (at least). */
    public VectorIndex current(ChunkKind kind, long dbSeq) {
        Slot slot = slots.get(kind);
        VectorIndex index = slot.index;
        if (index == null || index.seq() < dbSeq) {
            synchronized (slot) {
                index = slot.index;
                if (index == null) {
                    index = load(kind);
                    slot.index = index;
                } else if (index.seq() < dbSeq && !catchUp(kind, index)) {
                    VectorIndex old = index;
                    index = fromSqlite(kind);
                    slot.index = index;
                    old.retire(true);
                }
            }
        }
        maintain(kind, slot, index);
        return index;
    }

    /** After a commit in this process: brings every loaded index up to date, so the next search sees it. */
    public void afterCommit() {
        for (Map.Entry<ChunkKind, Slot> e : slots.entrySet()) {
            if (e.getValue().index != null) {
                try {
                    current(e.getKey(), Long.MAX_VALUE);
                } catch (StoreException ex) {
                    // The commit is durable; the next search catches up again and reports the failure there.
                    LOG.warn("{}", ex.getMessage());
                }
            }
        }
    }

    private VectorIndex load(ChunkKind kind) {
        Path file = GraphFiles.path(dir, tier, kind);
        if (options.persistGraph() && Files.isRegularFile(file)) {
            try {
                VectorIndex index = GraphFiles.read(file, storeId, dimension, options, place(kind));
                long fromRid = index.maxRid();
                try {
                    readers.snapshot("load the " + kind.table() + " vectors", c -> {
                        long seq = Schema.metaLong(c, "seq");
                        index.resetLive(seq, sqlRows.liveRids(c, kind), List.of());
                        sqlRows.forEachBatch(c, kind, fromRid, batch -> index.apply(seq, batch, new long[0]));
                        return null;
                    });
                } catch (RuntimeException e) {
                    index.retire(false);
                    throw e;
                }
                LOG.debug("{}: loaded the {} graph ({} vectors) from {}", dir, kind.table(), index.graphSize(), file);
                return index;
            } catch (IOException | RuntimeException e) {
                if (e instanceof StoreException se && se.reason() != StoreException.Reason.CORRUPT) {
                    throw se;
                }
                LOG.warn(
                        "{}: ignoring {} ({}); rebuilding the {} graph",
                        dir,
                        file.getFileName(),
                        e.getMessage(),
                        kind.table());
                deleteQuietly(file);
            }
        }
        return fromSqlite(kind);
    }

    private DiskVectors.Place place(ChunkKind kind) {
        return new DiskVectors.Place(dir, VectorRows.fileTable(tier, kind), storeId);
    }

    /** A new index of every row of the table, streamed in batches (it compresses itself past the threshold). */
    private VectorIndex fromSqlite(ChunkKind kind) {
        VectorIndex index = new VectorIndex(dimension, options, -1, place(kind));
        try {
            readers.snapshot("load the " + kind.table() + " vectors", c -> {
                long seq = Schema.metaLong(c, "seq");
                index.apply(seq, List.of(), new long[0]);
                sqlRows.forEachBatch(c, kind, 0, batch -> index.apply(seq, batch, new long[0]));
                return null;
            });
        } catch (RuntimeException e) {
            index.retire(true);
            throw e;
        }
        return index;
    }

    /**
     * Reads commits newer than the index from SQLite in one snapshot and applies them. Returns false when the
     * index is too old for incremental catch-up (its tombstones were pruned) and must be reloaded.
     */
    private boolean catchUp(ChunkKind kind, VectorIndex index) {
        long fromSeq = index.seq();
        long fromRid = index.maxRid();
        boolean compressed = index.compressed();
        long liveCount = index.liveCount();
        record Delta(long seq, boolean tooOld, List<VectorRow> added, long[] deleted) {}
        // tooOld also when the new rows are too many to hold at once in a (soon) compressed table: a reload streams.
        Delta delta = readers.snapshot("load the " + kind.table() + " vectors", c -> {
            long seq = Schema.metaLong(c, "seq");
            if (seq <= fromSeq) {
                return new Delta(seq, false, List.of(), new long[0]);
            }
            long[] deleted = new long[0];
            if (fromSeq >= 0) {
                if (fromSeq < Schema.metaLong(c, "tombstone_floor")) {
                    return new Delta(seq, true, List.of(), deleted);
                }
                deleted = VectorRows.tombstones(c, kind, fromSeq);
            }
            if (reloads(compressed, liveCount, sqlRows.countAfter(c, kind, fromRid), options)) {
                return new Delta(seq, true, List.of(), deleted);
            }
            return new Delta(seq, false, sqlRows.all(c, kind, fromRid), deleted);
        });
        if (delta.tooOld()) {
            return false;
        }
        index.apply(delta.seq(), delta.added(), delta.deleted());
        return true;
    }

    /**
     * Whether a catch-up of {@code newRows} rows reloads the table rather than appending them: only many rows
     * ({@link #CATCH_UP_ROWS}) of a table in, or reaching, the compressed tier; a heap-tier table always appends.
     */
    static boolean reloads(boolean compressed, long liveCount, long newRows, StoreOptions options) {
        return newRows > CATCH_UP_ROWS && (compressed || liveCount + newRows >= options.compressAbove());
    }

    // ---- background work ---------------------------------------------------------------------------------

    private boolean needsWork(VectorIndex index) {
        return index.graphBehind() || needsCompaction(index) || needsSave(index);
    }

    /** A quarter of the vectors dead, or a table with a graph that has reached the compressed tier's size. */
    private static boolean needsCompaction(VectorIndex index) {
        int dead = index.deadCount();
        return (dead >= 1_000 && dead * 4L >= index.size()) || index.needsCompression();
    }

    private boolean needsSave(VectorIndex index) {
        int unsaved = index.unsavedGraphNodes();
        return options.persistGraph()
                && unsaved > 0
                && unsaved >= Math.min(SAVE_EVERY, index.graphSize() / 10 + 1)
                && !index.graphBehind();
    }

    /** Queues (or, without a background thread, runs) the work a table's index needs. */
    private void maintain(ChunkKind kind, Slot slot, VectorIndex index) {
        if (closed || !needsWork(index)) {
            return;
        }
        if (!options.backgroundGraph()) {
            work(kind, slot);
            return;
        }
        if (slot.queued.compareAndSet(false, true)) {
            worker.execute(() -> {
                slot.queued.set(false);
                try {
                    work(kind, slot);
                } catch (RuntimeException e) {
                    LOG.warn(
                            "{}: maintaining the {} vector index failed, searching exactly meanwhile: {}",
                            dir,
                            kind.table(),
                            e.toString());
                }
            });
        }
    }

    private void work(ChunkKind kind, Slot slot) {
        VectorIndex index = slot.index;
        if (index == null || closed) {
            return;
        }
        if (needsCompaction(index)) {
            compact(kind, slot, index);
            index = slot.index;
        }
        int added = index.extendGraph();
        if (added > 0) {
            LOG.debug("{}: added {} {} vectors to the graph", dir, added, kind.table());
        }
        if (needsSave(index) && !closed) {
            save(kind, index);
        }
    }

    /** Replaces an index with a copy holding only live rows, its graph rebuilt before the swap. */
    private void compact(ChunkKind kind, Slot slot, VectorIndex old) {
        VectorIndex fresh;
        try {
            fresh = old.compacted();
        } catch (IOException e) {
            LOG.warn("{}: could not compact the {} vectors: {}", dir, kind.table(), e.toString());
            return;
        }
        fresh.extendGraph();
        synchronized (slot) {
            if (slot.index != old || closed || (fresh.seq() < old.seq() && !catchUp(kind, fresh))) {
                // replaced meanwhile, or fell too far behind while rebuilding: try again later
                fresh.retire(true);
                return;
            }
            slot.index = fresh;
        }
        old.retire(true);
        LOG.debug(
                "{}: compacted the {} vectors from {} to {}{}",
                dir,
                kind.table(),
                old.size(),
                fresh.size(),
                fresh.compressed() ? " (compressed)" : "");
        fresh.extendGraph();
    }

    private void save(ChunkKind kind, VectorIndex index) {
        Path file = GraphFiles.path(dir, tier, kind);
        try {
            index.persist(frozen -> GraphFiles.write(file, storeId, dimension, options, frozen));
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "{}: could not save {} ({}); it will be rebuilt on the next start",
                    dir,
                    file.getFileName(),
                    e.toString());
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stale derived file is ignored on every load anyway
        }
    }

    /** Runs all pending work now; for tests and benchmarks. */
    public void awaitIdle() {
        for (Map.Entry<ChunkKind, Slot> e : slots.entrySet()) {
            VectorIndex index = e.getValue().index;
            if (index != null && needsWork(index)) {
                work(e.getKey(), e.getValue());
            }
        }
    }

    /** The loaded index of a table, or null; for tests. */
    public VectorIndex loaded(ChunkKind kind) {
        return slots.get(kind).index;
    }

    @Override
    public void close() {
        closed = true;
        worker.shutdownNow();
        try {
            worker.awaitTermination(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (options.persistGraph()) {
            // Keep what the graph learnt since the last save, unless it is little (cheap to add again).
            for (Map.Entry<ChunkKind, Slot> e : slots.entrySet()) {
                VectorIndex index = e.getValue().index;
                if (index != null && index.unsavedGraphNodes() >= Math.min(SAVE_EVERY, index.graphSize() / 10 + 1)) {
                    save(e.getKey(), index);
                }
            }
        }
        for (Slot slot : slots.values()) {
            VectorIndex index = slot.index;
            if (index != null) {
                index.retire(false); // keeps its vectors file for the graph file that names it
            }
        }
    }
}
