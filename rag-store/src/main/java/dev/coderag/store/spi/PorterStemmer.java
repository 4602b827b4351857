package dev.coderag.store.spi;

/**
 * The Porter (1980) stemming algorithm for lower-case English words, so that "parsing", "parsed" and "parses"
 * all match "parse" in lexical search: OpenNLP's port of Martin Porter's reference implementation. Words of one
 * or two letters and words with characters other than a-z are returned unchanged (those rules are the store's,
 * not the algorithm's). Its stems are pinned by {@code PorterStemmerParityTest} to those of the hand-written
 * stemmer existing stores were indexed with: query and index stemming must agree. Pure and thread-safe.
 */
public final class PorterStemmer {
    private PorterStemmer() {}

    public static String stem(String word) {
        int n = word.length();
        if (n <= 2) {
            return word;
        }
        for (int i = 0; i < n; i++) {
            char c = word.charAt(i);
            if (c < 'a' || c > 'z') {
                return word;
            }
        }
        // OpenNLP's stemmer keeps its word in a mutable buffer: one per call (a 50-char array) is thread-safe
        // and costs less than the string it returns.
        return new opennlp.tools.stemmer.PorterStemmer().stem(word);
    }
}
