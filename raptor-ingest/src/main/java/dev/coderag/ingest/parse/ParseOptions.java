package dev.coderag.ingest.parse;

import java.util.Objects;

/**
 * @param plainText chunk files in languages without a grammar as plain-text windows
 * @param tokens counts tokens to decide where long definitions are split
 * @param maxTokens the embedding window; a definition longer than this is split into parts
 */
public record ParseOptions(boolean plainText, TokenCounter tokens, int maxTokens) {
    public static final ParseOptions DEFAULT = new ParseOptions(false, TokenCounter.APPROXIMATE, 512);

    public ParseOptions {
        Objects.requireNonNull(tokens, "tokens");
        if (maxTokens < 32) {
            throw new IllegalArgumentException("maxTokens too small: " + maxTokens);
        }
    }
}
