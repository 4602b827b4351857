package dev.coderag.bench;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import io.github.jbellis.jvector.graph.GraphIndexBuilder;
import io.github.jbellis.jvector.graph.GraphSearcher;
import io.github.jbellis.jvector.graph.ListRandomAccessVectorValues;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Vector search speed and quality at scale, as ratios measured in one run: top-k search by JVector's graph (ANN)
 * against exact brute force (JVector's SIMD dot product over every vector), on seeded synthetic 384-d vectors
 * clustered like text embeddings (a shared direction, a few thousand topics, noise; queries are perturbed
 * documents).
 *
 * <ol>
 *   <li>raw: JVector alone — graph build time, then p50/p99 latency and recall@k of ANN for several search beam
 *       widths, against exact search on the same vectors;
 *   <li>store (unless {@code --skip-store}): the same vectors as chunks in a {@link Store} — insert rate,
 *       exact search (table kept below the exact threshold), graph build on first search, ANN search, and the
 *       restart that loads the saved graph instead of building it. Store latencies include fetching the chunks
 *       from SQLite.
 * </ol>
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.SearchBench [--vectors 100000] [--queries 1000] [--k 10]
 * [--dim 384] [--seed 42] [--store DIR] [--skip-store] [--beams 10,20,40,64,100] [--skip-raw-ann]
 * [--skip-store-exact] [--store-beams 64,128] [--m 32 --build-beam 100 --alpha 1.2]
 * [--vectors-file FILE.fvec --queries-file Q1.fvec[,Q2.fvec]]}. The store directory (default: a temporary one) must
 * not exist and is deleted afterwards unless given. {@code --m}, {@code --build-beam} and {@code --alpha} change the
 * raw graph's degree, construction beam and neighbour-diversity α (the store's stay as configured).
 *
 * <p>With {@code --vectors-file} the vectors are real embeddings instead (the first {@code --vectors} of an
 * {@code .fvec} file, e.g. from {@link RealVectorSet}) and the queries are the first {@code --queries} of each
 * query file, recall reported per file too.
 */
public final class SearchBench {
    private SearchBench() {}

    private static final VectorTypeSupport VTS =
            VectorizationProvider.getInstance().getVectorTypeSupport();
    private static final String MODEL = "bench/synthetic";
    /** The raw graph's parameters: the store's (M 32, construction beam 100, α 1.2) unless overridden. */
    private static int M = 32;

    private static int BUILD_BEAM = 100;
    private static float ALPHA = 1.2f;

