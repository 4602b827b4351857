package dev.coderag.chat.mcp;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Which way {@code find_references} follows the call edges (the JSON value is the lower-case name). */
public enum CallDirection {
    /** Who calls the symbol. */
    CALLERS,
    /** What the symbol calls. */
    CALLEES;

    /** {@code callers} or {@code callees}: the tool's argument and result value. */
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
        throw new IllegalArgumentException("\"direction\" must be callers or callees");
    }
}
