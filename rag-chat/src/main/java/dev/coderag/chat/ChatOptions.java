package dev.coderag.chat;

import dev.coderag.chat.llm.LlmConfig;
import java.util.Objects;

/**
 * Tuning of the chat pipeline.
 *
 * @param maxQueryChars longer questions are refused with 400 (bug reports with stack traces fit comfortably)
 * @param contextTokens token budget of the numbered context blocks given to the model
 * @param llm the answer generator; {@link LlmConfig#NONE} = extractive
 */
public record ChatOptions(int maxQueryChars, int contextTokens, LlmConfig llm) {
    public static final int DEFAULT_MAX_QUERY_CHARS = 32_000;
    public static final int DEFAULT_CONTEXT_TOKENS = 6_000;

    public ChatOptions {
        Objects.requireNonNull(llm, "llm");
        if (maxQueryChars < 1 || contextTokens < 100) {
            throw new IllegalArgumentException("maxQueryChars >= 1 and contextTokens >= 100 required");
        }
    }

    public static ChatOptions defaults() {
        return new ChatOptions(DEFAULT_MAX_QUERY_CHARS, DEFAULT_CONTEXT_TOKENS, LlmConfig.NONE);
    }

    public ChatOptions withLlm(LlmConfig config) {
        return new ChatOptions(maxQueryChars, contextTokens, config);
    }
}
