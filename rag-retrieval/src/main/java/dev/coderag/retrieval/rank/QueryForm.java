package dev.coderag.retrieval.rank;

import java.util.ArrayList;
import java.util.List;

/**
 * The form of a query, which says how it should be ranked: a bare or qualified identifier ({@code TCPConnector},
 * {@code Sinatra::Base}, {@code _private}, {@code parse_header}) looks up a symbol; anything else is plain words.
 * A plain lower-case word ({@code session}) is plain words. Read in one pass (linear in the query).
 */
public enum QueryForm {
    SYMBOL,
    WORDS;

    /** The form of {@code query}. */
    public static QueryForm of(String query) {
        return symbolParts(query.strip()).isEmpty() ? WORDS : SYMBOL;
    }

    /**
     * The names a symbol query looks for: its last segment, and the whole query when it is qualified
     * ({@code Sinatra::Base} → {@code Base}, {@code Sinatra::Base}); empty for a query of words.
     */
    public static List<String> symbolNames(String query) {
        String q = query.strip();
        List<String> parts = symbolParts(q);
        if (parts.isEmpty()) {
            return List.of();
        }
        String last = parts.getLast();
        return parts.size() == 1 ? List.of(last) : List.of(last, q);
    }

    /**
     * The identifier segments of {@code q} when it is one symbol: segments of letters, digits and underscores,
     * not starting with a digit, joined by {@code .}, {@code ::}, {@code ->} or {@code \}; a single segment counts
     * only when it starts with an underscore or holds an upper-case letter or an underscore. Empty otherwise.
     */
    private static List<String> symbolParts(String q) {
        List<String> parts = new ArrayList<>();
        int i = 0;
        int n = q.length();
        boolean marked = false; // an upper-case letter or underscore somewhere
        while (i < n) {
            int start = i;
            while (i < n && isIdentifierChar(q.charAt(i))) {
                char c = q.charAt(i);
                marked |= Character.isUpperCase(c) || c == '_';
                i++;
            }
            if (i == start || Character.isDigit(q.charAt(start))) {
                return List.of();
            }
            parts.add(q.substring(start, i));
            if (i == n) {
                break;
            }
            int sep = separator(q, i);
            if (sep == 0 || i + sep == n) {
                return List.of();
            }
            i += sep;
        }
        if (parts.isEmpty() || (parts.size() == 1 && !marked)) {
            return List.of();
        }
        return parts;
    }

    private static boolean isIdentifierChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
    }

    private static int separator(String q, int i) {
        if (q.startsWith("::", i) || q.startsWith("->", i)) {
            return 2;
        }
        char c = q.charAt(i);
        return c == '.' || c == '\\' ? 1 : 0;
    }
}
