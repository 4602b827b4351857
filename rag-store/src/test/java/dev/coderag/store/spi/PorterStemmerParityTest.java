package dev.coderag.store.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The stems lexical search uses must never change: every existing store was indexed with the hand-written Porter
 * stemmer's stems ({@link ReferencePorterStemmer}), and a query stemmed otherwise no longer meets the indexed terms, which changes rankings. So
 * the library stemmer is compared with the hand-written one on every word that can reach the algorithm (a-z
 * only, 3 to 48 letters; {@link LexicalText} keeps other tokens unstemmed):
 *
 * <ul>
 *   <li>real vocabulary: the words, split as identifiers are split, of this repository's Java and Markdown
 *       sources, and of the Java and Markdown files under {@code $CODERAG_STEMMER_CORPUS} when it names a
 *       directory (e.g. a checked-out corpus, for a larger vocabulary than CI has);
 *   <li>every word of three and four letters;
 *   <li>seeded random words ending in the suffixes the algorithm rewrites, one to three of them.
 * </ul>
 */
class PorterStemmerParityTest {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9_]+");
    private static final Pattern WORD = Pattern.compile("[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+");
    private static final Pattern STEMMABLE = Pattern.compile("[a-z]{3,48}");
    private static final String[] SUFFIXES = {
        "s", "es", "ies", "sses", "ss", "ed", "eed", "ing", "y", "ly", "ably", "ibly", "ational", "tional", "enci",
        "anci", "izer", "bli", "alli", "entli", "eli", "ousli", "ization", "ation", "ator", "alism", "iveness",
        "fulness", "ousness", "aliti", "iviti", "biliti", "logi", "logy", "icate", "ative", "alize", "iciti", "ical",
        "ful", "ness", "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "sion",
        "tion", "ou", "ism", "ate", "iti", "ous", "ive", "ize", "e", "l", "ll", "at", "bl", "iz"
    };

    @Test
    void the_library_stems_every_real_and_generated_word_as_the_hand_written_stemmer_did() {
        Set<String> real = new TreeSet<>(vocabulary(repositoryRoot()));
        String corpus = System.getenv("CODERAG_STEMMER_CORPUS");
        if (corpus != null && Files.isDirectory(Path.of(corpus))) {
            real.addAll(vocabulary(Path.of(corpus)));
        }
        assertThat(real).as("real vocabulary").hasSizeGreaterThan(3_000);

        Map<String, String> differing = new TreeMap<>();
        compare(real, differing);
        compare(allWordsUpTo4Letters(), differing);
        compare(randomSuffixedWords(300_000), differing);

        System.out.printf(Locale.ROOT, "stemmer parity: %d real words compared%n", real.size());
        assertThat(differing).as("word -> hand-written stem | library stem").isEmpty();
    }

    /** The hand-written stemmer the existing stores were indexed with. */
    private static String handWritten(String word) {
        return ReferencePorterStemmer.stem(word);
    }

    /** The library stemmer the store uses in its place. */
    private static String library(String word) {
        return PorterStemmer.stem(word);
    }

    private static void compare(Set<String> words, Map<String, String> differing) {
        for (String word : words) {
            String expected = handWritten(word);
            String actual = library(word);
            if (!expected.equals(actual)) {
                differing.put(word, expected + " | " + actual);
            }
        }
    }

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("repository root (the directory holding mvnw)").isNotNull();
        return dir;
    }

    /** Every stemmable word of the Java and Markdown files below {@code root}: identifier parts and joined forms. */
    private static Set<String> vocabulary(Path root) {
        Set<String> words = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(f -> f.toString().endsWith(".java") || f.toString().endsWith(".md"))
                    .filter(f ->
                            !f.toString().contains("/target/") && !f.toString().contains("/.git/"))
                    .forEach(f -> addWords(read(f), words));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        words.removeIf(w -> !STEMMABLE.matcher(w).matches());
        return words;
    }

    private static String read(Path file) {
        try {
            // Only ASCII letters matter here; Latin-1 decodes any byte sequence.
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The identifier words of {@code text}, lower-cased, and each identifier's words joined (as LexicalText). */
    private static void addWords(String text, Set<String> words) {
        Matcher identifier = IDENTIFIER.matcher(text);
        while (identifier.find()) {
            StringBuilder joined = new StringBuilder();
            Matcher word = WORD.matcher(identifier.group());
            while (word.find()) {
                String lower = word.group().toLowerCase(Locale.ROOT);
                words.add(lower);
                joined.append(lower);
            }
            words.add(joined.toString());
        }
    }

    private static Set<String> allWordsUpTo4Letters() {
        Set<String> words = new TreeSet<>();
        char[] w = new char[4];
        for (int length = 3; length <= 4; length++) {
            int total = (int) Math.pow(26, length);
            for (int n = 0; n < total; n++) {
                int x = n;
                for (int i = 0; i < length; i++) {
                    w[i] = (char) ('a' + x % 26);
                    x /= 26;
                }
                words.add(new String(w, 0, length));
            }
        }
        return words;
    }

    private static Set<String> randomSuffixedWords(int count) {
        Random random = new Random(20_250_101L);
        String letters = "aeiouybcdfglmnprstvwxz";
        Set<String> words = new TreeSet<>();
        while (words.size() < count) {
            StringBuilder sb = new StringBuilder();
            int stem = 1 + random.nextInt(8);
            for (int i = 0; i < stem; i++) {
                sb.append(letters.charAt(random.nextInt(letters.length())));
            }
            int suffixes = 1 + random.nextInt(3);
            for (int i = 0; i < suffixes; i++) {
                sb.append(SUFFIXES[random.nextInt(SUFFIXES.length)]);
            }
            if (STEMMABLE.matcher(sb).matches()) {
                words.add(sb.toString());
            }
        }
        return words;
    }
}
