package dev.coderag.chat.mcp;

/**
 * How much of an agent's context one tool result may take: {@code max_tokens}, estimated as one token per
 * {@link #CHARS_PER_TOKEN} characters. A result fits when both of its renderings do — the structured content as
 * JSON and the text beside it — each measured on its own (a client shows the model one or the other).
 *
 * @param maxTokens between {@link #MIN_TOKENS} and {@link #MAX_TOKENS}
 */
record Budget(int maxTokens) {
    /** Characters per estimated token: a crude, stable estimate (code and JSON run 3–4 characters a token). */
    static final int CHARS_PER_TOKEN = 4;

    /** The budget of a call without {@code max_tokens}. */
    static final int DEFAULT_TOKENS = 5_000;

    /** The smallest budget a call may ask for: about one result's location with the page's metadata. */
    static final int MIN_TOKENS = 100;

    /** The largest: {@code read_file}'s 100,000 characters. */
    static final int MAX_TOKENS = 25_000;

    static final Budget DEFAULT = new Budget(DEFAULT_TOKENS);

    Budget {
        if (maxTokens < MIN_TOKENS || maxTokens > MAX_TOKENS) {
            throw new IllegalArgumentException("\"max_tokens\" must be between " + MIN_TOKENS + " and " + MAX_TOKENS);
        }
    }

    /** Characters a rendering may have. */
    int maxChars() {
        return maxTokens * CHARS_PER_TOKEN;
    }

    /** The estimated tokens of {@code chars} characters, rounded up. */
    static int tokens(int chars) {
        return (chars + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }
}
