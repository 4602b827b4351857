package dev.coderag.ingest.parse.manifest;

import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of a Gradle build script, Groovy or Kotlin DSL, as far as {@link GradleManifest} needs them:
 * identifiers (Kotlin's backticked ones too), string literals (contents without quotes; templates such as
 * {@code ${versions.kotlin}} kept as written), the punctuation {@code ( ) { } [ ] , : = . ;} and line ends;
 * comments are dropped and anything else is one OTHER token a character. One forward pass: each character is
 * read once. Pure.
 */
final class GradleTokens {
    private GradleTokens() {}

    enum Kind {
        IDENT,
        STRING,
        PUNCT,
        NEWLINE,
        OTHER
    }

    record Token(Kind kind, String text) {
        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }

        boolean isIdent(String name) {
            return kind == Kind.IDENT && text.equals(name);
        }
    }

    static List<Token> of(String text) {
        List<Token> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                out.add(new Token(Kind.NEWLINE, "\n"));
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? n : end;
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '"' || c == '\'') {
                i = string(text, i, out);
            } else if (c == '`') {
                int end = text.indexOf('`', i + 1);
                int stop = end < 0 ? n : end;
                out.add(new Token(Kind.IDENT, text.substring(i + 1, stop)));
                i = end < 0 ? n : end + 1;
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
                    i++;
                }
                out.add(new Token(Kind.IDENT, text.substring(start, i)));
            } else if ("(){}[],:=.;".indexOf(c) >= 0) {
                out.add(new Token(Kind.PUNCT, String.valueOf(c)));
                i++;
            } else {
                out.add(new Token(Kind.OTHER, String.valueOf(c)));
                i++;
            }
        }
        return out;
    }

    /**
     * Reads the string starting at {@code i} ({@code '…'}, {@code "…"}, or tripled); returns the index after it.
     * In double-quoted strings a {@code ${…}} template is skipped by counting braces, so quotes inside it do
     * not end the string. A one-line string ends at the line's end if unterminated; a triple-quoted one at the
     * text's end.
     */
    private static int string(String text, int i, List<Token> out) {
        char quote = text.charAt(i);
        String triple = String.valueOf(quote).repeat(3);
        boolean isTriple = text.startsWith(triple, i);
        int start = i + (isTriple ? 3 : 1);
        int n = text.length();
        int j = start;
        while (j < n) {
            char c = text.charAt(j);
            if (c == '\\') {
                j += 2;
            } else if (quote == '"' && c == '$' && j + 1 < n && text.charAt(j + 1) == '{') {
                int depth = 0;
                while (j < n) {
                    char t = text.charAt(j);
                    if (t == '{') {
                        depth++;
                    } else if (t == '}' && --depth == 0) {
                        break;
                    } else if (t == '\n' && !isTriple) {
                        break;
                    }
                    j++;
                }
                if (j < n && text.charAt(j) == '}') {
                    j++;
                }
            } else if (isTriple ? text.startsWith(triple, j) : c == quote) {
                out.add(new Token(Kind.STRING, text.substring(start, j)));
                return j + (isTriple ? 3 : 1);
            } else if (c == '\n' && !isTriple) {
                break;
            } else {
                j++;
            }
        }
        int end = Math.min(j, n);
        out.add(new Token(Kind.STRING, text.substring(start, end)));
        return end;
    }
}
