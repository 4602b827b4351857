package dev.coderag.chat.llm;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.answer.GenerationException;
import dev.langchain4j.exception.HttpException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Optional;

/**
 * Turns whatever a LangChain4j model or the transport reported into a {@link GenerationException}: one line,
 * without the key (server text is scrubbed of it and cut to {@link #DETAIL_CHARS}), retryable for a 408, a 429,
 * a 5xx, a timeout and a connection failure. The original exception is kept as the cause only when it is the
 * JDK's own I/O failure: LangChain4j's carry the raw response body, which may echo the key.
 */
final class LlmFailures {
    static final int DETAIL_CHARS = 200;
    private static final ObjectMapper JSON = new ObjectMapper();

    private LlmFailures() {}

    /** A failure and the wait the server asked for before another attempt, if it asked. */
    record Failure(GenerationException exception, Optional<Duration> retryAfter) {}

    static Failure of(Throwable error, LlmConfig config) {
        String where = Redaction.url(config.baseUrl());
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            switch (t) {
                case LlmTransport.StatusException s -> {
                    return new Failure(http(s.statusCode(), s.getMessage(), config), s.retryAfter());
                }
                case HttpException h -> {
                    return new Failure(http(h.statusCode(), h.getMessage(), config), Optional.empty());
                }
                case LlmTransport.IdleTimeoutException idle -> {
                    return plain(new GenerationException(idle.getMessage(), true, idle));
                }
                case LlmTransport.TooLargeException big -> {
                    return plain(new GenerationException(big.getMessage(), false, big));
                }
                case HttpConnectTimeoutException c -> {
                    return plain(new GenerationException("cannot connect to " + where + " (timed out)", true, c));
                }
                case HttpTimeoutException timeout -> {
                    return plain(new GenerationException(
                            "no response from " + where + " within " + seconds(config.firstTokenTimeout()),
                            true,
                            timeout));
                }
                case ConnectException c -> {
                    return plain(new GenerationException("cannot connect to " + where, true, c));
                }
                case UnknownHostException u -> {
                    return plain(new GenerationException("cannot resolve the host of " + where, true));
                }
                case UnresolvedAddressException u -> {
                    return plain(new GenerationException("cannot resolve the host of " + where, true));
                }
                case JacksonException malformed -> {
                    return plain(new GenerationException("the model sent a malformed stream", false));
                }
                default -> {
                    // look further down the chain
                }
            }
        }
        if (error instanceof IOException io) {
            return plain(new GenerationException(
                    "request to " + where + " failed: " + io.getClass().getSimpleName(), true, io));
        }
        // an error the model sent inside the stream: its text (often JSON) says what went wrong
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String detail = errorDetail(root.getMessage(), config.apiKey());
        if (detail.isEmpty()) {
            detail = detail(root.getMessage(), config.apiKey());
        }
        return plain(new GenerationException(
                "the model reported an error"
                        + (detail.isEmpty() ? " (" + root.getClass().getSimpleName() + ")" : detail),
                false));
    }

    private static Failure plain(GenerationException e) {
        return new Failure(e, Optional.empty());
    }

    private static GenerationException http(int status, String body, LlmConfig config) {
        boolean retryable = status == 408 || status == 429 || status >= 500;
        return new GenerationException("HTTP " + status + errorDetail(body, config.apiKey()), retryable);
    }

    /**
     * " — message" from an error body: {@code {"error": {"message": …}}} (OpenAI, Azure, Anthropic, Gemini, also
     * as a one-element array), {@code {"error": "…"}} (Ollama) or {@code {"message": …}} (Mistral); scrubbed.
     */
    static String errorDetail(String body, String apiKey) {
        String message;
        try {
            JsonNode root = JSON.readTree(body == null ? "" : body);
            JsonNode r = root != null && root.isArray() && !root.isEmpty() ? root.get(0) : root;
            JsonNode err = r == null ? JSON.missingNode() : r.path("error");
            message = err.isTextual()
                    ? err.asText()
                    : err.path("message")
                            .asText(r == null ? "" : r.path("message").asText(""));
        } catch (IOException | RuntimeException e) {
            message = "";
        }
        return detail(message, apiKey);
    }

    /** " — text" scrubbed of the key, on one line and cut to {@link #DETAIL_CHARS}; "" for no text. */
    static String detail(String text, String apiKey) {
        String message = Redaction.scrub(text == null ? "" : text, apiKey)
                .replaceAll("\\s+", " ")
                .strip();
        if (message.length() > DETAIL_CHARS) {
            message = message.substring(0, DETAIL_CHARS) + "…";
        }
        return message.isEmpty() ? "" : " — " + message;
    }

    static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() / 1000.0 + " s";
    }
}
