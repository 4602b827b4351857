package dev.coderag.chat;

import java.util.Objects;

/**
 * A request the chat side cannot serve. Callers switch over {@link #reason()}, never the message; the message
 * is one line fit for the user (no stack trace, no secrets).
 */
public final class ChatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The exact message for an empty store, shared by the API, the page and the CLI. */
    public static final String NO_DATA_MESSAGE = "No data ingested yet. Run ./rag ingest <path> first.";

    public enum Reason {
        /** The question is empty or blank. */
        EMPTY_QUERY,
        /** The question is longer than the configured maximum. */
        QUERY_TOO_LONG,
        /** The request body is not the JSON the endpoint expects, or a parameter is invalid. */
        BAD_REQUEST,
        /** The store holds no chunks. */
        NO_DATA,
        /** The repository, chat or file asked for does not exist (or is not indexed). */
        NOT_FOUND,
        /**
         * The request conflicts with work in progress or with the store (that repository is already being
         * indexed, or a repository of that name was indexed from another source).
         */
        CONFLICT,
        /** The request is understood but not allowed from the network (a local path outside the allowed roots). */
        FORBIDDEN,
        /** The server has too much work queued; the client should retry later (HTTP 429 with Retry-After). */
        BUSY,
        /** The configured language model failed and no fallback is allowed. */
        LLM_UNAVAILABLE,
        /** A repository could not be indexed (bad source, clone failure, store locked by another writer). */
        INDEXING_FAILED
    }

    private final Reason reason;

    public ChatException(Reason reason, String message) {
        this(reason, message, null);
    }

    public ChatException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Reason reason() {
        return reason;
    }
}
