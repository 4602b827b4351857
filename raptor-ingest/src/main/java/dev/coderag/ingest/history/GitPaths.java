package dev.coderag.ingest.history;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Paths as git prints them in a patch's headers: as they are, or C-quoted ({@code "a/tab\there\303\251"}) when
 * they hold a quote, a backslash, a control character or (with {@code core.quotePath}) a non-ASCII byte. The
 * input is a header line's bytes as ISO-8859-1 (one character per byte); the result is the path's bytes as UTF-8.
 * Pure.
 */
final class GitPaths {
    private GitPaths() {}

    /**
     * The path of {@code diff --git a/P b/P} (its text after {@code diff --git }) when both sides name the same
     * path — every change but a rename; null otherwise.
     */
    static String symmetric(String rest) {
        if (rest.startsWith("\"")) {
            int end = quotedEnd(rest);
            if (end < 0 || end + 1 >= rest.length() || rest.charAt(end + 1) != ' ') {
                return null;
            }
            String a = strip(unquote(rest.substring(0, end + 1)), "a/");
            String b = strip(unquote(rest.substring(end + 2)), "b/");
            return a != null && a.equals(b) ? a : null;
        }
        int n = rest.length();
        if (n < 5 || n % 2 == 0) {
            return null;
        }
        int half = (n - 1) / 2;
        String left = rest.substring(0, half);
        String right = rest.substring(half + 1);
        if (rest.charAt(half) != ' ' || !left.startsWith("a/") || !right.startsWith("b/")) {
            return null;
        }
        String path = left.substring(2);
        return path.equals(right.substring(2)) ? utf8(path) : null;
    }

    /**
     * The path of a {@code ---}/{@code +++} line (its text after the marker and space): without {@code prefix},
     * "" for {@code /dev/null}, null when malformed. git ends an unquoted path holding a space with a tab.
     */
    static String side(String text, String prefix) {
        if (text.equals("/dev/null")) {
            return "";
        }
        if (text.startsWith("\"")) {
            return strip(unquote(text), prefix);
        }
        String t = text.endsWith("\t") ? text.substring(0, text.length() - 1) : text;
        return strip(utf8(t), prefix);
    }

    /** The path of a {@code rename from}/{@code rename to} line (no prefix there), null when malformed. */
    static String plain(String text) {
        return text.startsWith("\"") ? unquote(text) : utf8(text);
    }

    /** A whole C-quoted string decoded, or null when it is not one. */
    static String unquote(String quoted) {
        if (quoted.length() < 2 || quoted.charAt(0) != '"' || quotedEnd(quoted) != quoted.length() - 1) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(quoted.length());
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c != '\\') {
                out.write(c);
                continue;
            }
            char e = quoted.charAt(++i);
            switch (e) {
                case 'a' -> out.write(7);
                case 'b' -> out.write('\b');
                case 't' -> out.write('\t');
                case 'n' -> out.write('\n');
                case 'v' -> out.write(11);
                case 'f' -> out.write('\f');
                case 'r' -> out.write('\r');
                case '"', '\\' -> out.write(e);
                default -> {
                    if (!octal(quoted, i)) {
                        return null;
                    }
                    out.write(Integer.parseInt(quoted.substring(i, i + 3), 8) & 0xff);
                    i += 2;
                }
            }
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    /** The index of the quote that closes the quoted string {@code s} starts with, or -1. */
    private static int quotedEnd(String s) {
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static boolean octal(String s, int i) {
        if (i + 3 > s.length()) {
            return false;
        }
        for (int k = i; k < i + 3; k++) {
            if (s.charAt(k) < '0' || s.charAt(k) > '7') {
                return false;
            }
        }
        return true;
    }

    private static String strip(String path, String prefix) {
        return path != null && path.startsWith(prefix) ? path.substring(prefix.length()) : null;
    }

    private static String utf8(String latin1) {
        return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
