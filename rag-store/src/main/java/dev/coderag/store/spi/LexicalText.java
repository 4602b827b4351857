package dev.coderag.store.spi;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one tokenizer of lexical search, used for both indexed text and queries so that they always agree.
 *
 * <p>Identifiers are split into words ({@code parseHttpRequest}, {@code parse_http_request},
 * {@code HTTPRequest2} → parse, http, request, 2) and the whole identifier is kept too, joined without
 * separators ({@code parsehttprequest}), so an exact name scores higher than its words scattered over a chunk.
 * Words are lower-cased and Porter-stemmed; one-character tokens, very long tokens (hashes, base64) and
 * {@link #STOPWORDS} (English function words and code keywords present in nearly every chunk — BM25 in FTS5
 * scores every matching row, so they cost time and add nothing) are dropped. Pure and thread-safe.
 */
public final class LexicalText {
    private LexicalText() {}

    private static final int MAX_TOKEN_LENGTH = 48;

    public static final Set<String> STOPWORDS = Set.of(
            // English function words and question words
            "a",
            "about",
            "after",
            "again",
            "also",
            "am",
            "an",
            "and",
            "any",
            "are",
            "as",
            "at",
            "be",
            "been",
            "being",
            "both",
            "but",
            "by",
            "can",
            "could",
            "did",
            "do",
            "does",
            "doing",
            "done",
            "each",
            "either",
            "etc",
            "for",
            "from",
            "had",
            "has",
            "have",
            "having",
            "he",
            "her",
            "here",
            "him",
            "his",
            "how",
            "however",
            "i",
            "if",
            "in",
            "into",
            "is",
            "it",
            "its",
            "itself",
            "just",
            "me",
            "my",
            "nor",
            "of",
            "on",
            "or",
            "our",
            "she",
            "should",
            "so",
            "some",
            "such",
            "than",
            "that",
            "the",
            "their",
            "them",
            "then",
            "there",
            "these",
            "they",
            "this",
            "those",
            "to",
            "too",
            "us",
            "very",
            "via",
            "was",
            "we",
            "were",
            "what",
            "when",
            "where",
            "which",
            "while",
            "who",
            "whom",
            "why",
            "will",
            "with",
            "would",
            "you",
            "your",
            // keywords present in most code chunks of their language
            "abstract",
            "async",
            "await",
            "bool",
            "boolean",
            "break",
            "case",
            "catch",
            "const",
            "continue",
            "def",
            "elif",
            "else",
            "extends",
            "false",
            "final",
            "finally",
            "fn",
            "func",
            "function",
            "implements",
            "import",
            "let",
            "mut",
            "nil",
            "none",
            "null",
            "override",
            "package",
            "private",
            "protected",
            "pub",
            "public",
            "return",
            "self",
            "static",
            "super",
            "throw",
            "throws",
            "true",
            "try",
            "var",
            "void");

    /**
     * A query term and how specific its kind is: 0 for a whole multi-word identifier ({@code parsehttprequest}),
     * 1 for a word, 2 for a number or two-letter token (line numbers and values in pasted logs are rarely what
     * is asked about).
     */
    public record QueryTerm(String text, int specificity) {}

    /** Tokens of {@code text} in order, with repeats (term frequency matters for indexed text). */
    public static List<String> tokens(String text) {
        List<QueryTerm> terms = terms(text);
        List<String> out = new ArrayList<>(terms.size());
        for (QueryTerm term : terms) {
            out.add(term.text());
        }
        return out;
    }

