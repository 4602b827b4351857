package dev.coderag.chat;

/**
 * Receives an answer while it is produced (for SSE). Called on the thread that runs
 * {@link ChatService#ask(ChatRequest, AnswerListener)}, in order: tokens, possibly a reset, more tokens.
 */
public interface AnswerListener {
    AnswerListener NONE = token -> {};

    /** The next piece of answer text (Markdown source). */
    void onToken(String token);

    /**
     * The text streamed so far is void: the language model failed mid-answer and an extractive answer follows.
     *
     * @param warning the user-visible reason
     */
    default void onReset(String warning) {}
}
