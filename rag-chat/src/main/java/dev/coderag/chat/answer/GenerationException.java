package dev.coderag.chat.answer;

/** A language model call that failed. The message is one line, without keys or request headers. */
public final class GenerationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean retryable;

    public GenerationException(String message, boolean retryable) {
        super(message);
        this.retryable = retryable;
    }

    public GenerationException(String message, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
    }

    /** A 429, a 5xx, a timeout or a refused connection — worth another attempt if nothing streamed yet. */
    public boolean retryable() {
        return retryable;
    }
}
