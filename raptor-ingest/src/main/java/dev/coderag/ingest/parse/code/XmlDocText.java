package dev.coderag.ingest.parse.code;

import java.util.ArrayList;
import java.util.List;

/**
 * C# XML documentation as plain text: {@code <summary>} and the like disappear, {@code <param name="x">}
 * becomes {@code @param x}, {@code <returns>} {@code @return}, {@code <exception cref="T:E">} {@code @throws E},
 * {@code <see cref="M:A.B"/>} {@code A.B}, and the five XML entities are decoded. One forward scan: each tag
 * runs to the next {@code >}, and once there is none the rest is text. Pure.
 */
final class XmlDocText {
    private XmlDocText() {}

    static String toText(String xml) {
        StringBuilder out = new StringBuilder(xml.length());
        int n = xml.length();
        boolean tagsLeft = true;
        int i = 0;
        while (i < n) {
            char c = xml.charAt(i);
            if (c == '<' && tagsLeft) {
                int end = xml.indexOf('>', i + 1);
                if (end < 0) {
                    tagsLeft = false;
                    continue;
                }
                out.append(tag(xml.substring(i + 1, end)));
                i = end + 1;
            } else if (c == '&') {
                i = entity(xml, i, out);
            } else {
                out.append(c);
                i++;
            }
        }
        return tidy(out.toString());
    }

    /** What a tag's text (between {@code <} and {@code >}) becomes. */
    private static String tag(String inside) {
        String body = inside.strip();
        boolean closing = body.startsWith("/");
        if (closing) {
            String name = body.substring(1).strip();
            return name.equals("para") || name.equals("remarks") || name.equals("summary") ? "\n" : "";
        }
        int space = 0;
        while (space < body.length() && !Character.isWhitespace(body.charAt(space)) && body.charAt(space) != '/') {
            space++;
        }
        String name = body.substring(0, space);
        return switch (name) {
            case "param" -> "\n@param " + attribute(body, "name") + " ";
            case "typeparam" -> "\n@param <" + attribute(body, "name") + "> ";
            case "returns" -> "\n@return ";
            case "value" -> "\n@value ";
            case "exception" -> "\n@throws " + withoutPrefix(attribute(body, "cref")) + " ";
            case "para", "remarks" -> "\n\n";
            case "br" -> "\n";
            case "see", "seealso" -> {
                String ref = withoutPrefix(attribute(body, "cref"));
                if (ref.isEmpty()) {
                    ref = attribute(body, "langword");
                }
                yield ref;
            }
            case "paramref", "typeparamref" -> attribute(body, "name");
            default -> "";
        };
    }

    /** The value of {@code name="…"} (or single quotes) in a tag, or "". */
    private static String attribute(String tag, String name) {
        int at = tag.indexOf(name + "=");
        if (at < 0 || at + name.length() + 1 >= tag.length()) {
            return "";
        }
        int open = at + name.length() + 1;
        char quote = tag.charAt(open);
        if (quote != '"' && quote != '\'') {
            return "";
        }
        int close = tag.indexOf(quote, open + 1);
        return close < 0 ? "" : tag.substring(open + 1, close);
    }

    /** {@code T:System.String} is {@code System.String}. */
    private static String withoutPrefix(String cref) {
        return cref.length() > 2 && cref.charAt(1) == ':' ? cref.substring(2) : cref;
    }

    private static int entity(String xml, int at, StringBuilder out) {
        for (String[] e :
                new String[][] {{"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}}) {
            if (xml.startsWith(e[0], at)) {
                out.append(e[1]);
                return at + e[0].length();
            }
        }
        out.append('&');
        return at + 1;
    }

    /** Lines stripped, runs of empty lines made one (none between two tags), none at either end. */
    private static String tidy(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String stripped = line.strip();
            if (stripped.isEmpty() && (lines.isEmpty() || lines.getLast().isEmpty())) {
                continue;
            }
            if (stripped.startsWith("@")
                    && lines.size() >= 2
                    && lines.getLast().isEmpty()
                    && lines.get(lines.size() - 2).startsWith("@")) {
                lines.removeLast();
            }
            lines.add(stripped);
        }
        while (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast();
        }
        return String.join("\n", lines);
    }
}
