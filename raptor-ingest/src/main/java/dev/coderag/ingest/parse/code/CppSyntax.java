package dev.coderag.ingest.parse.code;

import java.util.ArrayList;
import java.util.List;

/** Small linear scans over C++ text: whether a header is C++, and the parts of a qualified name. Pure. */
final class CppSyntax {
    /** Line starts (after indentation) that C does not have. */
    private static final List<String> CPP_LINE_STARTS = List.of(
            "class ",
            "namespace ",
            "template<",
            "template <",
            "public:",
            "private:",
            "protected:",
            "using namespace ",
            "extern \"C++\"");

    private CppSyntax() {}

    /**
     * Whether a header's text looks like C++: a line starts with {@code class }, {@code namespace },
     * {@code template <}, an access specifier or {@code using namespace}, or the text names {@code std::}.
     * One pass over the text.
     */
    static boolean likely(String text) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
                i++;
            }
            for (String start : CPP_LINE_STARTS) {
                if (text.startsWith(start, i)) {
                    return true;
                }
            }
            int end = text.indexOf('\n', i);
            i = end < 0 ? n : end + 1;
        }
        return text.contains("std::");
    }

    /**
     * A qualified name split at the {@code ::} outside template arguments: {@code ns::Cart<a::B>::size} is
     * {@code [ns, Cart<a::B>, size]}. Never empty.
     */
    static List<String> scopeParts(String raw) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        String name = raw.strip();
        boolean operator = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!operator && name.startsWith("operator", i) && (i == 0 || name.charAt(i - 1) == ':')) {
                operator = true; // the rest is the operator's name: its < and :: are not structure
            }
            if (operator) {
                continue;
            }
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth = Math.max(0, depth - 1);
            } else if (c == ':' && depth == 0 && name.startsWith("::", i)) {
                parts.add(name.substring(from, i).strip());
                from = i + 2;
                i++;
            }
        }
        parts.add(name.substring(from).strip());
        return parts;
    }

    /**
     * The text with export macros in class heads blanked: in {@code class LEVELDB_EXPORT Status {} the grammar
     * takes the macro for the class name and the class for a function. An all-caps identifier between
     * {@code class} or {@code struct} and a name that is followed by {@code {}, {@code :} or {@code final}
     * becomes spaces, so every byte offset stays the same. One forward pass: each keyword looks at most
     * three tokens ahead.
     */
    static String withoutExportMacros(String text) {
        char[] out = null;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            int keywordEnd = keywordAt(text, i);
            if (keywordEnd < 0) {
                continue;
            }
            int macroStart = skipBlanks(text, keywordEnd);
            int macroEnd = identifierEnd(text, macroStart);
            int nameStart = skipBlanks(text, macroEnd);
            int nameEnd = identifierEnd(text, nameStart);
            if (macroEnd == macroStart || nameEnd == nameStart || macroStart == keywordEnd || nameStart == macroEnd) {
                continue;
            }
            int next = skipBlanks(text, nameEnd);
            boolean head = next < n && (text.charAt(next) == '{' || text.charAt(next) == ':')
                    || text.startsWith("final", next) && identifierEnd(text, next) == next + 5;
            if (head && isMacroName(text, macroStart, macroEnd) && !text.startsWith("final", nameStart)) {
                if (out == null) {
                    out = text.toCharArray();
                }
                for (int j = macroStart; j < macroEnd; j++) {
                    out[j] = ' ';
                }
            }
            i = keywordEnd - 1;
        }
        return out == null ? text : new String(out);
    }

    /** The end of {@code class} or {@code struct} as a whole word at {@code i}, or -1. */
    private static int keywordAt(String text, int i) {
        if (i > 0 && isIdentifierPart(text.charAt(i - 1))) {
            return -1;
        }
        for (String keyword : new String[] {"class", "struct"}) {
            if (text.startsWith(keyword, i)
                    && i + keyword.length() < text.length()
                    && !isIdentifierPart(text.charAt(i + keyword.length()))) {
                return i + keyword.length();
            }
        }
        return -1;
    }

    private static int skipBlanks(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int identifierEnd(String text, int i) {
        if (i >= text.length() || !(Character.isLetter(text.charAt(i)) || text.charAt(i) == '_')) {
            return i;
        }
        while (i < text.length() && isIdentifierPart(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isIdentifierPart(char c) {
        return c == '_' || (c < 128 && Character.isLetterOrDigit(c));
    }

    /** Upper-case ASCII letters, digits and underscores, with at least two letters. */
    private static boolean isMacroName(String text, int from, int to) {
        int letters = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                letters++;
            } else if (!(c == '_' || (c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return letters >= 2;
    }

    /** {@code Cart<T>} is {@code Cart}. */
    static String withoutTemplateArguments(String name) {
        int lt = name.indexOf('<');
        return lt > 0 ? name.substring(0, lt).strip() : name;
    }
}
