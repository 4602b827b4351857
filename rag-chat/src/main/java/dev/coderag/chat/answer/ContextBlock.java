package dev.coderag.chat.answer;

import dev.coderag.retrieval.RetrievalHit;

/**
 * One numbered block of the LLM context: {@code [n] path:start-end (symbol, language)} then its text.
 *
 * @param truncated the text was cut to fit the token budget
 */
public record ContextBlock(int n, RetrievalHit hit, String header, String text, boolean truncated) {
    String render() {
        return header + "\n" + text;
    }
}
