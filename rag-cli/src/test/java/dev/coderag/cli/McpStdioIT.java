package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./rag mcp} with nothing but newline-delimited JSON on its stdin and stdout, as the MCP stdio transport
 * specifies: initialize, tools/list, tools/call of search_code, find_symbol and list_repos, each answered on one
 * line; every line stdout carries is a JSON-RPC message (the model's and the libraries' start-up output included
 * in the check); closing stdin ends the server with exit code 0.
 */
class McpStdioIT {
    private static final Duration T = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void a_raw_json_rpc_session_over_stdio_has_only_protocol_lines_on_stdout() throws Exception {
        Path db = Proc.sharedStore().db();
        ProcessBuilder pb =
                new ProcessBuilder(Proc.LAUNCHER.toString(), "mcp", "--db", db.toString()).directory(tmp.toFile());
        Process p = pb.start();
        List<String> stdout = new ArrayList<>();
        StringBuilder stderr = new StringBuilder();
        CompletableFuture<Void> errDone = CompletableFuture.runAsync(() -> {
            try (BufferedReader r = p.errorReader(StandardCharsets.UTF_8)) {
                r.lines().forEach(l -> {
                    synchronized (stderr) {
                        stderr.append(l).append('\n');
                    }
                });
            } catch (IOException e) {
                // the process is gone
            }
        });
        try (OutputStream in = p.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            JsonNode init = exchange(in, out, stdout, """
                    {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
                    "capabilities":{},"clientInfo":{"name":"raw-json-lines","version":"1"}}}""");
            assertThat(init.path("result").path("serverInfo").path("name").asText())
                    .isEqualTo("coderag");
            assertThat(init.path("result").path("capabilities").has("tools")).isTrue();
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

            JsonNode list = exchange(in, out, stdout, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            List<String> names = new ArrayList<>();
            list.path("result")
                    .path("tools")
                    .forEach(t -> names.add(t.path("name").asText()));
            assertThat(names)
                    .contains("search_code", "ask", "find_symbol", "find_references", "read_file", "list_repos")
                    .contains("index_status")
                    .doesNotContain("reindex"); // not without --allow-writes

            JsonNode search = exchange(in, out, stdout, """
                    {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_code",\
                    "arguments":{"query":"where is escapeHtml implemented?","limit":3}}}""");
            JsonNode hit =
                    search.path("result").path("structuredContent").path("hits").get(0);
            assertThat(hit.path("path").asText()).isEqualTo("web/src/format.js");
            assertThat(hit.path("start_line").asInt()).isEqualTo(25);
            assertThat(hit.path("end_line").asInt()).isEqualTo(32);
            assertThat(search.path("result").path("content").get(0).path("text").asText())
                    .contains("tinyroute:web/src/format.js:25-32");

            JsonNode symbol = exchange(in, out, stdout, """
                    {"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"find_symbol",\
                    "arguments":{"name":"fetch_with_retry","kind":"function"}}}""");
            JsonNode def = symbol.path("result")
                    .path("structuredContent")
                    .path("definitions")
                    .get(0);
            assertThat(def.path("path").asText()).isEqualTo("cli/src/tinyroute/retry.py");
            assertThat(def.path("start_line").asInt()).isEqualTo(28);
            assertThat(def.path("match").asText()).isEqualTo("exact");

            JsonNode repos = exchange(in, out, stdout, """
                    {"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_repos","arguments":{}}}""");
            assertThat(repos.path("result")
                            .path("structuredContent")
                            .path("repos")
                            .get(0)
                            .path("name")
                            .asText())
                    .isEqualTo("tinyroute");

            JsonNode bad = exchange(in, out, stdout, """
                    {"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"search_code",\
                    "arguments":{"query":"x","path_glob":"[z-a]"}}}""");
            assertThat(bad.path("result").path("isError").asBoolean()).isTrue();
            assertThat(bad.path("result").path("content").get(0).path("text").asText())
                    .contains("path_glob")
                    .doesNotContain("Exception")
                    .doesNotContain("\n");

            in.close(); // the agent is done: the server ends by itself
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                stdout.add(line);
            }
        }
        assertThat(p.waitFor(T.toSeconds(), TimeUnit.SECONDS))
                .as(stderr.toString())
                .isTrue();
        errDone.get(10, TimeUnit.SECONDS);
        assertThat(p.exitValue()).as(stderr.toString()).isZero();
        assertThat(stdout).hasSize(6).allSatisfy(line -> {
            JsonNode m = JSON.readTree(line);
            assertThat(m.path("jsonrpc").asText()).isEqualTo("2.0");
        });
        // the logs went to stderr
        assertThat(stderr.toString()).contains("coderag MCP server on stdio");
    }

    private static void send(OutputStream in, String message) throws IOException {
        assertThat(message).doesNotContain("\n");
        in.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Sends a request and reads lines until its response; every line read must be a JSON-RPC message. */
    private static JsonNode exchange(OutputStream in, BufferedReader out, List<String> stdout, String request)
            throws IOException {
        send(in, request);
        long id = JSON.readTree(request).path("id").asLong();
        while (true) {
            String line = out.readLine();
            assertThat(line).as("stdout ended before the response to " + id).isNotNull();
            stdout.add(line);
            JsonNode m = JSON.readTree(line); // a non-JSON line fails here
            assertThat(m.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
            if (m.path("id").asLong() == id) {
                assertThat(m.has("error")).as(line).isFalse();
                return m;
            }
        }
    }
}
