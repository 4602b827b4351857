package dev.coderag.chat.repos;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The phase of a running ingest, as {@code GET /api/repos}, the page and the MCP tool {@code index_status} report it
 * (the JSON value is the lower-case name). The composition root maps the ingester's own phases onto these, one for
 * one, so the chat side never sees the ingester.
 */
public enum IndexPhase {
    /** Resolving the source (a clone or fetch for a git URL). */
    SCAN,
    /** Walking, hashing and parsing the files. */
    PARSE,
    /** Committing new chunks and embedding them. */
    EMBED,
    /** Deleting what went and committing the repository. */
    WRITE,
    /**
     * After the commit: resolving the references of changed Java files with the compiler. Every source is searchable;
     * until it ends, callers of those files are matched by name.
     */
    RESOLVE,
    /** Finished. */
    DONE;

    /** {@code scan}, {@code parse}, {@code embed}, {@code write}, {@code resolve} or {@code done}: the API's and the
     * page's word.
     */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Whether the phase writes sources to the store: until it does (queued, or reading files, which is all a run with nothing
     * to change does), every committed source of a complete index is still there.
     */
    public boolean writes() {
        return switch (this) {
            case SCAN, PARSE, RESOLVE -> false; // RESOLVE: after the commit, every source is there
            case EMBED, WRITE, DONE -> true;
        };
    }
}
