package dev.coderag.bench;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Embedding throughput of our pipeline ({@link Embedder#embedDocuments}) against raw ONNX Runtime on the same
 * texts, the same tokenisation and the same batching, as a ratio measured in one run; plus single-query
 * latency. Texts are real Java source cut into chunks of ~100, ~300 and ~500 tokens, from the JDK's
 * {@code lib/src.zip} (or {@code --corpus DIR} of .java files when the JDK has none). Nothing is downloaded.
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.EmbeddingBench [--models fp32,int8] [--sizes 100,300,500]
 * [--threads 2x1,1x2] [--batch-tokens 2048] [--rounds 3] [--scale 1.0] [--corpus DIR] [--mode ratio|configs]}. {@code --threads WxI}
 * means W worker threads each running I intra-op ONNX Runtime threads. Rounds alternate ours and raw, so
 * background load hits both alike; each figure is the median over rounds. {@code --mode configs} instead
 * compares our pipeline across thread and batch configurations, alternated the same way.
 */
public final class EmbeddingBench {
    private static final String QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";
    private static final int MAX_TOKENS = 512;
    private static final int MAX_BATCH = 32;

    private EmbeddingBench() {}

    record ThreadConfig(int workers, int intraOp) {
        static ThreadConfig parse(String s) {
            String[] p = s.split("x");
            return new ThreadConfig(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
        }

        @Override
        public String toString() {
            return workers + "×" + intraOp;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = parseArgs(args);
        List<EmbeddingModel> models = Arrays.stream(
                        opt.getOrDefault("models", "fp32,int8").split(","))
                .map(EmbeddingModel::fromName)
                .toList();
        int[] sizes = Arrays.stream(opt.getOrDefault("sizes", "100,300,500").split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        List<ThreadConfig> threads = Arrays.stream(
                        opt.getOrDefault("threads", "2x1,1x2").split(","))
                .map(ThreadConfig::parse)
                .toList();
        int[] budgets = Arrays.stream(opt.getOrDefault("batch-tokens", "2048").split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        int rounds = Integer.parseInt(opt.getOrDefault("rounds", "3"));
        double scale = Double.parseDouble(opt.getOrDefault("scale", "1.0"));
        Path corpus = Path.of(opt.getOrDefault("corpus", "/work/corpora/ecf"));

        String loadBefore = loadAverage();
        long start = System.nanoTime();
        Map<Integer, List<String>> texts;
        try (Embedder counter = Embedder.open(EmbeddingModel.BGE_SMALL_FP32)) {
            texts = CodeTexts.load(counter, corpus, sizes, scale);
        }
        List<String> queries = List.of(
                "how is the configuration file read",
                "where are HTTP requests retried",
                "sort a list of users by age",
                "which class parses command line arguments",
                "how do I close the database connection");

        if (opt.getOrDefault("mode", "ratio").equals("configs")) {
            compareConfigs(args, models, sizes, threads, budgets, rounds, texts, loadBefore, start);
            return;
        }
        List<String> rows = new ArrayList<>();
        List<String> latencyRows = new ArrayList<>();
        Map<EmbeddingModel, Map<Integer, List<float[]>>> vectors = new HashMap<>();
        for (EmbeddingModel model : models) {
            for (ThreadConfig tc : threads) {
                for (int budget : budgets) {
                    System.setProperty("coderag.embed.workers", Integer.toString(tc.workers()));
                    System.setProperty("coderag.embed.intraOpThreads", Integer.toString(tc.intraOp()));
                    System.setProperty("coderag.embed.batchTokens", Integer.toString(budget));
                    System.setProperty("coderag.embed.maxBatch", Integer.toString(MAX_BATCH));
                    try (Embedder ours = Embedder.open(model);
                            RawOrt raw = new RawOrt(model, tc, budget)) {
                        for (int size : sizes) {
                            List<String> t = texts.get(size);
                            ours.embedDocuments(t.subList(0, Math.min(8, t.size()))); // warm-up
                            raw.embed(t.subList(0, Math.min(8, t.size())));
                            double[] oursRate = new double[rounds];
                            double[] rawRate = new double[rounds];
                            double maxDiff = 0;
                            List<float[]> lastOurs = List.of();
                            for (int r = 0; r < rounds; r++) {
                                // Alternate who goes first, so neither always inherits the other's garbage.
                                boolean oursFirst = r % 2 == 0;
                                List<float[]> a = null;
                                List<float[]> b = null;
                                for (int turn = 0; turn < 2; turn++) {
                                    long t0 = System.nanoTime();
                                    if ((turn == 0) == oursFirst) {
                                        a = ours.embedDocuments(t);
                                        oursRate[r] = t.size() / ((System.nanoTime() - t0) / 1e9);
                                    } else {
                                        b = raw.embed(t);
                                        rawRate[r] = t.size() / ((System.nanoTime() - t0) / 1e9);
                                    }
                                }
                                maxDiff = Math.max(maxDiff, maxAbsDiff(a, b));
                                lastOurs = a;
                            }
                            vectors.computeIfAbsent(model, m -> new HashMap<>()).putIfAbsent(size, lastOurs);
                            double o = median(oursRate);
                            double w = median(rawRate);
                            rows.add(String.format(
                                    Locale.ROOT,
                                    "| %s | %d | %s | %d | %d | %.1f | %.1f | **%.2f** | %.0e |",
                                    model.shortName(),
                                    size,
                                    tc,
                                    budget,
                                    t.size(),
                                    o,
                                    w,
                                    o / w,
                                    maxDiff));
                            System.err.println(rows.get(rows.size() - 1));
                        }
                        if (budget == budgets[0]) {
                            latencyRows.add(queryLatency(model, tc, ours, raw, queries));
                            System.err.println(latencyRows.get(latencyRows.size() - 1));
                        }
                    }
                }
            }
        }
        List<String> agreement = new ArrayList<>();
        if (vectors.containsKey(EmbeddingModel.BGE_SMALL_FP32) && vectors.containsKey(EmbeddingModel.BGE_SMALL_INT8)) {
            for (int size : sizes) {
                List<float[]> a = vectors.get(EmbeddingModel.BGE_SMALL_FP32).get(size);
                List<float[]> b = vectors.get(EmbeddingModel.BGE_SMALL_INT8).get(size);
                double[] cos = IntStream.range(0, a.size())
                        .mapToDouble(i -> dot(a.get(i), b.get(i)))
                        .toArray();
                agreement.add(String.format(
                        Locale.ROOT,
                        "| %d | %.4f | %.4f |",
                        size,
                        Arrays.stream(cos).min().orElse(0),
                        Arrays.stream(cos).average().orElse(0)));
            }
        }
        printReport(
                args,
                rows,
                latencyRows,
                agreement,
                loadBefore,
                loadAverage(),
                (System.nanoTime() - start) / 1e9,
                texts);
    }

    /**
     * Our pipeline only, every (threads × batch tokens) configuration open at once and alternated round by
     * round, so load drift on a shared machine hits all alike; chunks/s relative to the first configuration.
     */
    private static void compareConfigs(
            String[] args,
            List<EmbeddingModel> models,
            int[] sizes,
            List<ThreadConfig> threads,
            int[] budgets,
            int rounds,
            Map<Integer, List<String>> texts,
            String loadBefore,
            long start) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                "| model | tokens/text | threads (workers×intra-op) | batch tokens | chunks/s (or ms) | vs first |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (EmbeddingModel model : models) {
            List<Embedder> open = new ArrayList<>();
            List<String> names = new ArrayList<>();
            try {
                for (ThreadConfig tc : threads) {
                    for (int budget : budgets) {
                        System.setProperty("coderag.embed.workers", Integer.toString(tc.workers()));
                        System.setProperty("coderag.embed.intraOpThreads", Integer.toString(tc.intraOp()));
                        System.setProperty("coderag.embed.batchTokens", Integer.toString(budget));
                        open.add(Embedder.open(model));
                        names.add(tc + " | " + budget);
                    }
                }
                for (int size : sizes) {
                    List<String> t = texts.get(size);
                    double[][] rate = new double[open.size()][rounds];
                    open.forEach(e -> e.embedDocuments(t.subList(0, Math.min(8, t.size()))));
                    for (int r = 0; r < rounds; r++) {
                        for (int c = 0; c < open.size(); c++) {
                            long t0 = System.nanoTime();
                            open.get(c).embedDocuments(t);
                            rate[c][r] = t.size() / ((System.nanoTime() - t0) / 1e9);
                        }
                    }
                    double first = median(rate[0]);
                    for (int c = 0; c < open.size(); c++) {
                        String row = String.format(
                                Locale.ROOT,
                                "| %s | %d | %s | %.1f | %.2f |",
                                model.shortName(),
                                size,
                                names.get(c),
                                median(rate[c]),
                                median(rate[c]) / first);
                        System.err.println(row);
                        sb.append(row).append('\n');
                    }
                }
                // Single-query latency, configurations alternated query by query.
                double[][] ms = new double[open.size()][200];
                for (int i = -20; i < 200; i++) {
                    String q = "where is the configuration file read, query " + Math.floorMod(i, 5);
                    for (int c = 0; c < open.size(); c++) {
                        long t0 = System.nanoTime();
                        open.get(c).embedQuery(q);
                        if (i >= 0) {
                            ms[c][i] = (System.nanoTime() - t0) / 1e6;
                        }
                    }
                }
                for (int c = 0; c < open.size(); c++) {
                    String row = String.format(
                            Locale.ROOT,
                            "| %s | query p50 ms | %s | %.2f | %.2f |",
                            model.shortName(),
                            names.get(c),
                            median(ms[c]),
                            median(ms[c]) / median(ms[0]));
                    System.err.println(row);
                    sb.append(row).append('\n');
                }
            } finally {
                open.forEach(Embedder::close);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "Command: `rag-bench/run dev.coderag.bench.EmbeddingBench %s`  %nMachine: %d cores, JDK %s, %s;"
                        + " run took %.0f s; load average before %s, after %s.%n%n%s",
                String.join(" ", args),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                LocalDate.now(),
                (System.nanoTime() - start) / 1e9,
                loadBefore,
                loadAverage(),
                sb);
    }

    private static String queryLatency(
            EmbeddingModel model, ThreadConfig tc, Embedder ours, RawOrt raw, List<String> queries) {
        int n = 200;
        for (int i = 0; i < 20; i++) {
            ours.embedQuery(queries.get(i % queries.size()));
            raw.embed(List.of(QUERY_PREFIX + queries.get(i % queries.size())));
        }
        double[] oursMs = new double[n];
        double[] rawMs = new double[n];
        for (int i = 0; i < n; i++) {
            String q = queries.get(i % queries.size());
            for (int turn = 0; turn < 2; turn++) {
                long t0 = System.nanoTime();
                if ((turn == 0) == (i % 2 == 0)) {
                    ours.embedQuery(q);
                    oursMs[i] = (System.nanoTime() - t0) / 1e6;
                } else {
                    raw.embed(List.of(QUERY_PREFIX + q));
                    rawMs[i] = (System.nanoTime() - t0) / 1e6;
                }
            }
        }
        double o = median(oursMs);
        double w = median(rawMs);
        return String.format(Locale.ROOT, "| %s | %s | %.2f | %.2f | %.2f |", model.shortName(), tc, o, w, w / o);
    }

    private static void printReport(
            String[] args,
            List<String> rows,
            List<String> latencyRows,
            List<String> agreement,
            String loadBefore,
            String loadAfter,
            double seconds,
            Map<Integer, List<String>> texts) {
        StringBuilder sb = new StringBuilder();
        sb.append("Command: `rag-bench/run dev.coderag.bench.EmbeddingBench")
                .append(args.length == 0 ? "" : " " + String.join(" ", args))
                .append("`  \n");
        sb.append(String.format(
                Locale.ROOT,
                "Machine: %d cores, JDK %s (%s), %s; run took %.0f s; load average before %s, after %s.%n%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                System.getProperty("java.vendor"),
                LocalDate.now(),
                seconds,
                loadBefore,
                loadAfter));
        sb.append("Texts (real Java source): ");
        texts.forEach((size, list) -> sb.append(String.format(
                Locale.ROOT,
                "%d × ~%d tokens (mean %.0f chars); ",
                list.size(),
                size,
                list.stream().mapToInt(String::length).average().orElse(0))));
        sb.append("each within ±10%% of its size in model tokens incl. [CLS]/[SEP].\n\n".replace("%%", "%"));
        sb.append(
                "| model | tokens/text | threads (workers×intra-op) | batch tokens | texts | ours chunks/s | raw ORT chunks/s | ours/raw | max abs diff ours vs raw |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|\n");
        rows.forEach(r -> sb.append(r).append('\n'));
        sb.append("\nSingle query (~10 tokens + instruction), median of 200:\n\n");
        sb.append("| model | threads | ours p50 ms | raw ORT p50 ms | raw/ours |\n|---|---|---|---|---|\n");
        latencyRows.forEach(r -> sb.append(r).append('\n'));
        if (!agreement.isEmpty()) {
            sb.append("\nint8 vs fp32 on the same texts (cosine of the two vectors of each text):\n\n");
            sb.append("| tokens/text | min cosine | mean cosine |\n|---|---|---|\n");
            agreement.forEach(r -> sb.append(r).append('\n'));
        }
        sb.append(String.format(Locale.ROOT, "%nPeak RSS (VmHWM): %s%n", peakRss()));
        System.out.println(sb);
    }

    /** Raw ONNX Runtime: the same tokeniser file, truncation, batching and session options as ours. */
    static final class RawOrt implements AutoCloseable {
        private final OrtEnvironment env = OrtEnvironment.getEnvironment();
        private final OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        private final OrtSession session;
        private final HuggingFaceTokenizer tokenizer;
        private final ExecutorService pool;
        private final int budget;
        private final boolean tokenTypes;
        private final long sepId;

        RawOrt(EmbeddingModel model, ThreadConfig tc, int budget) throws OrtException, IOException {
            this.budget = budget;
            options.setIntraOpNumThreads(tc.intraOp());
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            boolean fp32 = model == EmbeddingModel.BGE_SMALL_FP32;
            String onnx = fp32 ? "bge-small-en-v1.5.onnx" : "bge-small-en-v1.5-q.onnx";
            String tok = fp32 ? "bge-small-en-v1.5-tokenizer.json" : "bge-small-en-v1.5-q-tokenizer.json";
            Path file = cachedModel(onnx);
            session = env.createSession(file.toString(), options);
            tokenTypes = session.getInputNames().contains("token_type_ids");
            try (InputStream in = EmbeddingBench.class.getClassLoader().getResourceAsStream(tok)) {
                tokenizer = HuggingFaceTokenizer.newInstance(
                        in, Map.of("padding", "false", "truncation", "false", "addSpecialTokens", "true"));
            }
            sepId = tokenizer.encode("", true, false).getIds()[1];
            pool = tc.workers() > 1 ? Executors.newFixedThreadPool(tc.workers()) : null;
        }

        List<float[]> embed(List<String> texts) {
            long[][] ids = new long[texts.size()][];
            int[] lengths = new int[ids.length];
            for (int i = 0; i < ids.length; i++) {
                long[] full = tokenizer.encode(texts.get(i), true, false).getIds();
                if (full.length > MAX_TOKENS) {
                    full = Arrays.copyOf(full, MAX_TOKENS);
                    full[MAX_TOKENS - 1] = sepId;
                }
                ids[i] = full;
                lengths[i] = full.length;
            }
            List<int[]> batches = plan(lengths, budget, MAX_BATCH);
            float[][] out = new float[ids.length][];
            try {
                if (pool == null || batches.size() == 1) {
                    for (int[] b : batches) {
                        run(b, ids, out);
                    }
                } else {
                    List<Future<?>> fs = new ArrayList<>();
                    for (int k = batches.size() - 1; k >= 0; k--) {
                        int[] b = batches.get(k);
                        fs.add(pool.submit(() -> {
                            run(b, ids, out);
                            return null;
                        }));
                    }
                    for (Future<?> f : fs) {
                        f.get();
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return List.of(out);
        }

        private void run(int[] batch, long[][] ids, float[][] out) throws OrtException {
            int cols = 0;
            for (int i : batch) {
                cols = Math.max(cols, ids[i].length);
            }
            long[] flat = new long[batch.length * cols];
            long[] mask = new long[flat.length];
            for (int r = 0; r < batch.length; r++) {
                long[] row = ids[batch[r]];
                System.arraycopy(row, 0, flat, r * cols, row.length);
                Arrays.fill(mask, r * cols, r * cols + row.length, 1L);
            }
            long[] shape = {batch.length, cols};
            Map<String, OnnxTensor> in = new HashMap<>();
            try (OnnxTensor a = OnnxTensor.createTensor(env, LongBuffer.wrap(flat), shape);
                    OnnxTensor m = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
                    OnnxTensor t = OnnxTensor.createTensor(env, LongBuffer.wrap(new long[flat.length]), shape)) {
                in.put("input_ids", a);
                in.put("attention_mask", m);
                if (tokenTypes) {
                    in.put("token_type_ids", t);
                }
                try (OrtSession.Result result = session.run(in)) {
                    FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer();
                    int dim = 384;
                    for (int r = 0; r < batch.length; r++) {
                        float[] v = new float[dim];
                        hidden.get(r * cols * dim, v);
                        double s = 0;
                        for (float x : v) {
                            s += (double) x * x;
                        }
                        float inv = (float) (1.0 / Math.sqrt(s));
                        for (int k = 0; k < dim; k++) {
                            v[k] *= inv;
                        }
                        out[batch[r]] = v;
                    }
                }
            }
        }

        @Override
        public void close() throws OrtException {
            if (pool != null) {
                pool.shutdownNow();
            }
            session.close();
            options.close();
            tokenizer.close();
        }

        /** The same file our embedder copied into its cache (opened first), so both load identical bytes. */
        private static Path cachedModel(String name) throws IOException {
            String root = System.getenv("RAG_CACHE_DIR");
            Path base = root != null && !root.isBlank()
                    ? Path.of(root)
                    : System.getenv("XDG_CACHE_HOME") != null
                            ? Path.of(System.getenv("XDG_CACHE_HOME"), "coderag")
                            : Path.of(System.getProperty("user.home"), ".cache", "coderag");
            try (Stream<Path> files = Files.walk(base.resolve("models"))) {
                return files.filter(p -> p.getFileName().toString().equals(name))
                        .findFirst()
                        .orElseThrow(() -> new IOException(name + " not found under " + base));
            }
        }
    }

    /** The batching rule of the embedder (sorted by length, greedy under a padded-token budget). */
    static List<int[]> plan(int[] lengths, int tokenBudget, int maxBatch) {
        int[] order = IntStream.range(0, lengths.length)
                .boxed()
                .sorted(Comparator.comparingInt(i -> lengths[i]))
                .mapToInt(Integer::intValue)
                .toArray();
        List<int[]> batches = new ArrayList<>();
        int start = 0;
        while (start < order.length) {
            int end = start + 1;
            while (end < order.length
                    && end - start < maxBatch
                    && (long) (end - start + 1) * lengths[order[end]] <= tokenBudget) {
                end++;
            }
            batches.add(Arrays.copyOfRange(order, start, end));
            start = end;
        }
        return batches;
    }

    /** Real code cut into chunks of about the requested token counts. */
    static final class CodeTexts {
        private CodeTexts() {}

        static Map<Integer, List<String>> load(Embedder counter, Path corpus, int[] sizes, double scale)
                throws IOException {
            List<String> files = sourceFiles(corpus);
            Map<Integer, List<String>> out = new LinkedHashMap<>();
            for (int size : sizes) {
                // ~6 s of fp32 work per size and round on 2 cores.
                int want = (int) Math.max(8, Math.round(scale * Math.min(256, 30_000 / size)));
                out.put(size, chunks(counter, files, size, want));
            }
            return out;
        }

        private static List<String> chunks(Embedder counter, List<String> files, int size, int want) {
            List<String> result = new ArrayList<>();
            for (String file : files) {
                String[] lines = file.split("\n");
                int i = 0;
                while (i < lines.length && result.size() < want) {
                    StringBuilder sb = new StringBuilder();
                    int tokens = 0;
                    int j = i;
                    while (j < lines.length && tokens < size) {
                        tokens += counter.countTokens(lines[j]);
                        sb.append(lines[j]).append('\n');
                        j++;
                    }
                    String chunk = sb.toString();
                    int exact = counter.countTokens(chunk) + 2;
                    if (exact >= size * 0.9 && exact <= Math.min(MAX_TOKENS, size * 1.1)) {
                        result.add(chunk);
                    }
                    i = j;
                }
                if (result.size() >= want) {
                    break;
                }
            }
            return result;
        }

        private static List<String> sourceFiles(Path corpus) throws IOException {
            Path srcZip = Path.of(System.getProperty("java.home"), "lib", "src.zip");
            List<String> files = new ArrayList<>();
            if (Files.isRegularFile(srcZip)) {
                try (ZipFile zip = new ZipFile(srcZip.toFile())) {
                    List<? extends ZipEntry> entries = zip.stream()
                            .filter(e -> e.getName().startsWith("java.base/java/util/")
                                    && e.getName().endsWith(".java"))
                            .sorted(Comparator.comparing(ZipEntry::getName))
                            .toList();
                    for (ZipEntry e : entries) {
                        try (InputStream in = zip.getInputStream(e)) {
                            files.add(skipLicense(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                        }
                    }
                }
                return files;
            }
            try (Stream<Path> walk = Files.walk(corpus)) {
                for (Path p : walk.filter(p -> p.toString().endsWith(".java"))
                        .sorted()
                        .toList()) {
                    files.add(skipLicense(Files.readString(p)));
                }
            }
            return files;
        }

        private static String skipLicense(String src) {
            int pkg = src.indexOf("\npackage ");
            return pkg >= 0 ? src.substring(pkg + 1) : src;
        }
    }

    private static double maxAbsDiff(List<float[]> a, List<float[]> b) {
        double m = 0;
        for (int i = 0; i < a.size(); i++) {
            for (int k = 0; k < a.get(i).length; k++) {
                m = Math.max(m, Math.abs(a.get(i)[k] - b.get(i)[k]));
            }
        }
        return m;
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static String loadAverage() {
        try {
            return String.join(
                    " ",
                    Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
        } catch (IOException e) {
            return "n/a";
        }
    }

    private static String peakRss() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("VmHWM"))
                    .map(l -> l.substring(6).trim())
                    .findFirst()
                    .orElse("n/a");
        } catch (IOException e) {
            return "n/a";
        }
    }

    private static Map<String, String> parseArgs(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("usage: EmbeddingBench [--models fp32,int8] [--sizes 100,300,500]"
                        + " [--threads 2x1,1x2] [--batch-tokens 2048] [--rounds 3] [--scale 1.0] [--corpus DIR]"
                        + " [--mode ratio|configs]");
            }
            m.put(args[i].substring(2), args[++i]);
        }
        return m;
    }
}
