package dev.coderag.chat.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.answer.GenerationException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The HTTP part shared by the LLM generators: POST JSON, bounded retries on 429/5xx/connection failures with
 * exponential backoff (Retry-After honoured, capped), a timeout for the response headers and an idle timeout
 * while streaming. Errors become {@link GenerationException}s whose messages never contain the key.
 */
public final class LlmHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(20);
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "llm-idle-watchdog");
        t.setDaemon(true);
        return t;
    });

    private LlmHttp() {}

    public static HttpClient client(LlmConfig config) {
        return HttpClient.newBuilder()
                .connectTimeout(config.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** What to do with the body of a successful response. */
    interface BodyHandler {
        /** Called per SSE event of a {@code text/event-stream} response. */
        void event(SseParser.Event event);

        /** Called with the whole body of any other (JSON) response. */
        void whole(String body);
    }

    /**
     * One streamed generation, as both wire protocols do it: posts {@code body} as JSON asking for
     * {@code text/event-stream} (with {@code auth} headers, empty without a key), feeds the response to the
     * handler {@code handlerFor} makes over the token sink, and returns the whole answer.
     *
     * @throws GenerationException as {@link #post}, or when the model streamed nothing
     */
    static String stream(
            HttpClient client,
            LlmConfig config,
            URI uri,
            Map<String, String> auth,
            String body,
            Consumer<String> onToken,
            Function<Consumer<String>, BodyHandler> handlerFor) {
        Collector out = new Collector(onToken);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "text/event-stream");
        headers.putAll(auth);
        post(client, config, uri, headers, body, handlerFor.apply(out), out::streamed);
        if (!out.streamed()) {
            throw new GenerationException("the model returned an empty answer", false);
        }
        return out.text();
    }

    /** Parses a JSON text the model sent; malformed JSON is a non-retryable {@link GenerationException}. */
    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new GenerationException("the model sent malformed JSON", false, e);
        }
    }

    /**
     * Sends {@code body} to {@code uri} with retries, then streams the response into {@code handler}.
     *
     * @param streamed tells whether anything reached the user yet; after that, failures are not retried
     */
    static void post(
            HttpClient client,
            LlmConfig config,
            URI uri,
            Map<String, String> headers,
            String body,
            BodyHandler handler,
            java.util.function.BooleanSupplier streamed) {
        int attempts = config.maxRetries() + 1;
        GenerationException last = null;
        for (int attempt = 0; attempt < attempts; attempt++) {
            if (attempt > 0) {
                sleep(backoff(config.retryBackoff(), attempt, last));
            }
            try {
                once(client, config, uri, headers, body, handler);
                return;
            } catch (GenerationException e) {
                if (!e.retryable() || streamed.getAsBoolean()) {
                    throw e;
                }
                last = e;
            }
        }
        throw new GenerationException(last.getMessage() + " (after " + attempts + " attempts)", false, last);
    }

    private static void once(
            HttpClient client,
            LlmConfig config,
            URI uri,
            Map<String, String> headers,
            String body,
            BodyHandler handler) {
        HttpRequest.Builder rb = HttpRequest.newBuilder(uri)
                .timeout(config.firstTokenTimeout())
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        headers.forEach(rb::header);
        HttpResponse<InputStream> response;
        try {
            response = client.send(rb.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpTimeoutException e) {
            throw new GenerationException(
                    "no response from " + Redaction.url(uri.toString()) + " within "
                            + config.firstTokenTimeout().toSeconds() + " s",
                    true,
                    e);
        } catch (ConnectException e) {
            throw new GenerationException("cannot connect to " + Redaction.url(uri.toString()), true, e);
        } catch (IOException e) {
            throw new GenerationException(
                    "request to " + Redaction.url(uri.toString()) + " failed: "
                            + e.getClass().getSimpleName(),
                    true,
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GenerationException("interrupted", false, e);
        }
        int status = response.statusCode();
        try (InputStream in = response.body()) {
            if (status >= 400) {
                String text = new String(in.readNBytes(8192), StandardCharsets.UTF_8);
                String message = "HTTP " + status + errorDetail(text, config.apiKey());
                GenerationException e = new GenerationException(message, status == 429 || status >= 500);
                retryAfter(response).ifPresent(d -> e.addSuppressed(new RetryAfter(d)));
                throw e;
            }
            String contentType =
                    response.headers().firstValue("content-type").orElse("").toLowerCase(Locale.ROOT);
            if (contentType.startsWith("text/event-stream")) {
                readEvents(in, config.idleTimeout(), handler);
            } else {
                handler.whole(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new GenerationException(
                    "the response stream from " + Redaction.url(uri.toString()) + " broke off ("
                            + e.getClass().getSimpleName() + ")",
                    true,
                    e);
        }
    }

    private static void readEvents(InputStream in, Duration idle, BodyHandler handler) throws IOException {
        SseParser parser = new SseParser(handler::event);
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        boolean[] timedOut = {false};
        Runnable kill = () -> {
            timedOut[0] = true;
            try {
                in.close();
            } catch (IOException ignored) {
                // closing is how a blocked read is interrupted; nothing else to do
            }
        };
        ScheduledFuture<?> watchdog = WATCHDOG.schedule(kill, idle.toMillis(), TimeUnit.MILLISECONDS);
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                watchdog.cancel(false);
                parser.line(line);
                watchdog = WATCHDOG.schedule(kill, idle.toMillis(), TimeUnit.MILLISECONDS);
            }
            parser.end();
        } catch (IOException e) {
            if (timedOut[0]) {
                throw new GenerationException(
                        "the model went silent for " + idle.toSeconds() + " s while streaming", true, e);
            }
            throw e;
        } finally {
            watchdog.cancel(false);
        }
    }

    /** " — message" from an OpenAI/Gemini style {@code {"error": {"message": ...}}} body, scrubbed. */
    static String errorDetail(String body, String apiKey) {
        String message = "";
        try {
            JsonNode root = JSON.readTree(body);
            JsonNode err = root.isArray() && !root.isEmpty() ? root.get(0).path("error") : root.path("error");
            message = err.isTextual() ? err.asText() : err.path("message").asText("");
        } catch (IOException | RuntimeException e) {
            message = "";
        }
        message = Redaction.scrub(message, apiKey).replaceAll("\\s+", " ").strip();
        if (message.length() > 200) {
            message = message.substring(0, 200) + "…";
        }
        return message.isEmpty() ? "" : " — " + message;
    }

    /** Carries a server's Retry-After through the exception to the backoff. */
    static final class RetryAfter extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Duration delay;

        RetryAfter(Duration delay) {
            super(null, null, false, false);
            this.delay = delay;
        }
    }

    private static Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("retry-after").flatMap(v -> {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(v.strip())));
            } catch (NumberFormatException e) {
                return Optional.empty(); // HTTP-date form: fall back to our own backoff
            }
        });
    }

    static Duration backoff(Duration base, int attempt, GenerationException last) {
        if (last != null) {
            for (Throwable s : last.getSuppressed()) {
                if (s instanceof RetryAfter ra) {
                    return ra.delay.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : ra.delay;
                }
            }
        }
        return base.multipliedBy(1L << Math.min(attempt - 1, 6));
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GenerationException("interrupted", false, e);
        }
    }

    /** Appends each token to the sink and the buffer; remembers that something streamed. */
    static final class Collector implements Consumer<String> {
        private final Consumer<String> sink;
        private final StringBuilder text = new StringBuilder();

        Collector(Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public void accept(String token) {
            if (token == null || token.isEmpty()) {
                return;
            }
            text.append(token);
            sink.accept(token);
        }

        boolean streamed() {
            return !text.isEmpty();
        }

        String text() {
            return text.toString();
        }
    }

    static String stripTrailingSlash(String url) {
        String u = url;
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u;
    }
}
