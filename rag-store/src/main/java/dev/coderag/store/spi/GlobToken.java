package dev.coderag.store.spi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One element of a path glob, as {@link #read} reads the glob language of {@link PathGlob} — the one reading of
 * it, which the matcher ({@link PathGlob#compile}) and the regular-expression translation for backends that
 * filter inside their engine ({@link PathGlob#luceneRegex}) both consume.
 */
sealed interface GlobToken {

    /** One code point, matched as it is. */
    record Literal(int codePoint) implements GlobToken {}

    /** {@code *}: any run of code points within one directory. */
    record Star() implements GlobToken {}

    /** {@code **} not followed by {@code /}: any run of code points, across directories. */
    record GlobStar() implements GlobToken {}

    /** {@code **}{@code /}: nothing, or any run of code points ending with a slash. */
    record GlobStarSlash() implements GlobToken {}

    /** {@code ?}: one code point other than {@code /}. */
    record Any() implements GlobToken {}

    /**
     * A bracket expression: inclusive code point ranges, pairwise in {@code ranges}; a negated class never
     * matches {@code /}.
     */
    record CharClass(boolean negated, int[] ranges) implements GlobToken {
        boolean accepts(int c) {
            if (negated && c == '/') {
                return false;
            }
            boolean in = false;
            for (int i = 0; i < ranges.length && !in; i += 2) {
                in = c >= ranges[i] && c <= ranges[i + 1];
            }
            return in != negated;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CharClass c && c.negated == negated && Arrays.equals(c.ranges, ranges);
        }

        @Override
        public int hashCode() {
            return 31 * Boolean.hashCode(negated) + Arrays.hashCode(ranges);
        }

        @Override
        public String toString() {
            return "CharClass[negated=" + negated + ", ranges=" + Arrays.toString(ranges) + "]";
        }
    }

    /** {@code {}: a group of alternatives opens. */
    record Open() implements GlobToken {}

    /** {@code ,} inside a group: the next alternative starts. */
    record Alternative() implements GlobToken {}

    /** {@code }} closing a group (an unclosed group is closed at the end of the glob). */
    record Close() implements GlobToken {}

    /**
     * The tokens of a glob (already stripped of a leading {@code ./} or {@code /}), in one pass: braces always
     * balanced in the result, a {@code ,} or {@code }} outside a group and a {@code [} without a closing bracket
     * are literals, every other character is literal.
     *
     * @throws IllegalArgumentException for a reversed range ({@code [z-a]})
     */
    static List<GlobToken> read(String glob) {
        List<GlobToken> out = new ArrayList<>();
        int depth = 0;
        int n = glob.length();
        int i = 0;
        while (i < n) {
            int c = glob.codePointAt(i);
            switch (c) {
                case '*' -> {
                    if (i + 1 < n && glob.charAt(i + 1) == '*') {
                        i++;
                        if (i + 1 < n && glob.charAt(i + 1) == '/') {
                            i++;
                            out.add(new GlobStarSlash());
                        } else {
                            out.add(new GlobStar());
                        }
                    } else {
                        out.add(new Star());
                    }
                    i++;
                }
                case '?' -> {
                    out.add(new Any());
                    i++;
                }
                case '[' -> {
                    int close = glob.indexOf(']', i + 2);
                    if (close < 0) {
                        out.add(new Literal('['));
                        i++;
                    } else {
                        out.add(charClass(glob.substring(i + 1, close)));
                        i = close + 1;
                    }
                }
                case '{' -> {
                    depth++;
                    out.add(new Open());
                    i++;
                }
                case ',', '}' -> {
                    if (depth == 0) {
                        out.add(new Literal(c));
                    } else if (c == ',') {
                        out.add(new Alternative());
                    } else {
                        depth--;
                        out.add(new Close());
                    }
                    i++;
                }
                default -> {
                    out.add(new Literal(c));
                    i += Character.charCount(c);
                }
            }
        }
        for (; depth > 0; depth--) {
            out.add(new Close());
        }
        return out;
    }

    /**
     * A bracket body (after the opening bracket, before the closing one): an optional leading {@code !} or
     * {@code ^} negates; {@code x-y} is a range when something follows the dash, a leading or trailing dash is
     * literal; every other character is literal, backslash included.
     */
    private static CharClass charClass(String body) {
        boolean negated = body.startsWith("!") || body.startsWith("^");
        int[] cps = (negated ? body.substring(1) : body).codePoints().toArray();
        int[] ranges = new int[2 * cps.length];
        int r = 0;
        int k = 0;
        while (k < cps.length) {
            int lo = cps[k];
            int hi = lo;
            if (k + 2 < cps.length && cps[k + 1] == '-') {
                hi = cps[k + 2];
                if (hi < lo) {
                    throw new IllegalArgumentException(
                            "path glob has a reversed range: " + new String(cps, k, 3) + " in [" + body + "]");
                }
                k += 3;
            } else {
                k++;
            }
            ranges[r++] = lo;
            ranges[r++] = hi;
        }
        return new CharClass(negated, Arrays.copyOf(ranges, r));
    }
}
