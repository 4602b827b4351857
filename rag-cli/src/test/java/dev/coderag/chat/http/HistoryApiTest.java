package dev.coderag.chat.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.HistoryDemo;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored history through the real server: {@code search_history} and {@code get_commit} called by the official
 * MCP Java SDK client over {@code /mcp} (the SDK checks each result against the tool's output schema), the commit
 * and last-change routes of the API and the viewer, over a store holding a real repository's commits (its own
 * git log, real embeddings). The oracle is the history the test made: which commit wrote which line, who, when.
 */
class HistoryApiTest {
    @TempDir
    static Path tmp;

    private static Store store;
    private static ChatServer server;
    private static HttpHelper http;
    private static McpSyncClient mcp;
    private static HistoryDemo demo;

    @BeforeAll
    static void start() throws Exception {
        store = Store.open(
                tmp.resolve("store"),
                SharedModel.embedder().modelId(),
                SharedModel.embedder().dimension());
        demo = HistoryDemo.build(tmp, store, SharedModel.embedder());
        server = ChatServer.start(
                store,
                SharedModel.embedder(),
                new IngesterIndexer(store, SharedModel.embedder(), List.of()),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
        mcp = McpClient.sync(HttpClientStreamableHttpTransport.builder(http.base())
                        .endpoint("/mcp")
                        .build())
                .requestTimeout(Duration.ofMinutes(2))
                .build();
        mcp.initialize();
    }

    @AfterAll
    static void stop() {
        if (mcp != null) {
            mcp.closeGracefully();
        }
        if (server != null) {
            server.close();
        }
        if (store != null) {
            store.close();
        }
        FixtureStore.delete(tmp);
    }

    private static CallToolResult call(String tool, Object... args) {
        Map<String, Object> a = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            a.put((String) args[i], args[i + 1]);
        }
        return mcp.callTool(new McpSchema.CallToolRequest(tool, a));
    }

    private static JsonNode structured(CallToolResult r) {
        assertThat(r.isError()).as("%s", r.content()).isNotEqualTo(Boolean.TRUE);
        return HttpHelper.JSON.valueToTree(r.structuredContent());
    }

