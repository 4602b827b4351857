package dev.coderag.chat.answer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds and repairs {@code [n]} citations in generated Markdown. Pure. Code spans and fenced blocks are left
 * alone ({@code arr[0]} is not a citation).
 *
 * <p>A citation is what {@code \[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]} would find, found by a forward scan
 * instead: {@code java.util.regex} recurses once per repetition of that group, and an answer quoting a README's
 * {@code [1,1,1,…]} of a few kilobytes overflowed the stack. Time is linear in the text, no recursion.
 */
public final class Citations {

    private Citations() {}

    /** Numbers cited in prose, in first-cited order. */
    public static Set<Integer> cited(String markdown) {
        Set<Integer> out = new LinkedHashSet<>();
        for (Segment s : segments(markdown)) {
            if (s.code()) {
                continue;
            }
            for (Cite c : find(s.text())) {
                out.addAll(c.numbers());
            }
        }
        return out;
    }

    /**
     * Removes citations that point at no source ({@code n < 1} or {@code n > sourceCount}); a bracket listing
     * several keeps its valid numbers. Where taking a bracket out could change the text's structure — at a line
     * start (a fence could form), next to a backtick or tilde (code spans could pair differently), or next to a
     * bracket or digit (a new citation could form) — it is defused instead: a zero-width space after its
     * {@code [} keeps it visible as text and makes it no citation. So one pass leaves no citation to a missing
     * source in prose, and the prose/code split of the text is the same before and after.
     */
    public static String clean(String markdown, int sourceCount) {
        // Removing a bracket can still re-pair code spans or fences in ways the checks below do not foresee
        // (fuzzing keeps finding such texts). So the result is verified: if it still cites a missing source,
        // every such bracket is defused instead of removed — that never changes the structure — and if even that
        // fails, every bracket that could be a citation is defused. Three linear passes at most.
        String removed = rewrite(markdown, sourceCount, true);
        if (citesOnlyExisting(removed, sourceCount)) {
            return removed;
        }
        String defused = rewrite(markdown, sourceCount, false);
        if (citesOnlyExisting(defused, sourceCount)) {
            return defused;
        }
        return defuseAll(markdown);
    }

    private static boolean citesOnlyExisting(String markdown, int sourceCount) {
        for (int n : cited(markdown)) {
            if (n < 1 || n > sourceCount) {
                return false;
            }
        }
        return true;
    }

    /** Every {@code [} followed by a digit gets a zero-width space: no citation is left anywhere. */
    private static String defuseAll(String markdown) {
        StringBuilder out = new StringBuilder(markdown.length() + 16);
        for (int i = 0; i < markdown.length(); i++) {
            char c = markdown.charAt(i);
            out.append(c);
            if (c == '[' && i + 1 < markdown.length() && Character.isDigit(markdown.charAt(i + 1))) {
                out.append(DEFUSED);
            }
        }
        return out.toString();
    }

    /** One pass of {@link #clean}: invalid brackets are removed where it looks safe ({@code remove}) or defused. */
    private static String rewrite(String markdown, int sourceCount, boolean remove) {
        StringBuilder out = new StringBuilder(markdown.length());
        List<Segment> segments = segments(markdown);
        for (int si = 0; si < segments.size(); si++) {
            Segment s = segments.get(si);
            // What follows this segment: a citation at its very end is next to it (e.g. the backticks of a span).
            char following =
                    si + 1 < segments.size() ? segments.get(si + 1).text().charAt(0) : '\n';
            if (s.code()) {
                out.append(s.text());
                continue;
            }
            String text = s.text();
            StringBuilder sb = new StringBuilder();
            int done = 0;
            for (Cite c : find(text)) {
                List<String> keep = new ArrayList<>();
                for (int v : c.numbers()) {
                    if (v >= 1 && v <= sourceCount) {
                        keep.add(Integer.toString(v));
                    }
                }
                sb.append(text, done, c.start());
                if (keep.isEmpty() && (!remove || unsafeToRemove(out, sb, text, c.end(), following))) {
                    sb.append('[').append(DEFUSED).append(text, c.start() + 1, c.end());
                    done = c.end();
                    continue;
                }
                sb.append(keep.isEmpty() ? "" : "[" + String.join(", ", keep) + "]");
                done = c.end();
                if (keep.isEmpty() && sb.length() > 0 && sb.charAt(sb.length() - 1) == ' ') {
                    // "foo [9]." → "foo." rather than "foo ."
                    if (done >= text.length() || " .,;:!?)\n".indexOf(text.charAt(done)) >= 0) {
                        sb.setLength(sb.length() - 1);
                    }
                }
            }
            sb.append(text, done, text.length());
            out.append(sb);
        }
        return out.toString();
    }

    /** Follows the {@code [} of a defused citation: invisible, and not a digit, so no citation. */
    static final char DEFUSED = '\u200B';

