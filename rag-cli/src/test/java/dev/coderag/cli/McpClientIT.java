package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./rag mcp} and {@code /mcp} of {@code ./rag serve} driven by a client nobody here wrote: the official MCP
 * TypeScript SDK ({@code @modelcontextprotocol/sdk}, pinned in src/test/mcp-client and installed there by
 * {@code npm ci}), through initialize, tools/list and a call of every tool over the fixture repository. The SDK
 * checks every structured result against the tool's output schema; this test checks the results are right.
 * Without node or the installed client the test is skipped, unless RAG_REQUIRE_NODE=1 (CI), where that fails.
 */
class McpClientIT {
    private static final Path CLIENT_DIR = Proc.ROOT.resolve("rag-cli/src/test/mcp-client");
    private static final Duration T = Duration.ofMinutes(4);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEADER_PARSER = "router/src/main/java/dev/tinyroute/http/HeaderParser.java";
    /** A second repository, named long enough that two repositories' status is over 100 tokens. */
    private static final String WIDGETS =
            "widgets-with-a-name-long-enough-that-two-statuses-are-over-one-hundred-tokens";

    @TempDir
    static Path tmp;

    static Path db;

    @BeforeAll
    static void client_installed_and_a_store() throws IOException {
        boolean present = Files.isDirectory(CLIENT_DIR.resolve("node_modules/@modelcontextprotocol/sdk"))
                && Files.isExecutable(Path.of("/usr/bin/node"));
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_NODE"));
        assumeThat(present || required)
                .as("no node or no MCP client (cd rag-cli/src/test/mcp-client && npm ci)")
                .isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_NODE=1 but /usr/bin/node or rag-cli/src/test/mcp-client/node_modules is missing")
                .isTrue();
        // a copy: reindex writes to it; a second repository, so that the repository lists page
        db = Proc.copyTree(Proc.sharedStore().db(), tmp.resolve("store"));
        Path widgets = Files.createDirectories(tmp.resolve(WIDGETS));
        Files.writeString(widgets.resolve("widgets.py"), "def make_widget(name):\n    return {'name': name}\n");
        Proc.Result ingest = Proc.runRag(tmp, Map.of(), T, "ingest", widgets.toString(), "--db", db.toString());
        assertThat(ingest.exitCode()).as(ingest.err()).isZero();
    }

