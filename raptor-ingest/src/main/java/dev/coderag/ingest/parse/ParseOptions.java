package dev.coderag.ingest.parse;

import java.util.Objects;

/**
 * How files are chunked. Start from {@link #DEFAULT} and change what differs with the named withers
 * ({@code ParseOptions.DEFAULT.withPlainText(true)}); the canonical constructor stays public only because Java
 * requires it of a public record.
 *
 * @param plainText chunk files in languages without a grammar as plain-text windows
 * @param tokens counts tokens to decide where long definitions are split
 * @param maxTokens the embedding window; a definition longer than this is split into parts; at least 32
 */
public record ParseOptions(boolean plainText, TokenCounter tokens, int maxTokens) {
    /** No plain text, {@link TokenCounter#APPROXIMATE} counting, a 512-token window. */
    public static final ParseOptions DEFAULT = new ParseOptions(false, TokenCounter.APPROXIMATE, 512);

    public ParseOptions {
        Objects.requireNonNull(tokens, "tokens");
        if (maxTokens < 32) {
            throw new IllegalArgumentException("maxTokens too small: " + maxTokens);
        }
    }

    public ParseOptions withPlainText(boolean plainText) {
        return new ParseOptions(plainText, tokens, maxTokens);
    }

    public ParseOptions withTokens(TokenCounter tokens) {
        return new ParseOptions(plainText, tokens, maxTokens);
    }

    /** @throws IllegalArgumentException below 32 */
    public ParseOptions withMaxTokens(int maxTokens) {
        return new ParseOptions(plainText, tokens, maxTokens);
    }
}
