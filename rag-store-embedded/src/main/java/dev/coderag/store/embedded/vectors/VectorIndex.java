package dev.coderag.store.embedded.vectors;

import dev.coderag.store.SearchFilter;
import dev.coderag.store.embedded.db.StoreOptions;
import io.github.jbellis.jvector.vector.VectorizationProvider;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import io.github.jbellis.jvector.vector.types.VectorTypeSupport;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The vector index of one table, derived from SQLite: vectors by ordinal ({@link VectorStorage}: on the heap, or
 * above {@link StoreOptions#compressAbove()} live vectors PQ codes in memory with the full vectors in a file),
 * the ordinal table ({@link Ordinals}: each ordinal's chunk row id and filter fields, which ordinals are live),
 * and a JVector graph over a prefix of the ordinals.
 *
 * <p>Ordinals are assigned in row-id order and never reused; a deleted row only clears its live bit (the graph
 * keeps the node for routing). Searches are exact (SIMD dot products) when fewer than {@link StoreOptions#exactBelow()}
 * vectors pass the filter or no graph is built; else the graph ({@link IndexGraph}) answers for the ordinals it
 * covers, the rest are scanned, and an answer shorter than asked while the filter accepts more (a strict filter can
 * hide nodes from the beam) is replaced by the exact scan. The compressed tier's graph keeps twice the beam with PQ
 * scores, all reranked ({@link VectorStorage#rerankK}): results are complete, filtered, scored by exact cosine.
 *
 * <p>The tier changes once, upwards: an index without a graph compresses itself when an append takes it to
 * {@code compressAbove} (a load from SQLite, which streams); one with a graph is replaced by a compressed
 * {@link #compacted} copy, built in the background ({@link VectorTables}). An index that has been replaced is
 * {@linkplain #retire retired}: its searches return null and the caller asks for the current index again.
 *
 * <p>Thread-safety — the one locking protocol of the vector side; {@link Ordinals}, {@link OrdinalFields},
 * {@link IndexGraph} and {@link VectorStorage} are not thread-safe and rely on it: searches run under the read
 * lock, in parallel; {@link #apply} and {@link #resetLive} (new commits) take the write lock, as do tier changes of
 * a graph-less index and {@link #retire}; {@link #extendGraph} adds graph nodes under the read lock, concurrently
 * with searches (JVector's builder supports it); {@link #compacted} copies under the read lock. One thread at a
 * time adds graph nodes or saves the graph ({@code graphMutex}). File format: {@link GraphFiles}; lifecycle:
 * {@link VectorTables}.
 */
public final class VectorIndex {
    static final VectorTypeSupport VTS = VectorizationProvider.getInstance().getVectorTypeSupport();
    private static final int GRAPH_BATCH = 512;
    private static final int MIN_CAPACITY = 1024; // of a new index's arrays

    /** A search hit: a chunk row id and the cosine similarity (vectors are unit length). */
    public record Hit(long rid, float cosine) {}

    private final int dimension;
    private final StoreOptions options;
    private final DiskVectors.Place place; // null: never compressed
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Object graphMutex = new Object();

    // Guarded by lock.
    private VectorStorage storage;
    private boolean retired;
    private final Ordinals ordinals;
    private long seq;
    private final IndexGraph graph; // its builder created once the table is large enough

    /** An index kept on the heap whatever its size. */
    VectorIndex(int dimension, StoreOptions options, long seq) {
        this(dimension, options, seq, null);
    }

    /** An index that moves to the compressed tier, with its vectors file at {@code place}, above the threshold. */
    VectorIndex(int dimension, StoreOptions options, long seq, DiskVectors.Place place) {
        this(dimension, options, seq, place, new HeapVectors(dimension, MIN_CAPACITY), new Ordinals(MIN_CAPACITY));
    }

    private VectorIndex(
            int dimension,
            StoreOptions options,
            long seq,
            DiskVectors.Place place,
            VectorStorage storage,
            Ordinals ordinals) {
        this.dimension = dimension;
        this.options = options;
        this.seq = seq;
        this.place = place;
        this.storage = storage;
        this.ordinals = ordinals;
        this.graph = new IndexGraph(dimension, options);
    }

    /** True in the compressed tier. */
    public boolean compressed() {
        return readLocked(() -> storage instanceof DiskVectors);
    }

    /** True when this index is on the heap with a graph but has reached the compressed tier's size. */
    boolean needsCompression() {
        return readLocked(
                () -> place != null && storage instanceof HeapVectors && graph.exists() && !tooSmallToCompress());
    }

    private boolean tooSmallToCompress() {
        return ordinals.liveCount() < options.compressAbove();
    }

    /** Moves a graph-less index to the compressed tier when it has grown enough; under the write lock. */
    private void compressIfDue() {
        if (place == null || graph.exists() || !(storage instanceof HeapVectors heap) || tooSmallToCompress()) {
            return;
        }
        storage = DiskVectors.compressOrKeep(heap, ordinals.size(), dimension, place);
    }

    /** The commit sequence number this index reflects. */
    long seq() {
        return readLocked(() -> seq);
    }

    long maxRid() {
        return readLocked(() -> ordinals.maxRid());
    }

    public int liveCount() {
        return readLocked(() -> ordinals.liveCount());
    }

    /** Ordinals whose rows have been deleted (they keep memory, and graph nodes, until compaction). */
    public int deadCount() {
        return readLocked(() -> ordinals.size() - ordinals.liveCount());
    }

    public int size() {
        return readLocked(() -> ordinals.size());
    }

    /** A consistent read of some counters: the read lock keeps a commit from changing them halfway. */
    private <T> T readLocked(Supplier<T> read) {
        lock.readLock().lock();
        try {
            return read.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    public int graphSize() {
        return graph.covered();
    }

    /**
     * Applies one or more commits: rows added (row ids above {@link #maxRid()}, ascending) and row ids deleted.
     * Unknown deleted ids are ignored (rows added and deleted between two catch-ups).
     */
    void apply(long newSeq, List<VectorRow> added, long[] deletedRids) {
        lock.writeLock().lock();
        try {
            for (long rid : deletedRids) {
                ordinals.delete(rid);
            }
            for (VectorRow row : added) {
                append(row);
            }
            compressIfDue();
            seq = Math.max(seq, newSeq);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void append(VectorRow row) {
        if (row.vector().length != dimension) {
            throw new IllegalArgumentException("vector of row " + row.rid() + " has " + row.vector().length
                    + " dimensions, expected " + dimension);
        }
        if (ordinals.contains(row.rid())) {
            return;
        }
        ensureCapacity();
        storage.put(ordinals.size(), row.vector());
        ordinals.append(row);
    }

    private void ensureCapacity() {
        storage.ensureCapacity(ordinals.grow());
    }

    /**
     * The k nearest live vectors passing {@code filter}, best first; exact or graph-assisted as described above.
     * Null when this index has been retired (replaced): ask for the current one.
     */
    public List<Hit> search(float[] query, int k, SearchFilter filter) {
        if (k <= 0) {
            return List.of();
        }
        VectorFloat<?> q = VTS.createFloatVector(query);
        lock.readLock().lock();
        try {
            if (retired) {
                return null;
            }
            int n = ordinals.size();
            int covered = graph.covered();
            BitSet accepted = ordinals.accepted(filter);
            int acceptedCount = ordinals.acceptedCount(filter, accepted);
            TopK top = new TopK(k);
            if (covered == 0 || acceptedCount < options.exactBelow()) {
                storage.scan(q, accepted, 0, n, top);
            } else {
                graph.search(storage, ordinals::size, q, k, accepted, covered, top);
                storage.scan(q, accepted, covered, n, top);
                if (top.size() < Math.min(k, acceptedCount)) {
                    top = new TopK(k);
                    storage.scan(q, accepted, 0, n, top);
                }
            }
            return top.hits(ordinals.rids());
        } finally {
            lock.readLock().unlock();
        }
    }

    /** True when the table is large enough for a graph and the graph does not cover every vector yet. */
    boolean graphBehind() {
        return readLocked(() -> graph.covered() < ordinals.size() && (graph.exists() || !tooSmallForGraph()));
    }

    private boolean tooSmallForGraph() {
        return ordinals.liveCount() < options.exactBelow();
    }

    /**
     * Adds every vector not yet in the graph to it, creating the graph when the table has reached
     * {@link StoreOptions#exactBelow()}. Adds in batches under the read lock (searches continue meanwhile,
     * commits wait at most one batch), using the common fork-join pool. Returns the number of nodes added.
     */
    int extendGraph() {
        synchronized (graphMutex) {
            int added = 0;
            while (!Thread.currentThread().isInterrupted()) {
                lock.readLock().lock();
                try {
                    if (retired) {
                        break;
                    }
                    int n = ordinals.size();
                    int from = graph.covered();
                    if (from >= n) {
                        break;
                    }
                    if (!graph.exists()) {
                        if (tooSmallForGraph()) {
                            break;
                        }
                        graph.create(storage, StorageValues.of(storage, ordinals::size, dimension));
                    }
                    int to = Math.min(n, from + GRAPH_BATCH);
                    graph.add(storage, to);
                    added += to - from;
                } finally {
                    lock.readLock().unlock();
                }
            }
            return added;
        }
    }

    /**
     * A new index holding only the live rows, at the same commit, without a graph (the caller builds it): how
     * deleted rows stop costing memory and graph quality, and how an index with a graph moves to the compressed
     * tier (the copy is compressed once filled; a compressed index's copy keeps its codebook, with a new file).
     */
    VectorIndex compacted() throws IOException {
        lock.readLock().lock();
        try {
            VectorStorage target = storage instanceof DiskVectors disk
                    ? disk.emptyLike(place)
                    : new HeapVectors(dimension, Math.max(MIN_CAPACITY, ordinals.liveCount()));
            VectorIndex fresh = new VectorIndex(dimension, options, seq, place, target, new Ordinals(MIN_CAPACITY));
            try {
                for (int ordinal = ordinals.nextLive(0); ordinal >= 0; ordinal = ordinals.nextLive(ordinal + 1)) {
                    fresh.appendCopy(this, ordinal);
                }
                fresh.ordinals.raiseMaxRid(ordinals.maxRid());
                fresh.lock.writeLock().lock();
                try {
                    fresh.compressIfDue();
                } finally {
                    fresh.lock.writeLock().unlock();
                }
                return fresh;
            } catch (RuntimeException e) {
                fresh.retire(true);
                throw e;
            }
        } finally {
            lock.readLock().unlock();
        }
    }

    private void appendCopy(VectorIndex from, int ordinal) {
        ensureCapacity();
        int o = ordinals.size();
        if (storage instanceof HeapVectors heap && from.storage instanceof HeapVectors source) {
            heap.putShared(o, source.get(ordinal));
        } else if (from.storage instanceof DiskVectors source) {
            storage.put(o, source.floats(ordinal));
        } else {
            throw new IllegalStateException("a heap index is compacted onto the heap, then compressed");
        }
        ordinals.appendCopy(from.ordinals, ordinal);
    }

    // ---- persistence (FrozenIndex, GraphFiles) ---------------------------------------------------------------

    /** True when this index was loaded from a graph file rather than built; for tests. */
    public boolean restored() {
        return graph.restored();
    }

    /** Graph nodes added since the last {@link #persist}. */
    int unsavedGraphNodes() {
        return graph.unsaved();
    }

    /**
     * Hands a frozen copy of the graph-covered ordinals to {@code writer} while no graph node is added (searches
     * and commits continue). Returns false when there is no graph.
     */
    boolean persist(FrozenIndex.Writer writer) throws IOException {
        synchronized (graphMutex) {
            FrozenIndex frozen;
            lock.readLock().lock();
            try {
                int n = graph.covered();
                if (!graph.exists() || n == 0 || retired) {
                    return false;
                }
                frozen = ordinals.freeze(seq, n, storage.freeze(n), graph.graph());
            } finally {
                lock.readLock().unlock();
            }
            writer.write(frozen);
            graph.saved(frozen.n());
            return true;
        }
    }

    /**
     * An index restored from persisted state: its ordinals, their vectors ({@code storage}, built by the caller
     * from the file: checked there) and the graph over all of them, with nothing live yet — {@link #resetLive}
     * then applies what SQLite holds now.
     */
    static VectorIndex restore(
            int dimension,
            StoreOptions options,
            DiskVectors.Place place,
            FrozenIndex state,
            VectorStorage storage,
            IndexGraph.Reader graph)
            throws IOException {
        int n = state.n();
        int capacity = Math.max(MIN_CAPACITY, n);
        storage.ensureCapacity(capacity);
        VectorIndex index =
                new VectorIndex(dimension, options, state.seq(), place, storage, Ordinals.restore(state, capacity));
        index.graph.restore(storage, StorageValues.of(storage, index.ordinals::size, dimension), n, graph);
        return index;
    }

    /**
     * Makes exactly the rows in {@code liveRids} live (plus {@code tail}, rows newer than any restored one,
     * appended) and sets the commit this index now reflects.
     */
    void resetLive(long newSeq, long[] liveRids, List<VectorRow> tail) {
        lock.writeLock().lock();
        try {
            ordinals.resetLive(liveRids);
            for (VectorRow row : tail) {
                append(row);
            }
            compressIfDue();
            seq = newSeq;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Stops this index for good (replaced, or its store closed) once in-flight searches are done: later searches
     * return null, the graph is no longer extended or saved, its vectors file is closed ({@code delete}: and
     * deleted, as no graph file will name it).
     */
    void retire(boolean delete) {
        lock.writeLock().lock();
        try {
            if (!retired) {
                retired = true;
                storage.close(delete);
            }
        } finally {
            lock.writeLock().unlock();
        }
    }
}
