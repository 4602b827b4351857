package dev.coderag.chat.llm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.coderag.chat.web.WebUi;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local stand-in for a remote LLM API (JDK HttpServer on port 0): it records requests and answers each with
 * the next scripted {@link Reply}. Only what cannot run here — a remote model — is faked, and it speaks the
 * real wire protocol.
 */
public final class FakeLlmServer implements AutoCloseable {

    /** What the server does for one request. */
    public interface Reply {
        void write(HttpExchange exchange) throws IOException, InterruptedException;
    }

    public record Recorded(String method, String path, String query, Map<String, List<String>> headers, String body) {
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst())
                    .findFirst()
                    .orElse(null);
        }
    }

    private final HttpServer server;
    private final List<Reply> replies;
    private final AtomicInteger next = new AtomicInteger();
    public final List<Recorded> requests = Collections.synchronizedList(new ArrayList<>());

    public FakeLlmServer(List<Reply> replies) throws IOException {
        this.replies = List.copyOf(replies);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", ex -> {
            try (ex) {
                String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                requests.add(new Recorded(
                        ex.getRequestMethod(),
                        ex.getRequestURI().getPath(),
                        ex.getRequestURI().getRawQuery(),
                        Map.copyOf(ex.getRequestHeaders()),
                        body));
                int i = next.getAndIncrement();
                Reply reply = replies.get(Math.min(i, replies.size() - 1));
                reply.write(ex);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
    }

    public String baseUrl(String prefix) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + prefix;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // --- replies --------------------------------------------------------------------------------------------

    public static Reply status(int code, String json, Map<String, String> headers) {
        return ex -> {
            headers.forEach((k, v) -> ex.getResponseHeaders().add(k, v));
            ex.getResponseHeaders().add("Content-Type", "application/json");
            byte[] b = json.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(code, b.length);
            ex.getResponseBody().write(b);
        };
    }

    public static Reply json(String json) {
        return status(200, json, Map.of());
    }

    /** Streams SSE {@code data:} events, flushing each; {@code beforeEvent} runs before event i is written. */
    public static Reply sse(List<String> dataEvents, EventHook beforeEvent) {
        return ex -> {
            ex.getResponseHeaders().add("Content-Type", "text/event-stream");
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            for (int i = 0; i < dataEvents.size(); i++) {
                beforeEvent.before(i);
                out.write(("data: " + dataEvents.get(i) + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        };
    }

    public interface EventHook {
        void before(int index) throws InterruptedException;
    }

    public static final EventHook NO_HOOK = i -> {};

    public static String openAiChunk(String content) {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"test\","
                + "\"choices\":[{\"index\":0,\"delta\":{\"content\":" + WebUi.jsonString(content)
                + "},\"finish_reason\":null}]}";
    }

    public static String geminiChunk(String text) {
        return "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":" + WebUi.jsonString(text)
                + "}],\"role\":\"model\"},\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":10},"
                + "\"modelVersion\":\"gemini-test\"}";
    }
}
