package dev.coderag.chat;

import java.util.Locale;

/** What an answer does when a repository it draws on is stale ({@code serve --stale}). */
public enum StalePolicy {
    /** Answer, with a warning naming the stale repository. */
    WARN,
    /** Refuse, naming the stale repository, until it is refreshed. */
    REFUSE;

    /**
     * {@code warn} or {@code refuse}, any case.
     *
     * @throws IllegalArgumentException with a one-line reason for anything else
     */
    public static StalePolicy of(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "warn" -> WARN;
            case "refuse" -> REFUSE;
            default -> throw new IllegalArgumentException("--stale must be warn or refuse, not '" + text + "'");
        };
    }
}
