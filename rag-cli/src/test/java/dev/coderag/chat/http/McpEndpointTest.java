package dev.coderag.chat.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /mcp} on the real server: the MCP endpoint sits behind the same boundary as the API (a foreign Host is
 * 421, a cross-site Origin or Sec-Fetch-Site 403, a missing token 401, a non-JSON body 415), answers JSON-RPC
 * with one JSON response, refuses what a stateless endpoint does not offer with one-line JSON errors; and
 * {@code /openapi.json} describes exactly the routes the server has.
 */
class McpEndpointTest {
    private static final String ACCEPT = "application/json, text/event-stream";
    private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";

    private static Store store;
    private static ChatServer open;
    private static ChatServer locked;
    private static HttpHelper http;
    private static HttpHelper lockedHttp;

    @BeforeAll
    static void start() {
        store = FixtureStore.store();
        open = start(ServerOptions.defaults().withPort(0));
        locked = start(ServerOptions.defaults()
                .withPort(0)
                .withToken(Optional.of("tok-123"))
                .withAllowWrites(true));
        http = new HttpHelper(open);
        lockedHttp = new HttpHelper(locked);
    }

    @AfterAll
    static void stop() {
        open.close();
        locked.close();
    }

    private static ChatServer start(ServerOptions options) {
        return ChatServer.start(
                store, SharedModel.embedder(), new IngesterIndexer(store, SharedModel.embedder(), List.of()), options);
    }

    private static HttpRequest.Builder mcp(HttpHelper h, String body) {
        return HttpRequest.newBuilder(URI.create(h.base() + "/mcp"))
                .header("Content-Type", "application/json")
                .header("Accept", ACCEPT)
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    @Test
    void tools_are_listed_and_called_with_one_json_response_each() {
        Response list = http.send(mcp(http, LIST));
        assertThat(list.status()).as(list.body()).isEqualTo(200);
        assertThat(list.contentType()).startsWith("application/json");
        List<String> names = new ArrayList<>();
        list.json()
                .path("result")
                .path("tools")
                .forEach(t -> names.add(t.path("name").asText()));
        assertThat(names).contains("search_code", "find_references").doesNotContain("reindex");

        Response call = http.send(mcp(http, """
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"find_symbol",\
                "arguments":{"name":"parseHeader"}}}"""));
        assertThat(call.status()).isEqualTo(200);
        JsonNode def = call.json()
                .path("result")
                .path("structuredContent")
                .path("definitions")
                .get(0);
        assertThat(def.path("path").asText()).endsWith("HeaderParser.java");
        assertThat(def.path("url").asText()).startsWith(open.url() + "?repo=tinyroute&path=");

        // the link opens the page with the viewer on those lines
        String page = http.get(
                        "/" + def.path("url").asText().substring(open.url().length()))
                .body();
        assertThat(page).contains("viewer open").contains("data-testid=\"highlighted-line\"");
    }

    @Test
    void with_writes_allowed_reindex_is_listed() {
        Response list = lockedHttp.send(mcp(lockedHttp, LIST).header("Authorization", "Bearer tok-123"));
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.body()).contains("\"reindex\"");
    }

    @Test
    void a_foreign_host_is_refused() {
        Response r = http.raw("POST /mcp HTTP/1.1\r\nHost: evil.example:" + open.port()
                + "\r\nContent-Type: application/json\r\nAccept: " + ACCEPT + "\r\nContent-Length: " + LIST.length()
                + "\r\nConnection: close\r\n\r\n" + LIST);
        assertThat(r.status()).isEqualTo(421);
        assertThat(r.body()).doesNotContain("tools");
    }

    @Test
    void a_cross_site_request_is_refused() {
        Response origin = http.send(mcp(http, LIST).header("Origin", "https://evil.example"));
        assertThat(origin.status()).isEqualTo(403);
        Response site = http.send(mcp(http, LIST).header("Sec-Fetch-Site", "cross-site"));
        assertThat(site.status()).isEqualTo(403);
        assertThat(site.json().path("error").asText()).contains("cross-site");
        // what a page can send without a preflight: text/plain
        Response plain = http.send(HttpRequest.newBuilder(URI.create(http.base() + "/mcp"))
                .header("Content-Type", "text/plain")
                .header("Accept", ACCEPT)
                .POST(HttpRequest.BodyPublishers.ofString(LIST)));
        assertThat(plain.status()).isEqualTo(415);
    }

