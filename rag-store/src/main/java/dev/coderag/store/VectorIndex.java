package dev.coderag.store;

import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import io.github.jbellis.jvector.graph.GraphIndexBuilder;
import io.github.jbellis.jvector.graph.GraphSearcher;
import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import io.github.jbellis.jvector.graph.RandomAccessVectorValues;
import io.github.jbellis.jvector.graph.SearchResult;
import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.DefaultSearchScoreProvider;
import io.github.jbellis.jvector.util.Bits;
import io.github.jbellis.jvector.vector.VectorSimilarityFunction;
import io.github.jbellis.jvector.vector.VectorUtil;
import io.github.jbellis.jvector.vector.VectorizationProvider;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import io.github.jbellis.jvector.vector.types.VectorTypeSupport;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The in-memory vectors of one table, derived from SQLite: vectors by ordinal, each ordinal's chunk row id and
 * filter fields ({@link OrdinalFields}), which ordinals are live, and a JVector graph over a prefix of the
 * ordinals.
 *
 * <p>Ordinals are assigned in row-id order and never reused; a deleted row only clears its live bit (the graph
 * keeps the node for routing). Searches are exact (SIMD dot products) when fewer than
 * {@link StoreOptions#exactBelow()} vectors pass the filter or no graph is built; otherwise the graph answers
 * for the ordinals it covers, {@code [0, graphSize)}, and the rest (vectors committed since) are scanned exactly,
 * so results are always complete and always respect the filter (JVector only returns accepted ordinals).
 *
 * <p>Thread-safety: searches run under the read lock, in parallel; {@link #apply} (new commits) takes the write
 * lock; {@link #extendGraph} adds graph nodes under the read lock, concurrently with searches, which JVector's
 * builder supports. One thread at a time may extend the graph.
 *
 * <p>Why this class is still ~460 lines: the vectors, live bits, ordinal map, graph builder and graph coverage
 * change together under its one lock (appending, deleting, compacting, restoring, freezing for a save), and that
 * locking protocol is the hard part to get right; what does not share it is elsewhere — the per-ordinal filter
 * fields ({@link OrdinalFields}), the top-k heap ({@link TopK}), the file format ({@link GraphFiles}) and the
 * per-table lifecycle ({@link VectorTables}).
 */
final class VectorIndex {
    static final VectorTypeSupport VTS = VectorizationProvider.getInstance().getVectorTypeSupport();
    private static final VectorSimilarityFunction SIMILARITY = VectorSimilarityFunction.DOT_PRODUCT;
    private static final int GRAPH_BATCH = 512;
    private static final int INITIAL_CAPACITY = 1024;

    /** A search hit: a chunk row id and the cosine similarity (vectors are unit length). */
    record Hit(long rid, float cosine) {}

    /** One stored vector with the fields filters look at. */
    record Row(long rid, String repo, String path, Language language, SymbolKind symbolKind, float[] vector) {}

    private final int dimension;
    private final StoreOptions options;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Object graphMutex = new Object();

    // Guarded by lock.
    private VectorFloat<?>[] vectors = new VectorFloat<?>[INITIAL_CAPACITY];
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
            return vectors[ordinal];
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

    VectorIndex(int dimension, StoreOptions options, long seq) {
        this.dimension = dimension;
        this.options = options;
        this.seq = seq;
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
        vectors[ordinal] = VTS.createFloatVector(row.vector());
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
            vectors = Arrays.copyOf(vectors, capacity);
            fields.grow(capacity);
        }
    }

    /** The k nearest live vectors passing {@code filter}, best first; exact or graph-assisted as described above. */
    List<Hit> search(float[] query, int k, SearchFilter filter) {
        if (k <= 0) {
            return List.of();
        }
        VectorFloat<?> q = VTS.createFloatVector(query);
        lock.readLock().lock();
        try {
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
            top.offer(ordinal, VectorUtil.dotProduct(q, vectors[ordinal]));
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
            var provider = DefaultSearchScoreProvider.exact(q, SIMILARITY, values);
            SearchResult result =
                    searcher.search(provider, k, searchBeam(options.searchBeam(), covered, k), 0f, 0f, bits);
            for (SearchResult.NodeScore node : result.getNodes()) {
                // Report the cosine itself rather than JVector's (1 + dot) / 2.
                top.offer(node.node, VectorUtil.dotProduct(q, vectors[node.node]));
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
                    ForkJoinPool.commonPool()
                            .submit(() -> IntStream.range(from, to)
                                    .parallel()
                                    .forEach(ordinal -> target.addGraphNode(ordinal, vectors[ordinal])))
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
                BuildScoreProvider.randomAccessScoreProvider(values, SIMILARITY),
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
     * deleted rows stop costing memory and graph quality.
     */
    VectorIndex compacted() {
        lock.readLock().lock();
        try {
            VectorIndex fresh = new VectorIndex(dimension, options, seq);
            for (int ordinal = live.nextSetBit(0); ordinal >= 0; ordinal = live.nextSetBit(ordinal + 1)) {
                fresh.appendCopy(this, ordinal);
            }
            fresh.maxRid = maxRid;
            return fresh;
        } finally {
            lock.readLock().unlock();
        }
    }

    private void appendCopy(VectorIndex from, int ordinal) {
        ensureCapacity();
        int o = size;
        vectors[o] = from.vectors[ordinal];
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
            VectorFloat<?>[] vectors,
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
                if (builder == null || n == 0) {
                    return false;
                }
                frozen = fields.freeze(seq, n, vectors, builder.getGraph());
            } finally {
                lock.readLock().unlock();
            }
            writer.write(frozen);
            savedGraphSize = frozen.n();
            return true;
        }
    }

    /**
     * An index restored from persisted state: its ordinals and the graph over all of them, with nothing live
     * yet — {@link #resetLive} then applies what SQLite holds now.
     */
    static VectorIndex restore(int dimension, StoreOptions options, Frozen state, GraphReader graph)
            throws IOException {
        VectorIndex index = new VectorIndex(dimension, options, state.seq());
        int n = state.n();
        int capacity = Math.max(INITIAL_CAPACITY, n);
        index.vectors = Arrays.copyOf(state.vectors(), capacity);
        index.fields = OrdinalFields.restore(state, capacity);
        for (int ordinal = 0; ordinal < n; ordinal++) {
            if (index.vectors[ordinal] == null || index.vectors[ordinal].length() != dimension) {
                throw new IOException("vector " + ordinal + " is missing or has the wrong dimension");
            }
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
            seq = newSeq;
        } finally {
            lock.writeLock().unlock();
        }
    }
}
