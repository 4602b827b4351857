package dev.coderag.store.embedded.vectors;

import dev.coderag.store.embedded.db.StoreOptions;
import io.github.jbellis.jvector.graph.GraphIndexBuilder;
import io.github.jbellis.jvector.graph.GraphSearcher;
import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import io.github.jbellis.jvector.graph.RandomAccessVectorValues;
import io.github.jbellis.jvector.graph.SearchResult;
import io.github.jbellis.jvector.util.Bits;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import java.io.IOException;
import java.util.BitSet;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;

/**
 * The JVector graph of a {@link VectorIndex} over a prefix {@code [0, covered)} of its ordinals: the builder (created
 * once the table is large enough, or restored from a graph file), how many ordinals it covers and how many of those
 * were saved, adding a batch of nodes and searching it.
 *
 * <p>Not thread-safe on its own: {@link VectorIndex}'s locking protocol applies (nodes are added under its read lock
 * by one thread at a time, concurrently with searches, which JVector's builder supports). The covered count is
 * volatile so that searches see only complete nodes.
 */
public final class IndexGraph {
    /** Graph sizes up to this search with the configured beam; larger graphs widen it (see {@link #searchBeam}). */
    static final int BEAM_BASE_NODES = 100_000;

    /**
     * Graph builds run on every core. Not the common pool: its parallelism is one less than the cores, which on a
     * 2-core machine built a 1M-vector graph on one thread while the caller only waited (33 min instead of about
     * half). Daemon threads, shared by every index of the process.
     */
    private static final ForkJoinPool BUILD_POOL = new ForkJoinPool(
            Runtime.getRuntime().availableProcessors(),
            pool -> {
                ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                thread.setName("coderag-graph");
                thread.setDaemon(true);
                return thread;
            },
            null,
            false);

    private final int dimension;
    private final StoreOptions options;
    private volatile GraphIndexBuilder builder;
    private volatile int covered;
    private volatile int saved;
    private boolean restored;

    IndexGraph(int dimension, StoreOptions options) {
        this.dimension = dimension;
        this.options = options;
    }

    /** Reads a graph into an empty builder, e.g. from a file. */
    @FunctionalInterface
    interface Reader {
        void read(GraphIndexBuilder builder) throws IOException;
    }

    /**
     * The search beam for a graph of {@code nodes} nodes: the configured beam up to {@link #BEAM_BASE_NODES}, then
     * growing as {@code √r · (1 + ½·log₁₀ r)} with {@code r = nodes / 100k} (at most 8×), never below k: 104 at
     * 200k, 304 at 1M for the default 64. Measured (docs/BENCHMARKS.md): on clustered synthetic vectors beam 64
     * gives recall@10 0.999 at 100k but 0.87 at 1M, where √r alone (202) gives 0.980; on 1M real embeddings
     * (compressed tier, exact rerank) 202 gives 0.993 for held-out documents but 0.976 for real bug reports
     * embedded as questions — the queries the product asks — and 304 gives 0.996 / 0.984 in ~6 ms. The
     * logarithmic factor is that 1.5× at 1M, calibrated on that run, and 1 at 100k.
     */
    static int searchBeam(int configured, int nodes, int k) {
        double r = Math.max(1.0, (double) nodes / BEAM_BASE_NODES);
        double scale = Math.sqrt(r) * (1 + 0.5 * Math.log10(r));
        int beam = (int) Math.min(8L * configured, Math.round(configured * scale));
        return Math.max(k, beam);
    }

    boolean exists() {
        return builder != null;
    }

    /** Ordinals [0, covered) are complete in the graph. */
    int covered() {
        return covered;
    }

    boolean restored() {
        return restored;
    }

    /** Nodes added since the last {@link #saved(int) save}. */
    int unsaved() {
        return covered - saved;
    }

    void saved(int n) {
        saved = n;
    }

    ImmutableGraphIndex graph() {
        return builder.getGraph();
    }

    /** Creates the empty graph, scored by {@code storage} through {@code values}. */
    void create(VectorStorage storage, RandomAccessVectorValues values) {
        builder = newBuilder(storage, values);
    }

    /** Restores a graph over ordinals [0, n), all saved already. */
    void restore(VectorStorage storage, RandomAccessVectorValues values, int n, Reader reader) throws IOException {
        GraphIndexBuilder restoring = newBuilder(storage, values);
        reader.read(restoring);
        builder = restoring;
        covered = n;
        saved = n;
        restored = true;
    }

    // The explicit constructor: GraphIndexBuilder.builder() takes hierarchy and refinement from JMX settings.
    @SuppressWarnings("deprecation")
    private GraphIndexBuilder newBuilder(VectorStorage storage, RandomAccessVectorValues values) {
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

    /** Adds ordinals [covered, to) in parallel on {@link #BUILD_POOL}; then they are covered. */
    void add(VectorStorage storage, int to) {
        int from = covered;
        GraphIndexBuilder target = builder;
        BUILD_POOL
                .submit(() -> IntStream.range(from, to)
                        .parallel()
                        .forEach(ordinal -> target.addGraphNode(ordinal, storage.get(ordinal))))
                .join();
        covered = to;
    }

    /**
     * Offers the graph's best {@code k} accepted ordinals below {@code covered} to {@code top}, each with its exact
     * cosine. The search keeps {@link VectorStorage#rerankK} candidates for the beam {@link #searchBeam} gives.
     */
    void search(
            VectorStorage storage,
            IntSupplier size,
            VectorFloat<?> q,
            int k,
            BitSet accepted,
            int coveredNow,
            TopK top) {
        Bits bits = ordinal -> ordinal < coveredNow && accepted.get(ordinal);
        try (GraphSearcher searcher = new GraphSearcher(builder.getGraph())) {
            var provider = storage.searchScores(q, StorageValues.of(storage, size, dimension));
            int rerankK = storage.rerankK(searchBeam(options.searchBeam(), coveredNow, k), k);
            SearchResult result = searcher.search(provider, k, rerankK, 0f, 0f, bits);
            for (SearchResult.NodeScore node : result.getNodes()) {
                // The scores are exact (the heap tier scores exactly, the compressed tier reranks every result
                // with its full vector): turn JVector's (1 + dot) / 2 back into the cosine instead of reading
                // and multiplying each vector a second time (a positional read each in the compressed tier).
                top.offer(node.node, 2 * node.score - 1);
            }
        } catch (IOException e) {
            throw new IllegalStateException("graph search failed", e);
        }
    }
}
