package dev.coderag.bench;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The store's vector memory, exact tier against compressed tier (issue 16), on one store of N synthetic clustered
 * vectors (SearchBench's generator): heap used after GC and the process's resident set once a table is loaded
 * with its graph, recall@10 against brute force and search latency, for the table on the heap and then compressed
 * (PQ codes in memory, vectors in {@code vectors-code.*.f32}).
 *
 * <p>{@code --tiers compressed} skips the exact tier; {@code --beams 64,128} measures the compressed tier once per
 * configured search beam ({@code coderag.store.searchBeam}), the first time moving the table to the compressed
 * tier, then reopening the store from its files.
 *
 * <p>{@code rag-bench/run dev.coderag.bench.VectorMemoryBench [--vectors 200000] [--dim 384] [--queries 200]
 * [--tiers exact,compressed] [--beams 64]}
 */
public final class VectorMemoryBench {
    private VectorMemoryBench() {}

    private static final String MODEL = "bench/synthetic";

    public static void main(String[] args) throws Exception {
        int n = intArg(args, "--vectors", 200_000);
        int dim = intArg(args, "--dim", 384);
        int queryCount = intArg(args, "--queries", 200);
        List<String> tiers =
                List.of(stringArg(args, "--tiers", "exact,compressed").split(","));
        String[] beams = stringArg(args, "--beams", "64").split(",");
        int k = 10;
        Random random = new Random(42);
        List<float[]> data = SearchBench.clustered(random, n, dim);
        List<float[]> queries = new ArrayList<>(queryCount);
        for (int q = 0; q < queryCount; q++) {
            float[] base = data.get(random.nextInt(n));
            float[] noise = SearchBench.unit(SearchBench.gaussian(random, dim));
            float[] v = new float[dim];
            for (int d = 0; d < dim; d++) {
                v[d] = base[d] + 0.35f * noise[d];
            }
            queries.add(SearchBench.unit(v));
        }
        List<Set<String>> truth = new ArrayList<>(queryCount);
        for (float[] query : queries) {
            Integer[] top = exactTop(data, query, k);
            Set<String> ids = new HashSet<>();
            for (int i : top) {
                ids.add(SearchBench.chunk(i).id());
            }
            truth.add(ids);
        }
        Path dir = Files.createTempDirectory("vectormemory");
        try {
            System.setProperty("coderag.store.exactBelow", String.valueOf(n + 1));
            System.setProperty("coderag.store.backgroundGraph", "false");
            System.setProperty("coderag.store.compressAbove", String.valueOf(n + 1));
            try (Store store = Store.open(dir, MODEL, dim)) {
                for (int from = 0; from < n; from += 10_000) {
                    try (WriteTransaction tx = store.begin()) {
                        for (int i = from; i < Math.min(n, from + 10_000); i++) {
                            tx.insert(SearchBench.chunk(i), data.get(i));
                        }
                        tx.commit();
                    }
                }
            }
            data = null;
            System.out.printf(
                    Locale.ROOT,
                    "%d vectors of %d dimensions, %d queries, k %d, -Xmx%d MB%n",
                    n,
                    dim,
                    queryCount,
                    k,
                    Runtime.getRuntime().maxMemory() >> 20);
            long baseline = heapAfterGc();
            System.out.printf(
                    Locale.ROOT, "heap before any table is loaded: %.0f MB, RSS %.0f MB%n", baseline / 1e6, rssMb());
            System.out.println(
                    "| tier | load + graph (s) | heap − baseline (MB) | RSS (MB) | recall@10 | p50 ms | p99 ms |");
            System.out.println("|---|---|---|---|---|---|---|");
            System.setProperty("coderag.store.exactBelow", "20000");
            if (tiers.contains("exact")) {
                run("exact (vectors on the heap)", dir, dim, queries, truth, k, baseline);
            }
            if (tiers.contains("compressed")) {
                // Compressed once all n are loaded: the codebook is trained on the same sample either way.
                System.setProperty("coderag.store.compressAbove", String.valueOf(n));
                for (String beam : beams) {
                    System.setProperty("coderag.store.searchBeam", beam);
                    run(
                            "compressed (PQ codes + vectors file), searchBeam " + beam,
                            dir,
                            dim,
                            queries,
                            truth,
                            k,
                            baseline);
                }
            }
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.getFileName().toString().matches("(graph-|vectors-).*"))
                        .sorted()
                        .forEach(f -> System.out.printf(
                                Locale.ROOT,
                                "  %s: %.0f MB%n",
                                f.getFileName(),
                                f.toFile().length() / 1e6));
            }
        } finally {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void run(
            String tier, Path dir, int dim, List<float[]> queries, List<Set<String>> truth, int k, long baseline) {
        long t0 = System.nanoTime();
        try (Store store = Store.open(dir, MODEL, dim)) {
            store.vectors().search(ChunkKind.CODE, queries.getFirst(), k, SearchFilter.NONE);
            double load = (System.nanoTime() - t0) / 1e9;
            long heap = heapAfterGc() - baseline;
            double rss = rssMb();
            for (int q = 0; q < Math.min(100, queries.size()); q++) {
                store.vectors().search(ChunkKind.CODE, queries.get(q), k, SearchFilter.NONE);
            }
            long[] nanos = new long[queries.size()];
            double recall = 0;
            for (int q = 0; q < queries.size(); q++) {
                long s = System.nanoTime();
                List<ScoredChunk> hits = store.vectors().search(ChunkKind.CODE, queries.get(q), k, SearchFilter.NONE);
                nanos[q] = System.nanoTime() - s;
                Set<String> expected = truth.get(q);
                recall += hits.stream().filter(h -> expected.contains(h.id())).count() / (double) k;
            }
            Arrays.sort(nanos);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %.1f | %.0f | %.0f | %.3f | %.2f | %.2f |%n",
                    tier,
                    load,
                    heap / 1e6,
                    rss,
                    recall / queries.size(),
                    nanos[nanos.length / 2] / 1e6,
                    nanos[(int) (nanos.length * 0.99)] / 1e6);
        }
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double rssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return Double.NaN;
    }

    private static Integer[] exactTop(List<float[]> data, float[] query, int k) {
        Integer[] best = new Integer[k];
        double[] scores = new double[k];
        Arrays.fill(scores, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < data.size(); i++) {
            float[] v = data.get(i);
            double s = 0;
            for (int d = 0; d < v.length; d++) {
                s += v[d] * query[d];
            }
            if (s > scores[k - 1]) {
                int j = k - 1;
                while (j > 0 && scores[j - 1] < s) {
                    scores[j] = scores[j - 1];
                    best[j] = best[j - 1];
                    j--;
                }
                scores[j] = s;
                best[j] = i;
            }
        }
        return best;
    }

    private static String stringArg(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }

    private static int intArg(String[] args, String name, int fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return fallback;
    }
}
