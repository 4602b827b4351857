package dev.coderag.chat.llm;

import dev.coderag.chat.answer.LlmProvider;
import java.time.Duration;
import java.util.Objects;

/**
 * How to reach the language model. {@link #toString()} never shows the key; nothing in this module logs or
 * returns it.
 *
 * @param baseUrl the API base the provider's paths are appended to (see {@link Defaults#baseUrl()}); Azure: the
 *     resource endpoint, e.g. {@code https://my-resource.openai.azure.com}
 * @param model the model name; Azure: the deployment name
 * @param apiKey may be empty (local servers need none)
 * @param apiVersion Azure's {@code api-version} query parameter; empty for every other provider
 * @param connectTimeout TCP connect timeout
 * @param firstTokenTimeout how long to wait for the response headers
 * @param idleTimeout the longest silence allowed while streaming
 * @param maxRetries further attempts after a 408, 429, a 5xx, a timeout or a connection failure before anything
 *     streamed
 * @param retryBackoff the first wait between attempts; doubles each time (a Retry-After header wins, capped)
 * @param fallbackToExtractive on failure answer extractively with a warning (true) or fail with 502 (false)
 */
public record LlmConfig(
        LlmProvider provider,
        String baseUrl,
        String model,
        String apiKey,
        String apiVersion,
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
    public static final String AZURE_DEFAULT_API_VERSION = "2024-10-21";

    /**
     * What a provider uses when the flags say nothing: its default base URL and model (empty: must be given),
     * the environment variables it also reads for them and for its key (empty: none), and whether it needs a key.
     */
    public record Defaults(
            String baseUrl, String model, String baseUrlEnv, String modelEnv, String keyEnv, boolean keyRequired) {}

    /** The defaults of {@code provider}; README's configuration table lists the same. */
    public static Defaults defaults(LlmProvider provider) {
        return switch (provider) {
            case NONE -> new Defaults("", "", "", "", "", false);
            case OPENAI ->
                new Defaults(
                        OPENAI_DEFAULT_BASE_URL, OPENAI_DEFAULT_MODEL, "OPENAI_BASE_URL", "", "OPENAI_API_KEY", false);
            case GEMINI ->
                new Defaults(
                        GEMINI_DEFAULT_BASE_URL,
                        GEMINI_DEFAULT_MODEL,
                        "GEMINI_BASE_URL",
                        "GEMINI_MODEL",
                        "GEMINI_API_KEY",
                        true);
            case OLLAMA ->
                new Defaults(
                        "http://localhost:11434", "qwen2.5-coder:7b", "OLLAMA_BASE_URL", "OLLAMA_MODEL", "", false);
            case ANTHROPIC ->
                new Defaults(
                        "https://api.anthropic.com/v1",
                        "claude-haiku-4-5-20251001",
                        "ANTHROPIC_BASE_URL",
                        "ANTHROPIC_MODEL",
                        "ANTHROPIC_API_KEY",
                        true);
            case AZURE ->
                new Defaults("", "", "AZURE_OPENAI_ENDPOINT", "AZURE_OPENAI_DEPLOYMENT", "AZURE_OPENAI_API_KEY", true);
            case MISTRAL ->
                new Defaults(
                        "https://api.mistral.ai/v1",
                        "mistral-small-latest",
                        "MISTRAL_BASE_URL",
                        "MISTRAL_MODEL",
                        "MISTRAL_API_KEY",
                        true);
        };
    }

    public static final LlmConfig NONE = new LlmConfig(
            LlmProvider.NONE,
            "",
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
        apiVersion = Objects.requireNonNullElse(apiVersion, "").strip();
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(firstTokenTimeout, "firstTokenTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(retryBackoff, "retryBackoff");
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0");
        }
    }

    /** A provider with the given URL and model (blank: the provider's default), key and default settings. */
    public static LlmConfig of(LlmProvider provider, String baseUrl, String model, String apiKey) {
        Defaults d = defaults(provider);
        return new LlmConfig(
                provider,
                baseUrl == null || baseUrl.isBlank() ? d.baseUrl() : baseUrl,
                model == null || model.isBlank() ? d.model() : model,
                apiKey,
                provider == LlmProvider.AZURE ? AZURE_DEFAULT_API_VERSION : "",
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
                apiVersion,
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
                apiVersion,
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
                apiVersion,
                connectTimeout,
                firstTokenTimeout,
                idleTimeout,
                maxRetries,
                retryBackoff,
                fallback);
    }

    /** Azure OpenAI's {@code api-version} (blank: {@link #AZURE_DEFAULT_API_VERSION}). */
    public LlmConfig withApiVersion(String version) {
        return new LlmConfig(
                provider,
                baseUrl,
                model,
                apiKey,
                version == null || version.isBlank() ? AZURE_DEFAULT_API_VERSION : version,
                connectTimeout,
                firstTokenTimeout,
                idleTimeout,
                maxRetries,
                retryBackoff,
                fallbackToExtractive);
    }

    /** Redacts the key. */
    @Override
    public String toString() {
        return "LlmConfig[provider=" + provider.id() + ", baseUrl=" + Redaction.url(baseUrl) + ", model=" + model
                + ", apiKey=" + (apiKey.isEmpty() ? "(none)" : "(set)")
                + (apiVersion.isEmpty() ? "" : ", apiVersion=" + apiVersion) + ", maxRetries=" + maxRetries
                + ", fallbackToExtractive=" + fallbackToExtractive + "]";
    }
}