    @Test
    void over_stdio_every_tool_answers_with_the_right_files_lines_and_callers() throws IOException {
        ObjectNode spec = JSON.createObjectNode().put("transport", "stdio").put("command", Proc.LAUNCHER.toString());
        spec.putArray("args").add("mcp").add("--db").add(db.toString()).add("--allow-writes");
        spec.putObject("env").put("RAG_VIEWER_URL", "http://127.0.0.1:3000/");
        ArrayNode calls = spec.putArray("calls");
        call(calls, "search_code", "query", "how are HTTP header lines parsed?", "limit", 5);
        call(calls, "search_code", "query", "retry", "language", "python", "kind", "function", "path_glob", "cli/**");
        call(calls, "ask", "question", "where is parseHeader implemented?");
        call(calls, "find_symbol", "name", "HeaderParser.parseHeader");
        call(calls, "find_references", "symbol", "parseHeader", "direction", "callers");
        call(calls, "find_references", "symbol", "fetch_with_retry");
        call(calls, "find_references", "symbol", "parseHeaders", "direction", "callees");
        call(calls, "read_file", "repo", "tinyroute", "path", HEADER_PARSER, "start_line", 34, "end_line", 36);
        call(calls, "list_repos");
        call(calls, "index_status", "repo", "tinyroute");
        call(calls, "read_file", "repo", "tinyroute", "path", "../../etc/passwd");
        call(calls, "reindex", "repo", "tinyroute");

        JsonNode out = run(spec);

        assertThat(out.path("server").path("name").asText()).isEqualTo("coderag");
        List<String> names = names(out.path("tools"));
        assertThat(names)
                .containsExactly(
                        "search_code",
                        "ask",
                        "find_symbol",
                        "find_references",
                        "read_file",
                        "search_history",
                        "get_commit",
                        "list_repos",
                        "index_status",
                        "reindex");
        for (JsonNode tool : out.path("tools")) {
            boolean readOnly = !tool.path("name").asText().equals("reindex");
            assertThat(tool.path("annotations").path("readOnlyHint").asBoolean())
                    .isEqualTo(readOnly);
            assertThat(tool.path("inputSchema").path("type").asText()).isEqualTo("object");
            assertThat(tool.path("outputSchema").path("type").asText()).isEqualTo("object");
        }
        JsonNode r = out.path("results");
        for (int i = 0; i < r.size(); i++) {
            boolean refused = i == 10;
            assertThat(r.get(i).path("isError").asBoolean())
                    .as("call %d: %s", i, r.get(i))
                    .isEqualTo(refused);
            assertThat(r.get(i).path("content").get(0).path("text").asText()).isNotBlank();
        }

        JsonNode headers = r.get(0).path("structuredContent").path("hits");
        assertThat(hits(headers)).contains(HEADER_PARSER + ":54-64");
        assertThat(headers.get(0).path("url").asText())
                .startsWith("http://127.0.0.1:3000/?repo=tinyroute&path=")
                .contains("#L");
        JsonNode retry = r.get(1).path("structuredContent").path("hits");
        assertThat(hits(retry)).first().isEqualTo("cli/src/tinyroute/retry.py:28-42");
        assertThat(retry).allSatisfy(h -> {
            assertThat(h.path("language").asText()).isEqualTo("python");
            assertThat(h.path("symbol_kind").asText()).isEqualTo("function");
            assertThat(h.path("path").asText()).startsWith("cli/");
        });

        JsonNode answer = r.get(2).path("structuredContent");
        assertThat(answer.path("refused").asBoolean()).isFalse();
        assertThat(answer.path("sources").get(0).path("path").asText()).isEqualTo(HEADER_PARSER);
        assertThat(answer.path("answer").asText()).contains("[1]");

        JsonNode def = r.get(3).path("structuredContent").path("definitions");
        assertThat(def).hasSize(1);
        assertThat(location(def.get(0))).isEqualTo(HEADER_PARSER + ":34-48");
        assertThat(def.get(0).path("match").asText()).isEqualTo("exact"); // the store knows qualified names

        // the true callers, from the fixture's source: parseHeaders calls parseHeader; cmd_fetch and cmd_routes
        // call fetch_with_retry
        assertThat(symbols(r.get(4).path("structuredContent").path("references")))
                .containsExactly("HeaderParser.parseHeaders");
        assertThat(symbols(r.get(5).path("structuredContent").path("references")))
                .containsExactly("cmd_fetch", "cmd_routes");
        assertThat(symbols(r.get(6).path("structuredContent").path("references")))
                .contains("HeaderParser.parseHeader");

        JsonNode file = r.get(7).path("structuredContent");
        assertThat(file.path("content").asText())
                .startsWith("    public Header parseHeader(String line) {")
                .hasLineCount(3);
        assertThat(file.path("total_lines").asInt()).isGreaterThan(60);

        JsonNode repo = r.get(8).path("structuredContent").path("repos").get(0);
        assertThat(repo.path("name").asText()).isEqualTo("tinyroute");
        assertThat(repo.path("state").asText()).isEqualTo("ready");
        assertThat(repo.path("languages").has("rust")).isTrue();
        assertThat(repo.path("chunks").path("code").asInt()).isPositive();
        assertThat(r.get(9)
                        .path("structuredContent")
                        .path("repos")
                        .get(0)
                        .path("state")
                        .asText())
                .isEqualTo("ready");
        assertThat(r.get(10).path("content").get(0).path("text").asText()).contains("no indexed file");
        assertThat(r.get(11).path("structuredContent").path("name").asText()).isEqualTo("tinyroute");
    }

