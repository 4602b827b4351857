package dev.coderag.store;

import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import io.github.jbellis.jvector.graph.GraphIndexBuilder;
import io.github.jbellis.jvector.graph.GraphSearcher;
import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import io.github.jbellis.jvector.graph.RandomAccessVectorValues;
import io.github.jbellis.jvector.graph.SearchResult;
import io.github.jbellis.jvector.util.Bits;
import io.github.jbellis.jvector.vector.VectorizationProvider;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import io.github.jbellis.jvector.vector.types.VectorTypeSupport;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vector index of one table, derived from SQLite: vectors by ordinal ({@link VectorStorage}: on the heap, or
 * above {@link StoreOptions#compressAbove()} live vectors PQ codes in memory with the full vectors in a file),
 * each ordinal's chunk row id and filter fields ({@link OrdinalFields}), which ordinals are live, and a JVector
 * graph over a prefix of the ordinals.
 *
 * <p>Ordinals are assigned in row-id order and never reused; a deleted row only clears its live bit (the graph
 * keeps the node for routing). Searches are exact (SIMD dot products) when fewer than
 * {@link StoreOptions#exactBelow()} vectors pass the filter or no graph is built; otherwise the graph answers
 * for the ordinals it covers, {@code [0, graphSize)}, and the rest (vectors committed since) are scanned exactly,
 * so results are always complete and always respect the filter (JVector only returns accepted ordinals).
 * In the compressed tier the graph is traversed with PQ scores and its best candidates reranked exactly; every
 * returned score is the exact cosine.
 *
 * <p>The tier changes once, upwards: an index without a graph compresses itself when an append takes it to
 * {@code compressAbove} (a load from SQLite, which streams); one with a graph is replaced by a compressed
 * {@link #compacted} copy, built in the background ({@link VectorTables}). An index that has been replaced is
 * {@linkplain #retire retired}: its searches return null and the caller asks for the current index again.
 *
 * <p>Thread-safety: searches run under the read lock, in parallel; {@link #apply} (new commits) takes the write
 * lock; {@link #extendGraph} adds graph nodes under the read lock, concurrently with searches, which JVector's
 * builder supports. One thread at a time may extend the graph.
 *
 * <p>Why this class is still over 400 lines: the vector storage, live bits, ordinal map, graph builder, graph
 * coverage and tier change together under its one lock (appending, deleting, compacting, compressing, restoring,
 * freezing for a save, retiring), and that locking protocol is the hard part to get right; what does not share it
 * is elsewhere — how vectors are kept and scored ({@link VectorStorage}: {@link HeapVectors}, {@link DiskVectors},
 * {@link VectorFile}), the per-ordinal filter fields ({@link OrdinalFields}), the top-k heap ({@link TopK}), the
 * file format ({@link GraphFiles}) and the per-table lifecycle ({@link VectorTables}).
 */
final class VectorIndex {
    static final VectorTypeSupport VTS = VectorizationProvider.getInstance().getVectorTypeSupport();
    private static final Logger LOG = LoggerFactory.getLogger(VectorIndex.class);
    private static final int GRAPH_BATCH = 512;
    private static final int INITIAL_CAPACITY = 1024;

    /** A search hit: a chunk row id and the cosine similarity (vectors are unit length). */
    record Hit(long rid, float cosine) {}

    /** One stored vector with the fields filters look at. */
    record Row(long rid, String repo, String path, Language language, SymbolKind symbolKind, float[] vector) {}

    private final int dimension;
    private final StoreOptions options;
    private final DiskVectors.Place place; // null: never compressed
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Object graphMutex = new Object();

    // Guarded by lock.
    private VectorStorage storage;
    private boolean retired;
    private OrdinalFields fields = new OrdinalFields(INITIAL_CAPACITY);
    private int size;
    private final BitSet live = new BitSet();
    private int liveCount;
    private final LongIntMap ordinalByRid = new LongIntMap(INITIAL_CAPACITY);
    private long seq;
    private long maxRid;

    // The graph: created once the table is large enough; ordinals [0, graphSize) are complete in it.
    private volatile GraphIndexBuilder builder;
    private volatile int graphSize;
    private volatile int savedGraphSize;
    private boolean restored;

    private final RandomAccessVectorValues values = new RandomAccessVectorValues() {
        @Override
        public int size() {
            return size;
        }

        @Override
        public int dimension() {
            return dimension;
        }

        @Override
        public VectorFloat<?> getVector(int ordinal) {
            return storage.get(ordinal);
        }

        @Override
        public boolean isValueShared() {
            return false;
        }

        @Override
        public RandomAccessVectorValues copy() {
            return this;
        }
    };

    /** An index kept on the heap whatever its size. */
    VectorIndex(int dimension, StoreOptions options, long seq) {
        this(dimension, options, seq, null);
    }

    /** An index that moves to the compressed tier, with its vectors file at {@code place}, above the threshold. */
    VectorIndex(int dimension, StoreOptions options, long seq, DiskVectors.Place place) {
        this(dimension, options, seq, place, new HeapVectors(dimension, INITIAL_CAPACITY));
    }

    private VectorIndex(int dimension, StoreOptions options, long seq, DiskVectors.Place place, VectorStorage storage) {
        this.dimension = dimension;
        this.options = options;
        this.seq = seq;
        this.place = place;
        this.storage = storage;
    }

    /** True in the compressed tier. */
    boolean compressed() {
        return readLocked(() -> storage instanceof DiskVectors);
    }

    /** True when this index is on the heap with a graph but has reached the compressed tier's size. */
    boolean needsCompression() {
        return readLocked(
                () -> place != null && storage instanceof HeapVectors && builder != null && !tooSmallToCompress());
    }

    private boolean tooSmallToCompress() {
        return liveCount < options.compressAbove();
    }

    /** Moves a graph-less index to the compressed tier when it has grown enough; under the write lock. */
    private void compressIfDue() {
        if (place == null || builder != null || !(storage instanceof HeapVectors heap) || tooSmallToCompress()) {
            return;
        }
        try {
            storage = DiskVectors.compress(heap::get, size, dimension, place);
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "{}: could not compress the {} vectors, keeping them in memory: {}",
                    place.dir(),
                    place.table(),
                    e.toString());
        }
    }

    /** The commit sequence number this index reflects. */
    long seq() {
        return readLocked(() -> seq);
    }

    long maxRid() {
        return readLocked(() -> maxRid);
    }

    int liveCount() {
        return readLocked(() -> liveCount);
    }

    /** Ordinals whose rows have been deleted (they keep memory, and graph nodes, until compaction). */
    int deadCount() {
        return readLocked(() -> size - liveCount);
    }

    int size() {
        return readLocked(() -> size);
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

    int graphSize() {
        return graphSize;
    }

    /**
     * Applies one or more commits: rows added (row ids above {@link #maxRid()}, ascending) and row ids deleted.
     * Unknown deleted ids are ignored (rows added and deleted between two catch-ups).
     */
    void apply(long newSeq, List<Row> added, long[] deletedRids) {
        lock.writeLock().lock();
        try {
            for (long rid : deletedRids) {
                int ordinal = ordinalByRid.get(rid);
                if (ordinal >= 0 && live.get(ordinal)) {
                    live.clear(ordinal);
                    liveCount--;
                }
            }
            for (Row row : added) {
                append(row);
            }
            compressIfDue();
            seq = Math.max(seq, newSeq);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void append(Row row) {
        if (row.vector().length != dimension) {
            throw new IllegalArgumentException("vector of row " + row.rid() + " has " + row.vector().length
                    + " dimensions, expected " + dimension);
        }
        if (ordinalByRid.get(row.rid()) >= 0) {
            return;
        }
        ensureCapacity();
        int ordinal = size;
        storage.put(ordinal, row.vector());
        fields.set(ordinal, row);
        ordinalByRid.put(row.rid(), ordinal);
        live.set(ordinal);
        liveCount++;
        maxRid = Math.max(maxRid, row.rid());
        size = ordinal + 1;
    }

    private void ensureCapacity() {
        if (size == fields.capacity()) {
            int capacity = size * 2;
            storage.ensureCapacity(capacity);
            fields.grow(capacity);
        }
    }

    /**
     * The k nearest live vectors passing {@code filter}, best first; exact or graph-assisted as described above.
     * Null when this index has been retired (replaced): ask for the current one.
     */
    List<Hit> search(float[] query, int k, SearchFilter filter) {
        if (k <= 0) {
            return List.of();
        }
        VectorFloat<?> q = VTS.createFloatVector(query);
        lock.readLock().lock();
        try {
            if (retired) {
                return null;
            }
            int n = size;
            int covered = graphSize;
            GraphIndexBuilder graph = builder;
            BitSet accepted = filter.isEmpty() ? live : fields.accepted(filter, live, n);
            int acceptedCount = filter.isEmpty() ? liveCount : accepted.cardinality();
            TopK top = new TopK(k);
            if (graph == null || covered == 0 || acceptedCount < options.exactBelow()) {
                exact(q, accepted, 0, n, top);
            } else {
                graphSearch(graph.getGraph(), q, k, accepted, covered, top);
                exact(q, accepted, covered, n, top);
            }
            return top.hits(fields.rids());
        } finally {
            lock.readLock().unlock();
        }
    }

    private void exact(VectorFloat<?> q, BitSet accepted, int from, int to, TopK top) {
        for (int ordinal = accepted.nextSetBit(from);
                ordinal >= 0 && ordinal < to;
                ordinal = accepted.nextSetBit(ordinal + 1)) {
            top.offer(ordinal, storage.dot(q, ordinal));
        }
    }

    /** Graph sizes up to this search with the configured beam; larger graphs widen it (see {@link #searchBeam}). */
    static final int BEAM_BASE_NODES = 100_000;

    /**
     * The search beam for a graph of {@code nodes} nodes: the configured beam up to {@link #BEAM_BASE_NODES},
     * then growing with the square root of the size (at most 8×), never below k. Measured on clustered 384-d
     * vectors (docs/BENCHMARKS.md, "Vector search"): beam 64 gives recall@10 0.999 at 100k but 0.87 at 1M, where
     * beam 200 — what this rule gives at 1M — gives 0.980 in 4.9 ms.
     */
    static int searchBeam(int configured, int nodes, int k) {
        double scale = Math.sqrt(Math.max(1.0, (double) nodes / BEAM_BASE_NODES));
        int beam = (int) Math.min(8L * configured, Math.round(configured * scale));
        return Math.max(k, beam);
    }

    private void graphSearch(
            ImmutableGraphIndex graph, VectorFloat<?> q, int k, BitSet accepted, int covered, TopK top) {
        Bits bits = ordinal -> ordinal < covered && accepted.get(ordinal);
        try (GraphSearcher searcher = new GraphSearcher(graph)) {
            var provider = storage.searchScores(q, values);
            int rerankK = storage.rerankK(searchBeam(options.searchBeam(), covered, k), k);
            SearchResult result = searcher.search(provider, k, rerankK, 0f, 0f, bits);
            for (SearchResult.NodeScore node : result.getNodes()) {
                // Report the cosine itself rather than JVector's (1 + dot) / 2.
                top.offer(node.node, storage.dot(q, node.node));
            }
        } catch (IOException e) {
            throw new IllegalStateException("graph search failed", e);
        }
    }

    /** True when the table is large enough for a graph and the graph does not cover every vector yet. */
    boolean graphBehind() {
        return readLocked(() -> graphSize < size && (builder != null || liveCount >= options.exactBelow()));
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
                    int n = size;
                    int from = graphSize;
                    if (from >= n) {
                        break;
                    }
                    GraphIndexBuilder graph = builder;
                    if (graph == null) {
                        if (liveCount < options.exactBelow()) {
                            break;
                        }
                        graph = newBuilder();
                        builder = graph;
                    }
                    int to = Math.min(n, from + GRAPH_BATCH);
                    GraphIndexBuilder target = graph;
                    VectorStorage vectors = storage;
                    ForkJoinPool.commonPool()
                            .submit(() -> IntStream.range(from, to)
                                    .parallel()
                                    .forEach(ordinal -> target.addGraphNode(ordinal, vectors.get(ordinal))))
                            .join();
                    graphSize = to;
                    added += to - from;
                } finally {
                    lock.readLock().unlock();
                }
            }
            return added;
        }
    }

    // The explicit constructor: GraphIndexBuilder.builder() takes hierarchy and refinement from JMX settings.
    @SuppressWarnings("deprecation")
    private GraphIndexBuilder newBuilder() {
        return new GraphIndexBuilder(
                storage.buildScores(values),
                dimension,
                options.graphDegree(),
                options.graphBeam(),
                1.2f,
                1.2f,
                true,
                true);
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
                    : new HeapVectors(dimension, Math.max(INITIAL_CAPACITY, liveCount));
            VectorIndex fresh = new VectorIndex(dimension, options, seq, place, target);
            try {
                for (int ordinal = live.nextSetBit(0); ordinal >= 0; ordinal = live.nextSetBit(ordinal + 1)) {
                    fresh.appendCopy(this, ordinal);
                }
                fresh.maxRid = maxRid;
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
        int o = size;
        if (storage instanceof HeapVectors heap && from.storage instanceof HeapVectors source) {
            heap.putShared(o, source.get(ordinal));
        } else if (from.storage instanceof DiskVectors source) {
            storage.put(o, source.floats(ordinal));
        } else {
            throw new IllegalStateException("a heap index is compacted onto the heap, then compressed");
        }
        fields.copy(from.fields, ordinal, o);
        ordinalByRid.put(fields.rid(o), o);
        live.set(o);
        liveCount++;
        size = o + 1;
    }

    // ---- persistence (see GraphFile) ----------------------------------------------------------------------

    /** The graph-covered ordinals [0, n) of an index, copied, with the graph over them. */
    record Frozen(
            long seq,
            int n,
            long[] rids,
            int[] repoIds,
            int[] pathIds,
            byte[] languages,
            byte[] symbolKinds,
            VectorStorage.Frozen vectors,
            List<String> repos,
            List<String> paths,
            ImmutableGraphIndex graph) {}

    /** Writes the state of the graph somewhere, e.g. a file. */
    @FunctionalInterface
    interface FrozenWriter {
        void write(Frozen frozen) throws IOException;
    }

    /** Reads a graph into an empty builder, e.g. from a file. */
    @FunctionalInterface
    interface GraphReader {
        void read(GraphIndexBuilder builder) throws IOException;
    }

    /** True when this index was loaded from a graph file rather than built; for tests. */
    boolean restored() {
        return restored;
    }

    /** Graph nodes added since the last {@link #persist}. */
    int unsavedGraphNodes() {
        return graphSize - savedGraphSize;
    }

    /**
     * Hands a frozen copy of the graph-covered ordinals to {@code writer} while no graph node is added (searches
     * and commits continue). Returns false when there is no graph.
     */
    boolean persist(FrozenWriter writer) throws IOException {
        synchronized (graphMutex) {
            Frozen frozen;
            lock.readLock().lock();
            try {
                int n = graphSize;
                if (builder == null || n == 0 || retired) {
                    return false;
                }
                frozen = fields.freeze(seq, n, storage.freeze(n), builder.getGraph());
            } finally {
                lock.readLock().unlock();
            }
            writer.write(frozen);
            savedGraphSize = frozen.n();
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
            Frozen state,
            VectorStorage storage,
            GraphReader graph)
            throws IOException {
        VectorIndex index = new VectorIndex(dimension, options, state.seq(), place, storage);
        int n = state.n();
        int capacity = Math.max(INITIAL_CAPACITY, n);
        index.fields = OrdinalFields.restore(state, capacity);
        storage.ensureCapacity(capacity);
        for (int ordinal = 0; ordinal < n; ordinal++) {
            long rid = index.fields.rid(ordinal);
            index.ordinalByRid.put(rid, ordinal);
            index.maxRid = Math.max(index.maxRid, rid);
        }
        index.size = n;
        GraphIndexBuilder builder = index.newBuilder();
        graph.read(builder);
        index.builder = builder;
        index.graphSize = n;
        index.savedGraphSize = n;
        index.restored = true;
        return index;
    }

    /**
     * Makes exactly the rows in {@code liveRids} live (plus {@code tail}, rows newer than any restored one,
     * appended) and sets the commit this index now reflects.
     */
    void resetLive(long newSeq, long[] liveRids, List<Row> tail) {
        lock.writeLock().lock();
        try {
            live.clear();
            liveCount = 0;
            for (long rid : liveRids) {
                int ordinal = ordinalByRid.get(rid);
                if (ordinal >= 0 && !live.get(ordinal)) {
                    live.set(ordinal);
                    liveCount++;
                }
            }
            for (Row row : tail) {
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
