package dev.coderag.solrit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./rag} on SolrCloud, as README.md's "Scaling out" shows it: {@code ./rag dev-cluster start} (a local
 * cluster from this build, its URL the last line), an embedded store migrated to it without re-embedding, and
 * then, with {@code RAG_STORE} and {@code RAG_SOLR_AUTH} set (without the login coderag is refused too),
 * {@code status}, {@code ingest} (nothing to embed: migrate copied the file
 * hashes and vectors), {@code ask}, two {@code serve} processes answering {@code /api/chat} from the same store
 * (a chat saved by one is listed by the other) and the MCP server on stdio; {@code ./rag dev-cluster stop} at
 * the end, whatever happened.
 */
class SolrCliIT {
    private static final Duration T = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURE = SolrCluster.ROOT.resolve("raptor-ingest/src/test/resources/fixture-repo");
    private static final Pattern SERVING = Pattern.compile("coderag is serving (http://[0-9.]+:\\d+)");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String QUESTION = "How are HTTP headers parsed?";

    @TempDir
    Path tmp;

    @Test
    void ingest_migrate_status_ask_serve_and_mcp_on_a_dev_cluster_that_asks_for_a_login() throws Exception {
        Path cluster = tmp.resolve("cluster");
        Rag.Result start = Rag.run(
                tmp,
                Map.of(),
                T,
                "dev-cluster",
                "start",
                "--nodes",
                "1",
                "--dir",
                cluster.toString(),
                "--zk-timeout",
                "8");
        try {
            assertThat(start.exitCode()).as(start.err()).isZero();
            String url = start.lastLine();
            assertThat(url).matches("solr://127\\.0\\.0\\.1:\\d+/solr\\?collection=coderag&shards=1&replicas=1");
            String auth = login(start, cluster);
            assertSolrAsksForTheLogin(url.replace("solr://", "http://").replaceAll("\\?.*", ""), auth);
            assertLoopbackOnly(cluster);
            drive(url, auth);
        } finally {
            Rag.Result stop = Rag.run(tmp, Map.of(), T, "dev-cluster", "stop", "--dir", cluster.toString());
            assertThat(stop.exitCode()).as(stop.err()).isZero();
            assertThat(stop.out()).contains("stopped 2 processes");
            assertThat(Rag.run(tmp, Map.of(), T, "dev-cluster", "stop", "--dir", cluster.toString())
                            .out())
                    .contains("no cluster running");
        }
    }

    /** The login the start generated: in an owner-only file that the start names, never on its output. */
    private static String login(Rag.Result start, Path cluster) throws IOException {
        Path file = cluster.resolve("solr-auth");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        String auth = Files.readString(file).strip();
        assertThat(auth).matches("coderag:[A-Za-z0-9_-]{32,}");
        assertThat(start.out())
                .contains("export RAG_SOLR_AUTH=\"$(cat " + file + ")\"")
                .doesNotContain(auth.substring(auth.indexOf(':') + 1));
        return auth;
    }

