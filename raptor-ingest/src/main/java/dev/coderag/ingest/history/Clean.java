package dev.coderag.ingest.history;

import java.nio.charset.StandardCharsets;

/** Untrusted text as the reader stores it. Pure, linear time. */
final class Clean {
    private Clean() {}

    /**
     * UTF-8 (malformed bytes as U+FFFD) without control characters but {@code \t} (C0, DEL, C1 — a NUL, an escape
     * sequence, a carriage return), line and paragraph separators and invisible format characters (bidi overrides,
     * which make text read other than it is).
     */
    static String text(byte[] bytes, int from, int to) {
        return strip(new String(bytes, from, to - from, StandardCharsets.UTF_8));
    }

    /** {@code s} without the characters {@link #text} drops. */
    static String strip(String s) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean drop = c != '\t' && hidden(c);
            if (drop && out == null) {
                out = new StringBuilder(s.length()).append(s, 0, i);
            } else if (!drop && out != null) {
                out.append(c);
            }
        }
        return out == null ? s : out.toString();
    }

    private static boolean hidden(char c) {
        if (c >= ' ' && c < 0x7f) {
            return false;
        }
        int type = Character.getType(c);
        return type == Character.CONTROL
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.FORMAT;
    }

    /** Whether {@code bytes[0, length)} starts with the ASCII {@code prefix}. */
    static boolean startsWith(byte[] bytes, int length, String prefix) {
        if (length < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (bytes[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
