package dev.coderag.ingest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One gitignore-style glob, matched the way git's {@code wildmatch(pattern, text, WM_PATHNAME)} matches it
 * (case-sensitive): {@code ?}, {@code *} and bracket expressions never match {@code /}; {@code **} crosses
 * directories only as a whole path segment ({@code **}{@code /x}, {@code a/**}{@code /b}, {@code x/**}),
 * elsewhere it is a plain {@code *}; {@code [a-z]}, {@code [!x]}, {@code [^x]}, {@code []x]}, {@code \}
 * escapes inside and outside classes and the POSIX classes {@code [:alpha:]} etc. (ASCII, C locale). A pattern
 * git's matcher aborts on — an unterminated {@code [}, an unknown {@code [:name:]}, a trailing {@code \} —
 * matches nothing, as in git. Immutable and thread-safe.
 *
 * <p>Why not {@link java.util.regex}: the text is a file name from the repository and the pattern a line of its
 * ignore file, both untrusted, and a backtracking regex for {@code *a*a*a*a*a*a*c} runs for minutes on a long
 * name while the ingest holds its locks. Git's own recursive matcher is exponential in the same way in the
 * worst case. This class compiles the pattern into a Thompson NFA with one state per pattern element and
 * simulates it over the text keeping the set of live states: the work is at most
 * O((pattern length + 1) × (text length + 1)) state visits, the memory two arrays of pattern length, and there
 * is no recursion.
 */
final class Wildmatch {
    private enum Kind {
        /** One character equal to {@link Element#ch}. */
        LITERAL,
        /** One character other than '/'. */
        ANY,
        /** One character other than '/' that is (or, negated, is not) in the class. */
        CLASS,
        /** Zero or more characters other than '/': loops on itself, may be skipped. */
        STAR,
        /** Zero or more characters of any kind: loops on itself, may be skipped. */
        GLOBSTAR,
        /** Consumes nothing; the live set may continue at the next element or jump to {@link Element#jump}. */
        FORK
    }

    private record Element(Kind kind, char ch, CharClass charClass, int jump) {
        static Element of(Kind kind) {
            return new Element(kind, '\0', null, -1);
        }
    }

    /** A bracket expression: ranges (single characters are one-character ranges) and POSIX classes. */
    private record CharClass(boolean negated, char[] ranges, List<String> posix) {
        boolean contains(char c) {
            boolean in = false;
            for (int i = 0; i < ranges.length && !in; i += 2) {
                in = c >= ranges[i] && c <= ranges[i + 1];
            }
            for (int i = 0; i < posix.size() && !in; i++) {
                in = posixContains(posix.get(i), c);
            }
            return in != negated;
        }
    }

    private static final Wildmatch NEVER = new Wildmatch(null);

    /** The NFA; null for a pattern that can never match. */
    private final Element[] elements;

    private Wildmatch(Element[] elements) {
        this.elements = elements;
    }

    /** Compiles {@code pattern}; never fails — malformed patterns match nothing, as in git. */
    static Wildmatch compile(String pattern) {
        List<Element> out = new ArrayList<>();
        int n = pattern.length();
        int i = 0;
        while (i < n) {
            char c = pattern.charAt(i);
            switch (c) {
                case '\\' -> {
                    if (i + 1 >= n) {
                        return NEVER; // git compares the text with the NUL after the backslash
                    }
                    out.add(new Element(Kind.LITERAL, pattern.charAt(i + 1), null, -1));
                    i += 2;
                }
                case '?' -> {
                    out.add(Element.of(Kind.ANY));
                    i++;
                }
                case '[' -> {
                    int[] end = new int[1];
                    CharClass cc = parseClass(pattern, i, end);
                    if (cc == null) {
                        return NEVER;
                    }
                    out.add(new Element(Kind.CLASS, '\0', cc, -1));
                    i = end[0];
                }
                case '*' -> i = star(pattern, i, out);
                default -> {
                    out.add(new Element(Kind.LITERAL, c, null, -1));
                    i++;
                }
            }
        }
        return new Wildmatch(out.toArray(Element[]::new));
    }

    /** Appends the elements for the run of stars at {@code i}; returns the index after what it consumed. */
    private static int star(String pattern, int i, List<Element> out) {
        int n = pattern.length();
        int j = i;
        while (j < n && pattern.charAt(j) == '*') {
            j++;
        }
        if (j - i == 1) {
            out.add(Element.of(Kind.STAR));
            return j;
        }
        boolean segmentStart = i == 0 || pattern.charAt(i - 1) == '/';
        if (!segmentStart) {
            out.add(Element.of(Kind.STAR)); // "foo**bar": just a star
            return j;
        }
        if (j == n) {
            out.add(Element.of(Kind.GLOBSTAR)); // "x/**" and "**": everything
            return j;
        }
        if (pattern.charAt(j) == '/') {
            // "**/": nothing, or anything that ends with a slash
            int fork = out.size();
            out.add(null);
            out.add(Element.of(Kind.GLOBSTAR));
            out.add(new Element(Kind.LITERAL, '/', null, -1));
            out.set(fork, new Element(Kind.FORK, '\0', null, out.size()));
            return j + 1;
        }
        if (pattern.charAt(j) == '\\' && j + 1 < n && pattern.charAt(j + 1) == '/') {
            out.add(Element.of(Kind.GLOBSTAR)); // "**\/": git crosses slashes but has no empty shortcut here
            return j;
        }
        out.add(Element.of(Kind.STAR));
        return j;
    }

    /**
     * Parses the bracket expression opening at {@code open} the way git's wildmatch reads it; stores the index
     * after its closing bracket in {@code end[0]}. Null when git would abort: no closing bracket, a trailing
     * backslash, or an unknown {@code [:name:]}.
     */
    private static CharClass parseClass(String p, int open, int[] end) {
        int n = p.length();
        int k = open + 1;
        boolean negated = k < n && (p.charAt(k) == '!' || p.charAt(k) == '^');
        if (negated) {
            k++;
        }
        StringBuilder ranges = new StringBuilder();
        List<String> posix = new ArrayList<>();
        int prev = -1; // the previous single character, a range's possible start; -1 after a range or class
        boolean first = true;
        while (true) {
            if (k >= n) {
                return null;
            }
            char c = p.charAt(k);
            if (c == ']' && !first) {
                end[0] = k + 1;
                return new CharClass(negated, ranges.toString().toCharArray(), List.copyOf(posix));
            }
            first = false;
            if (c == '\\') {
                if (k + 1 >= n) {
                    return null;
                }
                char lit = p.charAt(k + 1);
                ranges.append(lit).append(lit);
                prev = lit;
                k += 2;
            } else if (c == '-' && prev >= 0 && k + 1 < n && p.charAt(k + 1) != ']') {
                int hiAt = k + 1;
                if (p.charAt(hiAt) == '\\') {
                    hiAt++;
                    if (hiAt >= n) {
                        return null;
                    }
                }
                char hi = p.charAt(hiAt);
                if ((char) prev <= hi) {
                    ranges.append((char) prev).append(hi);
                }
                prev = -1;
                k = hiAt + 1;
            } else if (c == '[' && k + 1 < n && p.charAt(k + 1) == ':') {
                int nameStart = k + 2;
                int close = p.indexOf(']', nameStart);
                if (close < 0) {
                    return null;
                }
                if (close - nameStart - 1 < 0 || p.charAt(close - 1) != ':') {
                    ranges.append('[').append('['); // no ":]": the '[' is an ordinary member
                    prev = '[';
                    k++;
                    continue;
                }
                String name = p.substring(nameStart, close - 1);
                if (!POSIX_CLASSES.contains(name)) {
                    return null;
                }
                posix.add(name);
                prev = -1;
                k = close + 1;
            } else {
                ranges.append(c).append(c);
                prev = c;
                k++;
            }
        }
    }

    private static final List<String> POSIX_CLASSES = List.of(
            "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper",
            "xdigit");

    /** The C locale's ctype classes; non-ASCII characters belong to none. */
    private static boolean posixContains(String name, char c) {
        if (c > 127) {
            return false;
        }
        boolean upper = c >= 'A' && c <= 'Z';
        boolean lower = c >= 'a' && c <= 'z';
        boolean digit = c >= '0' && c <= '9';
        boolean graph = c > ' ' && c < 127;
        return switch (name) {
            case "alnum" -> upper || lower || digit;
            case "alpha" -> upper || lower;
            case "blank" -> c == ' ' || c == '\t';
            case "cntrl" -> c < ' ' || c == 127;
            case "digit" -> digit;
            case "graph" -> graph;
            case "lower" -> lower;
            case "print" -> graph || c == ' ';
            case "punct" -> graph && !(upper || lower || digit);
            case "space" -> c == ' ' || (c >= '\t' && c <= '\r');
            case "upper" -> upper;
            case "xdigit" -> digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            default -> false;
        };
    }

    /**
     * Whether the whole of {@code text} matches. At most (pattern elements + 1) × (text length + 1) state
     * visits.
     */
    boolean matches(String text) {
        if (elements == null) {
            return false;
        }
        int m = elements.length;
        boolean[] live = new boolean[m + 1];
        boolean[] next = new boolean[m + 1];
        live[0] = true;
        close(live);
        for (int t = 0; t < text.length(); t++) {
            char c = text.charAt(t);
            Arrays.fill(next, false);
            boolean any = false;
            for (int s = 0; s < m; s++) {
                if (!live[s]) {
                    continue;
                }
                Element e = elements[s];
                switch (e.kind()) {
                    case LITERAL -> {
                        if (c == e.ch()) {
                            next[s + 1] = any = true;
                        }
                    }
                    case ANY -> {
                        if (c != '/') {
                            next[s + 1] = any = true;
                        }
                    }
                    case CLASS -> {
                        if (c != '/' && e.charClass().contains(c)) {
                            next[s + 1] = any = true;
                        }
                    }
                    case STAR -> {
                        if (c != '/') {
                            next[s] = any = true;
                        }
                    }
                    case GLOBSTAR -> next[s] = any = true;
                    case FORK -> {
                        // consumes nothing; its successors were made live by close()
                    }
                }
            }
            if (!any) {
                return false;
            }
            close(next);
            boolean[] swap = live;
            live = next;
            next = swap;
        }
        return live[m];
    }

    /** Adds the states reachable without consuming: every transition that consumes nothing points forward. */
    private void close(boolean[] states) {
        for (int s = 0; s < elements.length; s++) {
            if (!states[s]) {
                continue;
            }
            Element e = elements[s];
            switch (e.kind()) {
                case STAR, GLOBSTAR -> states[s + 1] = true;
                case FORK -> {
                    states[s + 1] = true;
                    states[e.jump()] = true;
                }
                default -> {}
            }
        }
    }
}
