package dev.coderag.store;

import java.util.Objects;

/** Every failure of a store. Callers switch over {@link #reason()}, never the message. */
public final class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why the operation failed. */
    public enum Reason {
        /** The store was built with another embedding model or dimension; re-ingest with --full. */
        MODEL_MISMATCH,
        /** Another process holds the write lock. */
        LOCKED,
        /** Store files are unreadable or corrupt. */
        CORRUPT,
        /** Any other I/O failure. */
        IO
    }

    private final Reason reason;

    /** @param message one line, fit for the user (names the directory or file) */
    public StoreException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason);
    }

    public StoreException(Reason reason, String message) {
        this(reason, message, null);
    }

    public Reason reason() {
        return reason;
    }
}
