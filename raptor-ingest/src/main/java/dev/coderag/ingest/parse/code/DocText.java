package dev.coderag.ingest.parse.code;

import java.util.ArrayList;
import java.util.List;

/** Turns doc comments and docstrings into plain text: markers stripped, common indentation removed. */
final class DocText {
    private DocText() {}

    /** {@code /** … *\/} (also {@code /*! … *\/}, {@code /* … *\/}): drops the delimiters and leading stars. */
    static String fromBlockComment(String comment) {
        String body = comment;
        if (body.startsWith("/**") || body.startsWith("/*!")) {
            body = body.substring(3);
        } else if (body.startsWith("/*")) {
            body = body.substring(2);
        }
        if (body.endsWith("*/")) {
            body = body.substring(0, body.length() - 2);
        }
        List<String> lines = new ArrayList<>();
        for (String line : body.split("\n", -1)) {
            String stripped = line.stripLeading();
            if (stripped.startsWith("*")) {
                stripped = stripped.substring(1);
                lines.add(stripped.startsWith(" ") ? stripped.substring(1) : stripped);
            } else {
                lines.add(line);
            }
        }
        return dedentAndTrim(lines, false);
    }

    /**
     * Consecutive line comments ({@code ///}, {@code //!}, {@code //}, {@code #}): drops the first of the
     * markers that starts each line.
     */
    static String fromLineComments(List<String> comments, List<String> markers) {
        List<String> lines = new ArrayList<>(comments.size());
        for (String comment : comments) {
            String line = comment.strip();
            for (String marker : markers) {
                if (line.startsWith(marker)) {
                    line = line.substring(marker.length());
                    break;
                }
            }
            lines.add(line);
        }
        return dedentAndTrim(lines, false);
    }

    /**
     * A Python string literal used as a docstring: drops prefixes and quotes, then cleans it the way
     * {@code inspect.cleandoc} does (the first line is stripped, the rest lose their common indentation).
     */
    static String fromPythonString(String literal) {
        int i = 0;
        while (i < literal.length() && Character.isLetter(literal.charAt(i))) {
            i++;
        }
        String body = literal.substring(i);
        for (String quote : new String[] {"\"\"\"", "'''", "\"", "'"}) {
            if (body.length() >= 2 * quote.length() && body.startsWith(quote) && body.endsWith(quote)) {
                body = body.substring(quote.length(), body.length() - quote.length());
                break;
            }
        }
        return dedentAndTrim(List.of(body.split("\n", -1)), true);
    }

    /**
     * Removes the common indentation (of all lines, or of all but the first when {@code firstLineApart}),
     * trailing blanks of each line, and leading/trailing empty lines.
     */
    static String dedentAndTrim(List<String> lines, boolean firstLineApart) {
        int common = Integer.MAX_VALUE;
        for (int i = firstLineApart ? 1 : 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.isBlank()) {
                common = Math.min(common, indentOf(line));
            }
        }
        List<String> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).stripTrailing();
            if (i == 0 && firstLineApart) {
                line = line.strip();
            } else if (common != Integer.MAX_VALUE && line.length() >= common) {
                line = line.substring(common);
            } else {
                line = line.strip();
            }
            out.add(line);
        }
        int from = 0;
        int to = out.size();
        while (from < to && out.get(from).isEmpty()) {
            from++;
        }
        while (to > from && out.get(to - 1).isEmpty()) {
            to--;
        }
        return String.join("\n", out.subList(from, to));
    }

    private static int indentOf(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }
}
