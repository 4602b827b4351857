package dev.coderag.chat.answer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds and repairs {@code [n]} citations in generated Markdown. Pure. Code spans and fenced blocks are left
 * alone ({@code arr[0]} is not a citation).
 */
public final class Citations {
    private static final Pattern CITE = Pattern.compile("\\[(\\d{1,3}(?:\\s*[,;]\\s*\\d{1,3})*)\\]");

    private Citations() {}

    /** Numbers cited in prose, in first-cited order. */
    public static Set<Integer> cited(String markdown) {
        Set<Integer> out = new LinkedHashSet<>();
        for (Segment s : segments(markdown)) {
            if (s.code()) {
                continue;
            }
            Matcher m = CITE.matcher(s.text());
            while (m.find()) {
                for (String n : m.group(1).split("\\s*[,;]\\s*")) {
                    out.add(Integer.parseInt(n.strip()));
                }
            }
        }
        return out;
    }

    /**
     * Removes citations that point at no source ({@code n < 1} or {@code n > sourceCount}); a bracket listing
     * several keeps its valid numbers.
     */
    public static String clean(String markdown, int sourceCount) {
        StringBuilder out = new StringBuilder(markdown.length());
        for (Segment s : segments(markdown)) {
            if (s.code()) {
                out.append(s.text());
                continue;
            }
            Matcher m = CITE.matcher(s.text());
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                List<String> keep = new ArrayList<>();
                for (String n : m.group(1).split("\\s*[,;]\\s*")) {
                    int v = Integer.parseInt(n.strip());
                    if (v >= 1 && v <= sourceCount) {
                        keep.add(Integer.toString(v));
                    }
                }
                String replacement = keep.isEmpty() ? "" : "[" + String.join(", ", keep) + "]";
                m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
                if (keep.isEmpty() && sb.length() > 0 && sb.charAt(sb.length() - 1) == ' ') {
                    // "foo [9]." → "foo." rather than "foo ."
                    int next = m.end();
                    if (next >= s.text().length()
                            || " .,;:!?)\n".indexOf(s.text().charAt(next)) >= 0) {
                        sb.setLength(sb.length() - 1);
                    }
                }
            }
            m.appendTail(sb);
            out.append(sb);
        }
        return out.toString();
    }

    record Segment(String text, boolean code) {}

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
