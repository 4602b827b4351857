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
}