    @Test
    void over_stdio_every_tool_keeps_to_its_budget_and_pages_to_the_end_with_every_location() throws IOException {
        ObjectNode spec = JSON.createObjectNode().put("transport", "stdio").put("command", Proc.LAUNCHER.toString());
        spec.putArray("args").add("mcp").add("--db").add(db.toString()).add("--allow-writes");
        ArrayNode calls = spec.putArray("calls");
        String q = "how are HTTP header lines parsed?";
        call(calls, "search_code", "query", q, "limit", 20, "max_tokens", 25_000);
        call(calls, "search_code", "query", q, "limit", 20, "max_tokens", 2_000).put("follow", true);
        call(calls, "search_code", "query", q, "limit", 20, "max_tokens", 100).put("follow", true);
        call(calls, "search_code", "query", q, "limit", 20, "detail", "signatures", "max_tokens", 2_000)
                .put("follow", true);
        call(calls, "ask", "question", "where is parseHeader implemented?", "max_tokens", 100);
        call(calls, "find_symbol", "name", "parse", "limit", 5, "max_tokens", 25_000);
        call(calls, "find_symbol", "name", "parse", "limit", 5, "max_tokens", 100)
                .put("follow", true);
        call(calls, "find_references", "symbol", "fetch_with_retry", "max_tokens", 100)
                .put("follow", true);
        call(calls, "read_file", "repo", "tinyroute", "path", HEADER_PARSER, "max_tokens", 25_000);
        call(calls, "read_file", "repo", "tinyroute", "path", HEADER_PARSER, "max_tokens", 300)
                .put("follow", true);
        call(calls, "list_repos", "max_tokens", 100).put("follow", true);
        call(calls, "index_status", "max_tokens", 100).put("follow", true);
        call(calls, "reindex", "repo", WIDGETS, "max_tokens", 100);
        call(calls, "search_code", "query", q, "cursor", "bm90IGEgY3Vyc29y.AAAAAAAAAAAAAAAAAAAAAA");
        call(calls, "search_code", "query", "routing tables").put("cursorFrom", 2);
        call(calls, "find_symbol", "name", "parse").put("cursorFrom", 2);

        JsonNode r = run(spec).path("results");

        List<JsonNode> results = new ArrayList<>();
        r.forEach(
                x -> (x.has("pages") ? x.path("pages") : JSON.createArrayNode().add(x)).forEach(results::add));
        for (JsonNode page : results.subList(0, results.size() - 3)) {
            assertThat(page.path("isError").asBoolean()).as("%s", page).isFalse();
            JsonNode sc = page.path("structuredContent");
            int max = sc.path("page").path("max_tokens").asInt();
            if (sc.path("page").path("returned").asInt() > 1) { // one result is returned whatever its size
                assertThat(sc.toString().length()).as("%s", sc).isLessThanOrEqualTo(max * 4);
                assertThat(text(page).length()).isLessThanOrEqualTo(max * 4);
            }
            for (String list : List.of("hits", "definitions", "references", "sources")) {
                assertThat(sc.path(list))
                        .allSatisfy(h -> assertThat(location(h)).matches(".+:[1-9]\\d*-[1-9]\\d*"));
            }
        }
        JsonNode big = r.get(0).path("structuredContent");
        List<String> whole = hits(big.path("hits"));
        assertThat(whole).hasSize(20).contains(HEADER_PARSER + ":54-64");
        assertThat(big.path("page").path("tokens").asInt()).isGreaterThan(2_000);
        assertThat(big.path("truncated").asBoolean()).isFalse();
        // the same question within 2,000 tokens: one page, every hit with its file and lines, the snippets cut
        assertThat(r.get(1).path("pages")).hasSize(1);
        JsonNode small = r.get(1).path("pages").get(0).path("structuredContent");
        assertThat(hits(small.path("hits"))).isEqualTo(whole);
        assertThat(small.path("page").path("cut").toString()).contains("snippet");
        assertThat(small.path("page").path("tokens").asInt()).isLessThanOrEqualTo(2_000);
        // within 100 tokens a hit a page, and the pages are the whole result
        assertThat(r.get(2).path("pages")).hasSize(20);
        assertThat(pages(r.get(2), "hits")).isEqualTo(whole);
        assertThat(pages(r.get(3), "hits")).isEqualTo(whole);
        r.get(3).path("pages").forEach(p -> assertThat(
                        p.path("structuredContent").path("hits"))
                .allSatisfy(h -> {
                    assertThat(h.path("snippet").isNull()).isTrue();
                    assertThat(h.path("signature").asText()).isNotBlank();
                }));

        JsonNode answer = r.get(4).path("structuredContent");
        assertThat(answer.path("sources").get(0).path("path").asText()).isEqualTo(HEADER_PARSER);
        assertThat(answer.path("page").path("cut").toString()).contains("answer");
        assertThat(answer.path("next_cursor").isNull()).isTrue();

        List<String> defs = hits(r.get(5).path("structuredContent").path("definitions"));
        assertThat(defs).hasSizeGreaterThan(1);
        assertThat(pages(r.get(6), "definitions")).isEqualTo(defs);
        assertThat(r.get(7).path("pages")).hasSize(2);
        assertThat(pages(r.get(7), "references")).hasSize(2);

        String file = r.get(8).path("structuredContent").path("content").asText();
        StringBuilder joined = new StringBuilder();
        int next = 1;
        for (JsonNode page : r.get(9).path("pages")) {
            JsonNode sc = page.path("structuredContent");
            assertThat(sc.path("start_line").asInt()).isEqualTo(next);
            next = sc.path("end_line").asInt() + 1;
            joined.append(joined.isEmpty() ? "" : "\n")
                    .append(sc.path("content").asText());
        }
        assertThat(r.get(9).path("pages").size()).isGreaterThan(1);
        assertThat(joined.toString()).isEqualTo(file);

        for (int i : new int[] {10, 11}) {
            assertThat(r.get(i).path("pages")).hasSize(2);
            List<String> names = new ArrayList<>();
            r.get(i)
                    .path("pages")
                    .forEach(p -> names.add(p.path("structuredContent")
                            .path("repos")
                            .get(0)
                            .path("name")
                            .asText()));
            assertThat(names).containsExactly("tinyroute", WIDGETS);
        }
        assertThat(r.get(12)
                        .path("structuredContent")
                        .path("page")
                        .path("max_tokens")
                        .asInt())
                .isEqualTo(100);
        assertThat(text(r.get(13))).startsWith("cursor is not one this server issued");
        assertThat(text(r.get(14))).contains("other arguments");
        assertThat(text(r.get(15))).contains("belongs to a search_code result");
        for (int i = 13; i < 16; i++) {
            assertThat(r.get(i).path("isError").asBoolean()).isTrue();
            assertThat(text(r.get(i))).doesNotContain("\n").doesNotContain("Exception");
        }
    }

