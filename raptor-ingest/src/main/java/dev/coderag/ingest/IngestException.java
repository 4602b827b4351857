package dev.coderag.ingest;

import java.util.Objects;

/** An ingest that cannot proceed. Callers switch over {@link #reason()}; the message is one user-facing line. */
public final class IngestException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Reason {
        /** Nonexistent path, refused or malformed URL. */
        BAD_SOURCE,
        /** git clone failed. */
        CLONE_FAILED,
        /** The store was built with another model: re-run with --full. */
        MODEL_MISMATCH,
        /** Another ingest holds the store's write lock. */
        LOCKED,
        /** Reading files or writing the store failed. */
        IO,
        /**
         * A stop was requested ({@link Ingester#requestStop()}, e.g. on SIGINT/SIGTERM): the batches committed
         * so far are kept, the repository is left {@code partial}, and the next run finishes it.
         */
        STOPPED
    }

    private final Reason reason;

    public IngestException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason);
    }

    public IngestException(Reason reason, String message) {
        this(reason, message, null);
    }

    public Reason reason() {
        return reason;
    }
}
