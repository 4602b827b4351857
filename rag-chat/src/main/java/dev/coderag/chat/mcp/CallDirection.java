package dev.coderag.chat.mcp;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Which way {@code find_references} follows the edges (the JSON value is the lower-case name). */
public enum CallDirection {
    /** Who calls the symbol. */
    CALLERS,
    /** What the symbol calls. */
    CALLEES,
    /** The types that implement or extend it, or the methods that override it (resolved references only). */
    IMPLEMENTATIONS,
    /** Every reference to it: calls, type uses, field reads and writes, overrides, supertypes, imports (resolved). */
    REFERENCES;

    /** {@code callers}, {@code callees}, {@code implementations} or {@code references}: argument and result value. */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The direction a client named, ignoring case and surrounding blanks.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static CallDirection fromId(String id) {
        String wanted = id.strip().toLowerCase(Locale.ROOT);
        for (CallDirection d : values()) {
            if (d.id().equals(wanted)) {
                return d;
            }
        }
        throw new IllegalArgumentException("\"direction\" must be callers, callees, implementations or references");
    }
}
