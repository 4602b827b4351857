package dev.coderag.chat.repos;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where a repository stands, as {@code GET /api/repos} reports it (the JSON value is the lower-case name). */
public enum RepoState {
    /** Queued for indexing. */
    NEW,
    /** An ingest is running. */
    INDEXING,
    /** In the store, no ingest running. */
    READY,
    /**
     * In the store, but its last ingest stopped before the end (killed or interrupted): some files are at their
     * new version, some at the previous one; the next ingest of the repository finishes it.
     */
    PARTIAL,
    /** The last ingest failed; see {@link RepoStatus#lastError()}. */
    ERROR;

    /**
     * {@code new}, {@code indexing}, {@code ready}, {@code partial} or {@code error}: the API's and the page's
     * word for it.
     */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Queued or indexing. */
    public boolean active() {
        return switch (this) {
            case NEW, INDEXING -> true;
            case READY, PARTIAL, ERROR -> false;
        };
    }
}
