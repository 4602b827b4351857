package dev.coderag.chat.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.http.client.sse.DefaultServerSentEventParser;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A small HTTP client for the tests: JSON, forms and SSE against a running {@link ChatServer}. */
public final class HttpHelper {
    public static final ObjectMapper JSON = new ObjectMapper();
    /** Keeps cookies as a browser does: each helper is one browser (its own session, see {@code Owners}). */
    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .cookieHandler(new java.net.CookieManager())
            .build();

    private static final Pattern PAGE_TOKEN = Pattern.compile("X-CSRF-Token&quot;: &quot;([A-Za-z0-9_-]{1,100})&quot;");
    private final String base;
    private final int port;
    private volatile String pageToken;

    public HttpHelper(ChatServer server) {
        this.port = server.port();
        this.base = "http://127.0.0.1:" + port;
    }

    public String base() {
        return base;
    }

    /** The per-process token the page's htmx requests carry, read from the page as a browser would. */
    public String pageToken() {
        String t = pageToken;
        if (t == null) {
            Matcher m = PAGE_TOKEN.matcher(get("/").body());
            if (!m.find()) {
                throw new IllegalStateException("the page carries no X-CSRF-Token");
            }
            pageToken = t = m.group(1);
        }
        return t;
    }

    /**
     * Sends {@code request} (a whole HTTP/1.1 request, CRLF line ends, {@code Connection: close}) over a plain
     * socket and returns the status line's code and the rest: for headers the JDK client will not set (Host).
     */
    public Response raw(String request) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            String all = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(all.substring(9, 12));
            int split = all.indexOf("\r\n\r\n");
            String head = split < 0 ? all : all.substring(0, split);
            String type = head.lines()
                    .filter(l -> l.regionMatches(true, 0, "Content-Type:", 0, 13))
                    .map(l -> l.substring(13).strip())
                    .findFirst()
                    .orElse("");
            return new Response(status, split < 0 ? "" : all.substring(split + 4), type, head);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @param headers the raw response head (status line and headers), for header assertions */
    public record Response(int status, String body, String contentType, String headers) {
        public String header(String name) {
            return headers.lines()
                    .filter(l -> l.regionMatches(true, 0, name + ":", 0, name.length() + 1))
                    .map(l -> l.substring(name.length() + 1).strip())
                    .findFirst()
                    .orElse(null);
        }

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

    /** A {@code DELETE}, as an API client sends it. */
    public Response delete(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    /** A request without a body as the page's htmx sends it (with the page's token), e.g. its buttons. */
    public Response fromPage(String method, String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("HX-Request", "true")
                .header("X-CSRF-Token", pageToken())
                .method(method, HttpRequest.BodyPublishers.noBody()));
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
                .header("X-CSRF-Token", pageToken())
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
            // LangChain4j's parser of the text/event-stream format (the one its chat models read); unnamed events
            // are "message", as the format says
            List<Throwable> errors = new ArrayList<>();
            try (InputStream body = r.body()) {
                new DefaultServerSentEventParser().parse(body, new ServerSentEventListener() {
                    @Override
                    public void onEvent(ServerSentEvent e) {
                        events.add(new Event(e.event() == null ? "message" : e.event(), e.data()));
                    }

                    @Override
                    public void onError(Throwable t) {
                        errors.add(t);
                    }
                });
            }
            if (!errors.isEmpty()) {
                throw new IllegalStateException("the event stream broke off", errors.getFirst());
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

    /**
     * Polls {@code GET /api/repos/{name}} as a client would until {@code done} holds or {@code timeout} passes;
     * returns the last status seen.
     */
    public JsonNode awaitRepo(String name, java.util.function.Predicate<JsonNode> done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode status = get("/api/repos/" + name).json();
        while (!done.test(status) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50); // polling a status, as a client does; nothing to synchronise with
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return status;
            }
            status = get("/api/repos/" + name).json();
        }
        return status;
    }

    /** The repository's status once it has left {@code new}/{@code indexing} (or after {@code timeout}). */
    public String awaitRepoSettled(String name, Duration timeout) {
        return awaitRepo(name, s -> !s.path("status").asText().matches("new|indexing"), timeout)
                .path("status")
                .asText();
    }

    /** Sends any request built by the caller (extra headers, other methods). */
    public Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r =
                    client.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
            StringBuilder head = new StringBuilder("HTTP/1.1 " + r.statusCode());
            r.headers()
                    .map()
                    .forEach((k, vs) -> vs.forEach(
                            v -> head.append("\r\n").append(k).append(": ").append(v)));
            return new Response(
                    r.statusCode(),
                    r.body(),
                    r.headers().firstValue("content-type").orElse(""),
                    head.toString());
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