    @Test
    void with_a_token_it_is_required() {
        Response none = lockedHttp.send(mcp(lockedHttp, LIST));
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
        Response wrong = lockedHttp.send(mcp(lockedHttp, LIST).header("Authorization", "Bearer nope"));
        assertThat(wrong.status()).isEqualTo(401);
        Response right = lockedHttp.send(mcp(lockedHttp, LIST).header("Authorization", "Bearer tok-123"));
        assertThat(right.status()).isEqualTo(200);
    }

    @Test
    void what_a_stateless_endpoint_does_not_offer_is_a_one_line_json_error() {
        Response get = http.send(HttpRequest.newBuilder(URI.create(http.base() + "/mcp"))
                .header("Accept", "text/event-stream")
                .GET());
        assertThat(get.status()).isEqualTo(405);
        assertThat(get.header("Allow")).isEqualTo("POST");
        assertThat(get.json().path("status").asInt()).isEqualTo(405);
        Response delete = http.send(
                HttpRequest.newBuilder(URI.create(http.base() + "/mcp")).DELETE());
        assertThat(delete.status()).isEqualTo(405);

        // a declared length over the limit is refused before the body is read
        Response tooLarge = http.raw("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + open.port()
                + "\r\nContent-Type: application/json\r\nAccept: " + ACCEPT
                + "\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n" + LIST);
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.json().path("error").asText()).doesNotContain("\n");

        Response garbage = http.send(mcp(http, "{not json"));
        assertThat(garbage.status()).isEqualTo(400);
        assertThat(garbage.json().path("error").asText()).isEqualTo("Invalid message format");
        assertThat(garbage.body()).doesNotContain("stackTrace").doesNotContain("Exception");
        Response noAccept = http.send(mcp(http, LIST).setHeader("Accept", "application/json"));
        assertThat(noAccept.status()).isEqualTo(400);
        assertThat(noAccept.json().path("error").asText()).contains("Accept");
        assertThat(noAccept.body()).doesNotContain("stackTrace");

        Response unknownTool = http.send(mcp(http, """
                {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"reindex","arguments":{"repo":"x"}}}"""));
        assertThat(unknownTool.json().has("error")).isTrue(); // not offered without --allow-writes
    }

    @Test
    void openapi_describes_exactly_the_routes_the_server_serves() {
        Response r = http.get("/openapi.json");
        assertThat(r.status()).isEqualTo(200);
        JsonNode doc = r.json();
        assertThat(doc.path("openapi").asText()).isEqualTo("3.1.0");
        TreeSet<String> described = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                described.add(op.getKey().toUpperCase(java.util.Locale.ROOT) + " " + path.getKey());
                assertThat(op.getValue().path("responses").size())
                        .as(op.getKey() + " " + path.getKey() + " has responses")
                        .isPositive();
                if (op.getKey().equals("post") && !path.getKey().equals("/api/chats")) {
                    assertThat(op.getValue().path("requestBody").path("content").size())
                            .as("POST " + path.getKey() + " has a request body schema")
                            .isPositive();
                }
            }
        }
        assertThat(described).containsExactlyElementsOf(new TreeSet<>(open.routes()));
        // every $ref resolves
        assertThat(refs(doc, new ArrayList<>()))
                .allSatisfy(ref -> assertThat(doc.at(ref.substring(1)).isMissingNode())
                        .as(ref)
                        .isFalse());
        // the page links to it
        assertThat(http.get("/").body()).contains("href=\"/openapi.json\"");
    }

    private static List<String> refs(JsonNode node, List<String> out) {
        if (node.has("$ref")) {
            out.add(node.path("$ref").asText());
        }
        node.forEach(child -> refs(child, out));
        return out;
    }
}
