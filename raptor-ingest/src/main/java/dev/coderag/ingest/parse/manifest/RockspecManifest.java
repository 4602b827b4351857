package dev.coderag.ingest.parse.manifest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A LuaRocks {@code *.rockspec}, read without running it (it is Lua; nothing here evaluates it): {@code package},
 * {@code description.summary} (else {@code detailed}), and the strings of the {@code dependencies} table as
 * written ({@code "penlight >= 1.15.0"}), {@code test_dependencies} and {@code build_dependencies} with a suffix
 * ({@code " (test)"}, {@code " (build)"}). A value named by a {@code local x = "…"} of the file is that string (rockspecs
 * often say {@code package = package_name}). One linear pass over its tokens: Lua's strings ({@code '…'}, {@code "…"},
 * long brackets {@code [[…]]}) and comments ({@code --}, {@code --[[…]]}) are skipped as such. Pure.
 */
final class RockspecManifest {
    private RockspecManifest() {}

    private enum Kind {
        NAME,
        STRING,
        PUNCT
    }

    private record Token(Kind kind, String text) {
        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }
    }

    static ManifestInfo read(String text) {
        List<Token> tokens = tokens(text);
        Map<String, String> locals = new HashMap<>();
        String name = "";
        String summary = "";
        String detailed = "";
        List<String> deps = new ArrayList<>();
        int depth = 0;
        String table = ""; // the top-level table being read
        String key = "";
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.is("{")) {
                depth++;
            } else if (t.is("}")) {
                depth = Math.max(0, depth - 1);
                table = depth == 0 ? "" : table;
            } else if (t.kind() == Kind.NAME
                    && at(tokens, i + 1).is("=")
                    && !at(tokens, i + 2).is("=")) {
                key = t.text();
                Token value = at(tokens, i + 2);
                boolean single = !at(tokens, i + 3).is(".");
                String literal = value.kind() == Kind.STRING && single
                        ? value.text()
                        : value.kind() == Kind.NAME && single ? locals.getOrDefault(value.text(), "") : "";
                if (depth == 0) {
                    table = value.is("{") ? key : "";
                    if (at(tokens, i - 1).text().equals("local") && value.kind() == Kind.STRING && single) {
                        locals.putIfAbsent(key, literal);
                    } else if (key.equals("package") && name.isEmpty()) {
                        name = literal;
                    }
                } else if (depth == 1 && table.equals("description")) {
                    summary = key.equals("summary") && summary.isEmpty() ? literal : summary;
                    detailed = key.equals("detailed") && detailed.isEmpty() ? literal : detailed;
                }
            } else if (depth == 1 && (t.kind() == Kind.STRING || t.kind() == Kind.NAME) && isListItem(tokens, i)) {
                String suffix =
                        switch (table) {
                            case "dependencies" -> "";
                            case "test_dependencies" -> " (test)";
                            case "build_dependencies" -> " (build)";
                            default -> null;
                        };
                String dep = t.kind() == Kind.STRING ? t.text() : locals.getOrDefault(t.text(), "");
                if (suffix != null && !dep.isBlank()) {
                    deps.add(dep.strip() + suffix);
                }
            }
        }
        return new ManifestInfo(name, summary.isBlank() ? detailed : summary, deps);
    }

    /** A value standing alone between {@code {}/{@code ,} and {@code ,}/{@code }}. */
    private static boolean isListItem(List<Token> tokens, int i) {
        Token before = at(tokens, i - 1);
        Token after = at(tokens, i + 1);
        return (before.is("{") || before.is(",")) && (after.is(",") || after.is("}"));
    }

    private static final Token NONE = new Token(Kind.PUNCT, "");

    private static Token at(List<Token> tokens, int i) {
        return i >= 0 && i < tokens.size() ? tokens.get(i) : NONE;
    }

    /** Names, strings (contents) and one-character punctuation; comments and blanks dropped. Linear. */
    private static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (text.startsWith("--", i)) {
                int level = longBracket(text, i + 2);
                if (level >= 0) {
                    i = closeLongBracket(text, i + 2, level, null);
                } else {
                    int end = text.indexOf('\n', i);
                    i = end < 0 ? n : end;
                }
            } else if (c == '[' && longBracket(text, i) >= 0) {
                StringBuilder s = new StringBuilder();
                i = closeLongBracket(text, i, longBracket(text, i), s);
                out.add(new Token(Kind.STRING, s.toString()));
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                out.add(new Token(Kind.STRING, text.substring(i + 1, Math.min(j, n))));
                i = j + 1;
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Kind.NAME, text.substring(start, i)));
            } else {
                out.add(new Token(Kind.PUNCT, String.valueOf(c)));
                i++;
            }
        }
        return out;
    }

    /** The level of a long bracket {@code [==[} opening at {@code i} (the number of {@code =}), or -1. */
    private static int longBracket(String text, int i) {
        if (i >= text.length() || text.charAt(i) != '[') {
            return -1;
        }
        int j = i + 1;
        while (j < text.length() && text.charAt(j) == '=') {
            j++;
        }
        return j < text.length() && text.charAt(j) == '[' ? j - i - 1 : -1;
    }

    /** Skips the long bracket at {@code i} of {@code level}, copying its contents to {@code into}; the index after. */
    private static int closeLongBracket(String text, int i, int level, StringBuilder into) {
        int start = i + level + 2;
        String close = "]" + "=".repeat(level) + "]";
        int end = text.indexOf(close, start);
        int stop = end < 0 ? text.length() : end;
        if (into != null) {
            into.append(text, start, stop);
        }
        return end < 0 ? text.length() : end + close.length();
    }
}