    private static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().getFirst()).text();
    }

    @Test
    void both_history_tools_are_listed_read_only_with_schemas() {
        List<McpSchema.Tool> tools = mcp.listTools().tools();
        assertThat(tools).extracting(McpSchema.Tool::name).contains("search_history", "get_commit");
        for (McpSchema.Tool t : tools) {
            if (t.name().equals("search_history") || t.name().equals("get_commit")) {
                assertThat(t.annotations().readOnlyHint()).isTrue();
                assertThat(t.outputSchema()).containsKey("properties");
            }
        }
    }

    @Test
    void search_history_finds_the_commit_that_raised_the_retry_limit_with_its_author_date_and_diff() {
        JsonNode r = structured(call("search_history", "query", "why was the retry limit raised", "limit", 5));

        JsonNode first = r.path("commits").get(0);
        assertThat(first.path("sha").asText()).isEqualTo(demo.retry().sha());
        assertThat(first.path("short_sha").asText())
                .isEqualTo(demo.retry().sha().substring(0, 7));
        assertThat(first.path("date").asText()).isEqualTo("2024-02-05");
        assertThat(first.path("author").asText()).isEqualTo("Grace");
        assertThat(first.path("subject").asText()).isEqualTo("Raise the retry limit to 5");
        assertThat(first.path("path").asText()).isEqualTo("src/Parser.java");
        assertThat(first.path("change").asText()).isEqualTo("modified");
        assertThat(first.path("lines_added").asInt()).isEqualTo(1);
        assertThat(first.path("lines_deleted").asInt()).isEqualTo(1);
        assertThat(first.path("diff").asText())
                .contains("-    static final int MAX_RETRIES = 3;")
                .contains("+    static final int MAX_RETRIES = 5;");
        assertThat(first.path("url").asText()).startsWith(server.url() + "?repo=histdemo&sha=");
    }

    @Test
    void search_history_filters_by_symbol_path_and_dates() {
        JsonNode bySymbol = structured(call("search_history", "query", "parser", "symbol", "Parser.parseHeader"));
        // only the commit that wrote parseHeader mentions it in changed lines
        assertThat(shas(bySymbol)).containsOnly(demo.added().sha());

        JsonNode march = structured(call(
                "search_history",
                "query",
                "parser",
                "repo",
                HistoryDemo.REPO,
                "since",
                "2024-03-01",
                "until",
                "2024-03-31"));
        assertThat(shas(march))
                .isNotEmpty()
                .containsOnly(demo.renamed().sha(), demo.hostile().sha());
        assertThat(march.path("commits"))
                .allSatisfy(c -> assertThat(c.path("date").asText()).startsWith("2024-03"));

        JsonNode readme = structured(call("search_history", "query", "header", "path", "*.md"));
        assertThat(readme.path("commits")).hasSize(1);
        assertThat(readme.path("commits").get(0).path("path").asText()).isEqualTo("README.md");
    }

    @Test
    void get_commit_by_prefix_shows_the_message_and_every_file_and_pages_by_file() {
        JsonNode c = structured(call(
                "get_commit",
                "repo",
                HistoryDemo.REPO,
                "sha",
                demo.added().sha().substring(0, 9)));

        assertThat(c.path("sha").asText()).isEqualTo(demo.added().sha());
        assertThat(c.path("author").asText()).isEqualTo("Ada");
        assertThat(c.path("date").asText()).isEqualTo("2024-01-10");
        assertThat(c.path("total_files").asInt()).isEqualTo(2);
        assertThat(c.path("files").findValuesAsText("path")).containsExactly("README.md", "src/Parser.java");
        assertThat(c.path("files").get(1).path("change").asText()).isEqualTo("added");
        assertThat(c.path("files").get(1).path("diff").asText()).contains("+    static String[] parseHeader");

        CallToolResult why =
                call("get_commit", "repo", HistoryDemo.REPO, "sha", demo.retry().sha());
        assertThat(structured(why).path("body").asText()).contains("Flaky networks");
        assertThat(text(why)).contains("commit " + demo.retry().sha()).contains("Author: Grace");

        // the smallest budget: one file a page, the cursor brings the next
        JsonNode first = structured(
                call("get_commit", "repo", HistoryDemo.REPO, "sha", demo.added().sha(), "max_tokens", 100));
        assertThat(first.path("files")).hasSize(1);
        assertThat(first.path("next_cursor").isTextual()).isTrue();
        JsonNode second = structured(call(
                "get_commit",
                "repo",
                HistoryDemo.REPO,
                "sha",
                demo.added().sha(),
                "max_tokens",
                100,
                "cursor",
                first.path("next_cursor").asText()));
        assertThat(second.path("files").get(0).path("path").asText()).isEqualTo("src/Parser.java");
    }

    @Test
    void hostile_arguments_are_one_line_tool_errors() {
        assertError(call("search_history", "query", "x", "since", "2024-13-01"), "\"since\" must be a date");
        assertError(call("search_history", "query", "x", "until", "yesterday"), "\"until\" must be a date");
        assertError(call("search_history", "query", "x", "since", "2024-05-01", "until", "2024-01-01"), "after");
        assertError(call("search_history", "query", "x", "limit", 1_000_000), "limit");
        assertError(call("search_history", "query", "x", "repo", "nope"), "unknown repository");
        assertError(call("search_history", "query", "x", "path", "[z-a]"), "path");
        assertError(call("search_history", "query", "x", "symbol", "<script>"), "symbol");
        assertError(call("get_commit", "repo", HistoryDemo.REPO, "sha", "zzzzzzzz"), "hex");
        assertError(call("get_commit", "repo", HistoryDemo.REPO, "sha", "0000000"), "no single commit");
        assertError(call("get_commit", "repo", HistoryDemo.REPO, "sha", "abc"), "sha");
        assertError(call("get_commit", "sha", demo.added().sha()), "repo");
    }

    @Test
    void the_last_change_of_lines_follows_the_rename_back_to_the_commit_that_wrote_them() {
        JsonNode retry = http.get(lastChange(HistoryDemo.RETRY_LINE, HistoryDemo.RETRY_LINE))
                .json();
        assertThat(retry.path("sha").asText()).isEqualTo(demo.retry().sha());
        assertThat(retry.path("author").asText()).isEqualTo("Grace");
        assertThat(retry.path("date").asText()).isEqualTo("2024-02-05");
        assertThat(retry.path("changed_path").asText()).isEqualTo("src/Parser.java");

        JsonNode parse = http.get(lastChange(HistoryDemo.PARSE_START, HistoryDemo.PARSE_END))
                .json();
        assertThat(parse.path("sha").asText()).isEqualTo(demo.added().sha());
        assertThat(http.get(lastChange(3, 3)).json().path("sha").asText())
                .isEqualTo(demo.renamed().sha());
        // a range reaching the hostile line: its newest change wins
        assertThat(http.get(lastChange(HistoryDemo.PARSE_START, 13))
                        .json()
                        .path("sha")
                        .asText())
                .isEqualTo(demo.hostile().sha());

        Response fragment = http.get("/ui"
                + lastChange(HistoryDemo.RETRY_LINE, HistoryDemo.RETRY_LINE).substring("/api".length()));
        assertThat(fragment.body())
                .contains("data-testid=\"last-change\"")
                .contains(demo.retry().sha().substring(0, 7))
                .contains("Grace")
                .contains("Raise the retry limit to 5");

        // a file no commit has: the API says so, the viewer says nothing at all
        String notes = "repo=histdemo&path=" + HistoryDemo.UNCOMMITTED + "&start=1&end=2";
        assertThat(http.get("/api/last-change?" + notes).status()).isEqualTo(404);
        Response quiet = http.get("/ui/last-change?" + notes);
        assertThat(quiet.status()).isEqualTo(200);
        assertThat(quiet.body()).isEmpty();
    }

    @Test
    void last_change_and_commit_routes_refuse_bad_input_with_one_line_errors() {
        assertStatus(http.get(lastChange(0, 1)), 400);
        assertStatus(http.get(lastChange(5, 2)), 400);
        assertStatus(http.get("/api/last-change?repo=histdemo&path=../../etc/passwd&start=1"), 404);
        assertStatus(http.get("/api/last-change?repo=nope&path=x&start=1"), 404);
        assertStatus(http.get("/api/commit?repo=histdemo&sha=%3Cscript%3E"), 400);
        assertStatus(http.get("/api/commit?repo=histdemo&sha=1234567"), 404);
        assertStatus(http.get("/api/commit?repo=histdemo"), 400);
        Response page = http.get("/ui/commit?repo=histdemo&sha=" + "f".repeat(100));
        assertThat(page.status()).isEqualTo(400);
        assertThat(page.body()).contains("data-testid=\"error\"").contains("hex digits");
    }

    @Test
    void the_commit_routes_give_the_commit_as_json_and_as_the_viewer_fragment_escaped() {
        JsonNode c = http.get("/api/commit?repo=histdemo&sha=" + demo.hostile().sha())
                .json();
        assertThat(c.path("subject").asText()).isEqualTo(HistoryDemo.HOSTILE_SUBJECT);
        assertThat(c.path("files").get(0).path("path").asText()).isEqualTo(HistoryDemo.FILE);

        String html = http.get(
                        "/ui/commit?repo=histdemo&sha=" + demo.hostile().sha().substring(0, 7))
                .body();
        assertThat(html)
                .contains("data-testid=\"commit-view\"")
                .contains("&lt;img src=x onerror=alert(1)&gt;")
                .contains("&lt;script&gt;alert(2)&lt;/script&gt;")
                .contains("\u241b[31mred") // ESC shown as a symbol
                .doesNotContain("<img")
                .doesNotContain("<script")
                .doesNotContain("\u001b")
                .doesNotContain("\u0007");

        // a source without an id: found by file, span and subject
        var chunk = demo.chunks().stream()
                .filter(ch -> ch.sha().equals(demo.retry().sha()))
                .findFirst()
                .orElseThrow();
        JsonNode located = http.get("/api/commit?repo=histdemo&path=" + enc(chunk.path()) + "&start="
                        + chunk.startLine() + "&end=" + chunk.endLine() + "&subject=" + enc("Raise the retry"))
                .json();
        assertThat(located.path("sha").asText()).isEqualTo(demo.retry().sha());

        // the page opened on a commit (what search_history links to) shows it in the viewer
        String page = http.get("/?repo=histdemo&sha=" + demo.retry().sha() + "&path=src%2FParser.java")
                .body();
        assertThat(page).contains("data-testid=\"commit-view\"").contains("Raise the retry limit to 5");
    }

    private static String lastChange(int start, int end) {
        return "/api/last-change?repo=histdemo&path=" + enc(HistoryDemo.FILE) + "&start=" + start + "&end=" + end;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static List<String> shas(JsonNode result) {
        return result.path("commits").findValuesAsText("sha");
    }

    private static void assertError(CallToolResult r, String why) {
        assertThat(r.isError()).as("%s", r.content()).isTrue();
        assertThat(text(r)).contains(why).doesNotContain("\n").doesNotContain("Exception");
    }

    private static void assertStatus(Response r, int status) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.json().path("error").asText()).isNotBlank().doesNotContain("\n");
    }
}