    /**
     * What a web page (or anything else on the machine) gets without the login: 401 for a read and for the delete
     * a page could post with {@code update.contentType} (no CORS preflight); with it, the node answers.
     */
    private static void assertSolrAsksForTheLogin(String node, String auth) throws Exception {
        String status = node + "/admin/collections?action=CLUSTERSTATUS";
        HttpRequest delete = HttpRequest.newBuilder(
                        URI.create(node + "/coderag/update?update.contentType=application/json&commit=true"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{\"delete\":{\"query\":\"*:*\"}}"))
                .build();
        assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(status)).build(), HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(401);
        assertThat(HTTP.send(delete, HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(401);
        String basic = "Basic " + Base64.getEncoder().encodeToString(auth.getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> withLogin = HTTP.send(
                HttpRequest.newBuilder(URI.create(status))
                        .header("Authorization", basic)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(withLogin.statusCode()).as(withLogin.body()).isEqualTo(200);
        assertThat(withLogin.body()).contains("live_nodes");
    }

    /**
     * ZooKeeper and the node listen on 127.0.0.1 only: on every other IPv4 address of this machine their ports
     * refuse the connection (a machine with no other address has nothing to check).
     */
    private static void assertLoopbackOnly(Path cluster) throws IOException {
        Properties ports = new Properties();
        try (var in = Files.newInputStream(cluster.resolve("cluster.properties"))) {
            ports.load(in);
        }
        assertThat(ports.stringPropertyNames()).contains("zk.port", "node.1.port");
        List<InetAddress> others = NetworkInterface.networkInterfaces()
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress())
                .toList();
        for (InetAddress address : others) {
            for (String key : ports.stringPropertyNames()) {
                int port = Integer.parseInt(ports.getProperty(key));
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(address, port), 2000);
                    throw new AssertionError(key + " " + port + " answers on " + address);
                } catch (ConnectException | java.net.SocketTimeoutException expected) {
                    // refused (or dropped by a firewall): nothing answers there on this address
                }
            }
        }
    }

    private void drive(String url, String auth) throws Exception {
        Path embedded = tmp.resolve("embedded");
        Path local = tmp.resolve("local");
        Map<String, String> onEmbedded = Map.of("RAG_DB", embedded.toString());
        Map<String, String> onSolr = Map.of("RAG_DB", local.toString(), "RAG_STORE", url, "RAG_SOLR_AUTH", auth);

        // Without the login (an empty RAG_SOLR_AUTH, whatever the test's environment holds) Solr refuses coderag.
        Rag.Result refused =
                Rag.run(tmp, Map.of("RAG_DB", local.toString(), "RAG_STORE", url, "RAG_SOLR_AUTH", ""), T, "status");
        assertThat(refused.exitCode()).as(refused.out()).isNotZero();
        assertThat(refused.err()).contains("No Solr login is set", "RAG_SOLR_AUTH=user:password");

        ok(Rag.run(tmp, onEmbedded, T, "ingest", FIXTURE.toString(), "--name", "tinyroute"));
        Rag.Result migrate = ok(Rag.run(tmp, onSolr, T, "migrate", "--from", embedded.toString(), "--to", url));
        assertThat(migrate.out()).contains("migrated 1 repositories", "no re-embedding", "to " + url);

        JsonNode before = JSON.readTree(
                ok(Rag.run(tmp, onEmbedded, T, "status", "--json")).out());
        JsonNode after =
                JSON.readTree(ok(Rag.run(tmp, onSolr, T, "status", "--json")).out());
        assertThat(after.path("repos")).isEqualTo(before.path("repos"));
        assertThat(after.path("model")).isEqualTo(before.path("model"));

        JsonNode again =
                JSON.readTree(ok(Rag.run(tmp, onSolr, T, "ingest", FIXTURE.toString(), "--name", "tinyroute", "--json"))
                        .out());
        assertThat(again.path("chunks").path("embedded").asInt())
                .as(again.toString())
                .isZero();
        assertThat(again.path("files").path("unchanged").asInt())
                .isEqualTo(before.path("repos").get(0).path("files").asInt());

        JsonNode askE = JSON.readTree(
                ok(Rag.run(tmp, onEmbedded, T, "ask", QUESTION, "--json")).out());
        JsonNode askS = JSON.readTree(
                ok(Rag.run(tmp, onSolr, T, "ask", QUESTION, "--json")).out());
        assertThat(firstPath(askS)).isEqualTo(firstPath(askE)).endsWith("HeaderParser.java");

        // eval on the Solr store (--store; the corpus is already in, as tinyroute) scores as on the embedded one.
        String queries = SolrCluster.ROOT
                .resolve("rag-eval/src/test/resources/fixture.queries.jsonl")
                .toString();
        JsonNode evalE = JSON.readTree(ok(Rag.run(
                        tmp,
                        onEmbedded,
                        T,
                        "eval",
                        "--queries",
                        queries,
                        "--corpus",
                        FIXTURE.toString(),
                        "--name",
                        "tinyroute",
                        "--db",
                        embedded.toString(),
                        "--json"))
                .out());
        JsonNode evalS = JSON.readTree(ok(Rag.run(
                        tmp,
                        Map.of("RAG_SOLR_AUTH", auth),
                        T,
                        "eval",
                        "--queries",
                        queries,
                        "--corpus",
                        FIXTURE.toString(),
                        "--name",
                        "tinyroute",
                        "--db",
                        local.toString(),
                        "--store",
                        url,
                        "--json"))
                .out());
        java.nio.file.Files.writeString(
                SolrCluster.ROOT.resolve("rag-solr-it/target/solr-eval.txt"),
                "embedded " + evalE.path("modes") + "\nsolr     " + evalS.path("modes") + "\n");
        for (String mode : new String[] {"vector", "lexical", "hybrid", "full"}) {
            for (String metric : new String[] {"hit@1", "hit@5", "mrr@10"}) {
                assertThat(evalS.path("modes").path(mode).path(metric).asDouble())
                        .as(mode + " " + metric + "\nsolr " + evalS + "\nembedded " + evalE)
                        .isCloseTo(evalE.path("modes").path(mode).path(metric).asDouble(), within(0.06));
            }
        }

        // Two servers on the same store: a chat saved through one is listed by the other.
        try (Rag one = Rag.start(tmp, onSolr, true, "serve", "--port", "0");
                Rag two = Rag.start(tmp, onSolr, true, "serve", "--port", "0")) {
            String urlOne = serverUrl(one);
            String urlTwo = serverUrl(two);
            HttpResponse<String> chat = HTTP.send(
                    HttpRequest.newBuilder(URI.create(urlOne + "/api/chat"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"" + QUESTION + "\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
            JsonNode answer = JSON.readTree(chat.body());
            assertThat(firstPath(answer)).isEqualTo(firstPath(askE));
            String chatId = answer.path("chat_id").asText();
            assertThat(get(urlTwo + "/api/chats")).contains(chatId).contains(QUESTION);
            assertThat(get(urlTwo + "/api/chats/" + chatId + "/messages")).contains("HeaderParser.java");
            assertThat(get(urlTwo + "/api/repos")).contains("tinyroute");
        }

        // The MCP server on stdio, on the same store.
        try (Rag mcp = Rag.start(tmp, onSolr, false, "mcp")) {
            OutputStream in = mcp.process().getOutputStream();
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(mcp.process().getInputStream(), StandardCharsets.UTF_8));
            JsonNode init = exchange(in, out, """
                    {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
                    "capabilities":{},"clientInfo":{"name":"solr-it","version":"1"}}}""");
            assertThat(init.path("result").path("serverInfo").path("name").asText())
                    .isEqualTo("coderag");
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            JsonNode search = exchange(in, out, """
                    {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_code",\
                    "arguments":{"query":"where is escapeHtml implemented?","limit":3}}}""");
            assertThat(search.path("result")
                            .path("structuredContent")
                            .path("hits")
                            .get(0)
                            .path("path")
                            .asText())
                    .isEqualTo("web/src/format.js");
            JsonNode symbol = exchange(in, out, """
                    {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"find_symbol",\
                    "arguments":{"name":"fetch_with_retry","kind":"function"}}}""");
            assertThat(symbol.path("result")
                            .path("structuredContent")
                            .path("definitions")
                            .get(0)
                            .path("path")
                            .asText())
                    .isEqualTo("cli/src/tinyroute/retry.py");
            in.close();
            assertThat(mcp.await(T).exitCode()).isZero();
            assertThat(mcp.stderr()).contains("store " + url);
        }
    }

    private static Rag.Result ok(Rag.Result r) {
        assertThat(r.exitCode()).as(r.err()).isZero();
        return r;
    }

    private static String serverUrl(Rag server) {
        Matcher m = SERVING.matcher(server.awaitLine(l -> SERVING.matcher(l).find(), T));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String firstPath(JsonNode answer) {
        return answer.path("sources").get(0).path("path").asText();
    }

    private static String get(String url) throws IOException, InterruptedException {
        HttpResponse<String> r =
                HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(url + " " + r.body()).isEqualTo(200);
        return r.body();
    }

    private static void send(OutputStream in, String message) throws IOException {
        in.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static JsonNode exchange(OutputStream in, BufferedReader out, String request) throws IOException {
        send(in, request);
        JsonNode sent = JSON.readTree(request);
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            JsonNode m = JSON.readTree(line);
            if (m.path("id").equals(sent.path("id"))) {
                return m;
            }
        }
        throw new AssertionError("the MCP server closed stdout before answering " + request);
    }
}
