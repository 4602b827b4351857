package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-memory BM25 copies ({@link LexicalIndex}) of a store's tables: which one is current, and building them.
 * A table gets one once it has at least {@code minRows} chunks (below that FTS5 answers in a few milliseconds
 * and the copy would only cost memory). An index serves only searches that see the same commit; after a commit
 * the next search starts a rebuild and FTS5 answers until it is done — in the background from a table's second
 * search on (a process that answers one question never pays for it), or on the searching thread at the first
 * search when background work is off (benchmarks and tests).
 *
 * <p>Thread-safe.
 */
final class LexicalIndexes implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LexicalIndexes.class);

    /**
     * Heap a copy may take per chunk while it is built (postings of ~100 distinct terms per chunk at 8 bytes,
     * the term dictionary, and the growth slack of the builders), used to keep copies within a share of the heap.
     */
    static final long BUILD_BYTES_PER_CHUNK = 2_048;
    /** Share of the maximum heap one table's copy may take. */
    static final double HEAP_SHARE = 0.25;

    private final int minRows;
    private final long maxRows;
    private final boolean background;
    private final ReaderPool readers;
    private final Builder builder;
    private final Map<ChunkKind, LexicalIndex> current = new EnumMap<>(ChunkKind.class);
    /** Lexical searches per table since the store was opened (only counted until a build is started). */
    private final Map<ChunkKind, Integer> searches = new EnumMap<>(ChunkKind.class);
    /** Tables whose copy ran out of memory: FTS5 only from then on. */
    private final Set<ChunkKind> tooLarge = EnumSet.noneOf(ChunkKind.class);
    /** Per table, the seq a build is running for (absent when none runs). */
    private final Map<ChunkKind, Long> building = new EnumMap<>(ChunkKind.class);

    private final ExecutorService worker;

    /** Builds the index of a table from a connection inside a read transaction. */
    @FunctionalInterface
    interface Builder {
        LexicalIndex build(ChunkKind table, Connection snapshot) throws SQLException;
    }

    /**
     * @param minRows tables with fewer chunks never get an in-memory index; {@link Integer#MAX_VALUE} turns the
     *     feature off
     * @param readers where background builds take their snapshot
     */
    LexicalIndexes(int minRows, boolean background, String name, ReaderPool readers, Builder builder) {
        this.minRows = minRows;
        this.maxRows = maxRows(Runtime.getRuntime().maxMemory());
        this.background = background;
        this.readers = readers;
        this.builder = builder;
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "coderag-bm25-" + name);
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        });
    }

    /**
     * The index of {@code table} at commit {@code seq}, or null when the caller must use FTS5 (the table is small,
     * too large for the heap, or its index is being built).
     *
     * @param rows the table's chunk count at {@code seq}
     * @param snapshot the caller's connection, in a read transaction at {@code seq}; builds on the calling
     *     thread read from it (a second connection could wait for a reader permit that never comes)
     */
    LexicalIndex at(ChunkKind table, long seq, long rows, Connection snapshot) {
        if (rows < minRows || rows > maxRows) {
            return null;
        }
        synchronized (this) {
            if (tooLarge.contains(table)) {
                return null;
            }
            LexicalIndex index = current.get(table);
            if (index != null && index.seq() == seq) {
                return index;
            }
            Long running = building.get(table);
            if (running != null && running >= seq) {
                return null;
            }
            // A process that asks one question (the CLI's ask) searches each table once: a background copy would
            // only take CPU from that question, so the copy starts with a table's second search.
            if (background && searches.merge(table, 1, Integer::sum) < 2) {
                return null;
            }
            building.put(table, seq);
            if (background) {
                try {
                    worker.execute(() -> build(table, null));
                } catch (RejectedExecutionException closed) {
                    building.remove(table);
                }
                return null;
            }
        }
        build(table, snapshot);
        synchronized (this) {
            LexicalIndex index = current.get(table);
            return index != null && index.seq() == seq ? index : null;
        }
    }

    /** Builds from {@code snapshot}, or from a new snapshot when it is null. */
    private void build(ChunkKind table, Connection snapshot) {
        LexicalIndex index = null;
        try {
            long t0 = System.nanoTime();
            index = snapshot != null
                    ? builder.build(table, snapshot)
                    : readers.snapshot("index " + table.table() + " text in memory", c -> builder.build(table, c));
            if (LOG.isDebugEnabled()) {
                LOG.debug(String.format(
                        Locale.ROOT,
                        "in-memory BM25 copy of %s: %d chunks, %d terms, %d postings, built in %.1f s",
                        table.table(),
                        index.size(),
                        index.terms(),
                        index.postingCount(),
                        (System.nanoTime() - t0) / 1e9));
            }
        } catch (OutOfMemoryError e) {
            // The copy is the only large allocation here and unwinding drops all of it; serve on from FTS5.
            synchronized (this) {
                tooLarge.add(table);
            }
            LOG.warn("not enough heap for the in-memory BM25 copy of {}; BM25 stays in FTS5", table.table());
        } catch (SQLException | RuntimeException e) { // searches keep using FTS5; the next one retries
            LOG.warn("could not build the in-memory BM25 copy of {}: {}", table.table(), e.toString());
        } finally {
            synchronized (this) {
                building.remove(table);
                LexicalIndex old = current.get(table);
                if (index != null && (old == null || old.seq() < index.seq())) {
                    current.put(table, index);
                }
            }
        }
    }

    /** Largest table that gets a copy with a heap of {@code maxHeapBytes}. */
    static long maxRows(long maxHeapBytes) {
        return (long) (maxHeapBytes * HEAP_SHARE / BUILD_BYTES_PER_CHUNK);
    }

    /** The current index of {@code table}, whatever its commit; null when none was built. For tests. */
    synchronized LexicalIndex current(ChunkKind table) {
        return current.get(table);
    }

    /** Waits until the background builds queued so far have finished. For tests. */
    void awaitBuilds() throws Exception {
        worker.submit(() -> {}).get();
    }

    @Override
    public void close() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            current.clear();
        }
    }
}
