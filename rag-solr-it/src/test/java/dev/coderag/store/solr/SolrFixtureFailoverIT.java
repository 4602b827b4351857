package dev.coderag.store.solr;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ChatOptions;
import dev.coderag.chat.ChatRequest;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.Source;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.solrcluster.LocalSolrCluster;
import dev.coderag.solrit.SolrCluster;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.solr.client.solrj.impl.HttpJdkSolrClient;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.common.cloud.DocCollection;
import org.apache.solr.common.cloud.Replica;
import org.apache.solr.common.cloud.Slice;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof, on ZooKeeper + 2 Solr nodes (child JVMs) and a 2-shard × 2-replica collection: the fixture
 * repositories go through the real ingester with the real ONNX model into both the Solr store and the embedded
 * store, the fixture questions go through the real chat service, and both give the same top-3 files. Then the
 * node leading a shard is killed with SIGKILL: the questions keep being answered (same files), an ingest started
 * during the outage completes after its writes were retried, and the restarted node catches up (its replicas
 * hold the outage's writes). Timings go to target/solr-failover.txt (docs/SCALE.md quotes them).
 */
@ExtendWith(SolrCluster.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SolrFixtureFailoverIT {
    private static final Path ROOT = SolrCluster.ROOT;
    private static final Map<String, Path> REPOS = new LinkedHashMap<>();

    static {
        REPOS.put("tinyroute", ROOT.resolve("raptor-ingest/src/test/resources/fixture-repo"));
        REPOS.put("polyglot", ROOT.resolve("rag-cli/src/test/resources/polyglot-repo"));
        REPOS.put("real", ROOT.resolve("raptor-ingest/src/test/resources/real"));
    }

    @TempDir
    static Path tmp;

    private static Embedder embedder;
    private static Store embedded;
    private static SolrStore solr;
    private static ChatService embeddedChat;
    private static ChatService solrChat;
    private static String collection;
    private static final List<String> QUESTIONS = new ArrayList<>();
    /** The Solr store's top-3 files per question before the outage. */
    private static final Map<String, List<String>> SOLR_ANSWERS = new LinkedHashMap<>();

    private static final List<String> REPORT = new ArrayList<>();

    @BeforeAll
    static void ingestTheFixturesIntoBothStores() throws IOException {
        embedder = Embedder.open(EmbeddingModel.BGE_SMALL_FP32);
        embedded = Store.open(tmp.resolve("embedded"), embedder.modelId(), embedder.dimension());
        collection = SolrCluster.collection("fixture");
        solr = (SolrStore) Store.open(
                new StoreLocation.Remote(SolrCluster.get().storeUrl(collection, 2, 2), tmp.resolve("solr")),
                embedder.modelId(),
                embedder.dimension());
        for (Store store : List.of(embedded, solr)) {
            long t0 = System.nanoTime();
            IngestSummary s = ingest(store, REPOS);
            REPORT.add(String.format(
                    "ingest into %s: %d chunks in %.1f s (write %.1f s)",
                    store == solr ? "solr" : "embedded",
                    s.chunks().inserted(),
                    (System.nanoTime() - t0) / 1e9,
                    s.seconds().write()));
        }
        embeddedChat = ChatService.create(embedded, embedder, ChatOptions.defaults());
        solrChat = ChatService.create(solr, embedder, ChatOptions.defaults());
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(ROOT.resolve("rag-eval/src/test/resources/fixture.queries.jsonl"))) {
            if (!line.isBlank()) {
                JsonNode q = json.readTree(line);
                QUESTIONS.add(q.get("query").asText());
            }
        }
    }

    @AfterAll
    static void closeAndReport() throws IOException {
        if (solr != null) {
            solr.close();
        }
        if (embedded != null) {
            embedded.close();
        }
        if (embedder != null) {
            embedder.close();
        }
        Path report = ROOT.resolve("rag-solr-it/target/solr-failover.txt");
        Files.createDirectories(report.getParent());
        Files.write(report, REPORT);
    }

    @Test
    @Order(1)
    void both_stores_have_the_same_repositories_and_files() {
        assertThat(solr.repos().list().stream()
                        .map(SolrFixtureFailoverIT::withoutTime)
                        .toList())
                .isEqualTo(embedded.repos().list().stream()
                        .map(SolrFixtureFailoverIT::withoutTime)
                        .toList());
        for (String repo : REPOS.keySet()) {
            // chunk ids in reading order; chunks starting on the same line in the same table (a Kotlin class and
            // its primary constructor) have no order of their own: compare them as sets
            assertThat(byFile(solr.files().entries(repo)))
                    .as(repo)
                    .isEqualTo(byFile(embedded.files().entries(repo)));
        }
    }

    /**
     * Same top-3 files, question by question — with one allowance, for scores that BM25 in Lucene and in FTS5 do
     * not rank alike when they are within a hair (docs/SCALE.md, "Searches"): the first two files must be the
     * same everywhere, at most one question of the nine may differ at rank 3, and then only between files that
     * both stores rank in their top 5. The report lists every question with both answers.
     */
    @Test
    @Order(2)
    void the_fixture_questions_get_the_same_top_3_files_on_both_stores() {
        int different = 0;
        for (String q : QUESTIONS) {
            List<String> expected = files(embeddedChat, q, 5);
            List<String> actual = files(solrChat, q, 5);
            SOLR_ANSWERS.put(q, actual.subList(0, Math.min(3, actual.size())));
            boolean same = expected.subList(0, Math.min(3, expected.size()))
                    .equals(actual.subList(0, Math.min(3, actual.size())));
            REPORT.add("top-3 " + (same ? "same" : "DIFFERENT") + " | "
                    + q.lines().findFirst().orElse("") + " | embedded " + expected + " | solr " + actual);
            assertThat(actual.subList(0, 2)).as(q).isEqualTo(expected.subList(0, 2));
            if (!same) {
                different++;
                assertThat(expected).as(q).contains(actual.get(2));
                assertThat(actual).as(q).contains(expected.get(2));
            }
        }
        assertThat(different).as("questions whose top-3 files differ").isLessThanOrEqualTo(1);
    }

    @Test
    @Order(3)
    void a_node_killed_with_sigkill_questions_go_on_an_ingest_during_the_outage_completes_and_the_node_catches_up()
            throws IOException {
        LocalSolrCluster cluster = SolrCluster.get();
        int victim = leaderNode(cluster);
        // The ingest to run during the outage: a changed copy of the fixture (one file edited, one added), with a
        // store of its own (so its connection's retries are its own), opened before the kill.
        Path changed = copyTree(REPOS.get("tinyroute"), tmp.resolve("tinyroute-v2"));
        Path readme = changed.resolve("README.md");
        Files.writeString(readme, Files.readString(readme) + "\n## Outage notes\n\nWritten while a node was down.\n");
        Files.writeString(
                changed.resolve("router/src/main/java/dev/tinyroute/http/OutageProbe.java"),
                "package dev.tinyroute.http;\n\n/** Added during the outage. */\npublic final class OutageProbe {\n"
                        + "    public static String heartbeatDuringOutage() {\n        return \"alive\";\n    }\n}\n");
        SolrStore writer = (SolrStore) Store.open(
                new StoreLocation.Remote(SolrCluster.get().storeUrl(collection, 2, 2), tmp.resolve("writer")),
                embedder.modelId(),
                embedder.dimension());

        long k0 = System.nanoTime();
        cluster.kill(victim);
        REPORT.add("killed node " + victim + " (SIGKILL), which led a shard of " + collection);
        CompletableFuture<IngestSummary> outageIngest =
                CompletableFuture.supplyAsync(() -> ingest(writer, Map.of("tinyroute", changed)));

        // Meanwhile, searches go on at once from the surviving replicas (reads need no leader) ...
        List<Long> searches = new ArrayList<>();
        for (String q : QUESTIONS) {
            long t0 = System.nanoTime();
            assertThat(solrChat.retriever()
                            .retrieve(q, Optional.empty(), dev.coderag.retrieval.RetrievalMode.FULL, 10)
                            .hits())
                    .isNotEmpty();
            searches.add((System.nanoTime() - t0) / 1_000_000);
        }
        REPORT.add("retrievals right after the kill (ms each): " + searches);
        // ... and questions keep being answered with the same files; saving a chat turn is a write, which waits
        // (retried) until the dead node's shard has a new leader.
        List<Long> millis = new ArrayList<>();
        for (String q : QUESTIONS) {
            long t0 = System.nanoTime();
            assertThat(top3(solrChat, q)).as("during the outage: " + q).isEqualTo(SOLR_ANSWERS.get(q));
            millis.add((System.nanoTime() - t0) / 1_000_000);
        }
        REPORT.add("questions during the outage (ms each, the first right after the kill): " + millis);

        IngestSummary s = outageIngest.join();
        double ingestSeconds = (System.nanoTime() - k0) / 1e9;
        REPORT.add(String.format(
                "ingest started with the kill: %d files new or changed, done %.1f s after the kill, %d requests"
                        + " retried",
                s.files().newFiles() + s.files().changed(), ingestSeconds, writer.retries()));
        assertThat(s.files().newFiles()).isEqualTo(1);
        assertThat(s.files().changed()).isEqualTo(1);
        assertThat(writer.retries())
                .as("writes were retried while the dead node's shard had no leader")
                .isPositive();
        writer.close();
        assertThat(solr.chunks().bySymbol("heartbeatDuringOutage", Optional.of("tinyroute")))
                .hasSize(1);
        assertThat(solr.repos().get("tinyroute").orElseThrow().state().id()).isEqualTo("complete");

        // The node comes back and catches up: each replica of each shard holds the same documents again,
        // the outage's writes included.
        long r0 = System.nanoTime();
        cluster.restart(victim);
        awaitAllReplicasActive(cluster);
        REPORT.add(String.format(
                "node %d restarted and its replicas active again after %.1f s",
                victim, (System.nanoTime() - r0) / 1e9));
        assertReplicasAgree(
                cluster,
                solr.chunks()
                        .bySymbol("heartbeatDuringOutage", Optional.empty())
                        .getFirst()
                        .id());
        for (String q : QUESTIONS) {
            assertThat(top3(solrChat, q)).as("after the restart: " + q).isEqualTo(SOLR_ANSWERS.get(q));
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private static IngestSummary ingest(Store store, Map<String, Path> repos) {
        List<IngestRequest> requests = new ArrayList<>();
        repos.forEach(
                (name, dir) -> requests.add(new IngestRequest(dir.toString(), Optional.of(name), Optional.empty())));
        return Ingester.create(store, embedder, IngestOptions.defaults(store.directory()))
                .ingest(requests, ProgressListener.NONE);
    }

    /** The first three distinct files of an answer's sources, in source order ("repo:path"). */
    private static List<String> top3(ChatService chat, String question) {
        return files(chat, question, 3);
    }

    /** The first {@code n} distinct files of an answer's sources, in source order ("repo:path"). */
    private static List<String> files(ChatService chat, String question, int n) {
        ChatResponse r = chat.ask(ChatRequest.of(question));
        LinkedHashSet<String> files = new LinkedHashSet<>();
        for (Source s : r.sources()) {
            files.add(s.repo() + ":" + s.path());
            if (files.size() == n) {
                break;
            }
        }
        return List.copyOf(files);
    }

    private static Map<String, String> byFile(Map<String, dev.coderag.store.FileEntry> entries) {
        Map<String, String> out = new LinkedHashMap<>();
        entries.forEach((path, e) -> out.put(path, e.fileHash() + " " + new java.util.TreeSet<>(e.chunkIds())));
        return out;
    }

    private static dev.coderag.store.RepoInfo withoutTime(dev.coderag.store.RepoInfo r) {
        return new dev.coderag.store.RepoInfo(
                r.name(),
                r.source(),
                r.commit(),
                Optional.empty(),
                r.chunks(),
                r.languages(),
                r.files(),
                r.state(),
                r.pendingFiles(),
                r.branch(),
                r.staticVectors());
    }

    /** A node (1-based) that leads a shard of the collection. */
    private static int leaderNode(LocalSolrCluster cluster) {
        DocCollection c = collectionState();
        for (Slice slice : c.getSlices()) {
            String node = slice.getLeader().getNodeName();
            for (int i = 0; i < cluster.nodeUrls().size(); i++) {
                if (node.startsWith(
                        cluster.nodeUrls().get(i).replace("http://", "").replace("/solr", ""))) {
                    return i + 1;
                }
            }
        }
        throw new AssertionError("no leader found in " + c);
    }

    /** The collection's state as the cluster reports it now (not a cached copy). */
    private static DocCollection collectionState() {
        return solr.connection().retry("read the cluster state", SolrConnection.READ_RETRY, () -> solr.connection()
                .client()
                .getClusterStateProvider()
                .getCollection(collection));
    }

    /** Polls the cluster state until every replica of the collection is active on a live node. */
    private static void awaitAllReplicasActive(LocalSolrCluster cluster) {
        long deadline = System.nanoTime() + 180_000_000_000L;
        while (true) {
            DocCollection c = collectionState();
            var live = cluster.liveNodes();
            boolean ok = c.getReplicas().stream()
                    .allMatch(r -> r.getState() == Replica.State.ACTIVE && live.contains(r.getNodeName()));
            if (ok) {
                return;
            }
            assertThat(System.nanoTime()).as("replicas active again: " + c).isLessThan(deadline);
            try {
                Thread.sleep(250); // recovery runs in the nodes: nothing here to be notified by
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** Every replica of every shard, asked alone (distrib=false), holds the same number of documents and the id. */
    private static void assertReplicasAgree(LocalSolrCluster cluster, String outageChunkId) {
        DocCollection c = collectionState();
        boolean found = false;
        for (Slice slice : c.getSlices()) {
            List<Long> counts = new ArrayList<>();
            List<Long> hits = new ArrayList<>();
            for (Replica r : slice.getReplicas()) {
                try (HttpJdkSolrClient core = new HttpJdkSolrClient.Builder(r.getBaseUrl())
                        .useHttp1_1(true)
                        .withOptionalBasicAuthCredentials(
                                cluster.credentials().userColonPassword()) // the cluster asks for its login
                        .build()) {
                    ModifiableSolrParams p = new ModifiableSolrParams();
                    p.set("q", "*:*");
                    p.set("rows", 0);
                    p.set("distrib", false);
                    counts.add(new QueryRequest(p)
                            .process(core, r.getCoreName())
                            .getResults()
                            .getNumFound());
                    p.set("q", "id:" + outageChunkId);
                    hits.add(new QueryRequest(p)
                            .process(core, r.getCoreName())
                            .getResults()
                            .getNumFound());
                } catch (Exception e) {
                    throw new AssertionError("cannot ask replica " + r.getCoreName(), e);
                }
            }
            REPORT.add("shard " + slice.getName() + ": documents per replica " + counts);
            assertThat(counts.stream().distinct())
                    .as(slice.getName() + " " + counts)
                    .hasSize(1);
            assertThat(hits.stream().distinct()).hasSize(1);
            found |= hits.getFirst() == 1;
        }
        assertThat(found)
                .as("the chunk written during the outage is on both replicas of its shard")
                .isTrue();
    }

    private static Path copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}