    private static List<QueryTerm> terms(String text) {
        List<QueryTerm> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            while (i < n && !isWordChar(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && isWordChar(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                identifier(text, start, i, out);
            }
        }
        return out;
    }

    /** Distinct query terms in first-seen order (the most specific kind wins for a repeated term). */
    public static List<QueryTerm> queryTerms(String query) {
        Map<String, Integer> specificity = new LinkedHashMap<>();
        for (QueryTerm term : terms(query)) {
            specificity.merge(term.text(), term.specificity(), Math::min);
        }
        List<QueryTerm> out = new ArrayList<>(specificity.size());
        specificity.forEach((text, s) -> out.add(new QueryTerm(text, s)));
        return out;
    }

    /**
     * Tokens joined by spaces: the text handed to FTS5, whose unicode61 tokenizer then only splits on spaces, and to
     * Lucene, which splits on the spaces itself.
     */
    public static String indexText(String... parts) {
        StringBuilder sb = new StringBuilder();
        for (String part : parts) {
            for (String token : tokens(part)) {
                if (!sb.isEmpty()) {
                    sb.append(' ');
                }
                sb.append(token);
            }
        }
        return sb.toString();
    }

    /**
     * The text lexical search indexes for a chunk, as two columns of {@link #indexText} tokens: names (symbol,
     * enclosing names, headings, package name, path) and body text. FTS5 and Lucene (the embedded store) index the same.
     */
    public static String[] columns(Chunk chunk) {
        return switch (chunk) {
            case CodeChunk c ->
                new String[] {indexText(c.symbol(), c.enclosing(), c.path()), indexText(c.docstring(), c.code())};
            case ReadmeChunk r ->
                new String[] {indexText(String.join(" ", r.headingPath()), r.path()), indexText(r.text())};
            case ManifestChunk m ->
                new String[] {
                    indexText(m.name(), m.path()), indexText(m.description(), String.join(" ", m.dependencies()))
                };
            case ModuleDocChunk d -> new String[] {indexText(d.moduleName(), d.path()), indexText(d.text())};
            case CommitChunk c ->
                new String[] {
                    indexText(String.join(" ", c.touched()), c.path(), c.oldPath()),
                    indexText(c.subject(), c.body(), c.author(), c.diff())
                };
        };
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** Splits one identifier text[start, end) into words, adding words and the joined form to {@code out}. */
    private static void identifier(String text, int start, int end, List<QueryTerm> out) {
        List<String> words = new ArrayList<>(4);
        int wordStart = -1;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c == '_') {
                if (wordStart >= 0) {
                    words.add(text.substring(wordStart, i));
                    wordStart = -1;
                }
                continue;
            }
            if (wordStart >= 0 && isBoundary(text, i, end)) {
                words.add(text.substring(wordStart, i));
                wordStart = i;
            } else if (wordStart < 0) {
                wordStart = i;
            }
        }
        if (wordStart >= 0) {
            words.add(text.substring(wordStart, end));
        }
        StringBuilder joined = new StringBuilder();
        for (String word : words) {
            String lower = word.toLowerCase(Locale.ROOT);
            joined.append(lower);
            add(lower, lower.length() < 3 || isNumber(lower) ? 2 : 1, out);
        }
        if (words.size() > 1) {
            add(joined.toString(), 0, out);
        }
    }

    /** A word starts at i: lower→Upper, letter↔digit, or the last capital of an acronym before a lower. */
    private static boolean isBoundary(String text, int i, int end) {
        char prev = text.charAt(i - 1);
        char c = text.charAt(i);
        if (prev == '_') {
            return false;
        }
        if (Character.isDigit(prev) != Character.isDigit(c)) {
            return true;
        }
        if (Character.isLowerCase(prev) && Character.isUpperCase(c)) {
            return true;
        }
        return Character.isUpperCase(prev)
                && Character.isUpperCase(c)
                && i + 1 < end
                && Character.isLowerCase(text.charAt(i + 1));
    }

    private static void add(String lower, int specificity, List<QueryTerm> out) {
        if (lower.length() < 2 || lower.length() > MAX_TOKEN_LENGTH || STOPWORDS.contains(lower)) {
            return;
        }
        out.add(new QueryTerm(PorterStemmer.stem(lower), specificity));
    }

    private static boolean isNumber(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
