package dev.coderag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The embedded store against the Solr store on the same corpus, through the real application jar as a user runs
 * it: a local SolrCloud ({@code ./rag dev-cluster start}), then
 *
 * <ol>
 *   <li><b>write throughput</b>: {@code migrate} of an existing store (chunks with their vectors: no embedding)
 *       into a new embedded store and into a Solr collection — chunks written per second by each store — and a
 *       real {@code ingest} (parse, embed, write) of the fixture repositories into each;
 *   <li><b>index size</b> of the collection per chunk and replica (Solr's core status);
 *   <li><b>{@code /api/chat} latency</b> (retrieval-only answers, generator {@code none}): p50/p99 at 1 and 4
 *       clients, BLIZZARD bug-report titles and short questions as queries;
 *   <li><b>BLIZZARD</b> ({@code eval --mode full}) on both stores.
 * </ol>
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.SolrBench [--from /work/stores/ecf-fp32] [--corpus
 * /work/corpora/ecf] [--queries …/ecf.queries.jsonl] [--name ecf] [--work DIR] [--nodes 2] [--shards 2]
 * [--replicas 2] [--requests 200] [--clients 1,4] [--skip-eval]}. The source store is copied, never written.
 */
public final class SolrBench {
    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Path APP_JAR = ROOT.resolve("rag-cli/target/rag-cli.jar");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern MIGRATED = Pattern.compile("\\((\\d+) chunks, no re-embedding\\).* in ([0-9.]+) s");
    private static final Duration LONG = Duration.ofHours(3);
    /**
     * The login of the bench's cluster ({@code user:password} from its {@code solr-auth} file), handed to every
     * process the bench starts as {@code RAG_SOLR_AUTH}: the dev cluster refuses requests without it.
     */
    private static String solrAuth = "";

    private SolrBench() {}

    public static void main(String[] args) throws Exception {
        BenchArgs a = BenchArgs.parse(
                args,
                Set.of(
                        "--from",
                        "--corpus",
                        "--queries",
                        "--name",
                        "--work",
                        "--nodes",
                        "--shards",
                        "--replicas",
                        "--requests",
                        "--clients"),
                Set.of("--skip-eval"));
        Path from = Path.of(a.get("--from", "/work/stores/ecf-fp32"));
        Path corpus = Path.of(a.get("--corpus", "/work/corpora/ecf"));
        Path queries = Path.of(a.get("--queries", "/work/shared/eval/blizzard/ecf.queries.jsonl"));
        String name = a.get("--name", "ecf");
        Path work = Path.of(a.get("--work", "rag-bench/target/solr-bench")).toAbsolutePath();
        int nodes = a.getInt("--nodes", 2);
        int requests = a.getInt("--requests", 200);
        List<Integer> clients = a.ints("--clients", "1,4");
        Map<String, Object> report = new LinkedHashMap<>();
        System.out.println("SolrBench: " + Machine.describe());
        deleteTree(work);
        Files.createDirectories(work);
        Path cluster = work.resolve("cluster");
        String url = startCluster(cluster, nodes);
        solrAuth = Files.readString(cluster.resolve("solr-auth")).strip();
        url = url.replace("collection=coderag", "collection=" + name)
                .replaceAll("shards=\\d+", "shards=" + a.getInt("--shards", 2))
                .replaceAll("replicas=\\d+", "replicas=" + a.getInt("--replicas", 2));
        System.out.println("cluster: " + url);
        try {
            Path source = copyTree(from, work.resolve("source"));
            // 1. Writes: migrate (the stores' own write paths, no embedding) and a real ingest.
            report.put(
                    "migrate_embedded", migrate(source, work.resolve("embedded").toString(), work));
            report.put("migrate_solr", migrate(source, url, work));
            report.put("solr_index", indexSize(url, name));
            report.put(
                    "ingest_embedded",
                    ingest(work, Map.of("RAG_DB", work.resolve("fx-embedded").toString())));
            String fixtureUrl = url.replace("collection=" + name, "collection=fixtures");
            report.put(
                    "ingest_solr",
                    ingest(work, Map.of("RAG_DB", work.resolve("fx-local").toString(), "RAG_STORE", fixtureUrl)));
            // 2. /api/chat latency.
            List<String> qs = ChatLatencyBench.queries(List.of(queries));
            report.put(
                    "chat_embedded",
                    chatLatency(List.of("--db", work.resolve("embedded").toString()), qs, clients, requests, work));
            report.put(
                    "chat_solr",
                    chatLatency(
                            List.of("--db", work.resolve("local").toString(), "--store", url),
                            qs,
                            clients,
                            requests,
                            work));
            // 3. BLIZZARD, full mode, on both.
            if (!a.has("--skip-eval")) {
                report.put("eval_embedded", eval(queries, corpus, name, List.of("--db", source.toString()), work));
                report.put(
                        "eval_solr",
                        eval(
                                queries,
                                corpus,
                                name,
                                List.of("--db", work.resolve("local").toString(), "--store", url),
                                work));
            }
        } finally {
            run(
                    List.of(ROOT.resolve("rag").toString(), "dev-cluster", "stop", "--dir", cluster.toString()),
                    Map.of(),
                    Duration.ofMinutes(5));
        }
        System.out.println("JSON " + JSON.writeValueAsString(report));
        System.exit(0);
    }

