package dev.coderag.chat.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.repos.Indexer;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the HTTP API of the real server (real store from the fixture repository, real ingester behind
 * {@code POST /api/repos}, port 0): method, route, path parameters, query string, the boundary's headers
 * (Host, Origin, Sec-Fetch-*, Content-Type, token, CSRF) and JSON or form bodies, sent over a raw socket.
 * Contract of every response: no 5xx other than 503 (busy, no data) and 502 (LLM), no stack trace anywhere,
 * and an error is a JSON {@code {"error": one line}} or an HTML fragment, never naming an exception.
 *
 * <p>Repository requests go through the real {@link IngesterIndexer}'s checks, but only a directory inside
 * this test's sandbox may be indexed: anything else (/, /etc, a git URL) is refused before the ingester runs.
 *
 * <p>{@code ./mvnw verify} fuzzes this for a fixed time; other runs replay {@code HttpApiFuzzTestInputs/request/}.
 */
class HttpApiFuzzTest {
    private static final String[] METHODS = {"GET", "POST", "GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"};
    private static final String[] ROUTES = {
        "/",
        "/login",
        "/health",
        "/metrics",
        "/api/chat",
        "/api/repos",
        "/api/repos/{x}",
        "/api/repos/{x}/reindex",
        "/api/repos/{x}/skipped",
        "/api/chats",
        "/api/chats/{x}/messages",
        "/api/source",
        "/ui/repos",
        "/ui/repos/{x}",
        "/ui/repos/{x}/reindex",
        "/ui/repos/{x}/skipped",
        "/ui/ask",
        "/ui/stream/{x}",
        "/ui/source",
        "/ui/definitions",
        "/mcp",
        "/openapi.json",
        "/static/app.js",
        "/{x}"
    };
    private static final String[] QUERY_KEYS = {
        "repo", "path", "start", "end", "line", "q", "chat", "id", "whole", "name", "from"
    };
    private static final String[] BODY_KEYS = {
        "query", "path", "url", "name", "branch", "repo", "chatId", "message", "source", "topK", "history", "content"
    };
    private static final String[] CONTENT_TYPES = {
        "application/json", "application/json; charset=utf-8", "application/x-www-form-urlencoded", "text/plain", ""
    };

    private static Store store;
    private static ChatServer server;
    private static Path sandbox;
    private static String pageToken;

