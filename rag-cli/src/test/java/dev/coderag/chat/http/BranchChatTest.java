package dev.coderag.chat.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.BranchFixture;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/chat} with a {@code branch} over a repository indexed at two branches (a real server on a real
 * port; real git, ingester, model and store): the branch's answer cites the branch's lines, the repository's own
 * answer its own, and a branch it is not indexed at is a 404 that lists those it is.
 */
class BranchChatTest {
    private static Path dir;
    private static Store store;
    private static ChatServer server;
    private static HttpHelper http;

    @BeforeAll
    static void start() throws Exception {
        dir = FixtureStore.tempDir("coderag-branch-chat-");
        store = BranchFixture.twoBranches(dir);
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
        store.close();
        FixtureStore.delete(dir);
    }

    @Test
    void a_question_at_a_branch_cites_that_branchs_lines() {
        JsonNode r = ask("{\"query\": \"How is the Fibonacci backoff delay computed?\", \"repo\": \"tinyroute\","
                + " \"branch\": \"feature/retry\"}");
        JsonNode first = r.path("sources").get(0);
        assertThat(first.path("repo").asText()).isEqualTo(BranchFixture.OVERLAY);
        assertThat(first.path("path").asText()).isEqualTo("cli/src/tinyroute/retry.py");
        assertThat(first.toString()).contains("fibonacci_backoff");
    }

    @Test
    void the_same_question_without_the_branch_is_answered_from_the_repositorys_own_lines() {
        JsonNode r = ask("{\"query\": \"How is the exponential backoff delay computed?\", \"repo\": \"tinyroute\"}");
        assertThat(r.path("sources")).isNotEmpty();
        r.path("sources").forEach(s -> {
            assertThat(s.path("repo").asText()).isEqualTo("tinyroute");
            assertThat(s.toString()).doesNotContain("fibonacci_backoff");
        });
    }

    @Test
    void a_branch_the_repository_is_not_indexed_at_is_not_found_and_named() {
        HttpHelper.Response r = http.postJson(
                "/api/chat", "{\"query\": \"What is this?\", \"repo\": \"tinyroute\", \"branch\": \"nope\"}");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.body()).contains("not indexed at branch 'nope'").contains("feature/retry");
        assertThat(http.postJson("/api/chat", "{\"query\": \"What is this?\", \"branch\": \"feature/retry\"}")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void the_mcp_tools_take_the_branch_too() {
        HttpHelper.Response call = http.send(HttpRequest.newBuilder(URI.create(http.base() + "/mcp"))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_code",\
                        "arguments":{"query":"fibonacci backoff","repo":"tinyroute","branch":"feature/retry"}}}""")));
        assertThat(call.status()).as(call.body()).isEqualTo(200);
        JsonNode hit = call.json()
                .path("result")
                .path("structuredContent")
                .path("hits")
                .get(0);
        assertThat(hit.path("repo").asText()).isEqualTo(BranchFixture.OVERLAY);
        assertThat(hit.path("path").asText()).isEqualTo("cli/src/tinyroute/retry.py");
    }

    @Test
    void find_symbol_at_a_branch_finds_its_shared_and_its_unchanged_definitions_at_the_branch_lines() throws Exception {
        JsonNode fetch = findSymbol("fetch_with_retry");
        assertThat(fetch.path("repo").asText()).isEqualTo(BranchFixture.OVERLAY);
        List<String> lines = BranchFixture.branchFile(dir, "cli/src/tinyroute/retry.py");
        assertThat(lines.get(fetch.path("start_line").asInt() - 1)).startsWith("def fetch_with_retry(");
        // a file the branch did not change: the base's definition
        JsonNode parser = findSymbol("HeaderParser");
        assertThat(parser.path("repo").asText()).isEqualTo("tinyroute");
        assertThat(parser.path("path").asText()).endsWith("HeaderParser.java");
    }

    /** The first definition find_symbol gives for {@code name} at the fixture's branch. */
    private static JsonNode findSymbol(String name) {
        HttpHelper.Response call = http.send(HttpRequest.newBuilder(URI.create(http.base() + "/mcp"))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                        + "\"params\":{\"name\":\"find_symbol\",\"arguments\":{\"name\":\"" + name
                        + "\",\"repo\":\"tinyroute\",\"branch\":\"feature/retry\"}}}")));
        assertThat(call.status()).as(call.body()).isEqualTo(200);
        JsonNode defs = call.json().path("result").path("structuredContent").path("definitions");
        assertThat(defs).as(call.body()).isNotEmpty();
        return defs.get(0);
    }

    private static JsonNode ask(String json) {
        HttpHelper.Response r = http.postJson("/api/chat", json);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }
}
