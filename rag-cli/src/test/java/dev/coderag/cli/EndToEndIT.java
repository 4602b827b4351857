package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * coderag as a user drives it: {@code ./rag ingest}, {@code status}, {@code ask}, {@code serve} over one store
 * built from the polyglot fixture repository, through the real launcher, model, store and server.
 */
class EndToEndIT {
    private static final Duration T = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path tmp;

    static Path repo;
    static Path db;
    static Proc.Result firstIngest;

    @BeforeAll
    static void ingest_the_fixture() {
        Proc.FixtureStore fixture = Proc.sharedStore(); // ./rag ingest <fixture copy> --db <dir>
        repo = fixture.repo();
        db = fixture.db();
        firstIngest = fixture.ingest();
    }

    @Test
    void ingest_prints_a_summary_of_what_it_indexed() {
        assertThat(firstIngest.exitCode()).as(firstIngest.err()).isZero();
        assertThat(firstIngest.out()).contains("tinyroute");
        assertThat(firstIngest.err()).doesNotContain("Exception");
    }

    @Test
    void status_json_reads_the_store_named_by_RAG_DB() throws IOException {
        Proc.Result r = Proc.runRag(tmp, Map.of("RAG_DB", db.toString()), T, "status", "--json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode status = JSON.readTree(r.out());
        assertThat(status.path("model").asText()).isNotBlank();
        JsonNode tinyroute = status.path("repos").get(0);
        assertThat(tinyroute.path("name").asText()).isEqualTo("tinyroute");
        assertThat(tinyroute.path("files").asInt()).isGreaterThan(10);
        for (String table : new String[] {"code", "readme", "manifest"}) {
            assertThat(tinyroute.path("chunks").path(table).asInt()).as(table).isPositive();
        }
        assertThat(tinyroute.path("languages").has("rust")).isTrue();
    }

    @Test
    void ask_json_answers_from_the_code_and_cites_it() throws IOException {
        Proc.Result r = Proc.runRag(
                tmp,
                Map.of(),
                T,
                "ask",
                "How does the TTL cache evict expired entries?",
                "--json",
                "--db",
                db.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode answer = JSON.readTree(r.out());
        assertThat(answer.path("refused").asBoolean()).isFalse();
        assertThat(answer.path("answer").asText()).contains("[1]");
        assertThat(answer.path("sources").get(0).path("path").asText()).isEqualTo("cache/src/ttl_cache.rs");
        assertThat(answer.path("sources").get(0).path("start_line").asInt()).isPositive();
        // the model libraries' start-up chatter (no GPU here) is not the user's business
        assertThat(r.err()).doesNotContain("CUDA").doesNotContain("ai.djl");
    }

    @Test
    void ask_about_something_absent_says_it_could_not_find_it() throws IOException {
        Proc.Result r = Proc.runRag(
                tmp,
                Map.of("RAG_DB", db.toString()),
                T,
                "ask",
                "Which payment provider processes credit card refunds?",
                "--json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode answer = JSON.readTree(r.out());
        assertThat(answer.path("refused").asBoolean()).isTrue();
        assertThat(answer.path("answer").asText()).startsWith("I could not find this information");
    }

    @Test
    void a_second_ingest_of_an_unchanged_repo_embeds_nothing() throws IOException {
        Proc.Result r = Proc.runRag(tmp, Map.of("RAG_DB", db.toString()), T, "ingest", repo.toString(), "--json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode summary = JSON.readTree(r.out());
        assertThat(summary.path("chunks").path("embedded").asInt()).isZero();
        assertThat(summary.path("files").path("new").asInt()).isZero();
        assertThat(summary.path("files").path("unchanged").asInt()).isGreaterThan(10);
    }

    @Test
    void serve_answers_over_http_and_stops_cleanly_on_sigterm() throws Exception {
        try (Proc server = Proc.rag(tmp, Map.of("RAG_DB", db.toString()), "serve", "--port", "0")) {
            String url = server.awaitUrl(T);

            HttpResponse<String> health = get(url + "/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(health.body()).path("status").asText()).isEqualTo("ok");

            HttpResponse<String> chat = postChat(url, "{\"query\": \"How are HTTP headers parsed?\"}");
            assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
            JsonNode answer = JSON.readTree(chat.body());
            assertThat(answer.path("sources").toString()).contains("HeaderParser.java");

            HttpResponse<String> bad = postChat(url, "{not json");
            assertThat(bad.statusCode()).isEqualTo(400);

            assertThat(get(url + "/").body()).contains("data-testid=\"question-input\"");

            // kill <pid> reaches the JVM itself: ./rag exec'd it, so the pid is the server's.
            Proc.Result stopped = server.terminate(Duration.ofSeconds(30));
            assertThat(stopped.exitCode()).isIn(0, 143);
            assertThat(stopped.err()).doesNotContain("Exception");
        }
    }

    @Test
    void a_chat_is_listed_with_its_messages_after_the_server_restarts_and_deleting_it_removes_them() throws Exception {
        Path store = Proc.copyTree(db, tmp.resolve("chat-store"));
        String chatId;
        try (Proc server = Proc.rag(tmp, Map.of("RAG_DB", store.toString()), "serve", "--port", "0")) {
            String url = server.awaitUrl(T);
            HttpResponse<String> chat = postChat(url, "{\"query\": \"How are HTTP headers parsed?\"}");
            assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
            chatId = JSON.readTree(chat.body()).path("chat_id").asText();
            assertThat(chatId).isNotBlank();
            assertThat(server.terminate(Duration.ofSeconds(30)).exitCode()).isIn(0, 143);
        }
        try (Proc server = Proc.rag(tmp, Map.of("RAG_DB", store.toString()), "serve", "--port", "0")) {
            String url = server.awaitUrl(T);
            JsonNode chats = JSON.readTree(get(url + "/api/chats").body()).path("chats");
            assertThat(chats.toString()).contains(chatId).contains("How are HTTP headers parsed?");
            JsonNode messages = JSON.readTree(
                            get(url + "/api/chats/" + chatId + "/messages").body())
                    .path("messages");
            assertThat(messages).hasSize(2);
            assertThat(messages.get(0).path("content").asText()).isEqualTo("How are HTTP headers parsed?");
            assertThat(messages.get(1).path("sources").toString()).contains("HeaderParser.java");
            // the page is another owner (a browser session of its own): it neither lists nor reopens this API
            // client's chat (docs/SECURITY.md, "Chats belong to whoever made them")
            assertThat(get(url + "/").body()).doesNotContain(chatId);
            assertThat(get(url + "/?chat=" + chatId).body()).doesNotContain("How are HTTP headers parsed?");

            HttpResponse<String> deleted = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url + "/api/chats/" + chatId))
                            .DELETE()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(deleted.statusCode()).isEqualTo(204);
            assertThat(get(url + "/api/chats/" + chatId + "/messages").statusCode())
                    .isEqualTo(404);
            assertThat(get(url + "/api/chats").body()).doesNotContain(chatId);
        }
    }

    @Test
    void a_port_in_use_is_a_one_line_error() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            Proc.Result r = Proc.runRag(
                    tmp,
                    Map.of("RAG_DB", db.toString(), "RAG_PORT", Integer.toString(taken.getLocalPort())),
                    T,
                    "serve");

            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.err()).contains("is the port in use?").doesNotContain("Exception");
        }
    }