    @BeforeAll
    static void start() throws IOException {
        sandbox = Files.createTempDirectory("http-fuzz");
        Files.writeString(Files.createDirectories(sandbox.resolve("tiny")).resolve("a.py"), "def f():\n    return 1\n");
        store = FixtureStore.store();
        Indexer confined = new Confined(new IngesterIndexer(store, SharedModel.embedder(), List.of(sandbox)), sandbox);
        server = ChatServer.start(
                store,
                SharedModel.embedder(),
                confined,
                ServerOptions.defaults().withPort(0));
        pageToken = new HttpHelper(server).pageToken();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The fuzzer's finding of 2026-11-24: Javalin's decoder threw on "%:" in a path parameter, answered 500. */
    @Test
    void a_malformed_percent_escape_in_a_path_parameter_is_a_400_with_a_one_line_error() {
        for (String path : List.of(
                "/api/chats/;%0Az+%3F%1D%0BS%D5%81%06%:%CA%B0D%3F/messages",
                "/api/chats/a%:b/messages", "/api/repos/a%zz/skipped")) {
            Reply r = send(
                    "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nConnection: close\r\n\r\n",
                    new byte[0]);
            // some reach the server's boundary (a one-line JSON error), some are refused by Jetty's own URI parser
            assertThat(r.status()).as(path).isEqualTo(400);
            assertThat(r.body()).as(path).doesNotContain("Exception").doesNotContain("at io.");
        }
        Reply fuzzed = send(
                "GET /api/chats/;%0Az+%3F%1D%0BS%D5%81%06%:%CA%B0D%3F/messages HTTP/1.1\r\nHost: 127.0.0.1:"
                        + server.port() + "\r\nConnection: close\r\n\r\n",
                new byte[0]);
        assertThat(fuzzed.body()).contains("\"error\":\"the path has a malformed percent escape\"");
    }

    @FuzzTest(maxDuration = "40s")
    void request(FuzzedDataProvider data) throws IOException {
        // this test talks to its own server on the loopback; anything else is still reported as SSRF
        BugDetectors.allowNetworkConnections((host, port) -> host.equals("127.0.0.1") || host.equals("localhost"));
        String method = data.consumeBoolean() ? data.pickValue(METHODS) : token(data.consumeString(8));
        String path = data.pickValue(ROUTES).replace("{x}", pathSegment(data));
        StringBuilder target = new StringBuilder(path);
        int params = data.consumeInt(0, 3);
        for (int i = 0; i < params; i++) {
            target.append(i == 0 ? '?' : '&')
                    .append(data.pickValue(QUERY_KEYS))
                    .append('=')
                    .append(pathSafe(data.consumeString(40)));
        }
        StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
        head.append("Host: ")
                .append(data.consumeInt(0, 9) == 9 ? oneLine(data.consumeString(30)) : "127.0.0.1:" + server.port())
                .append("\r\n");
        String contentType = data.pickValue(CONTENT_TYPES);
        if (!contentType.isEmpty()) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (data.consumeBoolean()) {
            head.append("X-CSRF-Token: ")
                    .append(data.consumeBoolean() ? pageToken : oneLine(data.consumeString(20)))
                    .append("\r\n");
            head.append("HX-Request: true\r\n");
        }
        int extra = data.consumeInt(0, 3);
        for (int i = 0; i < extra; i++) {
            String name = data.pickValue(new String[] {
                "Origin", "Sec-Fetch-Site", "Sec-Fetch-Mode", "Authorization", "Accept", "Cookie", "Referer"
            });
            head.append(name)
                    .append(": ")
                    .append(oneLine(data.consumeString(40)))
                    .append("\r\n");
        }
        String body =
                switch (data.consumeInt(0, 2)) {
                    case 0 -> "";
                    case 1 -> jsonBody(data);
                    default -> data.consumeRemainingAsString();
                };
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        head.append("Content-Length: ").append(bytes.length).append("\r\nConnection: close\r\n\r\n");

        Reply reply = send(head.toString(), bytes);
        String what = head.toString().lines().findFirst().orElse("") + " body " + body;
        assertThat(reply.status()).as("%s -> %s", what, reply.all()).isBetween(100, 599);
        assertThat(reply.status() < 500 || reply.status() == 503 || reply.status() == 502)
                .as("5xx for %s -> %s", what, reply.all())
                .isTrue();
        assertThat(reply.body()).as("stack trace for %s", what).doesNotContainPattern("\\n\\s*at [\\w$.]+\\(");
        if (reply.status() >= 400 && !method.equals("HEAD")) {
            assertThat(reply.body()).as("error for %s", what).doesNotContain("Exception");
            if (reply.contentType().startsWith("application/json")) {
                JsonNode json = HttpHelper.JSON.readTree(reply.body());
                assertThat(json.path("error").isTextual())
                        .as("error JSON for %s: %s", what, reply.body())
                        .isTrue();
                assertThat(json.path("error").asText())
                        .as("one-line error for %s", what)
                        .doesNotContain("\n")
                        .isNotBlank();
            } else if (reply.status() == 400
                    && reply.contentType().isEmpty()
                    && reply.body().isEmpty()) {
                // Jetty's HTTP parser refusing a malformed request (e.g. an empty Host) before any route runs
                assertThat(reply.all()).doesNotContain("Exception");
            } else {
                assertThat(reply.contentType())
                        .as("error type for %s: %s", what, reply.all())
                        .startsWith("text/html");
            }
        }
    }

    private static String jsonBody(FuzzedDataProvider data) {
        ObjectNode node = HttpHelper.JSON.createObjectNode();
        int fields = data.consumeInt(0, 4);
        for (int i = 0; i < fields; i++) {
            String key = data.pickValue(BODY_KEYS);
            switch (data.consumeInt(0, 4)) {
                case 0 -> node.put(key, data.consumeInt());
                case 1 -> node.putNull(key);
                case 2 -> node.putArray(key).add(data.consumeString(20));
                case 3 ->
                    node.put(
                            key, key.equals("path") ? sandbox + "/" + data.consumeString(20) : data.consumeString(200));
                default -> node.put(key, data.consumeString(200));
            }
        }
        return node.toString();
    }

    private static String pathSegment(FuzzedDataProvider data) {
        return data.consumeBoolean() ? FixtureStore.REPO : pathSafe(data.consumeString(30));
    }

    /** Percent-encodes what may not stand in a request target, keeps the rest (dots, slashes, %) as sent. */
    private static String pathSafe(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c > 0x20 && c < 0x7f && c != '#' && c != '?' && c != '&') {
                sb.append((char) c);
            } else {
                sb.append('%').append(String.format("%02X", c));
            }
        }
        return sb.toString();
    }

    private static String token(String s) {
        String t = s.replaceAll("[^A-Za-z]", "");
        return t.isEmpty() ? "GET" : t.toUpperCase(java.util.Locale.ROOT);
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\\r\\n\\x00]", " ").replaceAll("[^\\x20-\\x7e]", "?");
    }

    record Reply(int status, String contentType, String body, String all) {}

    private static Reply send(String head, byte[] body) {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            String all = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(all).as("response to %s", head).startsWith("HTTP/1.1 ");
            int status = Integer.parseInt(all.substring(9, 12));
            int split = all.indexOf("\r\n\r\n");
            String headers = split < 0 ? all : all.substring(0, split);
            String type = headers.lines()
                    .filter(l -> l.regionMatches(true, 0, "Content-Type:", 0, 13))
                    .map(l -> l.substring(13).strip())
                    .findFirst()
                    .orElse("");
            return new Reply(status, type, split < 0 ? "" : all.substring(split + 4), all);
        } catch (IOException e) {
            throw new IllegalStateException("no HTTP response to " + head, e);
        }
    }

    /** The real indexer's checks, but nothing outside the sandbox is ever indexed (no /, no /etc, no clone). */
    private record Confined(Indexer real, Path sandbox) implements Indexer {
        @Override
        public Target resolve(
                Optional<String> path,
                Optional<String> url,
                Optional<String> name,
                Optional<String> branch,
                boolean replace) {
            Target t = real.resolve(path, url, name, branch, replace);
            confine(t);
            return t;
        }

        @Override
        public boolean isGitUrl(String source) {
            return real.isGitUrl(source);
        }

        @Override
        public void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
            confine(target);
            real.index(target, progress, stop);
        }

        @Override
        public Path checkout(String repo) {
            return real.checkout(repo);
        }

        /** The fixture store is shared with other test classes: the fuzzer reaches the removal, never performs it. */
        @Override
        public boolean remove(String repo) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "fuzz sandbox: nothing is removed");
        }

        private void confine(Target t) {
            boolean inside;
            try {
                inside = !real.isGitUrl(t.source())
                        && Path.of(t.source()).toRealPath().startsWith(sandbox.toRealPath());
            } catch (IOException | RuntimeException e) {
                inside = false;
            }
            if (!inside) {
                throw new ChatException(
                        ChatException.Reason.BAD_REQUEST, "fuzz sandbox: only " + sandbox + " may be indexed");
            }
        }
    }
}
