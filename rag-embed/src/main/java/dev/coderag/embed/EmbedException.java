package dev.coderag.embed;

import java.util.Objects;

/** Every failure of an embedder. Callers switch over {@link #reason()}, never the message. */
public final class EmbedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why embedding failed. */
    public enum Reason {
        /** The model could not be copied to its cache or loaded. */
        LOAD,
        /** The model failed on an input. */
        RUN,
        /** Embedding was stopped: the process is exiting or the thread was interrupted. */
        STOPPED
    }

    private final Reason reason;

    /** @param message one line, fit for the user (names the model or file) */
    public EmbedException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason);
    }

    public EmbedException(Reason reason, String message) {
        this(reason, message, null);
    }

    public Reason reason() {
        return reason;
    }
}
