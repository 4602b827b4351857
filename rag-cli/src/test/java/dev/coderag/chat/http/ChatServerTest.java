package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static dev.coderag.chat.http.HttpHelper.enc;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.ChatOptions;
import dev.coderag.chat.http.HttpHelper.Event;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.chat.web.WebUi;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import dev.coderag.types.Chunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real server on port 0 over a real store built from the fixture repository by the real ingester and
 * model: the JSON contract, SSE, chats, repos, source viewer, errors, escaping and concurrency.
 */
class ChatServerTest {
    private static final String HEADER_PARSER = "router/src/main/java/dev/tinyroute/http/HeaderParser.java";
    private static final String FORMAT_JS = "web/src/format.js";

    private static Store store;
    private static ChatServer server;
    private static HttpHelper http;

    @BeforeAll
    static void start() {
        store = FixtureStore.store();
        server = ChatServer.start(
                store,
                SharedModel.embedder(),
                new IngesterIndexer(store, SharedModel.embedder(), List.of(Path.of("/"))),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static JsonNode ask(String query) {
        Response r = http.postJson("/api/chat", body("query", query));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    // --- Done when -------------------------------------------------------------------------------------------

    @Test
    void where_is_a_fixture_function_implemented_returns_its_file_and_exact_lines_in_the_top_3_and_cites_it() {
        Chunk parseHeader = store.chunks()
                .bySymbol("parseHeader", Optional.of(FixtureStore.REPO))
                .getFirst()
                .chunk();
        assertThat(parseHeader.location()).isEqualTo(HEADER_PARSER + ":34-48");
        JsonNode r = ask("where is parseHeader implemented?");
        List<JsonNode> top3 = StreamSupport.stream(r.path("sources").spliterator(), false)
                .limit(3)
                .toList();
        JsonNode hit = top3.stream()
                .filter(s -> s.path("path").asText().equals(HEADER_PARSER)
                        && s.path("start_line").asInt() == 34
                        && s.path("end_line").asInt() == 48)
                .findFirst()
                .orElseThrow(() -> new AssertionError("not in the top 3: " + top3));
        assertThat(r.path("answer").asText()).contains("[" + hit.path("n").asInt() + "]");
        assertThat(hit.path("cited").asBoolean()).isTrue();
        assertThat(r.path("intent").path("name").asText()).isEqualTo("implementation");
    }

    @Test
    void functions_in_other_languages_are_found_the_same_way() {
        assertTopThree("where is fetch_with_retry implemented?", "cli/src/tinyroute/retry.py", 28, 42);
        assertTopThree("where is escapeHtml implemented?", FORMAT_JS, 25, 32);
        assertTopThree(
                "how does the TTL cache evict the least recently used entry?", "cache/src/ttl_cache.rs", 97, 106);
    }

    private static void assertTopThree(String query, String path, int start, int end) {
        JsonNode r = ask(query);
        List<String> top3 = StreamSupport.stream(r.path("sources").spliterator(), false)
                .limit(3)
                .map(s -> s.path("path").asText() + ":" + s.path("start_line").asInt() + "-"
                        + s.path("end_line").asInt())
                .toList();
        assertThat(top3).as(query).contains(path + ":" + start + "-" + end);
    }

    @Test
    void an_unrelated_question_is_refused_with_near_misses_and_no_generation() {
        JsonNode r = ask("what is the capital of France?");
        assertThat(r.path("answer").asText())
                .isEqualTo("I could not find this information in the repository based on the indexed files.");
        assertThat(r.path("refused").asBoolean()).isTrue();
        assertThat(r.path("sources").size()).isBetween(1, 3);
        assertThat(r.path("trace").path("generator").asText()).isEqualTo("none");
        assertThat(r.path("trace").path("timings_ms").path("generate").asDouble())
                .isZero();
    }

    // --- JSON contract ---------------------------------------------------------------------------------------

    @Test
    void chat_response_has_the_contract_shape() {
        JsonNode r = ask("how does the router match path segments?");
        assertThat(r.path("answer").isTextual()).isTrue();
        assertThat(r.path("chat_id").asText()).isNotBlank();
        assertThat(r.path("intent").path("name").isTextual()).isTrue();
        assertThat(r.path("intent").path("confidence").asDouble()).isBetween(0.0, 1.0);
        assertThat(r.path("sources").size()).isPositive();
        int n = 1;
        for (JsonNode s : r.path("sources")) {
            assertThat(s.path("n").asInt()).isEqualTo(n++);
            assertThat(s.path("kind").asText()).isIn("code", "readme", "manifest", "module_doc");
            assertThat(s.path("repo").asText()).isEqualTo(FixtureStore.REPO);
            assertThat(s.path("path").asText()).isNotBlank();
            assertThat(s.path("start_line").asInt()).isPositive();
            assertThat(s.path("end_line").asInt())
                    .isGreaterThanOrEqualTo(s.path("start_line").asInt());
            assertThat(s.has("symbol")).isTrue();
            assertThat(s.path("language").asText()).isNotBlank();
            assertThat(s.path("relevance").asDouble()).isBetween(0.0, 1.0);
            assertThat(s.path("relevance_pct").asInt())
                    .isEqualTo((int) Math.round(s.path("relevance").asDouble() * 100));
        }
        JsonNode trace = r.path("trace");
        assertThat(trace.path("intent").path("name").asText())
                .isEqualTo(r.path("intent").path("name").asText());
        assertThat(trace.path("hits_per_table").fieldNames())
                .toIterable()
                .containsExactly("code", "readme", "manifest", "module_doc");
        assertThat(trace.path("hits_per_retriever").has("vector")).isTrue();
        assertThat(trace.path("hits_per_retriever").has("lexical")).isTrue();
        assertThat(trace.path("timings_ms").has("embed")).isTrue();
        assertThat(trace.path("timings_ms").has("total")).isTrue();
    }

    @Test
    void a_usage_question_is_routed_to_the_readme() {
        JsonNode r = ask("how do I build and run it?");
        assertThat(r.path("intent").path("name").asText()).isEqualTo("usage");
        assertThat(r.path("trace").path("hits_per_table").path("readme").asInt())
                .isGreaterThanOrEqualTo(3);
        assertThat(r.path("sources").get(0).path("kind").asText()).isEqualTo("readme");
    }

    // --- SSE -------------------------------------------------------------------------------------------------

    @Test
    void with_accept_event_stream_the_answer_streams_as_tokens_then_sources_then_done() {
        HttpHelper.Stream s = http.postStream("/api/chat", body("query", "where is parseHeader implemented?"));
        assertThat(s.status()).isEqualTo(200);
        assertThat(s.contentType()).startsWith("text/event-stream");
        List<String> names = s.events().stream().map(Event::name).toList();
        assertThat(names.stream().filter("token"::equals).count()).isGreaterThan(3);
        assertThat(names.subList(names.size() - 2, names.size())).containsExactly("sources", "done");
        assertThat(names.indexOf("sources")).isGreaterThan(names.lastIndexOf("token"));
        StringBuilder text = new StringBuilder();
        s.events().stream()
                .filter(e -> e.name().equals("token"))
                .forEach(e -> text.append(e.json().path("text").asText()));
        JsonNode done = s.events().getLast().json();
        assertThat(done.path("answer").asText()).isEqualTo(text.toString().strip());
        assertThat(s.events().get(names.indexOf("sources")).json().size())
                .isEqualTo(done.path("sources").size());
    }

    @Test
    void streaming_a_bad_request_is_an_ordinary_400() {
        HttpHelper.Stream s = http.postStream("/api/chat", body("query", "   "));
        assertThat(s.status()).isEqualTo(400);
    }

    // --- chats -----------------------------------------------------------------------------------------------

    @Test
    void chats_keep_history_and_follow_ups_use_the_previous_turn() {
        Response created = http.postJson("/api/chats", "{}");
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().path("chat_id").asText();

        Response first =
                http.postJson("/api/chats/" + id + "/messages", body("content", "where is parseHeader implemented?"));
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().path("chat_id").asText()).isEqualTo(id);

        Response follow = http.postJson("/api/chats/" + id + "/messages", body("content", "and where is it called?"));
        assertThat(follow.status()).isEqualTo(200);
        JsonNode r = follow.json();
        assertThat(r.path("intent").path("name").asText()).isEqualTo("relationship");
        // "it" = parseHeader, called by parseHeaders in the same class
        assertThat(r.path("answer").asText()).contains("parseHeaders");
        assertThat(r.path("sources").findValuesAsText("symbol")).contains("HeaderParser.parseHeaders");

        JsonNode messages = http.get("/api/chats/" + id + "/messages").json().path("messages");
        assertThat(messages.size()).isEqualTo(4);
        assertThat(messages.get(0).path("role").asText()).isEqualTo("user");
        assertThat(messages.get(2).path("content").asText()).isEqualTo("and where is it called?");
        assertThat(messages.get(3).path("role").asText()).isEqualTo("assistant");
        assertThat(messages.get(3).path("sources").size()).isPositive();
    }

    @Test
    void unknown_chats_are_404() {
        assertThat(http.get("/api/chats/nope/messages").status()).isEqualTo(404);
        assertThat(http.postJson("/api/chats/nope/messages", body("content", "hi"))
                        .status())
                .isEqualTo(404);
        assertThat(http.postJson("/api/chat", body("query", "hi", "chat_id", "nope"))
                        .status())
                .isEqualTo(404);
    }

    // --- repos -----------------------------------------------------------------------------------------------

    @Test
    void repos_list_the_fixture_as_ready_with_counts() {
        JsonNode repos = http.get("/api/repos").json().path("repos");
        JsonNode fixture = StreamSupport.stream(repos.spliterator(), false)
                .filter(r -> r.path("name").asText().equals(FixtureStore.REPO))
                .findFirst()
                .orElseThrow();
        assertThat(fixture.path("status").asText()).isEqualTo("ready");
        assertThat(fixture.path("chunks").path("code").asInt()).isGreaterThan(60);
        assertThat(http.get("/api/repos/" + FixtureStore.REPO)
                        .json()
                        .path("status")
                        .asText())
                .isEqualTo("ready");
        assertThat(http.get("/api/repos/does-not-exist").status()).isEqualTo(404);
    }

    @Test
    void posting_a_path_indexes_it_in_the_background_until_ready() throws Exception {
        Path repo = FixtureStore.tempDir("coderag-added-");
        Files.createDirectories(repo.resolve("src"));
        Files.writeString(
                repo.resolve("src/greeter.py"),
                "def greet_visitor(name):\n    \"\"\"Say hello.\"\"\"\n    return 'hi ' + name\n");
        try {
            Response r = http.postJson("/api/repos", body("path", repo.toString(), "name", "added-repo"));
            assertThat(r.status()).as(r.body()).isEqualTo(202);
            assertThat(r.json().path("name").asText()).isEqualTo("added-repo");
            assertThat(r.json().path("status").asText()).isIn("new", "indexing", "ready");
            String status = http.awaitRepoSettled("added-repo", Duration.ofMinutes(2));
            assertThat(status).isEqualTo("ready");
            JsonNode info = http.get("/api/repos/added-repo").json();
            assertThat(info.path("chunks").path("code").asInt()).isEqualTo(1);
            // and the page fragment shows it ready
            assertThat(http.get("/ui/repos").body())
                    .contains("data-repo=\"added-repo\"")
                    .contains("data-status=\"ready\"");
        } finally {
            FixtureStore.delete(repo);
        }
    }

    /** Polls the status endpoint as a client would, until the ingest leaves new/indexing (bounded). */
    @Test
    void the_web_form_tells_urls_from_paths_by_the_ingesters_rule() {
        // "ext::" has no "://", yet git runs it as a command: the form must treat it as a URL and refuse it
        Response transport = http.postForm("/ui/repos", "source", "ext::sh -c touch% /tmp/pwned");
        assertThat(transport.status()).isEqualTo(400);
        assertThat(transport.body()).contains("ext::").doesNotContain("no such directory");
        Response path = http.postForm("/ui/repos", "source", "/definitely/not/here");
        assertThat(path.status()).isEqualTo(400);
        assertThat(path.body()).contains("no such directory");
    }

    @Test
    void bad_repo_requests_are_400_with_a_reason() {
        Response missing = http.postJson("/api/repos", body("path", "/definitely/not/here"));
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().path("error").asText()).contains("no such directory");
        assertThat(http.postJson("/api/repos", body("path", "/tmp", "url", "https://x/y.git"))
                        .status())
                .isEqualTo(400);
        assertThat(http.postJson("/api/repos", "{}").status()).isEqualTo(400);
        assertThat(http.postJson("/api/repos", body("url", "ext::sh -c touch% /tmp/pwned"))
                        .status())
                .isEqualTo(400);
        assertThat(http.postJson("/api/repos", body("url", "file:///etc")).status())
                .isEqualTo(400);
        assertThat(http.postJson("/api/repos", body("url", "--upload-pack=evil"))
                        .status())
                .isEqualTo(400);
    }

    // --- source viewer ---------------------------------------------------------------------------------------

    @Test
    void source_returns_lines_of_indexed_files() {
        Response r =
                http.get("/api/source?repo=" + FixtureStore.REPO + "&path=" + enc(HEADER_PARSER) + "&start=34&end=48");
        assertThat(r.status()).isEqualTo(200);
        JsonNode v = r.json();
        assertThat(v.path("start").asInt()).isEqualTo(34);
        assertThat(v.path("end").asInt()).isEqualTo(48);
        assertThat(v.path("lines").size()).isEqualTo(15);
        assertThat(v.path("lines").get(0).path("n").asInt()).isEqualTo(34);
        assertThat(v.path("changed_since_indexing").asBoolean()).isFalse();
        String joined = v.path("lines").findValuesAsText("text").toString();
        assertThat(joined).contains("public Header parseHeader(String line)");
    }

    @Test
    void source_refuses_anything_not_indexed_including_traversal() {
        String repo = "/api/source?repo=" + FixtureStore.REPO + "&path=";
        assertThat(http.get(repo + enc("../../../../pom.xml")).status()).isEqualTo(404);
        assertThat(http.get(repo + enc("router/../../../../../etc/passwd")).status())
                .isEqualTo(404);
        assertThat(http.get(repo + enc("/etc/passwd")).status()).isEqualTo(404);
        assertThat(http.get(repo + enc("router/src/main/java/dev/tinyroute/http/Nope.java"))
                        .status())
                .isEqualTo(404);
        assertThat(http.get("/api/source?repo=nope&path=" + enc(HEADER_PARSER)).status())
                .isEqualTo(404);
        assertThat(http.get("/ui/source?repo=" + FixtureStore.REPO + "&path=" + enc("../secret"))
                        .status())
                .isEqualTo(404);
        Response bad = http.get(repo + enc(HEADER_PARSER) + "&start=abc");
        assertThat(bad.status()).isEqualTo(400);
    }

    @Test
    void the_code_viewer_fragment_highlights_the_cited_lines_and_escapes_code() {
        Response r = http.get("/ui/source?repo=" + FixtureStore.REPO + "&path=" + enc(FORMAT_JS) + "&start=25&end=32");
        assertThat(r.status()).isEqualTo(200);
        String html = r.body();
        Matcher m = Pattern.compile("data-testid=\"highlighted-line\" data-line=\"(\\d+)\"")
                .matcher(html);
        List<Integer> lines = new ArrayList<>();
        while (m.find()) {
            lines.add(Integer.parseInt(m.group(1)));
        }
        assertThat(lines).containsExactly(25, 26, 27, 28, 29, 30, 31, 32);
        // the fixture's comment with a script tag is text, never markup
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>alert(1)");
    }

    // --- errors ----------------------------------------------------------------------------------------------

    @Test
    void empty_oversized_and_malformed_requests_are_400_with_a_message_and_no_stack_trace() {
        List<Response> bad = List.of(
                http.postJson("/api/chat", body("query", "")),
                http.postJson("/api/chat", body("query", "   \n ")),
                http.postJson("/api/chat", body("query", "x".repeat(ChatOptions.DEFAULT_MAX_QUERY_CHARS + 1))),
                http.postJson("/api/chat", "{\"query\": "),
                http.postJson("/api/chat", "[1,2]"),
                http.postJson("/api/chat", body("query", 42)),
                http.postJson("/api/chat", "{}"));
        for (Response r : bad) {
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.json().path("error").asText()).isNotBlank();
            assertThat(r.json().path("status").asInt()).isEqualTo(400);
            assertThat(r.body())
                    .doesNotContain("Exception")
                    .doesNotContain("\tat ")
                    .doesNotContain(".java:");
        }
        assertThat(http.get("/api/nothing").status()).isEqualTo(404);
    }