    public static void main(String[] args) throws Exception {
        Map<String, String> a = parseArgs(args);
        M = Integer.parseInt(a.getOrDefault("--m", "32"));
        BUILD_BEAM = Integer.parseInt(a.getOrDefault("--build-beam", "100"));
        ALPHA = Float.parseFloat(a.getOrDefault("--alpha", "1.2"));
        int n = Integer.parseInt(a.getOrDefault("--vectors", "100000"));
        int queryCount = Integer.parseInt(a.getOrDefault("--queries", "1000"));
        int k = Integer.parseInt(a.getOrDefault("--k", "10"));
        int dim = Integer.parseInt(a.getOrDefault("--dim", "384"));
        long seed = Long.parseLong(a.getOrDefault("--seed", "42"));
        int[] beams = Arrays.stream(a.getOrDefault("--beams", "10,20,40,64,100").split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        boolean skipStore = a.containsKey("--skip-store");
        if (a.containsKey("--vectors-file")) {
            n = Integer.parseInt(a.getOrDefault("--vectors", String.valueOf(Integer.MAX_VALUE)));
        }
        System.out.printf(
                Locale.ROOT,
                "SearchBench: %d vectors, %d-d, %d queries, top-%d, seed %d; %d cores, JDK %s, %s, %s%n",
                n,
                dim,
                queryCount,
                k,
                seed,
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                VectorizationProvider.getInstance().getClass().getSimpleName(),
                LocalDate.now());

        Random random = new Random(seed);
        long t0 = System.nanoTime();
        List<float[]> data;
        List<float[]> queries = new ArrayList<>();
        if (a.containsKey("--vectors-file")) {
            data = Fvecs.read(Path.of(a.get("--vectors-file")), n, dim);
            n = data.size();
            for (String file : a.getOrDefault("--queries-file", "").split(",")) {
                if (!file.isBlank()) {
                    List<float[]> set = Fvecs.read(Path.of(file), queryCount, dim);
                    QUERY_SETS.add(new QuerySet(Path.of(file).getFileName().toString(), queries.size(), set.size()));
                    queries.addAll(set);
                }
            }
            if (queries.isEmpty()) {
                throw new IllegalArgumentException("--vectors-file needs --queries-file");
            }
            queryCount = queries.size();
            System.out.printf(
                    Locale.ROOT,
                    "real vectors: %d from %s, %d queries %s; read in %.1f s%n",
                    n,
                    a.get("--vectors-file"),
                    queryCount,
                    QUERY_SETS,
                    seconds(t0));
        } else {
            data = clustered(random, n, dim);
            queries = queries(random, data, queryCount);
            System.out.printf(Locale.ROOT, "generated in %.1f s%n", seconds(t0));
        }

        List<VectorFloat<?>> vectors = new ArrayList<>(n);
        data.forEach(v -> vectors.add(VTS.createFloatVector(v)));
        List<VectorFloat<?>> queryVectors = new ArrayList<>(queryCount);
        queries.forEach(v -> queryVectors.add(VTS.createFloatVector(v)));

        // ---- raw exact: the ground truth and the baseline ----
        warmExact(vectors, queryVectors, k);
        long[] exactNanos = new long[queryCount];
        List<int[]> truth = new ArrayList<>(queryCount);
        for (int q = 0; q < queryCount; q++) {
            long s = System.nanoTime();
            int[] top = exactTop(vectors, queryVectors.get(q), k);
            exactNanos[q] = System.nanoTime() - s;
            truth.add(top);
        }
        Stats exact = Stats.of(exactNanos);
        System.out.printf(Locale.ROOT, "raw exact: p50 %.3f ms, p99 %.3f ms%n", exact.p50(), exact.p99());

        if (a.containsKey("--skip-raw-ann")) {
            System.out.println("raw ANN skipped (--skip-raw-ann)");
        } else {
            rawAnn(vectors, queryVectors, truth, beams, k, dim, exact);
        }
        if (!skipStore) {
            storeBench(a, data, queries, truth, k, dim, exact);
        }
    }

    private static void rawAnn(
            List<VectorFloat<?>> vectors,
            List<VectorFloat<?>> queryVectors,
            List<int[]> truth,
            int[] beams,
            int k,
            int dim,
            Stats exact)
            throws IOException {
        int n = vectors.size();
        int queryCount = queryVectors.size();
        // ---- raw ANN ----
        RandomAccessVectorValues ravv = new ListRandomAccessVectorValues(vectors, dim);
        long b0 = System.nanoTime();
        GraphIndexBuilder builder = newBuilder(ravv, dim);
        IntStream.range(0, n).parallel().forEach(i -> builder.addGraphNode(i, vectors.get(i)));
        double buildSeconds = seconds(b0);
        System.out.printf(
                Locale.ROOT,
                "raw graph build (M %d, beam %d, alpha %.2f): %.1f s%n",
                M,
                BUILD_BEAM,
                ALPHA,
                buildSeconds);
        List<String> rawRows = new ArrayList<>();
        for (int beam : beams) {
            int searchBeam = Math.max(k, beam);
            annSearch(builder, ravv, queryVectors, k, searchBeam, Math.min(200, queryCount)); // warm-up
            long[] nanos = new long[queryCount];
            double[] recalls = new double[queryCount];
            for (int q = 0; q < queryCount; q++) {
                long s = System.nanoTime();
                int[] got = annSearchOne(builder, ravv, queryVectors.get(q), k, searchBeam);
                nanos[q] = System.nanoTime() - s;
                recalls[q] = recall(got, truth.get(q));
            }
            Stats ann = Stats.of(nanos);
            double recall = Arrays.stream(recalls).average().orElse(0);
            printBySet("raw ANN, search beam " + searchBeam, recalls, nanos);
            String row = String.format(
                    Locale.ROOT,
                    "| raw ANN, search beam %d | %.3f | %.3f | %.3f | %.0f× |",
                    searchBeam,
                    ann.p50(),
                    ann.p99(),
                    recall,
                    exact.p50() / ann.p50());
            rawRows.add(row);
            System.out.println(row);
        }
        builder.close();

        System.out.println();
        System.out.println("| search | p50 ms | p99 ms | recall@" + k + " | exact p50 ÷ this p50 |");
        System.out.println("|---|---|---|---|---|");
        System.out.printf(
                Locale.ROOT, "| raw exact (brute force) | %.3f | %.3f | 1.000 | 1× |%n", exact.p50(), exact.p99());
        rawRows.forEach(System.out::println);
    }

    private static void storeBench(
            Map<String, String> a,
            List<float[]> data,
            List<float[]> queries,
            List<int[]> truth,
            int k,
            int dim,
            Stats rawExact)
            throws IOException {
        boolean temporary = !a.containsKey("--store");
        Path dir = temporary ? Files.createTempDirectory("searchbench") : Path.of(a.get("--store"));
        if (!temporary && Files.exists(dir)) {
            System.err.println("error: " + dir + " exists; remove it first");
            System.exit(1);
        }
        int n = data.size();
        List<String> ids = new ArrayList<>(n);
        Map<String, Integer> ordinalById = new HashMap<>();
        double exactP50;
        try {
            // Insert with the exact threshold above the table size: no graph is built yet.
            System.setProperty("coderag.store.exactBelow", String.valueOf(n + 1));
            System.setProperty("coderag.store.backgroundGraph", "false");
            long i0 = System.nanoTime();
            try (Store store = Store.open(dir, MODEL, dim)) {
                int batch = 10_000;
                for (int from = 0; from < n; from += batch) {
                    try (WriteTransaction tx = store.begin()) {
                        for (int i = from; i < Math.min(n, from + batch); i++) {
                            CodeChunk chunk = chunk(i);
                            tx.insert(chunk, data.get(i));
                            ids.add(chunk.id());
                            ordinalById.put(chunk.id(), i);
                        }
                        tx.commit();
                    }
                }
                double insertSeconds = seconds(i0);
                System.out.printf(
                        Locale.ROOT,
                        "%nstore insert: %d chunks in %.1f s (%.0f chunks/s, 10k per transaction)%n",
                        n,
                        insertSeconds,
                        n / insertSeconds);

                if (a.containsKey("--skip-store-exact")) {
                    // above the compressed tier's threshold an exact scan reads every vector from the file
                    System.out.println("store exact search skipped (--skip-store-exact)");
                    exactP50 = rawExact.p50();
                } else {
                    long l0 = System.nanoTime();
                    store.vectors().search(ChunkKind.CODE, queries.getFirst(), k, SearchFilter.NONE);
                    System.out.printf(
                            Locale.ROOT, "store first search (loads vectors from SQLite): %.1f s%n", seconds(l0));
                    Result exact = storeSearch(store, queries, truth, ordinalById, k);
                    System.out.printf(
                            Locale.ROOT,
                            "| store exact (table below the threshold) | %.3f | %.3f | %.3f | %.1f× of raw exact |%n",
                            exact.stats().p50(),
                            exact.stats().p99(),
                            exact.recall(),
                            exact.stats().p50() / rawExact.p50());
                    exactP50 = exact.stats().p50();
                }
            }

            System.setProperty("coderag.store.exactBelow", "20000");
            long g0 = System.nanoTime();
            try (Store store = Store.open(dir, MODEL, dim)) {
                store.vectors().search(ChunkKind.CODE, queries.getFirst(), k, SearchFilter.NONE);
                System.out.printf(
                        Locale.ROOT,
                        "store first search with the graph on (load vectors, build the graph, save it): %.1f s%n",
                        seconds(g0));
                Result ann = storeSearch(store, queries, truth, ordinalById, k);
                System.out.printf(
                        Locale.ROOT,
                        "| store ANN (default settings) | %.3f | %.3f | %.3f | %.0f× |%n",
                        ann.stats().p50(),
                        ann.stats().p99(),
                        ann.recall(),
                        exactP50 / ann.stats().p50());
            }
            long r0 = System.nanoTime();
            try (Store store = Store.open(dir, MODEL, dim)) {
                store.vectors().search(ChunkKind.CODE, queries.getFirst(), k, SearchFilter.NONE);
                System.out.printf(
                        Locale.ROOT, "store restart, first search (loads the saved graph file): %.1f s%n", seconds(r0));
                Result again = storeSearch(store, queries, truth, ordinalById, k);
                System.out.printf(
                        Locale.ROOT,
                        "| store ANN after restart | %.3f | %.3f | %.3f | |%n",
                        again.stats().p50(),
                        again.stats().p99(),
                        again.recall());
                SearchFilter oneRepoDir = SearchFilter.NONE.withPathGlob("src/p1/**");
                long[] nanos = new long[queries.size()];
                for (int q = 0; q < queries.size(); q++) {
                    long s = System.nanoTime();
                    store.vectors().search(ChunkKind.CODE, queries.get(q), k, oneRepoDir);
                    nanos[q] = System.nanoTime() - s;
                }
                Stats filtered = Stats.of(nanos);
                System.out.printf(
                        Locale.ROOT,
                        "| store, path filter matching 1%% (exact over the filtered rows) | %.3f | %.3f | exact | |%n",
                        filtered.p50(),
                        filtered.p99());
            }
            // --store-beams B1,B2: the configured search beam (coderag.store.searchBeam) swept, the saved graph
            // restored each time; the beam a search uses still grows with the graph (IndexGraph.searchBeam)
            for (String beam : a.getOrDefault("--store-beams", "").split(",")) {
                if (beam.isBlank()) {
                    continue;
                }
                System.setProperty("coderag.store.searchBeam", beam.strip());
                try (Store store = Store.open(dir, MODEL, dim)) {
                    store.vectors().search(ChunkKind.CODE, queries.getFirst(), k, SearchFilter.NONE);
                    Result swept = storeSearch(store, queries, truth, ordinalById, k);
                    System.out.printf(
                            Locale.ROOT,
                            "| store ANN, configured search beam %s | %.3f | %.3f | %.3f | |%n",
                            beam.strip(),
                            swept.stats().p50(),
                            swept.stats().p99(),
                            swept.recall());
                }
            }
            System.clearProperty("coderag.store.searchBeam");
            System.out.printf(Locale.ROOT, "store directory size: %.0f MB%n", sizeMb(dir));
        } finally {
            if (temporary) {
                deleteTree(dir);
            }
        }
    }

    private record Result(Stats stats, double recall) {}

    private static Result storeSearch(
            Store store, List<float[]> queries, List<int[]> truth, Map<String, Integer> ordinalById, int k) {
        for (int q = 0; q < Math.min(200, queries.size()); q++) {
            store.vectors().search(ChunkKind.CODE, queries.get(q), k, SearchFilter.NONE);
        }
        long[] nanos = new long[queries.size()];
        double[] recalls = new double[queries.size()];
        for (int q = 0; q < queries.size(); q++) {
            long s = System.nanoTime();
            List<ScoredChunk> hits = store.vectors().search(ChunkKind.CODE, queries.get(q), k, SearchFilter.NONE);
            nanos[q] = System.nanoTime() - s;
            int[] got =
                    hits.stream().mapToInt(h -> ordinalById.get(h.chunk().id())).toArray();
            recalls[q] = recall(got, truth.get(q));
        }
        printBySet("store", recalls, nanos);
        return new Result(Stats.of(nanos), Arrays.stream(recalls).average().orElse(0));
    }

    /** A named run of consecutive queries read from one file. */
    private record QuerySet(String name, int from, int count) {
        @Override
        public String toString() {
            return name + " (" + count + ")";
        }
    }

    /** The query sets of a {@code --vectors-file} run, in query order; empty for synthetic queries. */
    private static final List<QuerySet> QUERY_SETS = new ArrayList<>();

    /** Prints recall and latency per query set when there is more than one. */
    private static void printBySet(String what, double[] recalls, long[] nanos) {
        if (QUERY_SETS.size() < 2) {
            return;
        }
        for (QuerySet set : QUERY_SETS) {
            Stats stats = Stats.of(Arrays.copyOfRange(nanos, set.from(), set.from() + set.count()));
            double recall = Arrays.stream(recalls, set.from(), set.from() + set.count())
                    .average()
                    .orElse(0);
            System.out.printf(
                    Locale.ROOT,
                    "    %s, queries %s: recall %.4f, p50 %.3f ms, p99 %.3f ms%n",
                    what,
                    set,
                    recall,
                    stats.p50(),
                    stats.p99());
        }
    }

    /**
     * A code chunk per vector (model {@code bench/synthetic}); 100 paths per directory "src/p<d>/", so a directory
     * filter keeps 1% (also VectorMemoryBench's chunks).
     */
    static CodeChunk chunk(int i) {
        String path = "src/p" + (i % 100) + "/F" + (i / 100) + ".java";
        return new CodeChunk(
                "bench",
                path,
                Language.JAVA,
                "f" + i,
                SymbolKind.METHOD,
                "Bench",
                "void f" + i + "()",
                "",
                "void f" + i + "() { step" + (i % 997) + "(); }",
                1,
                1,
                List.of("step" + (i % 997)),
                MODEL);
    }

    // ---- data ----

    /**
     * Unit vectors like text embeddings: every vector leans on one shared direction (embedding models are
     * anisotropic: unrelated texts still have cosine ~0.4-0.5), then on one of n/50 topic centroids, plus noise.
     */
    static List<float[]> clustered(Random random, int n, int dim) {
        float[] common = unit(gaussian(random, dim));
        int topics = Math.max(10, n / 50);
        List<float[]> centroids = new ArrayList<>(topics);
        for (int t = 0; t < topics; t++) {
            centroids.add(unit(gaussian(random, dim)));
        }
        List<float[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            float[] centroid = centroids.get(random.nextInt(topics));
            float[] noise = unit(gaussian(random, dim));
            float[] v = new float[dim];
            for (int d = 0; d < dim; d++) {
                v[d] = 0.65f * common[d] + 0.6f * centroid[d] + 0.45f * noise[d];
            }
            out.add(unit(v));
        }
        return out;
    }

    /** Queries near documents: a random document plus noise, as a question near the chunk that answers it. */
    private static List<float[]> queries(Random random, List<float[]> data, int count) {
        List<float[]> out = new ArrayList<>(count);
        int dim = data.getFirst().length;
        for (int q = 0; q < count; q++) {
            float[] base = data.get(random.nextInt(data.size()));
            float[] noise = unit(gaussian(random, dim));
            float[] v = new float[dim];
            for (int d = 0; d < dim; d++) {
                v[d] = base[d] + 0.5f * noise[d];
            }
            out.add(unit(v));
        }
        return out;
    }

    /** A vector of standard normal components (package-private: other harnesses draw vectors the same way). */
    static float[] gaussian(Random random, int dim) {
        float[] v = new float[dim];
        for (int d = 0; d < dim; d++) {
            v[d] = (float) random.nextGaussian();
        }
        return v;
    }

    /** Scales {@code v} to unit length in place and returns it. */
    static float[] unit(float[] v) {
        double s = 0;
        for (float x : v) {
            s += x * x;
        }
        float norm = (float) Math.sqrt(s);
        for (int d = 0; d < v.length; d++) {
            v[d] /= norm;
        }
        return v;
    }

    // ---- search ----

    private static void warmExact(List<VectorFloat<?>> vectors, List<VectorFloat<?>> queries, int k) {
        for (int q = 0; q < Math.min(50, queries.size()); q++) {
            exactTop(vectors, queries.get(q), k);
        }
    }

    private static int[] exactTop(List<VectorFloat<?>> vectors, VectorFloat<?> query, int k) {
        int[] ids = new int[k];
        float[] scores = new float[k];
        Arrays.fill(scores, Float.NEGATIVE_INFINITY);
        int n = vectors.size();
        for (int i = 0; i < n; i++) {
            float s = VectorUtil.dotProduct(query, vectors.get(i));
            if (s > scores[k - 1]) {
                int j = k - 1;
                while (j > 0 && scores[j - 1] < s) {
                    scores[j] = scores[j - 1];
                    ids[j] = ids[j - 1];
                    j--;
                }
                scores[j] = s;
                ids[j] = i;
            }
        }
        return ids;
    }

    @SuppressWarnings("deprecation") // the explicit constructor; builder() reads hierarchy settings from JMX
    private static GraphIndexBuilder newBuilder(RandomAccessVectorValues ravv, int dim) {
        return new GraphIndexBuilder(
                BuildScoreProvider.randomAccessScoreProvider(ravv, VectorSimilarityFunction.DOT_PRODUCT),
                dim,
                M,
                BUILD_BEAM,
                1.2f,
                ALPHA,
                true,
                true);
    }

    private static void annSearch(
            GraphIndexBuilder builder,
            RandomAccessVectorValues ravv,
            List<VectorFloat<?>> queries,
            int k,
            int beam,
            int count) {
        for (int q = 0; q < count; q++) {
            annSearchOne(builder, ravv, queries.get(q), k, beam);
        }
    }

    private static int[] annSearchOne(
            GraphIndexBuilder builder, RandomAccessVectorValues ravv, VectorFloat<?> query, int k, int beam) {
        try (GraphSearcher searcher = new GraphSearcher(builder.getGraph())) {
            var provider = DefaultSearchScoreProvider.exact(query, VectorSimilarityFunction.DOT_PRODUCT, ravv);
            SearchResult result = searcher.search(provider, k, beam, 0f, 0f, Bits.ALL);
            return Arrays.stream(result.getNodes()).mapToInt(ns -> ns.node).toArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double recall(int[] got, int[] truth) {
        Set<Integer> expected = new HashSet<>();
        for (int t : truth) {
            expected.add(t);
        }
        int hit = 0;
        for (int g : got) {
            if (expected.contains(g)) {
                hit++;
            }
        }
        return hit / (double) truth.length;
    }

    // ---- reporting ----

    private record Stats(double p50, double p99) {
        static Stats of(long[] nanos) {
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            return new Stats(
                    sorted[(int) Math.min(sorted.length - 1, Math.round(0.50 * (sorted.length - 1)))] / 1e6,
                    sorted[(int) Math.min(sorted.length - 1, Math.round(0.99 * (sorted.length - 1)))] / 1e6);
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static double sizeMb(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                            .mapToLong(p -> {
                                try {
                                    return Files.size(p);
                                } catch (IOException e) {
                                    return 0;
                                }
                            })
                            .sum()
                    / 1e6;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path p :
                    files.sorted((x, y) -> y.getNameCount() - x.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static final Set<String> FLAGS = Set.of("--skip-store", "--skip-raw-ann", "--skip-store-exact");

    private static Map<String, String> parseArgs(String[] args) {
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + arg);
            }
            if (FLAGS.contains(arg)) {
                out.put(arg, "true");
            } else if (i + 1 < args.length) {
                out.put(arg, args[++i]);
            } else {
                throw new IllegalArgumentException(arg + " needs a value");
            }
        }
        return out;
    }
}
