package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static dev.coderag.chat.http.HttpHelper.enc;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.chat.web.WebUi;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The code viewer and the answer's trace over the real server and the fixture store: the highlighter served from
 * the webjar under the security headers, the lead-in, "whole file", symbol links (exact names in the same repository
 * and language family, ambiguous names as a choice) and the trace in the API and on the page.
 */
class WebViewerTest {
    private static final String HEADER_PARSER = "router/src/main/java/dev/tinyroute/http/HeaderParser.java";
    private static final String EXCEPTION = "router/src/main/java/dev/tinyroute/http/HeaderParseException.java";
    private static final String ROUTER = "router/src/main/java/dev/tinyroute/http/Router.java";
    private static final String TTL_CACHE = "cache/src/ttl_cache.rs";

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

    private static String viewer(String path, int start, int end, String extra) {
        Response r = http.get("/ui/source?repo=" + FixtureStore.REPO + "&path=" + enc(path) + "&start=" + start
                + "&end=" + end + extra);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.body();
    }

    @Test
    void the_highlighter_is_served_from_the_classpath_cacheable_under_the_security_headers() {
        String page = http.get("/").body();
        for (String script : WebUi.HIGHLIGHT_SCRIPTS) {
            assertThat(page).contains("<script src=\"" + script + "\" defer>");
            Response r = http.get(script);
            assertThat(r.status()).as(script).isEqualTo(200);
            assertThat(r.header("Content-Type")).contains("javascript");
            assertThat(r.header("Content-Security-Policy")).isEqualTo(Boundary.CSP);
            assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(r.header("Cache-Control")).as(script).contains("max-age");
        }
        for (String css : WebUi.STYLES) {
            assertThat(page).contains("href=\"" + css + "\"");
            assertThat(http.get(css).status()).isEqualTo(200);
        }
        assertThat(Boundary.CSP).doesNotContain("unsafe").contains("script-src 'self'");
    }

    /** (A window further down a long file, its lead-in and the whole-file control are checked in BrowserIT.) */
    @Test
    void a_window_that_is_the_whole_file_needs_no_lead_in_nor_the_whole_file_control() {
        String html = viewer(HEADER_PARSER, 54, 64, "");
        assertThat(html).contains("data-hl=\"java\"").contains("data-lang=\"java\"");
        // 200 lines around the citation cover this 83-line file: nothing before it, nothing more to show
        assertThat(html).doesNotContain("class=\"lead-in\"").doesNotContain("data-testid=\"whole-file\"");
        assertThat(lines(html)).hasSize(83).startsWith(1);
        assertThat(html).contains("showing 1–83 of 83");

        String whole = viewer(HEADER_PARSER, 54, 64, "&whole=true");
        assertThat(lines(whole).getFirst()).isEqualTo(1);
        assertThat(whole).contains("data-whole=\"true\"").doesNotContain("data-testid=\"whole-file\"");
        assertThat(whole.split("data-testid=\"highlighted-line\"", -1)).hasSize(12); // 54–64 still marked
    }

    @Test
    void identifiers_link_to_their_definitions_in_the_same_repository_and_language() {
        String html = viewer(HEADER_PARSER, 54, 64, "");
        // parseHeader: one definition, same file
        assertThat(target(html, "parseHeader"))
                .contains("data-def-path=\"" + HEADER_PARSER + "\"")
                .contains("data-def-start=\"34\" data-def-end=\"48\"");
        // HeaderParseException: the class and its constructor fold into the class, in its own file
        assertThat(target(html, "HeaderParseException"))
                .contains("data-def-path=\"" + EXCEPTION + "\"")
                .contains("data-def-start=\"4\" data-def-end=\"8\"");
        // a Java file never links to the Rust `new` or `get` of the same repository
        String router = viewer(ROUTER, 15, 40, "");
        assertThat(router).doesNotContain("data-symbol=\"new\"").doesNotContain("data-symbol=\"get\"");
        // in Rust, TtlCache is a struct and its impl blocks (one definition, as find_symbol merges them): a choice
        String rust = viewer(TTL_CACHE, 56, 71, "");
        assertThat(target(rust, "TtlCache")).contains("/ui/definitions?repo=").contains("data-choices=\"2\"");
        Response choices =
                http.get("/ui/definitions?repo=" + FixtureStore.REPO + "&name=TtlCache&from=" + enc(TTL_CACHE));
        assertThat(choices.status()).isEqualTo(200);
        assertThat(choices.body().split("data-testid=\"definition-choice\"", -1))
                .hasSize(3);
        assertThat(choices.body()).contains(TTL_CACHE + ":35-41", TTL_CACHE + ":43-119");

        assertThat(http.get("/ui/definitions?repo=" + FixtureStore.REPO).status())
                .isEqualTo(400);
        assertThat(http.get("/ui/definitions?repo=" + FixtureStore.REPO + "&name=" + "a".repeat(300))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void the_answer_carries_each_sources_score_and_provenance_and_the_page_shows_the_trace() {
        Response r = http.postJson("/api/chat", body("query", "where is parseHeader implemented?"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode json = r.json();
        assertThat(json.path("trace").path("answer_style").asText()).isEqualTo("definition");
        JsonNode first = json.path("sources").get(0);
        assertThat(first.path("score").asDouble()).isBetween(0.0, 1.0);
        assertThat(first.path("via").size()).isPositive();

        String chatId = json.path("chat_id").asText();
        JsonNode messages = http.get("/api/chats/" + chatId + "/messages").json();
        assertThat(messages.path("messages")
                        .get(1)
                        .path("trace")
                        .path("intent")
                        .path("name")
                        .asText())
                .isEqualTo(json.path("intent").path("name").asText());

        // the page's history renders the saved answer with its "why these sources" panel
        String page = http.get("/?chat=" + chatId).body();
        assertThat(page)
                .contains("data-testid=\"trace-panel\"")
                .contains("data-testid=\"trace-intent\" data-intent=\"implementation\"")
                .contains("data-testid=\"trace-source\"");
    }

    private static String target(String html, String symbol) {
        Matcher m =
                Pattern.compile("<a [^>]*data-symbol=\"" + symbol + "\"[^>]*>").matcher(html);
        assertThat(m.find()).as("a link target for " + symbol).isTrue();
        return m.group();
    }

    private static List<Integer> lines(String html) {
        Matcher m = Pattern.compile("data-line=\"(\\d+)\"").matcher(html);
        List<Integer> out = new ArrayList<>();
        while (m.find()) {
            out.add(Integer.parseInt(m.group(1)));
        }
        return out;
    }
}
