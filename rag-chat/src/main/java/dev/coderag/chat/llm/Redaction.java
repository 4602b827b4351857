package dev.coderag.chat.llm;

import java.net.URI;

/** Keeps secrets out of messages and logs. */
final class Redaction {
    private Redaction() {}

    /** A URL without user-info and query string (either may carry credentials). */
    static String url(String url) {
        if (url == null || url.isBlank()) {
            return "";
        }
        try {
            URI u = URI.create(url);
            if (u.getHost() == null) {
                return "(invalid URL)";
            }
            return u.getScheme() + "://" + u.getHost() + (u.getPort() >= 0 ? ":" + u.getPort() : "")
                    + (u.getRawPath() == null ? "" : u.getRawPath());
        } catch (IllegalArgumentException e) {
            return "(invalid URL)";
        }
    }

    /** {@code text} with every occurrence of {@code secret} replaced (no-op for an empty secret). */
    static String scrub(String text, String secret) {
        if (text == null) {
            return "";
        }
        if (secret == null || secret.length() < 4) {
            return text;
        }
        return text.replace(secret, "***");
    }
}
