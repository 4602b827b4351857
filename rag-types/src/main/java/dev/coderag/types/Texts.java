package dev.coderag.types;

/** Text helpers more than one module needs. Pure, linear time. */
public final class Texts {
    private Texts() {}

    /**
     * {@code s} with every run of whitespace ({@link Character#isWhitespace}) as one space and none at either end,
     * cut at {@code maxChars} characters (a bound on the work for a huge input; no ellipsis).
     */
    public static String collapseWhitespace(String s, int maxChars) {
        StringBuilder out = new StringBuilder(Math.min(s.length(), maxChars));
        boolean space = false;
        for (int i = 0; i < s.length() && out.length() < maxChars; i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                space = !out.isEmpty();
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * {@code s} as it may go into a log line: every control character (C0, DEL, C1), line or paragraph separator
     * and invisible format character (bidi overrides among them) as an escape — {@code \n}, {@code \r},
     * {@code \t}, otherwise {@code \}{@code uXXXX} — and a backslash as {@code \\}, so the result is one line
     * that shows what was there and cannot be mistaken for an escape. For anything an outsider names that reaches a
     * log: file paths from a repository, sources a client sent, messages from remote servers. {@code "null"} for
     * null. Pure, linear time.
     */
    public static String forLog(Object value) {
        String s = String.valueOf(value);
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String escape =
                    switch (c) {
                        case '\n' -> "\\n";
                        case '\r' -> "\\r";
                        case '\t' -> "\\t";
                        case '\\' -> "\\\\";
                        default -> hidden(c) ? String.format("\\u%04x", (int) c) : null;
                    };
            if (escape != null && out == null) {
                out = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (out != null) {
                if (escape != null) {
                    out.append(escape);
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? s : out.toString();
    }

    private static boolean hidden(char c) {
        int type = Character.getType(c);
        return type == Character.CONTROL
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.FORMAT;
    }
}
