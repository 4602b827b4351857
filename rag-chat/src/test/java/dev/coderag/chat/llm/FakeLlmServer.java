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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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
        return stream(
                "text/event-stream",
                dataEvents.stream().map(d -> "data: " + d + "\n\n").toList(),
                beforeEvent);
    }

    /** Streams named SSE events ({@code event:} then {@code data:}), as Anthropic's Messages API does. */
    public static Reply namedSse(List<Named> events, EventHook beforeEvent) {
        return stream(
                "text/event-stream",
                events.stream()
                        .map(e -> "event: " + e.name() + "\ndata: " + e.data() + "\n\n")
                        .toList(),
                beforeEvent);
    }

    /** One named SSE event. */
    public record Named(String name, String data) {}

    /** Streams newline-delimited JSON, one object a line, as Ollama's native API does. */
    public static Reply ndjson(List<String> lines, EventHook beforeEvent) {
        return stream("application/x-ndjson", lines.stream().map(l -> l + "\n").toList(), beforeEvent);
    }

    /** Sends the response headers, then never a byte until {@code release} opens. */
    public static Reply silentAfterHeaders(CountDownLatch release) {
        return ex -> {
            ex.getResponseHeaders().add("Content-Type", "text/event-stream");
            ex.sendResponseHeaders(200, 0);
            ex.getResponseBody().flush();
            release.await(30, TimeUnit.SECONDS);
        };
    }

    /** Sends nothing at all, not even headers, until {@code release} opens. */
    public static Reply noHeaders(CountDownLatch release) {
        return ex -> release.await(30, TimeUnit.SECONDS);
    }

    private static Reply stream(String contentType, List<String> pieces, EventHook beforeEvent) {
        return ex -> {
            ex.getResponseHeaders().add("Content-Type", contentType);
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            for (int i = 0; i < pieces.size(); i++) {
                beforeEvent.before(i);
                out.write(pieces.get(i).getBytes(StandardCharsets.UTF_8));
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

    /** An OpenAI chunk that ends the answer, with its usage (OpenAI sends it before {@code [DONE]}). */
    public static String openAiFinish() {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"test\","
                + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}";
    }

    public static String ollamaLine(String content) {
        return "{\"model\":\"qwen-test\",\"created_at\":\"2025-01-22T11:22:42.180546Z\",\"message\":{\"role\":"
                + "\"assistant\",\"content\":" + WebUi.jsonString(content) + "},\"done\":false}";
    }

    public static String ollamaDone() {
        return "{\"model\":\"qwen-test\",\"created_at\":\"2025-01-22T11:22:42.223184Z\",\"message\":{\"role\":"
                + "\"assistant\",\"content\":\"\"},\"done_reason\":\"stop\",\"done\":true,\"total_duration\":181553584,"
                + "\"prompt_eval_count\":36,\"eval_count\":8}";
    }

    /** A whole Anthropic Messages stream whose text arrives in {@code texts}, one content_block_delta each. */
    public static List<Named> anthropicStream(List<String> texts) {
        List<Named> events = new ArrayList<>();
        events.add(new Named(
                "message_start",
                "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":"
                        + "\"assistant\",\"content\":[],\"model\":\"claude-test\",\"stop_reason\":null,"
                        + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":25,\"output_tokens\":1}}}"));
        events.add(new Named(
                "content_block_start",
                "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"));
        events.add(new Named("ping", "{\"type\": \"ping\"}"));
        for (String t : texts) {
            events.add(new Named(
                    "content_block_delta",
                    "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":"
                            + WebUi.jsonString(t) + "}}"));
        }
        events.add(new Named("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"));
        events.add(new Named(
                "message_delta",
                "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},"
                        + "\"usage\":{\"output_tokens\":15}}"));
        events.add(new Named("message_stop", "{\"type\":\"message_stop\"}"));
        return events;
    }

    public static String geminiChunk(String text) {
        return "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":" + WebUi.jsonString(text)
                + "}],\"role\":\"model\"},\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":10},"
                + "\"modelVersion\":\"gemini-test\"}";
    }

    /** Gemini's last chunk: no more text, the finish reason and the usage. */
    public static String geminiFinish() {
        return "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"\"}],\"role\":\"model\"},\"finishReason\":\"STOP\","
                + "\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":10,\"candidatesTokenCount\":5,"
                + "\"totalTokenCount\":15},\"modelVersion\":\"gemini-test\"}";
    }
}
