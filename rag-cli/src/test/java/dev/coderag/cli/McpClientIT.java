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

    @TempDir
    static Path tmp;

    static Path db;

    @BeforeAll
    static void client_installed_and_a_store() {
        boolean present = Files.isDirectory(CLIENT_DIR.resolve("node_modules/@modelcontextprotocol/sdk"))
                && Files.isExecutable(Path.of("/usr/bin/node"));
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_NODE"));
        assumeThat(present || required)
                .as("no node or no MCP client (cd rag-cli/src/test/mcp-client && npm ci)")
                .isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_NODE=1 but /usr/bin/node or rag-cli/src/test/mcp-client/node_modules is missing")
                .isTrue();
        // a copy: reindex writes to it
        db = Proc.copyTree(Proc.sharedStore().db(), tmp.resolve("store"));
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
    void over_streamable_http_with_and_without_a_token() throws IOException {
        ObjectNode calls = JSON.createObjectNode();
        ArrayNode list = calls.putArray("calls");
        call(list, "find_references", "symbol", "parseHeader");
        call(list, "read_file", "repo", "tinyroute", "path", HEADER_PARSER, "start_line", 34, "end_line", 34);

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

    private static void call(ArrayNode calls, String name, Object... args) {
        ObjectNode call = calls.addObject().put("name", name);
        ObjectNode a = call.putObject("arguments");
        for (int i = 0; i < args.length; i += 2) {
            a.set((String) args[i], JSON.valueToTree(args[i + 1]));
        }
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
