package dev.coderag.ingest.parse.manifest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The metadata of a {@code setup.py}: the keyword arguments of its {@code setup(…)} call that are literals,
 * or names bound to literals earlier in the file ({@code REQUIRES = ["a", "b"]}): name, description,
 * install_requires (plain), extras_require ({@code (extra)}), tests_require ({@code (test)}), setup_requires
 * ({@code (setup)}). Nothing is executed: there is no Java parser for Python, so this is a small scanner (a
 * tokenizer for names, strings and brackets, then a reader of literals nested at most {@link #MAX_DEPTH}
 * deep); every token is looked at a bounded number of times, so it runs in linear time. Pure.
 */
final class SetupPy {
    private static final int MAX_DEPTH = 4;

    private SetupPy() {}

    private enum Kind {
        NAME,
        STRING,
        PUNCT,
        OTHER,
        /** The end of a logical line (outside brackets). */
        NEWLINE,
        END
    }

    private record Token(Kind kind, String text) {
        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }
    }

    /** A literal's value: a string, a list of strings, a dict of lists, or unknown (null fields). */
    private record Value(String string, List<String> list, Map<String, List<String>> dict) {
        static final Value UNKNOWN = new Value(null, null, null);

        List<String> items() {
            return list != null ? list : string != null ? List.of(string) : List.of();
        }
    }

    static ManifestInfo read(String text) {
        List<Token> tokens = tokens(text);
        Map<String, Value> bound = new HashMap<>();
        int[] at = {0};
        while (at[0] < tokens.size() && tokens.get(at[0]).kind() != Kind.END) {
            int i = at[0];
            Token t = tokens.get(i);
            boolean lineStart = i == 0 || tokens.get(i - 1).kind() == Kind.NEWLINE;
            if (t.kind() == Kind.NAME
                    && t.text().equals("setup")
                    && tokens.get(i + 1).is("(")) {
                at[0] = i + 2;
                return setupCall(tokens, at, bound);
            }
            if (t.kind() == Kind.NAME && lineStart && tokens.get(i + 1).is("=")) {
                at[0] = i + 2;
                bound.put(t.text(), value(tokens, at, bound, 0));
                continue;
            }
            at[0]++;
        }
        return ManifestInfo.NONE;
    }

    private static ManifestInfo setupCall(List<Token> tokens, int[] at, Map<String, Value> bound) {
        Map<String, Value> args = new LinkedHashMap<>();
        while (!tokens.get(at[0]).is(")") && tokens.get(at[0]).kind() != Kind.END) {
            int before = at[0];
            Token t = tokens.get(at[0]);
            if (t.kind() == Kind.NAME && tokens.get(at[0] + 1).is("=")) {
                at[0] += 2;
                args.put(t.text(), value(tokens, at, bound, 0));
            } else {
                skipValue(tokens, at);
            }
            separator(tokens, at, before);
        }
        List<String> deps = new ArrayList<>();
        add(args.get("install_requires"), "", deps);
        Value extras = args.get("extras_require");
        if (extras != null && extras.dict() != null) {
            extras.dict().forEach((extra, items) -> items.forEach(d -> deps.add(d.strip() + " (" + extra + ")")));
        }
        add(args.get("tests_require"), " (test)", deps);
        add(args.get("setup_requires"), " (setup)", deps);
        return new ManifestInfo(string(args.get("name")), string(args.get("description")), deps);
    }

    private static String string(Value v) {
        return v == null || v.string() == null ? "" : v.string();
    }

    private static void add(Value v, String suffix, List<String> deps) {
        if (v != null) {
            for (String item : v.items()) {
                if (!item.isBlank()) {
                    deps.add(item.strip() + suffix);
                }
            }
        }
    }

    /** Reads one value and leaves {@code at} on the {@code ,} or closing bracket after it. */
    private static Value value(List<Token> tokens, int[] at, Map<String, Value> bound, int depth) {
        Token t = tokens.get(at[0]);
        Value v = Value.UNKNOWN;
        if (t.kind() == Kind.STRING) {
            StringBuilder s = new StringBuilder();
            while (tokens.get(at[0]).kind() == Kind.STRING) { // "a" "b" is "ab"
                s.append(tokens.get(at[0]++).text());
            }
            v = new Value(s.toString(), null, null);
        } else if ((t.is("[") || t.is("(")) && depth < MAX_DEPTH) {
            at[0]++;
            List<String> items = new ArrayList<>();
            boolean comma = false;
            while (!closing(tokens.get(at[0])) && tokens.get(at[0]).kind() != Kind.END) {
                int before = at[0];
                Value item = value(tokens, at, bound, depth + 1);
                if (item.string() != null) {
                    items.add(item.string());
                }
                comma |= tokens.get(at[0]).is(",");
                separator(tokens, at, before);
            }
            close(tokens, at);
            boolean parenthesized = t.is("(") && !comma && items.size() == 1; // ("x") is "x", ("x",) a tuple
            v = parenthesized ? new Value(items.getFirst(), null, null) : new Value(null, items, null);
        } else if (t.is("{") && depth < MAX_DEPTH) {
            at[0]++;
            Map<String, List<String>> dict = new LinkedHashMap<>();
            while (!closing(tokens.get(at[0])) && tokens.get(at[0]).kind() != Kind.END) {
                int before = at[0];
                Value key = value(tokens, at, bound, depth + 1);
                if (tokens.get(at[0]).is(":")) {
                    at[0]++;
                    Value item = value(tokens, at, bound, depth + 1);
                    if (key.string() != null) {
                        dict.put(key.string(), item.items());
                    }
                }
                separator(tokens, at, before);
            }
            close(tokens, at);
            v = new Value(null, null, dict);
        } else if (t.kind() == Kind.NAME
                && !tokens.get(at[0] + 1).is("(")
                && !tokens.get(at[0] + 1).is(".")) {
            at[0]++;
            v = bound.getOrDefault(t.text(), Value.UNKNOWN);
        }
        Token next = tokens.get(at[0]);
        if (!next.is(",")
                && !next.is(":")
                && !closing(next)
                && next.kind() != Kind.END
                && next.kind() != Kind.NEWLINE) {
            skipValue(tokens, at); // an expression (a call, "a" + b, …): not a literal
            return Value.UNKNOWN;
        }
        return v;
    }

    /** Steps over a {@code ,}; and over any token when nothing was read since {@code before} (progress). */
    private static void separator(List<Token> tokens, int[] at, int before) {
        if (tokens.get(at[0]).is(",") || (at[0] == before && tokens.get(at[0]).kind() != Kind.END)) {
            at[0]++;
        }
    }

    /** Steps over the closing bracket of a list or dict (never past the end). */
    private static void close(List<Token> tokens, int[] at) {
        if (tokens.get(at[0]).kind() != Kind.END) {
            at[0]++;
        }
    }

    /** Moves {@code at} to the {@code ,} or unmatched closing bracket that ends the current value. */
    private static void skipValue(List<Token> tokens, int[] at) {
        int depth = 0;
        while (tokens.get(at[0]).kind() != Kind.END && tokens.get(at[0]).kind() != Kind.NEWLINE) {
            Token t = tokens.get(at[0]);
            if (t.is("(") || t.is("[") || t.is("{")) {
                depth++;
            } else if (closing(t)) {
                if (depth == 0) {
                    return;
                }
                depth--;
            } else if (depth == 0 && (t.is(",") || t.is(":"))) {
                return;
            }
            at[0]++;
        }
    }

    private static boolean closing(Token t) {
        return t.is(")") || t.is("]") || t.is("}");
    }

    // ---- tokens ----

    /**
     * Names, strings (contents without prefix and quotes), brackets, {@code , : = .} and the ends of logical
     * lines; END twice at the end.
     */
    private static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        int brackets = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '#') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '\\' && i + 1 < n && text.charAt(i + 1) == '\n') {
                i += 2; // an explicit line continuation
            } else if (c == '\n') {
                if (brackets == 0) {
                    out.add(new Token(Kind.NEWLINE, ""));
                }
                i++;
            } else if (Character.isWhitespace(c) || c == '\\') {
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                if (i < n && i - start <= 2 && (text.charAt(i) == '\'' || text.charAt(i) == '"')) {
                    i = string(text, i, out); // a prefix: r"…", b'…', rb"…", f"…"
                } else {
                    out.add(new Token(Kind.NAME, text.substring(start, i)));
                }
            } else if (c == '\'' || c == '"') {
                i = string(text, i, out);
            } else if ("=<>!:".indexOf(c) >= 0 && i + 1 < n && text.charAt(i + 1) == '=') {
                out.add(new Token(Kind.OTHER, text.substring(i, i + 2)));
                i += 2;
            } else if ("()[]{},:=.".indexOf(c) >= 0) {
                out.add(new Token(Kind.PUNCT, String.valueOf(c)));
                brackets = "([{".indexOf(c) >= 0
                        ? brackets + 1
                        : ")]}".indexOf(c) >= 0 ? Math.max(0, brackets - 1) : brackets;
                i++;
            } else {
                out.add(new Token(Kind.OTHER, String.valueOf(c)));
                i++;
            }
        }
        out.add(new Token(Kind.END, ""));
        out.add(new Token(Kind.END, ""));
        return out;
    }

    /** Reads the string whose quote is at {@code i}; returns the index after it. Unterminated: to the end. */
    private static int string(String text, int i, List<Token> out) {
        char quote = text.charAt(i);
        boolean triple = text.startsWith(String.valueOf(quote).repeat(3), i);
        int open = triple ? 3 : 1;
        int start = i + open;
        int j = start;
        while (j < text.length()) {
            char c = text.charAt(j);
            if (c == '\\') {
                j += 2;
            } else if (c == quote
                    && (!triple || text.startsWith(String.valueOf(quote).repeat(3), j))) {
                out.add(new Token(Kind.STRING, text.substring(start, j)));
                return j + open;
            } else if (c == '\n' && !triple) {
                break;
            } else {
                j++;
            }
        }
        int end = Math.min(j, text.length());
        out.add(new Token(Kind.STRING, text.substring(start, end)));
        return end;
    }
}
