package dev.coderag.chat.llm;

import dev.coderag.chat.answer.LlmProvider;
import java.time.Duration;
import java.util.Objects;

/**
 * How to reach the language model. {@link #toString()} never shows the key; nothing in this module logs or
 * returns it.
 *
 * @param baseUrl OpenAI: up to {@code /v1} (e.g. {@code http://localhost:11434/v1} for Ollama); Gemini: up to
 *     {@code /v1beta}
 * @param apiKey may be empty (local servers need none)
 * @param connectTimeout TCP connect timeout
 * @param firstTokenTimeout how long to wait for the response headers
 * @param idleTimeout the longest silence allowed while streaming
 * @param maxRetries further attempts after a 429, a 5xx or a connection failure before anything streamed
 * @param retryBackoff the first wait between attempts; doubles each time (a Retry-After header wins, capped)
 * @param fallbackToExtractive on failure answer extractively with a warning (true) or fail with 502 (false)
 */
public record LlmConfig(
        LlmProvider provider,
        String baseUrl,
        String model,
        String apiKey,
        Duration connectTimeout,
        Duration firstTokenTimeout,
        Duration idleTimeout,
        int maxRetries,
        Duration retryBackoff,
        boolean fallbackToExtractive) {

    public static final String OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
    public static final String OPENAI_DEFAULT_MODEL = "gpt-4o-mini";
    public static final String GEMINI_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
    public static final String GEMINI_DEFAULT_MODEL = "gemini-2.5-flash";

    public static final LlmConfig NONE = new LlmConfig(
            LlmProvider.NONE,
            "",
            "",
            "",
            Duration.ofSeconds(5),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            2,
            Duration.ofMillis(500),
            true);

    public LlmConfig {
        Objects.requireNonNull(provider, "provider");
        baseUrl = Objects.requireNonNullElse(baseUrl, "").strip();
        model = Objects.requireNonNullElse(model, "").strip();
        apiKey = Objects.requireNonNullElse(apiKey, "").strip();
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(firstTokenTimeout, "firstTokenTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(retryBackoff, "retryBackoff");
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0");
        }
    }

    /** A provider with the default URL and model for it, and the given key. */
    public static LlmConfig of(LlmProvider provider, String baseUrl, String model, String apiKey) {
        String url = baseUrl == null || baseUrl.isBlank()
                ? switch (provider) {
                    case NONE -> "";
                    case OPENAI -> OPENAI_DEFAULT_BASE_URL;
                    case GEMINI -> GEMINI_DEFAULT_BASE_URL;
                }
                : baseUrl;
        String m = model == null || model.isBlank()
                ? switch (provider) {
                    case NONE -> "";
                    case OPENAI -> OPENAI_DEFAULT_MODEL;
                    case GEMINI -> GEMINI_DEFAULT_MODEL;
                }
                : model;
        return new LlmConfig(
                provider,
                url,
                m,
                apiKey,
                NONE.connectTimeout,
                NONE.firstTokenTimeout,
                NONE.idleTimeout,
                NONE.maxRetries,
                NONE.retryBackoff,
                true);
    }

    public LlmConfig withRetries(int retries, Duration backoff) {
        return new LlmConfig(
                provider,
                baseUrl,
                model,
                apiKey,
                connectTimeout,
                firstTokenTimeout,
                idleTimeout,
                retries,
                backoff,
                fallbackToExtractive);
    }

    public LlmConfig withTimeouts(Duration connect, Duration firstToken, Duration idle) {
        return new LlmConfig(
                provider,
                baseUrl,
                model,
                apiKey,
                connect,
                firstToken,
                idle,
                maxRetries,
                retryBackoff,
                fallbackToExtractive);
    }

    public LlmConfig withFallback(boolean fallback) {
        return new LlmConfig(
                provider,
                baseUrl,
                model,
                apiKey,
                connectTimeout,
                firstTokenTimeout,
                idleTimeout,
                maxRetries,
                retryBackoff,
                fallback);
    }

    /** Redacts the key. */
    @Override
    public String toString() {
        return "LlmConfig[provider=" + provider.id() + ", baseUrl=" + Redaction.url(baseUrl) + ", model=" + model
                + ", apiKey=" + (apiKey.isEmpty() ? "(none)" : "(set)") + ", maxRetries=" + maxRetries
                + ", fallbackToExtractive=" + fallbackToExtractive + "]";
    }
}
