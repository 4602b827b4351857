package dev.coderag.ingest.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, lenient TOML reader for manifests: tables, arrays of tables, dotted and quoted keys, basic
 * and literal strings (also multi-line), arrays and inline tables. Other scalars (numbers, booleans,
 * dates) are kept as their raw text. A line it cannot read is skipped; it never throws on bad input.
 * Tables become {@code Map<String, Object>} in file order, arrays {@code List<Object>}.
 */
final class TomlReader {
    private static final int MAX_DEPTH = 32;
    private final String s;
    private int pos;

    private TomlReader(String text) {
        this.s = text;
    }

    static Map<String, Object> parse(String text) {
        return new TomlReader(text).document();
    }

    /** The value at a dotted path of keys, or null. */
    static Object at(Map<String, Object> root, String... keys) {
        Object current = root;
        for (String key : keys) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(key);
        }
        return current;
    }

    private Map<String, Object> document() {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> current = root;
        while (true) {
            skipBlankAndComments();
            if (pos >= s.length()) {
                return root;
            }
            int lineStart = pos;
            try {
                if (s.startsWith("[[", pos)) {
                    pos += 2;
                    List<String> keys = keyPath();
                    expect("]]");
                    current = appendTable(root, keys);
                } else if (s.charAt(pos) == '[') {
                    pos++;
                    List<String> keys = keyPath();
                    expect("]");
                    current = table(root, keys);
                } else {
                    List<String> keys = keyPath();
                    expect("=");
                    Object value = value(0);
                    put(current, keys, value);
                }
                skipToLineEnd();
            } catch (IllegalArgumentException e) {
                pos = lineStart;
                skipLine();
            }
        }
    }

    private void skipBlankAndComments() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else if (c == '#') {
                skipLine();
            } else {
                return;
            }
        }
    }

    private void skipSpaces() {
        while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
            pos++;
        }
    }

    private void skipLine() {
        int nl = s.indexOf('\n', pos);
        pos = nl < 0 ? s.length() : nl + 1;
    }

    /** After a statement only a comment may follow on the line. */
    private void skipToLineEnd() {
        skipSpaces();
        if (pos < s.length() && s.charAt(pos) != '\n' && s.charAt(pos) != '#' && s.charAt(pos) != '\r') {
            throw new IllegalArgumentException("trailing text");
        }
        skipLine();
    }

    private void expect(String token) {
        skipSpaces();
        if (!s.startsWith(token, pos)) {
            throw new IllegalArgumentException("expected " + token);
        }
        pos += token.length();
    }

    private List<String> keyPath() {
        List<String> keys = new ArrayList<>();
        while (true) {
            skipSpaces();
            keys.add(key());
            skipSpaces();
            if (pos < s.length() && s.charAt(pos) == '.') {
                pos++;
            } else {
                return keys;
            }
        }
    }

    private String key() {
        if (pos >= s.length()) {
            throw new IllegalArgumentException("missing key");
        }
        char c = s.charAt(pos);
        if (c == '"') {
            return basicString();
        }
        if (c == '\'') {
            return literalString();
        }
        int start = pos;
        while (pos < s.length()) {
            char k = s.charAt(pos);
            if (Character.isLetterOrDigit(k) || k == '_' || k == '-') {
                pos++;
            } else {
                break;
            }
        }
        if (start == pos) {
            throw new IllegalArgumentException("bad key");
        }
        return s.substring(start, pos);
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("nested too deeply");
        }
        skipSpaces();
        if (pos >= s.length()) {
            throw new IllegalArgumentException("missing value");
        }
        if (s.startsWith("\"\"\"", pos)) {
            return multiLine("\"\"\"", true);
        }
        if (s.startsWith("'''", pos)) {
            return multiLine("'''", false);
        }
        char c = s.charAt(pos);
        return switch (c) {
            case '"' -> basicString();
            case '\'' -> literalString();
            case '[' -> array(depth);
            case '{' -> inlineTable(depth);
            default -> scalar();
        };
    }

    private String basicString() {
        pos++; // opening quote
        StringBuilder sb = new StringBuilder();
        while (pos < s.length()) {
            char c = s.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\n') {
                break;
            }
            if (c == '\\' && pos < s.length()) {
                pos = escape(sb, pos);
            } else {
                sb.append(c);
            }
        }
        throw new IllegalArgumentException("unterminated string");
    }

    /** Appends the escape starting at {@code at} (after the backslash); returns the position after it. */
    private int escape(StringBuilder sb, int at) {
        char e = s.charAt(at);
        switch (e) {
            case 'n' -> sb.append('\n');
            case 't' -> sb.append('\t');
            case 'r' -> sb.append('\r');
            case 'b' -> sb.append('\b');
            case 'f' -> sb.append('\f');
            case '"' -> sb.append('"');
            case '\\' -> sb.append('\\');
            case 'u', 'U' -> {
                int len = e == 'u' ? 4 : 8;
                if (at + 1 + len <= s.length()) {
                    try {
                        sb.appendCodePoint(Integer.parseInt(s.substring(at + 1, at + 1 + len), 16));
                        return at + 1 + len;
                    } catch (IllegalArgumentException ignored) {
                        // not a valid code point: keep the text as written
                    }
                }
                sb.append('\\').append(e);
            }
            default -> sb.append('\\').append(e);
        }
        return at + 1;
    }

    private String literalString() {
        pos++;
        int end = s.indexOf('\'', pos);
        int nl = s.indexOf('\n', pos);
        if (end < 0 || (nl >= 0 && nl < end)) {
            throw new IllegalArgumentException("unterminated string");
        }
        String value = s.substring(pos, end);
        pos = end + 1;
        return value;
    }

    private String multiLine(String quote, boolean escapes) {
        pos += 3;
        if (s.startsWith("\n", pos)) {
            pos++;
        } else if (s.startsWith("\r\n", pos)) {
            pos += 2;
        }
        StringBuilder sb = new StringBuilder();
        while (pos < s.length()) {
            if (s.startsWith(quote, pos)) {
                pos += 3;
                // up to two more quotes at the end belong to the content
                while (pos < s.length() && s.charAt(pos) == quote.charAt(0)) {
                    sb.append(quote.charAt(0));
                    pos++;
                }
                return sb.toString();
            }
            char c = s.charAt(pos++);
            if (escapes && c == '\\' && pos < s.length()) {
                char next = s.charAt(pos);
                if (next == '\n' || next == ' ' || next == '\t' || next == '\r') {
                    // line-ending backslash: trim the newline and leading whitespace that follow
                    while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                        pos++;
                    }
                } else {
                    pos = escape(sb, pos);
                }
            } else {
                sb.append(c);
            }
        }
        throw new IllegalArgumentException("unterminated multi-line string");
    }

    private List<Object> array(int depth) {
        pos++; // [
        List<Object> items = new ArrayList<>();
        while (true) {
            skipBlankAndComments();
            if (pos >= s.length()) {
                throw new IllegalArgumentException("unterminated array");
            }
            if (s.charAt(pos) == ']') {
                pos++;
                return items;
            }
            items.add(value(depth + 1));
            skipBlankAndComments();
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
            } else if (pos < s.length() && s.charAt(pos) != ']') {
                throw new IllegalArgumentException("expected , or ]");
            }
        }
    }

    private Map<String, Object> inlineTable(int depth) {
        pos++; // {
        Map<String, Object> table = new LinkedHashMap<>();
        while (true) {
            skipBlankAndComments();
            if (pos >= s.length()) {
                throw new IllegalArgumentException("unterminated inline table");
            }
            if (s.charAt(pos) == '}') {
                pos++;
                return table;
            }
            List<String> keys = keyPath();
            expect("=");
            put(table, keys, value(depth + 1));
            skipBlankAndComments();
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
            } else if (pos < s.length() && s.charAt(pos) != '}') {
                throw new IllegalArgumentException("expected , or }");
            }
        }
    }

    /** Numbers, booleans, dates: the raw text up to a delimiter. */
    private String scalar() {
        int start = pos;
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == ',' || c == ']' || c == '}' || c == '\n' || c == '#' || c == '\r') {
                break;
            }
            pos++;
        }
        String raw = s.substring(start, pos).strip();
        if (raw.isEmpty()) {
            throw new IllegalArgumentException("missing value");
        }
        return raw;
    }

    private static Map<String, Object> table(Map<String, Object> root, List<String> keys) {
        Map<String, Object> current = root;
        for (String key : keys) {
            Object next = current.get(key);
            if (next instanceof Map<?, ?>) {
                current = castMap(next);
            } else if (next instanceof List<?> list && !list.isEmpty() && list.getLast() instanceof Map<?, ?>) {
                current = castMap(list.getLast()); // [a.b] below [[a]] extends the last element
            } else {
                Map<String, Object> created = new LinkedHashMap<>();
                current.put(key, created);
                current = created;
            }
        }
        return current;
    }

    private static Map<String, Object> appendTable(Map<String, Object> root, List<String> keys) {
        Map<String, Object> parent = table(root, keys.subList(0, keys.size() - 1));
        String last = keys.getLast();
        List<Object> list;
        if (parent.get(last) instanceof List<?> existing) {
            @SuppressWarnings("unchecked")
            List<Object> cast = (List<Object>) existing;
            list = cast;
        } else {
            list = new ArrayList<>();
            parent.put(last, list);
        }
        Map<String, Object> element = new LinkedHashMap<>();
        list.add(element);
        return element;
    }

    private static void put(Map<String, Object> table, List<String> keys, Object value) {
        Map<String, Object> target = table(table, keys.subList(0, keys.size() - 1));
        target.put(keys.getLast(), value);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object o) {
        return (Map<String, Object>) o;
    }
}
