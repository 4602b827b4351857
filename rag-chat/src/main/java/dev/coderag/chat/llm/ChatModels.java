package dev.coderag.chat.llm;

import dev.coderag.chat.answer.LlmProvider;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.googleai.GoogleAiGeminiStreamingChatModel;
import dev.langchain4j.model.mistralai.MistralAiStreamingChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The LangChain4j streaming chat model for each {@link LlmProvider}, all on {@link LlmTransport}, with request
 * and response logging off (LangChain4j's default, kept: the logs would carry prompts and headers).
 *
 * <p>Azure OpenAI is served by the OpenAI module rather than langchain4j-azure-open-ai, which brings the Azure
 * SDK with Netty and azure-identity: a deployment's chat completions are the OpenAI wire protocol at {@code
 * {endpoint}/openai/deployments/{deployment}/chat/completions?api-version=…} with the key in an {@code api-key}
 * header.
 */
final class ChatModels {
    static final double TEMPERATURE = 0.1;
    /** Anthropic requires a cap on the answer's length; the others default to the model's own. */
    static final int ANTHROPIC_MAX_TOKENS = 4096;

    private ChatModels() {}

    /** The model {@code config} asks for; IllegalArgumentException for NONE, which needs no model. */
    static StreamingChatModel of(LlmConfig config) {
        HttpClientBuilder transport = LlmTransport.builder(config);
        String key = config.apiKey().isEmpty() ? null : config.apiKey();
        return switch (config.provider()) {
            case NONE -> throw new IllegalArgumentException("the extractive generator needs no language model");
            case OPENAI ->
                OpenAiStreamingChatModel.builder()
                        .httpClientBuilder(transport)
                        .baseUrl(config.baseUrl())
                        .apiKey(key)
                        .modelName(config.model())
                        .temperature(TEMPERATURE)
                        .build();
            case AZURE ->
                OpenAiStreamingChatModel.builder()
                        .httpClientBuilder(transport)
                        .baseUrl(stripTrailingSlash(config.baseUrl()) + "/openai/deployments/"
                                + URLEncoder.encode(config.model(), StandardCharsets.UTF_8))
                        .customHeaders(key == null ? Map.of() : Map.of("api-key", key))
                        .customQueryParams(Map.of("api-version", config.apiVersion()))
                        .modelName(config.model())
                        .temperature(TEMPERATURE)
                        .build();
            case GEMINI ->
                GoogleAiGeminiStreamingChatModel.builder()
                        .httpClientBuilder(transport)
                        .baseUrl(config.baseUrl())
                        .apiKey(key)
                        .modelName(config.model())
                        .temperature(TEMPERATURE)
                        .returnThinking(false) // thought summaries are not the answer
                        .build();
            case OLLAMA ->
                OllamaStreamingChatModel.builder()
                        .httpClientBuilder(transport)
                        .baseUrl(config.baseUrl())
                        .customHeaders(key == null ? Map.of() : Map.of("Authorization", "Bearer " + key))
                        .modelName(config.model())
                        .temperature(TEMPERATURE)
                        .build();
            case ANTHROPIC ->
                AnthropicStreamingChatModel.builder()
                        .httpClientBuilder(transport)
                        .baseUrl(config.baseUrl())
                        .apiKey(key)
                        .modelName(config.model())
                        .temperature(TEMPERATURE)
                        .maxTokens(ANTHROPIC_MAX_TOKENS)
                        .build();
            case MISTRAL ->
                MistralAiStreamingChatModel.builder()
                        .httpClientBuilder(transport)
                        .baseUrl(config.baseUrl())
                        .apiKey(key)
                        .modelName(config.model())
                        .temperature(TEMPERATURE)
                        .build();
        };
    }

    static String stripTrailingSlash(String url) {
        String u = url;
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u;
    }
}