    @Test
    void an_empty_store_answers_503_with_the_ingest_hint() {
        Store emptyStore = FixtureStore.emptyStore();
        try (ChatServer empty = ChatServer.start(
                emptyStore,
                SharedModel.embedder(),
                new IngesterIndexer(emptyStore, SharedModel.embedder(), List.of(Path.of("/"))),
                ServerOptions.defaults().withPort(0))) {
            Response r = new HttpHelper(empty).postJson("/api/chat", body("query", "where is main?"));
            assertThat(r.status()).isEqualTo(503);
            assertThat(r.json().path("error").asText())
                    .isEqualTo("No data ingested yet. Run ./rag ingest <path> first.");
        }
    }

    @Test
    void an_unknown_repo_filter_is_404() {
        Response r = http.postJson("/api/chat", body("query", "where is main?", "repo", "nope"));
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.json().path("error").asText()).contains("unknown repository 'nope'");
    }

    // --- web page --------------------------------------------------------------------------------------------

    @Test
    void the_page_and_its_htmx_fragments_work_end_to_end() {
        Response page = http.get("/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.body())
                .contains("data-testid=\"question-input\"")
                .contains("data-repo=\"" + FixtureStore.REPO + "\"");
        assertThat(http.get(WebUi.HTMX).status()).isEqualTo(200);
        assertThat(http.get(WebUi.APP_JS).body()).contains("EventSource");
        assertThat(http.get("/static/app.css").body()).contains(".line.hl");

        Response asked = http.postForm(
                "/ui/ask", "query", "How does escapeHtml treat <script>alert(1)</script>?", "chat_id", "");
        assertThat(asked.status()).isEqualTo(200);
        String fragment = asked.body();
        assertThat(fragment).contains("data-testid=\"user-message\"").contains("data-stream=\"/ui/stream/");
        assertThat(fragment).contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>alert(1)");
        Matcher turn = Pattern.compile("data-stream=\"(/ui/stream/[0-9a-f]+)\"").matcher(fragment);
        assertThat(turn.find()).isTrue();
        Matcher chat =
                Pattern.compile("id=\"chat-id\" value=\"([^\"]+)\" hx-swap-oob").matcher(fragment);
        assertThat(chat.find()).isTrue();

        HttpHelper.Stream s = http.getStream(turn.group(1));
        assertThat(s.events().stream().filter(e -> e.name().equals("token")).count())
                .isGreaterThan(1);
        Event done = s.events().getLast();
        assertThat(done.name()).isEqualTo("done");
        String html = done.data();
        assertThat(html)
                .contains("data-state=\"done\"")
                .contains("data-testid=\"citation\"")
                .contains("data-testid=\"sources-list\"");
        assertThat(html).contains("/ui/source?repo=" + FixtureStore.REPO);
        // the answer quotes the fixture's comment: escaped, never live markup
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>alert(1)");
        // tokens are escaped too
        s.events().stream().filter(e -> e.name().equals("token")).forEach(e -> assertThat(e.data())
                .doesNotContain("<script>"));

        // a reconnect gets the same answer, not a second run
        HttpHelper.Stream again = http.getStream(turn.group(1));
        assertThat(again.events()).singleElement().satisfies(e -> assertThat(e.data())
                .isEqualTo(html));

        // the chat keeps the turn; the page renders it from history
        assertThat(http.get("/?chat=" + chat.group(1)).body()).contains("data-testid=\"assistant-message\"");
        assertThat(http.postForm("/ui/ask", "query", "  ").status()).isEqualTo(400);
    }

    // --- health, metrics, load -------------------------------------------------------------------------------

    @Test
    void health_and_metrics() {
        JsonNode h = http.get("/health").json();
        assertThat(h.path("status").asText()).isEqualTo("ok");
        assertThat(h.path("model").asText()).isEqualTo("BAAI/bge-small-en-v1.5");
        assertThat(h.path("chunks").path("code").asInt()).isGreaterThan(60);
        assertThat(h.path("repos").asInt()).isPositive();
        ask("where is cache_key implemented?");
        Response m = http.get("/metrics");
        assertThat(m.contentType()).startsWith("text/plain");
        assertThat(m.body())
                .contains("# TYPE rag_http_requests_total counter")
                .contains("rag_http_requests_total{route=\"/api/chat\",method=\"POST\",status=\"200\"}")
                .contains("rag_http_request_seconds_bucket")
                .contains("rag_retrieval_seconds_count")
                .contains("rag_generation_seconds_count");
    }

    @Test
    void as_many_concurrent_requests_as_the_waiting_room_holds_all_succeed() throws Exception {
        // 8 answers at once and 32 more waiting (AnswerSlots): 40 at the same moment all get an answer. More
        // would depend on how fast answers finish (past the waiting room a question gets 503: AnswerSlotsTest).
        int n = 5 * ServerOptions.DEFAULT_MAX_CONCURRENT_ANSWERS;
        List<String> queries = List.of(
                "where is parseHeader implemented?",
                "how does the cache evict entries?",
                "what does the project do?",
                "who calls fetch_with_retry?",
                "how do I run the server?");
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String q = queries.get(i % queries.size());
            calls.add(() -> http.postJson("/api/chat", body("query", q)).status());
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(n)) {
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> f : pool.invokeAll(calls)) {
                statuses.add(f.get());
            }
            assertThat(statuses).hasSize(n).containsOnly(200);
        }
    }
}
