package dev.coderag.retrieval.evidence;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The words of texts as the evidence judge compares them, lower-cased. A question's words are taken whole
 * ({@link #question}: "GraphQL", "fine-tune" and "ctrl_c" are one word each, "graphql", "finetune", "ctrlc"), a
 * hit's both whole and split ({@link #of}: {@code parseHttpRequest} gives parsehttprequest, parse, http and request;
 * "fine-tune" gives finetune, fine and tune), so that a question's word is found in a hit whichever way either
 * writes it — as the lexical index, which keeps whole identifiers beside their parts. Two words are the same word
 * when one is the other with a short ending ({@link #sameWord}): "parser", "parsing" and "parse"; "gracefully" and
 * "graceful"; "resolvers" and "resolver". Pure and thread-safe.
 */
final class Words {
    /** Two forms of one word share at least this many first letters (or all of the shorter word). */
    static final int STEM = 4;

    private Words() {}

    /**
     * The words of a question, in order, with repeats: runs of letters and digits joined by {@code _} or {@code -}
     * inside a word, lower-cased, without the joiners; single letters are left out.
     */
    static List<String> question(String text) {
        List<String> out = new ArrayList<>();
        forEachRun(text, (start, end) -> {
            String word = joined(text, start, end);
            if (word.length() >= 2) {
                out.add(word);
            }
        });
        return out;
    }

    /**
     * The words of a hit's text, in order, with repeats: each run as {@link #question} takes it, and its parts split
     * at joiners, case changes and digits ({@code HTTPRequest2} → http, request, 2) when there are several.
     */
    static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        forEachRun(text, (start, end) -> {
            String word = joined(text, start, end);
            List<String> parts = parts(text, start, end);
            out.addAll(parts);
            boolean onePart = parts.size() == 1 && parts.getFirst().equals(word);
            if (!onePart && word.length() >= 2) {
                out.add(word);
            }
        });
        return out;
    }

    /**
     * The parts of each word of a question that has several ({@code server-side} → server, side; {@code
     * insertAndGetId} → insert, and, get, id), keyed by the word as {@link #question} takes it. A question may join
     * words the repository writes apart (or split an identifier the lexical index keeps in parts).
     */
    static Map<String, List<String>> questionParts(String text) {
        Map<String, List<String>> out = new HashMap<>();
        forEachRun(text, (start, end) -> {
            List<String> parts = parts(text, start, end);
            if (parts.size() > 1) {
                out.putIfAbsent(joined(text, start, end), List.copyOf(parts));
            }
        });
        return out;
    }

    /** What {@link #forEachRun} calls for each run {@code [start, end)}. */
    @FunctionalInterface
    private interface RunVisitor {
        void run(int start, int end);
    }

    /** Calls {@code visitor} for each non-empty run of {@code text} ({@link #runEnd}), in order; one pass. */
    private static void forEachRun(String text, RunVisitor visitor) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            while (i < n && !Character.isLetterOrDigit(text.charAt(i))) {
                i++;
            }
            int start = i;
            i = runEnd(text, i);
            if (i > start) {
                visitor.run(start, i);
            }
        }
    }

    /** The run's parts: split at its joiners, then at case changes and digits ({@link #split}). */
    private static List<String> parts(String text, int start, int end) {
        List<String> parts = new ArrayList<>();
        int from = start;
        for (int j = start; j <= end; j++) {
            if (j == end || !Character.isLetterOrDigit(text.charAt(j))) {
                split(text, from, j, parts);
                from = j + 1;
            }
        }
        return parts;
    }

    /**
     * Other forms of {@code word} to look up in an index that does not stem: the word without one of the common
     * endings of {@link #FORM_ENDINGS} ("building" → build, "discovers" → discover, "reused" → reus, reuse), when at
     * least {@link #STEM} letters remain. At most a handful; in the order tried.
     */
    static List<String> forms(String word) {
        Set<String> out = new LinkedHashSet<>();
        for (String end : FORM_ENDINGS) {
            if (word.endsWith(end) && word.length() - end.length() >= STEM) {
                String stem = word.substring(0, word.length() - end.length());
                out.add(stem);
                if (!stem.endsWith("e")) {
                    out.add(stem + "e");
                }
            }
        }
        out.remove(word);
        return List.copyOf(out);
    }

    /** Endings {@link #forms} takes off: plural, third person, past, gerund, agent. */
    private static final List<String> FORM_ENDINGS = List.of("s", "es", "ed", "d", "ing", "er", "ers");

    /** The end of the run starting at {@code i}: letters and digits, joined by single {@code _} or {@code -}. */
    private static int runEnd(String text, int i) {
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                i++;
            } else if ((c == '_' || c == '-') && i + 1 < n && Character.isLetterOrDigit(text.charAt(i + 1))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    /** The run lower-cased, without its joiners. */
    private static String joined(String text, int start, int end) {
        StringBuilder sb = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }

    /** Splits one run of letters and digits at lower-to-upper, letter-to-digit and acronym boundaries. */
    private static void split(String text, int start, int end, List<String> out) {
        int from = start;
        for (int i = start + 1; i <= end; i++) {
            boolean boundary = i == end;
            if (!boundary) {
                char prev = text.charAt(i - 1);
                char c = text.charAt(i);
                boolean lowerUpper = Character.isLowerCase(prev) && Character.isUpperCase(c);
                boolean acronymEnd = Character.isUpperCase(prev)
                        && Character.isUpperCase(c)
                        && i + 1 < end
                        && Character.isLowerCase(text.charAt(i + 1));
                boolean digitEdge = Character.isDigit(prev) != Character.isDigit(c);
                boundary = lowerUpper || acronymEnd || digitEdge;
            }
            if (boundary) {
                if (i - from >= 2) {
                    out.add(text.substring(from, i).toLowerCase(Locale.ROOT));
                }
                from = i;
            }
        }
    }

    /** The distinct words of {@code texts}, sorted, for {@link #contains}. */
    static NavigableSet<String> vocabulary(Iterable<String> texts) {
        NavigableSet<String> words = new TreeSet<>();
        for (String text : texts) {
            words.addAll(of(text));
        }
        return words;
    }

    /** Whether {@code vocabulary} holds {@code word} or the same word with another short ending. */
    static boolean contains(NavigableSet<String> vocabulary, String word) {
        if (vocabulary.contains(word)) {
            return true;
        }
        String prefix = word.substring(0, Math.max(1, Math.min(STEM, word.length() - 1)));
        for (String candidate : vocabulary.subSet(prefix, true, prefix + Character.MAX_VALUE, false)) {
            if (sameWord(word, candidate)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether two lower-case words are one word with different endings: after a shared beginning (at least
     * {@link #STEM} letters, or all but one of a shorter word) each goes on with nothing or a common English ending, the
     * first letter of which may double the last shared one ("run", "runs", "running", "runner"; "parse", "parser",
     * "parsing"; "configure", "configuration"; not "message" and "messagepack", "shut" and "shutdown").
     */
    static boolean sameWord(String a, String b) {
        int common = 0;
        int shorter = Math.min(a.length(), b.length());
        while (common < shorter && a.charAt(common) == b.charAt(common)) {
            common++;
        }
        for (int at = common; at >= Math.max(1, Math.min(STEM, shorter - 1)); at--) {
            if (ending(a, at) && ending(b, at)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code word} from {@code at} on is nothing or one of {@link #ENDINGS}, maybe after a doubled letter. */
    private static boolean ending(String word, int at) {
        String rest = word.substring(at);
        if (ENDINGS.contains(rest)) {
            return true;
        }
        return at > 0
                && !rest.isEmpty()
                && rest.charAt(0) == word.charAt(at - 1)
                && ENDINGS.contains(rest.substring(1));
    }

    /**
     * Endings that make another form of the same word (plural, tense, agent, action, manner, state: "depend",
     * "dependent", "dependencies").
     */
    private static final java.util.Set<String> ENDINGS = java.util.Set.of(
            "", "s", "es", "e", "ed", "d", "ing", "er", "ers", "or", "ors", "ion", "ions", "ation", "ations", "ly",
            "ally", "al", "ful", "fully", "able", "ably", "ible", "ment", "ments", "ness", "ize", "izes", "ized",
            "izing", "izer", "ise", "ises", "ised", "ising", "y", "ies", "ied", "ity", "ive", "ic", "ics", "ent",
            "ents", "ence", "ences", "ency", "encies", "ant", "ants", "ance", "ances", "ancy", "ancies");
}