    private static String startCluster(Path dir, int nodes) throws IOException, InterruptedException {
        String out = run(
                List.of(
                        ROOT.resolve("rag").toString(),
                        "dev-cluster",
                        "start",
                        "--nodes",
                        Integer.toString(nodes),
                        "--dir",
                        dir.toString()),
                Map.of(),
                Duration.ofMinutes(10));
        List<String> lines = out.strip().lines().toList();
        return lines.getLast();
    }

    private static Map<String, Object> migrate(Path source, String to, Path work) throws Exception {
        String out = app(
                List.of(
                        "migrate",
                        "--from",
                        source.toString(),
                        "--to",
                        to,
                        "--db",
                        work.resolve("local").toString()),
                Map.of(),
                LONG);
        Matcher m = MIGRATED.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("unexpected migrate output: " + out);
        }
        int chunks = Integer.parseInt(m.group(1));
        double seconds = Double.parseDouble(m.group(2));
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("chunks", chunks);
        r.put("seconds", seconds);
        r.put("chunks_per_s", Math.round(chunks / seconds));
        System.out.printf(
                Locale.ROOT,
                "migrate → %s: %d chunks in %.1f s (%.0f chunks/s)%n",
                to,
                chunks,
                seconds,
                chunks / seconds);
        return r;
    }

    /** A real ingest (parse, embed, write) of the fixture repositories. */
    private static Map<String, Object> ingest(Path work, Map<String, String> env) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("ingest", "--json"));
        cmd.add(ROOT.resolve("raptor-ingest/src/test/resources/fixture-repo").toString());
        cmd.add(ROOT.resolve("rag-cli/src/test/resources/polyglot-repo").toString());
        cmd.add(ROOT.resolve("raptor-ingest/src/test/resources/real").toString());
        JsonNode s = JSON.readTree(app(cmd, env, LONG));
        Map<String, Object> r = new LinkedHashMap<>();
        int chunks = s.path("chunks").path("inserted").asInt();
        double total = s.path("seconds").path("total").asDouble();
        r.put("chunks", chunks);
        r.put("seconds", total);
        r.put("write_seconds", s.path("seconds").path("write").asDouble());
        r.put("chunks_per_s", Math.round(chunks / total));
        System.out.println("ingest " + env + ": " + r);
        return r;
    }

    private static Map<String, Object> indexSize(String url, String collection) throws Exception {
        long bytes = 0;
        int cores = 0;
        HttpClient http = HttpClient.newHttpClient();
        Matcher hosts = Pattern.compile("(?:solr://|,)([0-9.]+:\\d+)/solr").matcher(url);
        while (hosts.find()) {
            String status = http.send(
                            HttpRequest.newBuilder(URI.create(
                                            "http://" + hosts.group(1) + "/solr/admin/cores?action=STATUS&wt=json"))
                                    .header(
                                            "Authorization",
                                            "Basic "
                                                    + java.util.Base64.getEncoder()
                                                            .encodeToString(solrAuth.getBytes(StandardCharsets.UTF_8)))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            for (JsonNode core : JSON.readTree(status).path("status")) {
                if (core.path("cloud").path("collection").asText().equals(collection)) {
                    bytes += core.path("index").path("sizeInBytes").asLong();
                    cores++;
                }
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("cores", cores);
        r.put("bytes", bytes);
        System.out.println("solr index of " + collection + ": " + cores + " cores, " + bytes / 1_000_000 + " MB");
        return r;
    }

    private static Map<String, Object> chatLatency(
            List<String> storeArgs, List<String> queries, List<Integer> clientCounts, int requests, Path work)
            throws Exception {
        List<String> cmd = new ArrayList<>(List.of(javaBin()));
        cmd.addAll(jvmFlags());
        cmd.add("-Xmx2g");
        cmd.addAll(List.of("-jar", APP_JAR.toString(), "serve", "--port", "0", "--llm", "none"));
        cmd.addAll(storeArgs);
        ProcessBuilder pb =
                new ProcessBuilder(cmd).redirectError(work.resolve("serve.log").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("RAG_"));
        pb.environment().put("RAG_SOLR_AUTH", solrAuth);
        Process server = pb.start();
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            BufferedReader stdout =
                    new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String url = ChatLatencyBench.servingUrl(stdout, work.resolve("serve.log"));
            URI chat = URI.create(url).resolve("/api/chat");
            HttpClient http = HttpClient.newHttpClient();
            for (int i = 0; i < 20; i++) { // warm-up (loads vectors, JIT), not recorded
                send(http, chat, queries.get(i % queries.size()));
            }
            for (int c : clientCounts) {
                out.put("clients_" + c, load(chat, queries, c, requests));
            }
            out.put("rss_mb", Machine.statusKb(server.pid(), "VmHWM") / 1024);
            System.out.println("chat " + storeArgs + ": " + out);
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
        return out;
    }

    /** {@code clients} closed loops sending {@code requests} questions in all; latency percentiles in ms. */
    private static Map<String, Object> load(URI chat, List<String> queries, int clients, int requests)
            throws Exception {
        ConcurrentLinkedQueue<Long> millis = new ConcurrentLinkedQueue<>();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> loops = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            loops.add(pool.submit(() -> {
                HttpClient http = HttpClient.newHttpClient();
                for (int i = next.getAndIncrement(); i < requests; i = next.getAndIncrement()) {
                    long s = System.nanoTime();
                    try {
                        if (send(http, chat, queries.get((i + 20) % queries.size())) != 200) {
                            errors.incrementAndGet();
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                    millis.add((System.nanoTime() - s) / 1_000_000);
                }
                return null;
            }));
        }
        for (Future<?> f : loops) {
            f.get();
        }
        pool.shutdown();
        double seconds = (System.nanoTime() - t0) / 1e9;
        List<Long> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("requests", sorted.size());
        r.put("errors", errors.get());
        r.put("p50_ms", sorted.get(sorted.size() / 2));
        r.put("p99_ms", sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1)));
        r.put("req_per_s", Math.round(sorted.size() / seconds * 10) / 10.0);
        r.put("load", Machine.load());
        return r;
    }

    private static int send(HttpClient http, URI chat, String query) throws Exception {
        String body = JSON.writeValueAsString(Map.of("query", query));
        return http.send(
                        HttpRequest.newBuilder(chat)
                                .header("Content-Type", "application/json")
                                .timeout(Duration.ofMinutes(2))
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static JsonNode eval(Path queries, Path corpus, String name, List<String> storeArgs, Path work)
            throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                "eval",
                "--queries",
                queries.toString(),
                "--corpus",
                corpus.toString(),
                "--name",
                name,
                "--mode",
                "full",
                "--json"));
        cmd.addAll(storeArgs);
        long t0 = System.nanoTime();
        JsonNode summary = JSON.readTree(app(cmd, Map.of(), LONG));
        System.out.printf(
                Locale.ROOT,
                "eval %s: %s in %.0f s%n",
                storeArgs,
                summary.path("modes").path("full"),
                (System.nanoTime() - t0) / 1e9);
        return summary.path("modes").path("full");
    }

    /** Runs the application jar (as ./rag does) and returns its stdout; fails on a non-zero exit. */
    private static String app(List<String> args, Map<String, String> env, Duration timeout) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(javaBin()));
        cmd.addAll(jvmFlags());
        cmd.add("-Xmx2g");
        cmd.addAll(List.of("-jar", APP_JAR.toString()));
        cmd.addAll(args);
        return run(cmd, env, timeout);
    }

    private static String run(List<String> cmd, Map<String, String> env, Duration timeout)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().keySet().removeIf(k -> k.startsWith("RAG_"));
        pb.environment().put("RAG_SOLR_AUTH", solrAuth);
        pb.environment().putAll(env);
        pb.environment().put("DJL_OFFLINE", "true");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("failed: " + cmd + "\n" + out);
        }
        return out;
    }

    private static String javaBin() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** This JVM's flags (the project's rag.jvm.flags, from rag-bench/run) minus its heap. */
    private static List<String> jvmFlags() {
        List<String> out = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!arg.startsWith("-Xmx") && !arg.startsWith("-Xms")) {
                out.add(arg);
            }
        }
        return out;
    }

    private static Path copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                String rel = from.relativize(p).toString();
                if (rel.endsWith(".lock")) {
                    continue;
                }
                Path target = to.resolve(rel);
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Collections.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
