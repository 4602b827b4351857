package dev.coderag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.bench.CorpusChunks.ParsedFile;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Retrieval-only {@code POST /api/chat} latency (generator {@code none}) over real HTTP against a real
 * {@code ChatCli serve} process, at several store sizes and client counts, with the server's resident memory.
 *
 * <p>The store is built from real chunks: the repositories under {@code --corpus} parsed with the product's
 * ChunkParser, taken whole file by whole file, corpus by corpus in the order given, each corpus in a seeded
 * shuffle of its files. The first {@code --real} distinct chunk texts in that order carry their real
 * bge-small embedding (computed once and kept in {@code WORK/vectors-<model>.bin}; {@code --reuse-store} takes
 * real vectors from existing stores by content hash first). Every other chunk — and, when a size exceeds the
 * corpus, the copies of the corpus under other repo names — keeps its real text but gets the real embedding of
 * another chunk (one of the same file when there is one) plus Gaussian noise of {@code --noise} per dimension,
 * re-normalised: realistic lexical statistics, realistically clustered vectors, without hours of embedding.
 * Queries are real text (BLIZZARD bug-report titles and short questions), embedded for real by the server on
 * every request. With {@code --vectors static} every chunk instead carries its real static-tier vector and no
 * model vector (the store {@code ./rag ingest --vectors static} leaves).
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.ChatLatencyBench [--corpus DIR]... [--sizes 10000,100000]
 * [--clients 1,8] [--requests 400 | --seconds 60] [--warmup 40] [--real 10000] [--noise 0.02] [--work DIR] [--reuse-store DIR]...
 * [--queries FILE.jsonl]... [--server-heap 2g] [--server-jvm ARG]... [--model int8] [--embed-only]}. {@code --embed-only} only fills the
 * vector cache (resumable) and exits.
 */
public final class ChatLatencyBench {
    /** The application the benchmark serves with: the jar ./rag runs (built by rag-bench/run). */
    private static final Path APP_JAR = Path.of("rag-cli/target/rag-cli.jar").toAbsolutePath();

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Length of a measured run in seconds, or 0 to send a fixed number of requests (set once from the args). */
    private static int LOAD_SECONDS;

    private static final long SEED = 42;
    /** The server's trace stages reported; in the production path "vector" covers the BM25 searches too. */
    private static final List<String> STAGES = List.of(
            "analyze",
            "embed",
            "intent",
            "search",
            "vector",
            "lexical",
            "pins",
            "graph",
            "fuse",
            "relevance",
            "evidence",
            "context",
            "total");

    private static final Pattern BUG_PREFIX = Pattern.compile("^Bug\\s+\\d+\\s*\\S?\\s*");

    /** Short questions of the kind a newcomer asks about these two code bases. */
    static final List<String> QUESTIONS = List.of(
            "where are breakpoints installed in the target VM?",
            "how does the debugger evaluate an expression?",
            "what does JDIThread do when it suspends?",
            "how is a Java launch configuration validated?",
            "where is the VM install type for a JRE defined?",
            "how are stack frames computed?",
            "what happens when a hot code replace fails?",
            "how does the ECF container connect to a remote target?",
            "where is the discovery service implemented?",
            "how are remote services registered?",
            "what does the presence adapter do?",
            "how is a shared object replicated to other containers?",
            "where is the XMPP connection created?",
            "how does file transfer report progress?",
            "what are the callers of createContainer?",
            "how do I configure the launching classpath?",
            "explain the difference between line breakpoints and method breakpoints",
            "which class handles exception breakpoints?",
            "how is the source lookup director set up?",
            "what is the role of IJavaDebugTarget?",
            "how are watch expressions refreshed?",
            "where is the console output of a launched VM read?",
            "how does the container manager find a container by id?",
            "what does the datashare channel send?");

    private ChatLatencyBench() {}

