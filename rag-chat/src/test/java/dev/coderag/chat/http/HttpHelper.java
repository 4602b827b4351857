package dev.coderag.chat.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.llm.SseParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A small HTTP client for the tests: JSON, forms and SSE against a running {@link ChatServer}. */
public final class HttpHelper {
    public static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    public HttpHelper(ChatServer server) {
        this.base = "http://127.0.0.1:" + server.port();
    }

    public record Response(int status, String body, String contentType) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + body, e);
            }
        }
    }

    public Response get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    public Response postJson(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Response postForm(String path, String... pairs) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            if (!sb.isEmpty()) {
                sb.append('&');
            }
            sb.append(enc(pairs[i])).append('=').append(enc(pairs[i + 1]));
        }
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("HX-Request", "true")
                .POST(HttpRequest.BodyPublishers.ofString(sb.toString())));
    }

    /** One SSE event as received. */
    public record Event(String name, String data) {
        public JsonNode json() {
            try {
                return JSON.readTree(data);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + data, e);
            }
        }
    }

    public record Stream(int status, String contentType, List<Event> events) {}

    /** Reads a whole event stream (the server ends it after the final event). */
    public Stream stream(HttpRequest.Builder request) {
        try {
            HttpResponse<InputStream> r = client.send(
                    request.header("Accept", "text/event-stream")
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            List<Event> events = new ArrayList<>();
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                SseParser parser = new SseParser(e -> events.add(new Event(e.event(), e.data())));
                String line;
                while ((line = reader.readLine()) != null) {
                    parser.line(line);
                }
                parser.end();
            }
            return new Stream(
                    r.statusCode(), r.headers().firstValue("content-type").orElse(""), events);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Stream postStream(String path, String json) {
        return stream(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Stream getStream(String path) {
        return stream(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r =
                    client.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
            return new Response(
                    r.statusCode(),
                    r.body(),
                    r.headers().firstValue("content-type").orElse(""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    public static String body(Object... pairs) {
        var node = JSON.createObjectNode();
        for (int i = 0; i < pairs.length; i += 2) {
            node.putPOJO((String) pairs[i], pairs[i + 1]);
        }
        return node.toString();
    }
}
