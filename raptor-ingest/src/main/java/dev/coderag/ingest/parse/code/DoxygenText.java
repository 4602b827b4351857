package dev.coderag.ingest.parse.code;

import java.util.ArrayList;
import java.util.List;

/** Doxygen commands that are markup rather than doc text. Pure; linear in the text. */
final class DoxygenText {
    private DoxygenText() {}

    /** A Doxygen comment ({@code /**}, {@code /*!}, {@code ///}, {@code //!}) with a {@code @file} command. */
    static boolean isFileDoc(String comment) {
        boolean doc = comment.startsWith("/**")
                || comment.startsWith("/*!")
                || comment.startsWith("///")
                || comment.startsWith("//!");
        return doc && (hasCommand(comment, "file"));
    }

    /** Whether {@code @name} or {@code \name} occurs as a command (followed by a blank or the end). */
    private static boolean hasCommand(String text, String name) {
        for (int i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
            int after = i + name.length();
            boolean prefixed = i > 0 && (text.charAt(i - 1) == '@' || text.charAt(i - 1) == '\\');
            boolean ended = after == text.length() || Character.isWhitespace(text.charAt(after));
            if (prefixed && ended) {
                return true;
            }
        }
        return false;
    }

    /**
     * Drops {@code @file …} lines and the {@code @brief} (or {@code \brief}, {@code @short}) command at the
     * start of a line, keeping its text; other commands ({@code @param}, {@code @return}) stay, as in Javadoc.
     */
    static String withoutCommands(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String stripped = line.stripLeading();
            if (isCommand(stripped, "file")) {
                continue;
            }
            if (isCommand(stripped, "brief") || isCommand(stripped, "short")) {
                int space = stripped.indexOf(' ');
                line = space < 0 ? "" : stripped.substring(space + 1).strip();
            }
            lines.add(line);
        }
        return DocText.dedentAndTrim(lines, false);
    }

    private static boolean isCommand(String line, String name) {
        return (line.startsWith("@") || line.startsWith("\\"))
                && line.startsWith(name, 1)
                && (line.length() == name.length() + 1 || Character.isWhitespace(line.charAt(name.length() + 1)));
    }
}
