package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history tools of {@code ./rag mcp} (stdio) driven by the official MCP TypeScript SDK client (as {@link
 * McpClientIT}; the SDK checks every structured result against the tool's output schema), over a store holding a
 * real repository's commits ({@link HistoryDemo}): search with filters, a commit by prefix, pages followed by cursor
 * until every file came once, and hostile arguments as tool errors. Skipped without node and the installed client,
 * unless RAG_REQUIRE_NODE=1.
 */
class HistoryMcpIT {
    private static final Path CLIENT_DIR = Proc.ROOT.resolve("rag-cli/src/test/mcp-client");
    private static final Duration T = Duration.ofMinutes(4);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    static Path db;
    static HistoryDemo demo;

    @BeforeAll
    static void client_installed_and_a_store_with_history() throws IOException {
        boolean present = Files.isDirectory(CLIENT_DIR.resolve("node_modules/@modelcontextprotocol/sdk"))
                && Files.isExecutable(Path.of("/usr/bin/node"));
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_NODE"));
        assumeThat(present || required)
                .as("no node or no MCP client (cd rag-cli/src/test/mcp-client && npm ci)")
                .isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_NODE=1 but node or the MCP client is missing")
                .isTrue();
        db = tmp.resolve("store");
        try (Store store = Store.open(
                db, SharedModel.embedder().modelId(), SharedModel.embedder().dimension())) {
            demo = HistoryDemo.build(tmp, store, SharedModel.embedder());
        }
    }

    @Test
    void over_stdio_the_history_tools_answer_with_the_right_commits_and_refuse_bad_arguments() throws IOException {
        ObjectNode spec = JSON.createObjectNode().put("transport", "stdio").put("command", Proc.LAUNCHER.toString());
        spec.putArray("args").add("mcp").add("--db").add(db.toString());
        spec.putObject("env").put("RAG_VIEWER_URL", "http://127.0.0.1:3000/");
        ArrayNode calls = spec.putArray("calls");
        call(calls, "search_history", "query", "why was the retry limit raised", "limit", 3);
        call(calls, "search_history", "query", "parser", "symbol", "parseHeader", "until", "2024-01-31");
        call(
                calls,
                "get_commit",
                "repo",
                HistoryDemo.REPO,
                "sha",
                demo.added().sha().substring(0, 7));
        call(calls, "get_commit", "repo", HistoryDemo.REPO, "sha", demo.added().sha(), "max_tokens", 100)
                .put("follow", true);
        call(calls, "search_history", "query", "x", "since", "2024-02-30");
        call(calls, "get_commit", "repo", HistoryDemo.REPO, "sha", "not-a-sha!");
        call(calls, "get_commit", "repo", HistoryDemo.REPO, "sha", "fffffff");

        JsonNode out = run(spec);

        List<String> names = new ArrayList<>();
        out.path("tools").forEach(t -> names.add(t.path("name").asText()));
        assertThat(names).contains("search_history", "get_commit");
        JsonNode r = out.path("results");

        JsonNode retry = r.get(0).path("structuredContent").path("commits").get(0);
        assertThat(retry.path("sha").asText()).isEqualTo(demo.retry().sha());
        assertThat(retry.path("author").asText()).isEqualTo("Grace");
        assertThat(retry.path("date").asText()).isEqualTo("2024-02-05");
        assertThat(retry.path("url").asText()).startsWith("http://127.0.0.1:3000/?repo=histdemo&sha=");
        assertThat(text(r.get(0))).contains(demo.retry().sha().substring(0, 7) + " 2024-02-05 Grace");

        JsonNode added = r.get(1).path("structuredContent").path("commits");
        assertThat(added.findValuesAsText("sha")).containsOnly(demo.added().sha());

        JsonNode commit = r.get(2).path("structuredContent");
        assertThat(commit.path("sha").asText()).isEqualTo(demo.added().sha());
        assertThat(commit.path("subject").asText()).isEqualTo("Add the header parser");
        assertThat(commit.path("files").findValuesAsText("path")).containsExactly("README.md", "src/Parser.java");

        List<String> paged = new ArrayList<>();
        r.get(3)
                .path("pages")
                .forEach(p ->
                        paged.addAll(p.path("structuredContent").path("files").findValuesAsText("path")));
        assertThat(paged).containsExactly("README.md", "src/Parser.java");

        for (int i = 4; i <= 6; i++) {
            assertThat(r.get(i).path("isError").asBoolean())
                    .as("call %d: %s", i, r.get(i))
                    .isTrue();
            assertThat(text(r.get(i))).doesNotContain("\n").doesNotContain("Exception");
        }
        assertThat(text(r.get(4))).contains("\"since\" must be a date");
        assertThat(text(r.get(5))).contains("hex");
        assertThat(text(r.get(6))).contains("no single commit");
    }

    private static ObjectNode call(ArrayNode calls, String name, Object... args) {
        ObjectNode call = calls.addObject().put("name", name);
        ObjectNode a = call.putObject("arguments");
        for (int i = 0; i < args.length; i += 2) {
            a.set((String) args[i], JSON.valueToTree(args[i + 1]));
        }
        return call;
    }

    private static String text(JsonNode result) {
        return result.path("content").get(0).path("text").asText();
    }

    private static JsonNode run(JsonNode spec) throws IOException {
        Proc.Result r;
        try (Proc p = Proc.start(
                List.of("/usr/bin/node", CLIENT_DIR.resolve("client.mjs").toString(), spec.toString()),
                CLIENT_DIR,
                Map.of(),
                false)) {
            r = p.await(T);
        }
        assertThat(r.exitCode()).as(r.err()).isZero();
        return JSON.readTree(r.out());
    }
}