    /** Whether removing a citation ending at {@code end} of {@code text} could change the text's structure. */
    private static boolean unsafeToRemove(
            StringBuilder before, StringBuilder current, String text, int end, char following) {
        char next = end < text.length() ? text.charAt(end) : following;
        if (next == ']' || next == '`' || next == '~' || (next >= '0' && next <= '9')) {
            return true;
        }
        char prev = lastChar(before, current);
        return prev == '[' || prev == '`' || prev == '~' || atLineStart(before, current);
    }

    private static char lastChar(StringBuilder before, StringBuilder current) {
        if (!current.isEmpty()) {
            return current.charAt(current.length() - 1);
        }
        return before.isEmpty() ? '\n' : before.charAt(before.length() - 1);
    }

    /**
     * True when only whitespace stands between the last line break (or the start) and the end of the output —
     * whitespace as {@link #segments} strips it before looking for a fence (control characters included).
     */
    private static boolean atLineStart(StringBuilder before, StringBuilder current) {
        for (StringBuilder part : List.of(current, before)) {
            for (int i = part.length() - 1; i >= 0; i--) {
                char c = part.charAt(i);
                if (c == '\n') {
                    return true;
                }
                if (!Character.isWhitespace(c)) {
                    return false;
                }
            }
        }
        return true;
    }

    record Segment(String text, boolean code) {}

    /** One citation: {@code text[start, end)} is the bracket, {@code numbers} as written. */
    record Cite(int start, int end, List<Integer> numbers) {}

    /** The citations in {@code text}, left to right, not overlapping. */
    static List<Cite> find(String text) {
        List<Cite> out = new ArrayList<>();
        int open = text.indexOf('[');
        while (open >= 0) {
            Cite c = citeAt(text, open);
            if (c != null) {
                out.add(c);
            }
            open = text.indexOf('[', c != null ? c.end() : open + 1);
        }
        return out;
    }

    /**
     * {@code [n (sep n)*]} at {@code open}, where n is one to three digits (a longer run matches no way) and sep
     * a comma or semicolon with optional whitespace around; null when the bracket is something else.
     */
    private static Cite citeAt(String text, int open) {
        List<Integer> numbers = new ArrayList<>();
        int i = number(text, open + 1, numbers);
        if (i < 0) {
            return null;
        }
        while (true) {
            int j = spaces(text, i);
            if (j >= text.length() || (text.charAt(j) != ',' && text.charAt(j) != ';')) {
                break;
            }
            int next = number(text, spaces(text, j + 1), numbers);
            if (next < 0) {
                break; // this separator starts no further number: the bracket must close where the last one did
            }
            i = next;
        }
        return i < text.length() && text.charAt(i) == ']' ? new Cite(open, i + 1, List.copyOf(numbers)) : null;
    }

    /** Adds the run of 1–3 digits at {@code i} and returns its end; -1 (adding nothing) for none or more. */
    private static int number(String text, int i, List<Integer> into) {
        int end = i;
        while (end < text.length() && end - i <= 3 && text.charAt(end) >= '0' && text.charAt(end) <= '9') {
            end++;
        }
        if (end == i || end - i > 3) {
            return -1;
        }
        into.add(Integer.parseInt(text, i, end, 10));
        return end;
    }

    /** The index after the {@code \s} run at {@code i}: space, tab, newline, vertical tab, form feed, return. */
    private static int spaces(String text, int i) {
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != ' ' && (c < '\t' || c > '\r')) {
                return i;
            }
            i++;
        }
        return i;
    }

    /** Splits Markdown into prose and code (fenced blocks and inline spans), preserving every character. */
    static List<Segment> segments(String markdown) {
        List<Segment> out = new ArrayList<>();
        StringBuilder prose = new StringBuilder();
        String[] lines = markdown.split("(?<=\n)", -1);
        boolean inFence = false;
        StringBuilder fence = new StringBuilder();
        for (String line : lines) {
            boolean fenceLine = line.stripLeading().startsWith("```");
            if (inFence) {
                fence.append(line);
                if (fenceLine) {
                    out.add(new Segment(fence.toString(), true));
                    fence.setLength(0);
                    inFence = false;
                }
                continue;
            }
            if (fenceLine) {
                flushProse(prose, out);
                fence.append(line);
                inFence = true;
                continue;
            }
            prose.append(line);
        }
        if (inFence) {
            out.add(new Segment(fence.toString(), true));
        }
        flushProse(prose, out);
        return out;
    }

    private static void flushProse(StringBuilder prose, List<Segment> out) {
        if (prose.isEmpty()) {
            return;
        }
        String text = prose.toString();
        int i = 0;
        while (i < text.length()) {
            int open = text.indexOf('`', i);
            if (open < 0) {
                out.add(new Segment(text.substring(i), false));
                break;
            }
            int close = text.indexOf('`', open + 1);
            if (close < 0) {
                out.add(new Segment(text.substring(i), false));
                break;
            }
            if (open > i) {
                out.add(new Segment(text.substring(i, open), false));
            }
            out.add(new Segment(text.substring(open, close + 1), true));
            i = close + 1;
        }
        prose.setLength(0);
    }
}
