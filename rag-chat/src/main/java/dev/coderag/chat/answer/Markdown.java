package dev.coderag.chat.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A deliberately tiny Markdown renderer for answers: fenced code, inline code, bold, headings, lists, quotes
 * and paragraphs. Every character of the input is HTML-escaped first; the only markup in the output is what
 * this class writes, so raw HTML in an answer (from code, a question or an LLM) shows as text. Pure and
 * thread-safe.
 */
public final class Markdown {
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");
    private static final Pattern LIST_ITEM = Pattern.compile("^\\s{0,3}([-*+]|\\d{1,3}[.)])\\s+(.*)$");
    private static final Pattern CITE = Pattern.compile("\\[(\\d{1,3}(?:\\s*,\\s*\\d{1,3})*)\\]");

    private Markdown() {}

    /**
     * @param citation HTML for citation {@code n}, or null when {@code n} is no source (then it stays text);
     *     the caller is responsible for escaping inside what it returns
     */
    public static String render(String markdown, IntFunction<String> citation) {
        String[] lines = markdown.replace("\r\n", "\n").split("\n", -1);
        StringBuilder html = new StringBuilder(markdown.length() + 64);
        List<String> paragraph = new ArrayList<>();
        List<String> items = new ArrayList<>();
        List<String> quote = new ArrayList<>();
        boolean ordered = false;
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            String trimmed = line.strip();
            if (trimmed.startsWith("```")) {
                flushParagraph(html, paragraph, citation);
                flushList(html, items, ordered, citation);
                flushQuote(html, quote, citation);
                String lang = trimmed.substring(3).strip().replaceAll("[^\\w+#.-]", "");
                StringBuilder code = new StringBuilder();
                i++;
                while (i < lines.length && !lines[i].strip().startsWith("```")) {
                    code.append(lines[i]).append('\n');
                    i++;
                }
                html.append("<pre class=\"code-block\"><code");
                if (!lang.isEmpty()) {
                    html.append(" data-lang=\"").append(escape(lang)).append('"');
                }
                html.append('>').append(escape(code.toString())).append("</code></pre>\n");
                i++; // closing fence (or end of input)
                continue;
            }
            Matcher h = HEADING.matcher(trimmed);
            Matcher li = LIST_ITEM.matcher(line);
            if (trimmed.isEmpty()) {
                flushParagraph(html, paragraph, citation);
                flushList(html, items, ordered, citation);
                flushQuote(html, quote, citation);
            } else if (h.matches()) {
                flushParagraph(html, paragraph, citation);
                flushList(html, items, ordered, citation);
                flushQuote(html, quote, citation);
                int level = Math.min(6, h.group(1).length() + 2);
                html.append("<h")
                        .append(level)
                        .append('>')
                        .append(inline(h.group(2), citation))
                        .append("</h")
                        .append(level)
                        .append(">\n");
            } else if (li.matches()) {
                flushParagraph(html, paragraph, citation);
                flushQuote(html, quote, citation);
                boolean isOrdered = Character.isDigit(li.group(1).charAt(0));
                if (!items.isEmpty() && isOrdered != ordered) {
                    flushList(html, items, ordered, citation);
                }
                ordered = isOrdered;
                items.add(li.group(2));
            } else if (trimmed.startsWith(">")) {
                flushParagraph(html, paragraph, citation);
                flushList(html, items, ordered, citation);
                quote.add(trimmed.substring(1).strip());
            } else if (!items.isEmpty() && Character.isWhitespace(line.charAt(0))) {
                items.set(items.size() - 1, items.getLast() + " " + trimmed);
            } else {
                flushList(html, items, ordered, citation);
                flushQuote(html, quote, citation);
                paragraph.add(trimmed);
            }
            i++;
        }
        flushParagraph(html, paragraph, citation);
        flushList(html, items, ordered, citation);
        flushQuote(html, quote, citation);
        return html.toString();
    }

    private static void flushParagraph(StringBuilder html, List<String> lines, IntFunction<String> citation) {
        if (lines.isEmpty()) {
            return;
        }
        html.append("<p>").append(inline(String.join("\n", lines), citation)).append("</p>\n");
        lines.clear();
    }

    private static void flushList(StringBuilder html, List<String> items, boolean ordered, IntFunction<String> c) {
        if (items.isEmpty()) {
            return;
        }
        html.append(ordered ? "<ol>" : "<ul>");
        for (String item : items) {
            html.append("<li>").append(inline(item, c)).append("</li>");
        }
        html.append(ordered ? "</ol>\n" : "</ul>\n");
        items.clear();
    }

    private static void flushQuote(StringBuilder html, List<String> lines, IntFunction<String> citation) {
        if (lines.isEmpty()) {
            return;
        }
        html.append("<blockquote>");
        for (int i = 0; i < lines.size(); i++) {
            if (i > 0) {
                html.append("<br>");
            }
            html.append(inline(lines.get(i), citation));
        }
        html.append("</blockquote>\n");
        lines.clear();
    }

    private static final char BOLD_OPEN = '\u0001';
    private static final char BOLD_CLOSE = '\u0002';

    /** Inline code, bold (also around code: {@code **`x`**}) and citations; everything else escaped. */
    static String inline(String text, IntFunction<String> citation) {
        String t = text.replace(BOLD_OPEN, ' ').replace(BOLD_CLOSE, ' ');
        // pair ** markers outside code spans first, so bold may enclose a code span
        List<Integer> markers = new ArrayList<>();
        boolean inCode = false;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '`') {
                inCode = !inCode;
            } else if (!inCode && c == '*' && i + 1 < t.length() && t.charAt(i + 1) == '*') {
                markers.add(i);
                i++;
            }
        }
        if (markers.size() >= 2) {
            StringBuilder sb = new StringBuilder(t);
            int pairs = markers.size() / 2 * 2;
            for (int k = pairs - 1; k >= 0; k--) {
                int at = markers.get(k);
                sb.replace(at, at + 2, String.valueOf(k % 2 == 0 ? BOLD_OPEN : BOLD_CLOSE));
            }
            t = sb.toString();
        }
        StringBuilder out = new StringBuilder(t.length() + 16);
        int i = 0;
        while (i < t.length()) {
            int open = t.indexOf('`', i);
            int close = open < 0 ? -1 : t.indexOf('`', open + 1);
            if (open < 0 || close < 0) {
                out.append(prose(t.substring(i), citation));
                break;
            }
            out.append(prose(t.substring(i, open), citation));
            out.append("<code>").append(escape(t.substring(open + 1, close))).append("</code>");
            i = close + 1;
        }
        return out.toString()
                .replace(String.valueOf(BOLD_OPEN), "<strong>")
                .replace(String.valueOf(BOLD_CLOSE), "</strong>");
    }

    private static String prose(String text, IntFunction<String> citation) {
        Matcher m = CITE.matcher(escape(text));
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            StringBuilder rep = new StringBuilder();
            for (String n : m.group(1).split("\\s*,\\s*")) {
                String link = citation.apply(Integer.parseInt(n.strip()));
                rep.append(link != null ? link : "[" + n.strip() + "]");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(rep.toString()));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** Escapes the five HTML-significant characters; safe in text and in quoted attribute values. */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
