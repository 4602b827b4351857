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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * The in-memory vectors of one table, derived from SQLite: vectors by ordinal, each ordinal's chunk row id and
 * filter fields, which ordinals are live, and a JVector graph over a prefix of the ordinals.
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
 */
final class VectorIndex {
    static final VectorTypeSupport VTS = VectorizationProvider.getInstance().getVectorTypeSupport();
    private static final VectorSimilarityFunction SIMILARITY = VectorSimilarityFunction.DOT_PRODUCT;
    private static final int GRAPH_BATCH = 512;

    /** A search hit: a chunk row id and the cosine similarity (vectors are unit length). */
    record Hit(long rid, float cosine) {}

    /** One stored vector with the fields filters look at. */
    record Row(long rid, String repo, String path, Language language, SymbolKind symbolKind, float[] vector) {}

    private final int dimension;
    private final StoreOptions options;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Object graphMutex = new Object();

    // Guarded by lock.
    private VectorFloat<?>[] vectors = new VectorFloat<?>[1024];
    private long[] rids = new long[1024];
    private int[] repoIds = new int[1024];
    private int[] pathIds = new int[1024];
    private byte[] languages = new byte[1024];
    private byte[] symbolKinds = new byte[1024];
    private int size;
    private final BitSet live = new BitSet();
    private int liveCount;
    private final LongIntMap ordinalByRid = new LongIntMap(1024);
    private final Dictionary repos = new Dictionary();
    private final Dictionary paths = new Dictionary();
    private final Map<String, byte[]> pathMemos = new java.util.concurrent.ConcurrentHashMap<>();
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
        lock.readLock().lock();
        try {
            return seq;
        } finally {
            lock.readLock().unlock();
        }
    }

    long maxRid() {
        lock.readLock().lock();
        try {
            return maxRid;
        } finally {
            lock.readLock().unlock();
        }
    }

    int liveCount() {
        lock.readLock().lock();
        try {
            return liveCount;
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
        rids[ordinal] = row.rid();
        repoIds[ordinal] = repos.id(row.repo());
        pathIds[ordinal] = paths.id(row.path());
        languages[ordinal] = (byte) row.language().ordinal();
        symbolKinds[ordinal] =
                row.symbolKind() == null ? -1 : (byte) row.symbolKind().ordinal();
        ordinalByRid.put(row.rid(), ordinal);
        live.set(ordinal);
        liveCount++;
        maxRid = Math.max(maxRid, row.rid());
        size = ordinal + 1;
    }

    private void ensureCapacity() {
        if (size == rids.length) {
            int capacity = size * 2;
            vectors = Arrays.copyOf(vectors, capacity);
            rids = Arrays.copyOf(rids, capacity);
            repoIds = Arrays.copyOf(repoIds, capacity);
            pathIds = Arrays.copyOf(pathIds, capacity);
            languages = Arrays.copyOf(languages, capacity);
            symbolKinds = Arrays.copyOf(symbolKinds, capacity);
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
            BitSet accepted = filter.isEmpty() ? live : accepted(filter, n);
            int acceptedCount = filter.isEmpty() ? liveCount : accepted.cardinality();
            TopK top = new TopK(k);
            if (graph == null || covered == 0 || acceptedCount < options.exactBelow()) {
                exact(q, accepted, 0, n, top);
            } else {
                graphSearch(graph.getGraph(), q, k, accepted, covered, top);
                exact(q, accepted, covered, n, top);
            }
            return top.hits(rids);
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

    /** Live ordinals below n that pass the filter. Paths are tested once per distinct path. */
    private BitSet accepted(SearchFilter filter, int n) {
        boolean[] repoOk = null;
        if (!filter.repos().isEmpty()) {
            repoOk = new boolean[repos.size()];
            for (String repo : filter.repos()) {
                int id = repos.find(repo);
                if (id >= 0) {
                    repoOk[id] = true;
                }
            }
        }
        boolean[] languageOk = null;
        if (!filter.languages().isEmpty()) {
            languageOk = new boolean[Language.values().length];
            for (Language language : filter.languages()) {
                languageOk[language.ordinal()] = true;
            }
        }
        boolean[] kindOk = null;
        if (!filter.symbolKinds().isEmpty()) {
            kindOk = new boolean[SymbolKind.values().length];
            for (SymbolKind kind : filter.symbolKinds()) {
                kindOk[kind.ordinal()] = true;
            }
        }
        Predicate<String> pathOk = filter.pathGlob().isEmpty() ? null : PathGlob.compile(filter.pathGlob());
        byte[] pathMemo = pathOk == null ? null : pathMemo(filter.pathGlob());
        BitSet out = new BitSet(n);
        for (int ordinal = live.nextSetBit(0); ordinal >= 0 && ordinal < n; ordinal = live.nextSetBit(ordinal + 1)) {
            if (repoOk != null && !repoOk[repoIds[ordinal]]) {
                continue;
            }
            if (languageOk != null && !languageOk[languages[ordinal]]) {
                continue;
            }
            if (kindOk != null && (symbolKinds[ordinal] < 0 || !kindOk[symbolKinds[ordinal]])) {
                continue;
            }
            if (pathOk != null) {
                int pathId = pathIds[ordinal];
                if (pathMemo[pathId] == 0) {
                    pathMemo[pathId] = pathOk.test(paths.value(pathId)) ? (byte) 1 : (byte) 2;
                }
                if (pathMemo[pathId] != 1) {
                    continue;
                }
            }
            out.set(ordinal);
        }
        return out;
    }

    /**
     * Per glob, whether each distinct path matched (0 unknown, 1 yes, 2 no), kept across searches: a table may
     * have as many paths as chunks, and a regex per path per search is what filtered searches would otherwise
     * cost. Concurrent searches may fill the same entry; they write the same value.
     */
    private byte[] pathMemo(String glob) {
        byte[] memo = pathMemos.get(glob);
        if (memo == null || memo.length < paths.size()) {
            memo = memo == null ? new byte[paths.size()] : Arrays.copyOf(memo, paths.size());
            if (pathMemos.size() >= 64) {
                pathMemos.clear();
            }
            pathMemos.put(glob, memo);
        }
        return memo;
    }

    /** True when the table is large enough for a graph and the graph does not cover every vector yet. */
    boolean graphBehind() {
        lock.readLock().lock();
        try {
            return graphSize < size && (builder != null || liveCount >= options.exactBelow());
        } finally {
            lock.readLock().unlock();
        }
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

    /** Ordinals whose rows have been deleted (they keep memory, and graph nodes, until compaction). */
    int deadCount() {
        lock.readLock().lock();
        try {
            return size - liveCount;
        } finally {
            lock.readLock().unlock();
        }
    }

    int size() {
        lock.readLock().lock();
        try {
            return size;
        } finally {
            lock.readLock().unlock();
        }
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
        rids[o] = from.rids[ordinal];
        repoIds[o] = repos.id(from.repos.value(from.repoIds[ordinal]));
        pathIds[o] = paths.id(from.paths.value(from.pathIds[ordinal]));
        languages[o] = from.languages[ordinal];
        symbolKinds[o] = from.symbolKinds[ordinal];
        ordinalByRid.put(rids[o], o);
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
                frozen = new Frozen(
                        seq,
                        n,
                        Arrays.copyOf(rids, n),
                        Arrays.copyOf(repoIds, n),
                        Arrays.copyOf(pathIds, n),
                        Arrays.copyOf(languages, n),
                        Arrays.copyOf(symbolKinds, n),
                        Arrays.copyOf(vectors, n),
                        repos.values(),
                        paths.values(),
                        builder.getGraph());
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
        index.vectors = Arrays.copyOf(state.vectors(), Math.max(1024, n));
        index.rids = Arrays.copyOf(state.rids(), Math.max(1024, n));
        index.repoIds = Arrays.copyOf(state.repoIds(), Math.max(1024, n));
        index.pathIds = Arrays.copyOf(state.pathIds(), Math.max(1024, n));
        index.languages = Arrays.copyOf(state.languages(), Math.max(1024, n));
        index.symbolKinds = Arrays.copyOf(state.symbolKinds(), Math.max(1024, n));
        state.repos().forEach(index.repos::id);
        state.paths().forEach(index.paths::id);
        for (int ordinal = 0; ordinal < n; ordinal++) {
            if (index.vectors[ordinal] == null || index.vectors[ordinal].length() != dimension) {
                throw new IOException("vector " + ordinal + " is missing or has the wrong dimension");
            }
            index.ordinalByRid.put(index.rids[ordinal], ordinal);
            index.maxRid = Math.max(index.maxRid, index.rids[ordinal]);
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

    /** Strings ↔ small ints for the filter fields; guarded by the index lock. */
    private static final class Dictionary {
        private final Map<String, Integer> ids = new HashMap<>();
        private final List<String> values = new ArrayList<>();

        int id(String value) {
            Integer id = ids.get(value);
            if (id != null) {
                return id;
            }
            ids.put(value, values.size());
            values.add(value);
            return values.size() - 1;
        }

        int find(String value) {
            Integer id = ids.get(value);
            return id == null ? -1 : id;
        }

        String value(int id) {
            return values.get(id);
        }

        List<String> values() {
            return List.copyOf(values);
        }

        int size() {
            return values.size();
        }
    }

    /** The best k (ordinal, score) pairs seen, kept in a min-heap; ties keep the lower ordinal (older row). */
    private static final class TopK {
        private final int k;
        private final int[] ordinals;
        private final float[] scores;
        private int count;

        TopK(int k) {
            this.k = k;
            this.ordinals = new int[k];
            this.scores = new float[k];
        }

        /** Offers one candidate; callers never offer an ordinal twice (graph and tail ranges are disjoint). */
        void offer(int ordinal, float score) {
            if (count < k) {
                ordinals[count] = ordinal;
                scores[count] = score;
                count++;
                siftUp(count - 1);
            } else if (worse(0, ordinal, score)) {
                ordinals[0] = ordinal;
                scores[0] = score;
                siftDown(0);
            }
        }

        /** True when the heap entry at i ranks below (ordinal, score). */
        private boolean worse(int i, int ordinal, float score) {
            return scores[i] < score || (scores[i] == score && ordinals[i] > ordinal);
        }

        private boolean less(int a, int b) {
            return scores[a] < scores[b] || (scores[a] == scores[b] && ordinals[a] > ordinals[b]);
        }

        private void siftUp(int i) {
            while (i > 0) {
                int parent = (i - 1) / 2;
                if (!less(i, parent)) {
                    return;
                }
                swap(i, parent);
                i = parent;
            }
        }

        private void siftDown(int i) {
            while (true) {
                int left = 2 * i + 1;
                int smallest = i;
                if (left < count && less(left, smallest)) {
                    smallest = left;
                }
                if (left + 1 < count && less(left + 1, smallest)) {
                    smallest = left + 1;
                }
                if (smallest == i) {
                    return;
                }
                swap(i, smallest);
                i = smallest;
            }
        }

        private void swap(int a, int b) {
            int o = ordinals[a];
            ordinals[a] = ordinals[b];
            ordinals[b] = o;
            float s = scores[a];
            scores[a] = scores[b];
            scores[b] = s;
        }

        List<Hit> hits(long[] rids) {
            Integer[] order = new Integer[count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> less(a, b) ? 1 : less(b, a) ? -1 : 0);
            List<Hit> out = new ArrayList<>(count);
            for (int i : order) {
                out.add(new Hit(rids[ordinals[i]], scores[i]));
            }
            return out;
        }
    }
}