    @Test
    void a_store_built_with_another_model_is_refused_and_full_rebuilds_it_with_the_new_one() throws IOException {
        Path other = Proc.copyTree(db, tmp.resolve("store-copy")); // built with the default model, int8

        Proc.Result refused =
                Proc.runRag(tmp, Map.of("RAG_MODEL", "fp32"), T, "ingest", repo.toString(), "--db", other.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("--full").doesNotContain("Exception");

        Proc.Result rebuilt = Proc.runRag(
                tmp, Map.of("RAG_MODEL", "fp32"), T, "ingest", repo.toString(), "--db", other.toString(), "--full");
        assertThat(rebuilt.exitCode()).as(rebuilt.err()).isZero();
        Proc.Result status = Proc.runRag(tmp, Map.of(), T, "status", "--db", other.toString(), "--json");
        assertThat(JSON.readTree(status.out()).path("model").asText()).isEqualTo("BAAI/bge-small-en-v1.5");

        // Without --model the store keeps the model it now has: no surprise --full under the new default.
        Proc.Result kept = Proc.runRag(tmp, Map.of(), T, "ingest", repo.toString(), "--db", other.toString());
        assertThat(kept.exitCode()).as(kept.err()).isZero();
        Proc.Result after = Proc.runRag(tmp, Map.of(), T, "status", "--db", other.toString(), "--json");
        assertThat(JSON.readTree(after.out()).path("model").asText()).isEqualTo("BAAI/bge-small-en-v1.5");
    }

    private static HttpResponse<String> postChat(String url, String json) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(url + "/api/chat"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
