package dev.coderag.retrieval.rank;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Splits names into their lower-case words: {@code HttpClientEngine} → http, client, engine; snake and kebab too. */
final class Identifiers {
    private Identifiers() {}

    /** The words of {@code name}, lower-cased, in order; one pass. */
    static List<String> split(String name) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int n = name.length();
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(word, out);
                continue;
            }
            boolean upper = Character.isUpperCase(c);
            if (upper && word.length() > 0) {
                char prev = name.charAt(i - 1);
                boolean nextLower = i + 1 < n && Character.isLowerCase(name.charAt(i + 1));
                // fooBar | HTTPServer: a capital after a lower-case letter or digit, or one that starts a word
                // after a run of capitals, begins a new word
                if (Character.isLowerCase(prev)
                        || Character.isDigit(prev)
                        || (Character.isUpperCase(prev) && nextLower)) {
                    flush(word, out);
                }
            }
            word.append(Character.toLowerCase(c));
        }
        flush(word, out);
        return out;
    }

    private static void flush(StringBuilder word, List<String> out) {
        if (word.length() > 0) {
            out.add(word.toString().toLowerCase(Locale.ROOT));
            word.setLength(0);
        }
    }
}