    @Test
    void over_streamable_http_with_and_without_a_token() throws IOException {
        ObjectNode calls = JSON.createObjectNode();
        ArrayNode list = calls.putArray("calls");
        call(list, "find_references", "symbol", "parseHeader");
        call(list, "read_file", "repo", "tinyroute", "path", HEADER_PARSER, "start_line", 34, "end_line", 34);
        call(
                        list,
                        "read_file",
                        "repo",
                        "tinyroute",
                        "path",
                        HEADER_PARSER,
                        "start_line",
                        34,
                        "end_line",
                        40,
                        "max_tokens",
                        100)
                .put("follow", true);

        try (Proc open = Proc.rag(tmp, Map.of("RAG_DB", db.toString(), "RAG_PORT", "0"), "serve");
                Proc locked = Proc.rag(
                        tmp, Map.of("RAG_DB", db.toString(), "RAG_PORT", "0", "RAG_TOKEN", "s3cret-token"), "serve")) {
            String openUrl = open.awaitUrl(T);
            String lockedUrl = locked.awaitUrl(T);

            JsonNode out = run(calls.deepCopy().put("transport", "http").put("url", openUrl + "/mcp"));
            assertThat(names(out.path("tools"))).contains("search_code").doesNotContain("reindex");
            assertThat(symbols(
                            out.path("results").get(0).path("structuredContent").path("references")))
                    .containsExactly("HeaderParser.parseHeaders");
            JsonNode line = out.path("results").get(1).path("structuredContent");
            assertThat(line.path("content").asText()).isEqualTo("    public Header parseHeader(String line) {");
            assertThat(line.path("url").asText()).startsWith(openUrl + "/?repo=tinyroute");
            // cursors hold across the stateless HTTP requests of one server
            JsonNode pages = out.path("results").get(2).path("pages");
            assertThat(pages.size()).isGreaterThan(1);
            assertThat(pages.get(pages.size() - 1)
                            .path("structuredContent")
                            .path("end_line")
                            .asInt())
                    .isEqualTo(40);

            Proc.Result refused =
                    client(calls.deepCopy().put("transport", "http").put("url", lockedUrl + "/mcp"));
            assertThat(refused.exitCode()).isEqualTo(1);
            assertThat(refused.err()).contains("401");

            JsonNode authorised = run(calls.deepCopy()
                    .put("transport", "http")
                    .put("url", lockedUrl + "/mcp")
                    .put("token", "s3cret-token"));
            assertThat(symbols(authorised
                            .path("results")
                            .get(0)
                            .path("structuredContent")
                            .path("references")))
                    .containsExactly("HeaderParser.parseHeaders");
        }
    }

