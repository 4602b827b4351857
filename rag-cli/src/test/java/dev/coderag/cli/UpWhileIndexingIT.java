package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Answers from the first seconds: {@code ./rag up} on a fresh store serves at once and answers with sources
 * while its repository is still {@code indexing} (saying so) — with static-tier vector evidence already — then with
 * the model's vectors once the index is built.
 * The real launcher, model, store and server on a real port; the window is held open by the test-only property
 * {@code coderag.ingest.holdEmbeddingWhile} (its embedding waits while the file exists), and every wait polls
 * the API with a deadline.
 */
class UpWhileIndexingIT {
    private static final Duration T = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String QUESTION = "{\"query\": \"How does HeaderParser parse HTTP headers?\"}";

    @TempDir
    Path tmp;

    @Test
    void up_answers_with_sources_while_indexing_and_with_vectors_once_built() throws Exception {
        Path repo = Proc.copyFixture(Files.createDirectories(tmp.resolve("tinyroute")));
        Path hold = Files.createFile(tmp.resolve("hold-embedding"));
        Map<String, String> env = Map.of(
                "RAG_DB",
                tmp.resolve("store").toString(),
                "RAG_PORT",
                "0",
                "JAVA_TOOL_OPTIONS",
                "-Dcoderag.ingest.holdEmbeddingWhile=" + hold + " -Dcoderag.ingest.firstBatch=8");

        try (Proc up = Proc.rag(repo, env, "up")) {
            String url = up.awaitUrl(T);

            JsonNode indexing = awaitRepo(
                    url,
                    r -> r.path("status").asText().equals("indexing")
                            && r.path("chunks").path("code").asInt() > 0);
            assertThat(indexing.path("progress").path("phase").asText()).isEqualTo("embed");
            // every chunk committed so far has its static-tier vector (docs/STORE.md, "Two vector tiers")
            assertThat(indexing.path("vectors").asText()).isEqualTo("static");
            assertThat(indexing.path("static_vectors").asInt()).isPositive();

            JsonNode early = ask(url);
            assertThat(early.path("refused").asBoolean()).as(early.toString()).isFalse();
            assertThat(paths(early)).contains("router/src/main/java/dev/tinyroute/http/HeaderParser.java");
            assertThat(retrievers(early)).contains("vector"); // the static tier's, before the model has run
            assertThat(early.path("warnings").toString())
                    .contains("The index of tinyroute is still being built")
                    .contains("answers may miss sources");

            Files.delete(hold); // let the embedding run
            awaitRepo(url, r -> r.path("status").asText().equals("ready"));
            up.awaitLine(l -> l.contains("new ") && l.contains("changed"), T); // up's ingest summary

            JsonNode late = ask(url);
            assertThat(late.path("refused").asBoolean()).isFalse();
            assertThat(paths(late)).contains("router/src/main/java/dev/tinyroute/http/HeaderParser.java");
            assertThat(retrievers(late)).contains("vector");
            assertThat(late.path("warnings").toString()).doesNotContain("still being built");
            JsonNode built = awaitRepo(url, r -> r.path("status").asText().equals("ready"));
            assertThat(built.path("vectors").asText()).isEqualTo("full");
            assertThat(built.path("static_vectors").asInt()).isZero();

            assertThat(up.terminate(Duration.ofSeconds(30)).exitCode()).isIn(0, 143);
        }
    }

    @Test
    void ctrl_c_while_up_indexes_stops_the_ingest_at_a_batch_boundary_and_the_next_up_finishes_it() throws Exception {
        assumeFalse(
                Proc.sigintIgnored(),
                "SIGINT is ignored in this environment (a background job of a shell without job control)");
        Path repo = Proc.copyFixture(Files.createDirectories(tmp.resolve("tinyroute")));
        Path hold = Files.createFile(tmp.resolve("hold-embedding"));
        Path db = tmp.resolve("store");
        Map<String, String> held = Map.of(
                "RAG_DB",
                db.toString(),
                "RAG_PORT",
                "0",
                "JAVA_TOOL_OPTIONS",
                "-Dcoderag.ingest.holdEmbeddingWhile=" + hold + " -Dcoderag.ingest.firstBatch=8");
        try (Proc up = Proc.rag(repo, held, "up")) {
            String url = up.awaitUrl(T);
            awaitRepo(
                    url,
                    r -> r.path("status").asText().equals("indexing")
                            && r.path("chunks").path("code").asInt() > 0);
            Proc.Result r = up.signal("INT", T);
            assertThat(r.exitCode()).as(r.err()).isEqualTo(130);
            assertThat(r.err()).containsPattern("(?m)^stopped: kept \\d+ new or changed files of tinyroute");
            assertThat(r.err()).doesNotContain("Exception", "\tat ");
        }
        Proc.Result status = Proc.runRag(tmp, Map.of(), T, "status", "--db", db.toString(), "--json");
        JsonNode stored = JSON.readTree(status.out()).path("repos").path(0);
        assertThat(stored.path("state").asText()).isEqualTo("partial");
        assertThat(stored.path("chunks").path("code").asInt()).isPositive();

        Files.delete(hold);
        try (Proc again = Proc.rag(repo, Map.of("RAG_DB", db.toString(), "RAG_PORT", "0"), "up")) {
            String url = again.awaitUrl(T);
            awaitRepo(url, r -> r.path("status").asText().equals("ready"));
            assertThat(retrievers(ask(url))).contains("vector");
            again.terminate(Duration.ofSeconds(30));
        }
    }

    private static JsonNode ask(String url) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create(url + "/api/chat"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(QUESTION))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static List<String> paths(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.path("sources").forEach(s -> out.add(s.path("path").asText()));
        return out;
    }

    private static List<String> retrievers(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.path("sources").forEach(s -> s.path("via").forEach(v -> out.add(v.asText())));
        return out;
    }

    /** Polls {@code GET /api/repos} until tinyroute's entry matches, with a deadline; returns the entry. */
    private static JsonNode awaitRepo(String url, Predicate<JsonNode> match) throws Exception {
        long deadline = System.nanoTime() + T.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url + "/api/repos")).build(),
                    HttpResponse.BodyHandlers.ofString());
            last = r.body();
            for (JsonNode repo : JSON.readTree(last).path("repos")) {
                if (repo.path("name").asText().equals("tinyroute") && match.test(repo)) {
                    return repo;
                }
            }
            LockSupport.parkNanos(50_000_000);
        }
        throw new AssertionError("GET /api/repos never matched; last: " + last);
    }
}