    public static void main(String[] args) throws Exception {
        BenchArgs a;
        try {
            a = BenchArgs.parse(
                    args,
                    Set.of(
                            "--corpus",
                            "--sizes",
                            "--clients",
                            "--requests",
                            "--seconds",
                            "--warmup",
                            "--real",
                            "--noise",
                            "--work",
                            "--reuse-store",
                            "--queries",
                            "--server-heap",
                            "--server-jvm",
                            "--model",
                            "--vectors"),
                    Set.of("--embed-only"));
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        run(a);
        System.exit(0); // the HTTP client's selector threads must not keep the JVM alive
    }

    private static void run(BenchArgs a) throws Exception {
        List<Path> corpora = a.all("--corpus", List.of("/work/corpora/eclipse.jdt.debug", "/work/corpora/ecf")).stream()
                .map(Path::of)
                .toList();
        List<Integer> sizes = a.ints("--sizes", "10000,100000");
        List<Integer> clientCounts = a.ints("--clients", "1,8");
        int requests = a.getInt("--requests", 400);
        // --seconds S: each run lasts S seconds (closed loops, as many requests as fit) instead of --requests
        LOAD_SECONDS = a.getInt("--seconds", 0);
        int warmup = a.getInt("--warmup", 40);
        int realTarget = a.getInt("--real", 10_000);
        double noise = a.getDouble("--noise", 0.02);
        Path work = Path.of(a.get("--work", "rag-bench/target/chat-latency")).toAbsolutePath();
        String serverHeap = a.get("--server-heap", "2g");
        // e.g. --server-jvm -XX:StartFlightRecording=filename=server.jfr,settings=profile to profile the server
        List<String> serverJvm = a.all("--server-jvm", List.of());
        EmbeddingModel model = EmbeddingModel.fromName(a.get("--model", EmbeddingModel.DEFAULT.shortName()));
        // --vectors static: every chunk carries its static-tier vector (computed here, the tier ./rag ingest
        // --vectors static writes) and no model vector; --real and --reuse-store are then not used
        boolean staticTier =
                switch (a.get("--vectors", "full")) {
                    case "full" -> false;
                    case "static" -> true;
                    default -> throw new IllegalArgumentException("--vectors is full or static");
                };
        List<Path> queryFiles = a
                .all(
                        "--queries",
                        List.of(
                                "/work/shared/eval/blizzard/ecf.queries.jsonl",
                                "/work/shared/eval/blizzard/eclipse.jdt.debug.queries.jsonl"))
                .stream()
                .map(Path::of)
                .toList();
        Files.createDirectories(work);
        System.out.println("ChatLatencyBench: " + Machine.describe());
        System.out.println("corpora " + corpora + ", sizes " + sizes + ", clients " + clientCounts + ", " + requests
                + " requests per run after " + warmup + " warm-up, real target " + realTarget + ", noise " + noise
                + ", model " + model.shortName() + (staticTier ? " (static tier)" : "") + ", server heap " + serverHeap
                + ", work " + work);

        // 1. Real chunks.
        long t0 = System.nanoTime();
        List<ParsedFile> files = new ArrayList<>();
        for (Path corpus : corpora) {
            // corpus by corpus, each in a seeded shuffle: a store smaller than the first corpus is part of it
            List<ParsedFile> parsed = new ArrayList<>(
                    CorpusChunks.parse(corpus.toRealPath(), corpus.getFileName().toString(), model.modelId(), 2));
            Collections.shuffle(parsed, new Random(SEED));
            files.addAll(parsed);
        }
        int poolChunks = files.stream().mapToInt(f -> f.chunks().size()).sum();
        System.out.printf(
                Locale.ROOT,
                "parsed %d files into %d chunks %s in %.1f s%n",
                files.size(),
                poolChunks,
                perKind(files.stream().flatMap(f -> f.chunks().stream()).toList()),
                secs(t0));

        // 2. Real vectors for the first realTarget distinct texts.
        Path cacheFile = work.resolve("vectors-" + model.shortName() + ".bin");
        try (VectorCache cache = VectorCache.open(cacheFile, 384)) {
            if (!staticTier) {
                List<Chunk> realChunks = firstDistinct(files, realTarget);
                fillCache(cache, files, realChunks, a.all("--reuse-store", List.of()), model);
            }
            if (a.has("--embed-only")) {
                System.out.println("vector cache " + cacheFile + " holds " + cache.size() + " vectors");
                return;
            }
            List<String> queries = queries(queryFiles);
            System.out.println("queries: " + queries.size() + " (BLIZZARD titles + " + QUESTIONS.size()
                    + " short questions, interleaved)");

            Map<String, Object> results = new LinkedHashMap<>();
            for (int size : sizes) {
                Path storeDir = work.resolve("store-" + size + (staticTier ? "-static" : ""));
                StoreInfo info = staticTier
                        ? buildStaticStore(storeDir, size, files, model)
                        : buildStore(storeDir, size, files, cache, noise, model);
                System.out.println("store " + storeDir + ": " + info);
                results.put(
                        Integer.toString(size),
                        serveAndMeasure(
                                storeDir,
                                model,
                                serverHeap,
                                serverJvm,
                                work,
                                queries,
                                clientCounts,
                                requests,
                                warmup,
                                size));
            }
            System.out.println("JSON " + JSON.writeValueAsString(results));
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Chunks and vectors

    private static List<Chunk> firstDistinct(List<ParsedFile> files, int n) {
        Map<String, Chunk> byHash = new LinkedHashMap<>();
        for (ParsedFile f : files) {
            for (Chunk c : f.chunks()) {
                if (byHash.size() >= n) {
                    return List.copyOf(byHash.values());
                }
                byHash.putIfAbsent(c.contentHash(), c);
            }
        }
        return List.copyOf(byHash.values());
    }

    /**
     * Takes every real vector the {@code reuseStores} hold for a chunk of the corpus (by content hash), then embeds
     * the texts of {@code wanted} that still have none.
     */
    private static void fillCache(
            VectorCache cache,
            List<ParsedFile> files,
            List<Chunk> wanted,
            List<String> reuseStores,
            EmbeddingModel model)
            throws IOException {
        for (String dir : reuseStores) {
            Path p = Path.of(dir);
            if (Store.storedModelId(p).filter(model.modelId()::equals).isEmpty()) {
                System.out.println("reuse: " + dir + " holds no " + model.modelId() + " store; skipped");
                continue;
            }
            List<String> absent = files.stream()
                    .flatMap(f -> f.chunks().stream())
                    .map(Chunk::contentHash)
                    .distinct()
                    .filter(h -> !cache.contains(h))
                    .toList();
            int found = 0;
            try (Store s = Store.open(p, model.modelId(), 384)) {
                for (int i = 0; i < absent.size(); i += 500) {
                    for (Map.Entry<String, float[]> e : s.vectors()
                            .byContentHash(absent.subList(i, Math.min(absent.size(), i + 500)))
                            .entrySet()) {
                        cache.put(e.getKey(), e.getValue());
                        found++;
                    }
                }
            }
            cache.flush();
            System.out.println("reuse: " + found + " real vectors taken from " + dir);
        }
        List<Chunk> missing =
                wanted.stream().filter(c -> !cache.contains(c.contentHash())).toList();
        System.out.println("real vectors: the first " + wanted.size() + " distinct texts wanted, "
                + (wanted.size() - missing.size()) + " of them in the cache; cache holds " + cache.size());
        if (missing.isEmpty()) {
            return;
        }
        System.out.println("embedding " + missing.size() + " chunk texts for real (resumable) ...");
        long start = System.nanoTime();
        long lastPrint = start;
        int done = 0;
        try (Embedder embedder = Embedder.open(model)) {
            for (int i = 0; i < missing.size(); i += 64) {
                List<Chunk> batch = missing.subList(i, Math.min(missing.size(), i + 64));
                List<float[]> vectors = embedder.embedDocuments(
                        batch.stream().map(Chunk::embeddingText).toList());
                for (int j = 0; j < batch.size(); j++) {
                    cache.put(batch.get(j).contentHash(), vectors.get(j));
                }
                cache.flush();
                done += batch.size();
                if (System.nanoTime() - lastPrint > 30e9 || done == missing.size()) {
                    lastPrint = System.nanoTime();
                    System.out.printf(
                            Locale.ROOT,
                            "  embedded %d/%d (%.1f chunks/s, load %s)%n",
                            done,
                            missing.size(),
                            done / secs(start),
                            Machine.load());
                }
            }
        }
    }

    /** What a built store holds. */
    record StoreInfo(
            int chunks,
            Map<ChunkKind, Integer> perKind,
            int realVectors,
            int borrowedSameFile,
            int borrowedOther,
            int copies,
            double buildSeconds,
            boolean reused) {}

    /**
     * Builds (or reuses, when built before with the same settings) a store of at least {@code size} chunks: whole
     * files in the shuffled order, then copies of the corpus under repo names {@code <repo>-copy<n>}.
     */
    private static StoreInfo buildStore(
            Path dir, int size, List<ParsedFile> files, VectorCache cache, double noise, EmbeddingModel model)
            throws IOException {
        Path marker = dir.resolve("bench.properties");
        String signature = "size=" + size + " files=" + files.size() + " noise=" + noise + " seed=" + SEED + " cache="
                + cache.size();
        Properties p = builtWith(marker, signature);
        if (p != null) {
            return new StoreInfo(
                    Integer.parseInt(p.getProperty("chunks")),
                    Map.of(),
                    Integer.parseInt(p.getProperty("real")),
                    Integer.parseInt(p.getProperty("sameFile")),
                    Integer.parseInt(p.getProperty("other")),
                    Integer.parseInt(p.getProperty("copies")),
                    0,
                    true);
        }
        deleteTree(dir);
        long t0 = System.nanoTime();
        List<float[]> realPool = new ArrayList<>();
        for (ParsedFile f : files) {
            for (Chunk c : f.chunks()) {
                float[] v = cache.get(c.contentHash());
                if (v != null) {
                    realPool.add(v);
                }
            }
        }
        if (realPool.isEmpty()) {
            throw new IllegalStateException("no real vectors in the cache; run with --real > 0");
        }
        int count = 0;
        int real = 0;
        int sameFile = 0;
        int other = 0;
        int copies = 0;
        Map<ChunkKind, Integer> perKind = new EnumMap<>(ChunkKind.class);
        Random random = new Random(SEED);
        Set<String> repos = new LinkedHashSet<>();
        try (Store store = Store.open(dir, model.modelId(), 384);
                WriteTransaction tx = store.begin()) {
            for (int round = 1; count < size; round++) {
                for (ParsedFile f : files) {
                    if (count >= size) {
                        break;
                    }
                    String repo = round == 1 ? f.repo() : f.repo() + "-copy" + round;
                    if (repos.add(repo)) {
                        tx.putRepo(new RepoRecord(repo, "bench:" + f.repo(), "", Instant.now()));
                    }
                    tx.putFile(repo, f.path(), f.fileHash());
                    List<float[]> sameFileReal = new ArrayList<>();
                    for (Chunk c : f.chunks()) {
                        float[] v = cache.get(c.contentHash());
                        if (v != null) {
                            sameFileReal.add(v);
                        }
                    }
                    for (Chunk c : f.chunks()) {
                        Chunk chunk = round == 1 ? c : withRepo(c, repo);
                        float[] own = cache.get(c.contentHash());
                        float[] vector;
                        if (round == 1 && own != null) {
                            vector = own;
                            real++;
                        } else {
                            float[] donor;
                            if (own != null) {
                                donor = own; // a copy: its original's real vector, moved a little
                                copies++;
                            } else if (!sameFileReal.isEmpty()) {
                                donor = sameFileReal.get(random.nextInt(sameFileReal.size()));
                                sameFile++;
                            } else {
                                donor = realPool.get(random.nextInt(realPool.size()));
                                other++;
                            }
                            vector = jitter(donor, noise, random);
                        }
                        tx.insert(chunk, vector);
                        perKind.merge(chunk.kind(), 1, Integer::sum);
                        count++;
                    }
                }
            }
            tx.commit();
        }
        double seconds = secs(t0);
        p = new Properties();
        p.setProperty("chunks", Integer.toString(count));
        p.setProperty("real", Integer.toString(real));
        p.setProperty("sameFile", Integer.toString(sameFile));
        p.setProperty("other", Integer.toString(other));
        p.setProperty("copies", Integer.toString(copies));
        p.setProperty("perKind", perKind.toString());
        markBuilt(marker, signature, p);
        return new StoreInfo(count, perKind, real, sameFile, other, copies, seconds, false);
    }

    /**
     * A store whose every chunk has its static-tier vector (real, computed here) and no model vector, as {@code
     * ./rag ingest --vectors static} leaves one; sizes past the corpus take copies under other repo names.
     */
    private static StoreInfo buildStaticStore(Path dir, int size, List<ParsedFile> files, EmbeddingModel model)
            throws IOException {
        Path marker = dir.resolve("bench.properties");
        String signature = "size=" + size + " files=" + files.size() + " vectors=static seed=" + SEED;
        Properties built = builtWith(marker, signature);
        if (built != null) {
            return new StoreInfo(Integer.parseInt(built.getProperty("chunks")), Map.of(), 0, 0, 0, 0, 0, true);
        }
        deleteTree(dir);
        long t0 = System.nanoTime();
        int count = 0;
        Map<ChunkKind, Integer> perKind = new EnumMap<>(ChunkKind.class);
        Set<String> repos = new LinkedHashSet<>();
        try (Embedder tier = Embedder.openStatic(model);
                Store store = Store.open(dir, model.modelId(), 384);
                WriteTransaction tx = store.begin()) {
            Map<String, float[]> byHash = new HashMap<>();
            for (int round = 1; count < size; round++) {
                for (ParsedFile f : files) {
                    if (count >= size) {
                        break;
                    }
                    String repo = round == 1 ? f.repo() : f.repo() + "-copy" + round;
                    if (repos.add(repo)) {
                        tx.putRepo(new RepoRecord(repo, "bench:" + f.repo(), "", Instant.now()));
                    }
                    tx.putFile(repo, f.path(), f.fileHash());
                    List<Chunk> missing = f.chunks().stream()
                            .filter(c -> !byHash.containsKey(c.contentHash()))
                            .toList();
                    List<float[]> vectors = tier.embedDocuments(
                            missing.stream().map(Chunk::embeddingText).toList());
                    for (int i = 0; i < missing.size(); i++) {
                        byHash.put(missing.get(i).contentHash(), vectors.get(i));
                    }
                    for (Chunk c : f.chunks()) {
                        Chunk chunk = (round == 1 ? c : withRepo(c, repo)).withModelId(tier.modelId());
                        tx.insert(chunk, byHash.get(c.contentHash()));
                        perKind.merge(chunk.kind(), 1, Integer::sum);
                        count++;
                    }
                }
            }
            tx.commit();
        }
        double seconds = secs(t0);
        Properties p = new Properties();
        p.setProperty("chunks", Integer.toString(count));
        p.setProperty("perKind", perKind.toString());
        markBuilt(marker, signature, p);
        return new StoreInfo(count, perKind, 0, 0, 0, 0, seconds, false);
    }

    /** The properties a store was built with, when its marker has {@code signature}; else null. */
    private static Properties builtWith(Path marker, String signature) throws IOException {
        if (!Files.exists(marker)) {
            return null;
        }
        Properties p = new Properties();
        try (var in = Files.newInputStream(marker)) {
            p.load(in);
        }
        return signature.equals(p.getProperty("signature")) ? p : null;
    }

    private static void markBuilt(Path marker, String signature, Properties p) throws IOException {
        p.setProperty("signature", signature);
        try (var out = Files.newOutputStream(marker)) {
            p.store(out, "ChatLatencyBench store");
        }
    }

    static float[] jitter(float[] v, double sigma, Random random) {
        float[] out = new float[v.length];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] + sigma * random.nextGaussian());
            norm += out[i] * out[i];
        }
        float inv = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < out.length; i++) {
            out[i] *= inv;
        }
        return out;
    }

    /** The same chunk in another repo (a copy of the corpus). */
    static Chunk withRepo(Chunk c, String repo) {
        return switch (c) {
            case CodeChunk x ->
                new CodeChunk(
                        repo,
                        x.path(),
                        x.language(),
                        x.symbol(),
                        x.symbolKind(),
                        x.enclosing(),
                        x.signature(),
                        x.docstring(),
                        x.code(),
                        x.startLine(),
                        x.endLine(),
                        x.calls(),
                        x.modelId());
            case ReadmeChunk x ->
                new ReadmeChunk(repo, x.path(), x.headingPath(), x.text(), x.startLine(), x.endLine(), x.modelId());
            case ManifestChunk x ->
                new ManifestChunk(
                        repo,
                        x.path(),
                        x.name(),
                        x.description(),
                        x.dependencies(),
                        x.startLine(),
                        x.endLine(),
                        x.modelId());
            case ModuleDocChunk x ->
                new ModuleDocChunk(
                        repo,
                        x.path(),
                        x.language(),
                        x.moduleName(),
                        x.text(),
                        x.startLine(),
                        x.endLine(),
                        x.modelId());
            case dev.coderag.types.CommitChunk x ->
                new dev.coderag.types.CommitChunk(
                        repo,
                        x.path(),
                        x.oldPath(),
                        x.language(),
                        x.sha(),
                        x.author(),
                        x.time(),
                        x.subject(),
                        x.body(),
                        x.change(),
                        x.hunks(),
                        x.diff(),
                        x.linesAdded(),
                        x.linesDeleted(),
                        x.omitted(),
                        x.touched(),
                        x.introduced(),
                        x.startLine(),
                        x.endLine(),
                        x.modelId());
        };
    }

    // ---------------------------------------------------------------------------------------------------------
    // Queries

    /** BLIZZARD bug-report titles (first line, "Bug NNN –" dropped), with a short question after every third. */
    static List<String> queries(List<Path> files) throws IOException {
        List<String> titles = new ArrayList<>();
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                String q = JSON.readTree(line).path("query").asText("");
                String title = BUG_PREFIX
                        .matcher(q.lines().findFirst().orElse("").strip())
                        .replaceFirst("");
                if (title.length() >= 8) {
                    titles.add(title);
                }
            }
        }
        Collections.shuffle(titles, new Random(SEED));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < titles.size(); i++) {
            out.add(titles.get(i));
            if (i % 3 == 2) {
                out.add(QUESTIONS.get((i / 3) % QUESTIONS.size()));
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Serving and measuring

    private static Map<String, Object> serveAndMeasure(
            Path storeDir,
            EmbeddingModel model,
            String heap,
            List<String> serverJvm,
            Path work,
            List<String> queries,
            List<Integer> clientCounts,
            int requests,
            int warmup,
            int size)
            throws Exception {
        if (!Files.isRegularFile(APP_JAR)) {
            throw new IllegalStateException(
                    APP_JAR + " is missing; rag-bench/run builds it (or ./mvnw -pl rag-cli -am package)");
        }
        Path log = work.resolve("server-" + size + ".log");
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        // The application's own JVM options (project flags and G1 settings), exactly the file ./rag passes.
        cmd.add("@" + APP_JAR.resolveSibling("jvm.options"));
        cmd.add("-Xmx" + heap);
        cmd.addAll(serverJvm);
        // The first search builds the JVector graph on the request thread instead of in the background, so the
        // measurement starts on the finished graph (the state a default server reaches once its background
        // build is done); steady-state serving is the same either way.
        cmd.add("-Dcoderag.store.backgroundGraph=false");
        // The real application jar, as ./rag runs it: rag-bench does not depend on the web module.
        cmd.addAll(List.of("-jar", APP_JAR.toString(), "serve"));
        cmd.addAll(List.of("--db", storeDir.toString(), "--port", "0", "--model", model.shortName(), "--llm", "none"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment()
                .keySet()
                .removeIf(k -> k.startsWith("RAG_") || k.startsWith("OPENAI_") || k.startsWith("GEMINI_"));
        pb.environment().put("DJL_OFFLINE", "true");
        pb.redirectError(log.toFile());
        long t0 = System.nanoTime();
        Process server = pb.start();
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            BufferedReader stdout =
                    new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String url = servingUrl(stdout, log);
            Thread drain = new Thread(() -> stdout.lines().forEach(l -> {}));
            drain.setDaemon(true);
            drain.start();
            URI chat = URI.create(url).resolve("/api/chat");
            long pid = server.pid();
            System.out.printf(
                    Locale.ROOT,
                    "size %d: server pid %d up at %s in %.1f s, RSS %s (idle, before the first query)%n",
                    size,
                    pid,
                    url,
                    secs(t0),
                    Machine.mb(Machine.statusKb(pid, "VmRSS")));
            out.put("rss_idle_mb", Machine.statusKb(pid, "VmRSS") / 1024);

            // First request: loads the vectors and builds the graph (synchronously, see above).
            long t1 = System.nanoTime();
            Sample first = send(HttpClient.newHttpClient(), chat, queries.getFirst(), Duration.ofMinutes(60));
            System.out.printf(
                    Locale.ROOT,
                    "size %d: first request (loads vectors, builds graphs) %.1f s, status %d, RSS %s%n",
                    size,
                    secs(t1),
                    first.status(),
                    Machine.mb(Machine.statusKb(pid, "VmRSS")));
            out.put("first_request_s", round1(secs(t1)));
            runLoad(chat, queries, 2, warmup, 1, pid); // warm-up, not recorded

            for (int clients : clientCounts) {
                Map<String, Object> r = measure(chat, queries, clients, requests, pid, size);
                out.put("clients_" + clients, r);
            }
            out.put("rss_hwm_mb", Machine.statusKb(pid, "VmHWM") / 1024);
            System.out.printf(
                    Locale.ROOT,
                    "size %d: server RSS now %s, peak (VmHWM) %s, load %s%n",
                    size,
                    Machine.mb(Machine.statusKb(pid, "VmRSS")),
                    Machine.mb(Machine.statusKb(pid, "VmHWM")),
                    Machine.load());
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
        return out;
    }

    private static Map<String, Object> measure(
            URI chat, List<String> queries, int clients, int requests, long pid, int size) throws Exception {
        String loadBefore = Machine.load();
        long t0 = System.nanoTime();
        Load load = runLoad(chat, queries, clients, requests, 1 + clients * 7919, pid);
        double wall = secs(t0);
        List<Double> ms = load.samples().stream().map(Sample::ms).sorted().toList();
        Map<String, List<Double>> stages = new TreeMap<>();
        for (Sample s : load.samples()) {
            s.timings().forEach((k, v) -> stages.computeIfAbsent(k, x -> new ArrayList<>())
                    .add(v));
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("requests", ms.size());
        r.put("errors", load.errors());
        r.put("p50_ms", round1(pct(ms, 0.50)));
        r.put("p90_ms", round1(pct(ms, 0.90)));
        r.put("p99_ms", round1(pct(ms, 0.99)));
        r.put("max_ms", round1(ms.getLast()));
        r.put(
                "mean_ms",
                round1(ms.stream().mapToDouble(Double::doubleValue).average().orElse(0)));
        r.put("req_per_s", round1(ms.size() / wall));
        Map<String, Object> serverP50 = new LinkedHashMap<>();
        for (String stage : STAGES) {
            List<Double> v = stages.get(stage);
            if (v != null) {
                serverP50.put(stage, round1(pct(v.stream().sorted().toList(), 0.5)));
            }
        }
        r.put("server_p50_ms", serverP50);
        List<Double> totals =
                stages.getOrDefault("total", List.of()).stream().sorted().toList();
        if (!totals.isEmpty()) {
            r.put("server_total_p99_ms", round1(pct(totals, 0.99)));
        }
        r.put("rss_max_mb", load.maxRssKb() / 1024);
        r.put("load_before", loadBefore);
        r.put("load_after", Machine.load());
        System.out.printf(
                Locale.ROOT,
                "size %d, %d client(s): %d requests, %d errors, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms,"
                        + " %.1f req/s; server p50 by stage %s; server RSS max %s; load %s -> %s%n",
                size,
                clients,
                ms.size(),
                load.errors(),
                pct(ms, 0.5),
                pct(ms, 0.9),
                pct(ms, 0.99),
                ms.getLast(),
                ms.size() / wall,
                serverP50,
                Machine.mb(load.maxRssKb()),
                loadBefore,
                Machine.load());
        if (load.firstError() != null) {
            System.out.println("  first error: " + load.firstError());
        }
        return r;
    }

    record Sample(int status, double ms, Map<String, Double> timings) {}

    record Load(List<Sample> samples, int errors, String firstError, long maxRssKb) {}

    /** {@code total} requests from {@code clients} threads in closed loops; server RSS sampled meanwhile. */
    private static Load runLoad(URI chat, List<String> queries, int clients, int total, int offset, long pid)
            throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        long deadline = LOAD_SECONDS > 0 ? System.nanoTime() + LOAD_SECONDS * 1_000_000_000L : Long.MAX_VALUE;
        int limit = LOAD_SECONDS > 0 ? Integer.MAX_VALUE : total;
        AtomicLong maxRss = new AtomicLong(Machine.statusKb(pid, "VmRSS"));
        ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> errorTexts = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            threads.add(Thread.ofPlatform().name("client-" + c).start(() -> {
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build();
                for (int i; System.nanoTime() < deadline && (i = next.getAndIncrement()) < limit; ) {
                    String q = queries.get((offset + i) % queries.size());
                    try {
                        Sample s = send(client, chat, q, Duration.ofMinutes(5));
                        if (s.status() == 200) {
                            samples.add(s);
                        } else {
                            errors.incrementAndGet();
                            errorTexts.add("HTTP " + s.status());
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                        errorTexts.add(e.toString());
                    }
                }
            }));
        }
        Thread sampler = Thread.ofPlatform().daemon().start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                maxRss.accumulateAndGet(Machine.statusKb(pid, "VmRSS"), Math::max);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        for (Thread t : threads) {
            t.join();
        }
        sampler.interrupt();
        maxRss.accumulateAndGet(Machine.statusKb(pid, "VmRSS"), Math::max);
        return new Load(List.copyOf(samples), errors.get(), errorTexts.peek(), maxRss.get());
    }

    private static Sample send(HttpClient client, URI chat, String query, Duration timeout) throws Exception {
        String body = JSON.writeValueAsString(Map.of("query", query));
        HttpRequest request = HttpRequest.newBuilder(chat)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        long t0 = System.nanoTime();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        double ms = (System.nanoTime() - t0) / 1e6;
        Map<String, Double> timings = new HashMap<>();
        if (response.statusCode() == 200) {
            JsonNode t = JSON.readTree(response.body()).path("trace").path("timings_ms");
            t.properties().forEach(e -> timings.put(e.getKey(), e.getValue().asDouble()));
        }
        return new Sample(response.statusCode(), ms, timings);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Nearest-rank percentile of an ascending list. */
    static double pct(List<Double> sorted, double p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    private static String perKind(List<Chunk> chunks) {
        Map<ChunkKind, Integer> m = new EnumMap<>(ChunkKind.class);
        chunks.forEach(c -> m.merge(c.kind(), 1, Integer::sum));
        return m.toString();
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static double secs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * The URL a starting {@code ./rag serve} prints on its "coderag is serving" line, read from its stdout.
     *
     * @throws IllegalStateException when stdout ends first (the server did not start; its log says why)
     */
    static String servingUrl(BufferedReader stdout, Path log) throws IOException {
        for (String line; (line = stdout.readLine()) != null; ) {
            int at = line.indexOf("http://");
            if (line.startsWith("coderag is serving") && at >= 0) {
                return line.substring(at).split("\\s+")[0];
            }
        }
        throw new IllegalStateException("the server did not start; see " + log);
    }
}