    private static ObjectNode call(ArrayNode calls, String name, Object... args) {
        ObjectNode call = calls.addObject().put("name", name);
        ObjectNode a = call.putObject("arguments");
        for (int i = 0; i < args.length; i += 2) {
            a.set((String) args[i], JSON.valueToTree(args[i + 1]));
        }
        return call;
    }

    /** The locations of a followed call's pages, in order. */
    private static List<String> pages(JsonNode followed, String list) {
        List<String> out = new ArrayList<>();
        followed.path("pages")
                .forEach(p -> out.addAll(hits(p.path("structuredContent").path(list))));
        return out;
    }

    private static String text(JsonNode result) {
        return result.path("content").get(0).path("text").asText();
    }

    private static Proc.Result client(JsonNode spec) {
        try (Proc p = Proc.start(
                List.of("/usr/bin/node", CLIENT_DIR.resolve("client.mjs").toString(), spec.toString()),
                CLIENT_DIR,
                Map.of(),
                false)) {
            return p.await(T);
        }
    }

    private static JsonNode run(JsonNode spec) throws IOException {
        Proc.Result r = client(spec);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().count()).as(r.out()).isEqualTo(1);
        return JSON.readTree(r.out());
    }

    private static List<String> names(JsonNode tools) {
        return StreamSupport.stream(tools.spliterator(), false)
                .map(t -> t.path("name").asText())
                .toList();
    }

    private static List<String> hits(JsonNode hits) {
        List<String> out = new ArrayList<>();
        hits.forEach(h -> out.add(location(h)));
        return out;
    }

    private static String location(JsonNode n) {
        return n.path("path").asText() + ":" + n.path("start_line").asInt() + "-"
                + n.path("end_line").asInt();
    }

    private static List<String> symbols(JsonNode refs) {
        List<String> out = new ArrayList<>();
        refs.forEach(r -> out.add(r.path("symbol").asText()));
        return out;
    }
}
