package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
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
 * The per-table {@link VectorIndex}es of one store: loaded from SQLite on the first search of a table, caught up
 * with every later commit (of this process or another) before a search, and their graphs extended in the
 * background. Thread-safe.
 */
final class VectorTables implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(VectorTables.class);

    private final Path dir;
    private final int dimension;
    private final StoreOptions options;
    private final ReaderPool readers;
    private final Map<ChunkKind, Slot> slots = new EnumMap<>(ChunkKind.class);
    private final ExecutorService graphWorker;
    private volatile boolean closed;

    /** One table: its index (null until first needed) and whether a graph task is queued. */
    private static final class Slot {
        volatile VectorIndex index;
        final AtomicBoolean graphQueued = new AtomicBoolean();
    }

    VectorTables(Path dir, int dimension, StoreOptions options, ReaderPool readers) {
        this.dir = dir;
        this.dimension = dimension;
        this.options = options;
        this.readers = readers;
        for (ChunkKind kind : ChunkKind.values()) {
            slots.put(kind, new Slot());
        }
        this.graphWorker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "coderag-graph-" + dir.getFileName());
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        });
    }

    /** The index of {@code kind}, loaded and caught up with commit {@code dbSeq} (at least). */
    VectorIndex current(ChunkKind kind, long dbSeq) {
        Slot slot = slots.get(kind);
        VectorIndex index = slot.index;
        if (index == null || index.seq() < dbSeq) {
            synchronized (slot) {
                index = slot.index;
                if (index == null) {
                    index = new VectorIndex(dimension, options, -1);
                    catchUp(kind, index);
                    slot.index = index;
                } else if (index.seq() < dbSeq) {
                    if (!catchUp(kind, index)) {
                        index = new VectorIndex(dimension, options, -1);
                        catchUp(kind, index);
                        slot.index = index;
                    }
                }
            }
        }
        maintainGraph(kind, slot, index);
        return index;
    }

    /** After a commit in this process: brings every loaded index up to date, so the next search sees it. */
    void afterCommit() {
        for (Map.Entry<ChunkKind, Slot> e : slots.entrySet()) {
            Slot slot = e.getValue();
            if (slot.index != null) {
                try {
                    current(e.getKey(), Long.MAX_VALUE - 1);
                } catch (StoreException ex) {
                    // The commit is durable; the next search catches up again and reports the failure there.
                    LOG.warn("{}", ex.getMessage());
                }
            }
        }
    }

    /**
     * Reads commits newer than the index from SQLite in one snapshot and applies them. Returns false when the
     * index is too old for incremental catch-up (its tombstones were pruned) and must be reloaded.
     */
    private boolean catchUp(ChunkKind kind, VectorIndex index) {
        long fromSeq = index.seq();
        long fromRid = index.maxRid();
        record Delta(long seq, boolean tooOld, List<VectorIndex.Row> added, long[] deleted) {}
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
                deleted = tombstones(c, kind, fromSeq);
            }
            return new Delta(seq, false, rows(c, kind, fromRid), deleted);
        });
        if (delta.tooOld()) {
            return false;
        }
        index.apply(delta.seq(), delta.added(), delta.deleted());
        return true;
    }

    private static long[] tombstones(Connection c, ChunkKind kind, long afterSeq) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT rid FROM tombstones WHERE seq > ? AND kind = ?")) {
            st.setLong(1, afterSeq);
            st.setString(2, kind.table());
            try (ResultSet rs = st.executeQuery()) {
                List<Long> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getLong(1));
                }
                return out.stream().mapToLong(Long::longValue).toArray();
            }
        }
    }

    private List<VectorIndex.Row> rows(Connection c, ChunkKind kind, long afterRid) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "SELECT rid, repo, path, language, symbol_kind, vector FROM vectors WHERE kind = ? AND rid > ? ORDER BY rid")) {
            st.setString(1, kind.table());
            st.setLong(2, afterRid);
            st.setFetchSize(1024);
            try (ResultSet rs = st.executeQuery()) {
                List<VectorIndex.Row> out = new ArrayList<>();
                while (rs.next()) {
                    String symbolKind = rs.getString(5);
                    float[] vector;
                    try {
                        vector = ChunkCodec.fromBlob(rs.getBytes(6), dimension);
                    } catch (IllegalArgumentException e) {
                        throw new StoreException(
                                StoreException.Reason.CORRUPT,
                                "Store " + dir + " is corrupt: row " + rs.getLong(1) + " " + e.getMessage()
                                        + "; re-ingest with --full to rebuild it.");
                    }
                    out.add(new VectorIndex.Row(
                            rs.getLong(1),
                            rs.getString(2),
                            rs.getString(3),
                            Language.fromId(rs.getString(4)),
                            symbolKind == null ? null : SymbolKind.fromId(symbolKind),
                            vector));
                }
                return out;
            }
        }
    }

    /** Queues (or, without a background thread, runs) graph work for a table whose graph lags behind. */
    private void maintainGraph(ChunkKind kind, Slot slot, VectorIndex index) {
        if (closed || !index.graphBehind()) {
            return;
        }
        if (!options.backgroundGraph()) {
            index.extendGraph();
            return;
        }
        if (slot.graphQueued.compareAndSet(false, true)) {
            graphWorker.execute(() -> {
                slot.graphQueued.set(false);
                try {
                    VectorIndex target = slot.index;
                    if (target != null && !closed) {
                        int added = target.extendGraph();
                        if (added > 0) {
                            LOG.debug("{}: added {} {} vectors to the graph", dir, added, kind.table());
                        }
                    }
                } catch (RuntimeException e) {
                    LOG.warn(
                            "{}: building the {} graph failed, searching exactly: {}", dir, kind.table(), e.toString());
                }
            });
        }
    }

    /** Waits until queued graph work is done; for tests and benchmarks. */
    void awaitGraphs() {
        for (ChunkKind kind : ChunkKind.values()) {
            Slot slot = slots.get(kind);
            VectorIndex index = slot.index;
            if (index != null && index.graphBehind()) {
                index.extendGraph();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        graphWorker.shutdownNow();
        try {
            graphWorker.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
