package dev.coderag.chat;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Who wrote a chat message; the JSON value is the lower-case name ({@code user}, {@code assistant}). */
public enum MessageRole {
    USER,
    ASSISTANT;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
