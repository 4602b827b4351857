package dev.coderag.retrieval.commits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a question about the history asks: {@link Ask} (by its words, {@code history.json}), the dates it names and
 * its informative words (what "why" questions rank commit messages by). Immutable.
 *
 * @param ask what is asked
 * @param window the dates the question names, if any: only commits in it answer
 * @param words the question's words, lower-cased, without stop words and date words, each once
 */
public record HistoryQuestion(Ask ask, Optional<TimeWindow> window, List<String> words) {

    /** What a history question asks about its subject. */
    public enum Ask {
        /** When (in which commit, by whom) it was added: the oldest commit that introduced it. */
        ADDED,
        /** Who or what last changed it: the newest commit that touched it. */
        LAST_CHANGED,
        /** Why it changed: the commits that touched it, those whose message holds the question's words first. */
        WHY,
        /** What changed (in the question's dates): the commits that touched it, newest first. */
        CHANGES
    }

    private static final Words WORDS = Words.load();

    public HistoryQuestion {
        Objects.requireNonNull(ask, "ask");
        Objects.requireNonNull(window, "window");
        words = List.copyOf(words);
    }

    /**
     * Reads a question: its ask, its dates (relative ones counted back from {@code now}) and its words. Linear in
     * its length.
     */
    public static HistoryQuestion of(String question, Instant now) {
        List<String> words = DateWords.words(question);
        String spaced = " " + String.join(" ", words) + " ";
        Ask ask = Ask.CHANGES;
        for (Ask a : WORDS.order) {
            if (WORDS.phrases.getOrDefault(a, List.of()).stream().anyMatch(p -> spaced.contains(" " + p + " "))) {
                ask = a;
                break;
            }
        }
        Set<String> seen = new HashSet<>();
        List<String> informative = new ArrayList<>();
        for (String w : words) {
            if (w.length() > 1
                    && !WORDS.stopwords.contains(w)
                    && DateWords.month(w, "", "") == 0
                    && !Character.isDigit(w.charAt(0))
                    && seen.add(w)) {
                informative.add(w);
            }
        }
        return new HistoryQuestion(ask, TimeWindow.in(question, now), informative);
    }

    /**
     * The question without what it asks of the history — its dates (ISO dates, years, days, month names,
     * "mid-March") and the words of {@code history.json}'s {@code evidence_generic} ("added", "last", "between") —
     * for the judge of whether the sources hold the question's words: a commit holds what it changed, not the
     * words of the question about it. Linear in its length.
     */
    public static String evidenceText(String question) {
        StringBuilder sb = new StringBuilder(question.length());
        for (String token : question.split("\\s+")) { // each token as written: "parseHeader" keeps its parts
            List<String> words = DateWords.words(token);
            if (words.isEmpty() || !words.stream().allMatch(HistoryQuestion::aboutHistory)) {
                sb.append(token).append(' ');
            }
        }
        return sb.toString().strip();
    }

    private static boolean aboutHistory(String w) {
        return Character.isDigit(w.charAt(0))
                || DateWords.month(w, "", "") > 0
                || (w.startsWith("mid-") && DateWords.month(w.substring(4), "", "") > 0)
                || WORDS.evidenceGeneric.contains(w);
    }

    /** Whether an author date is in the question's dates (always, when it names none). */
    public boolean admits(long time) {
        return window.map(w -> w.contains(time)).orElse(true);
    }

    /** The ask phrases and stop words of {@code history.json}. */
    private record Words(
            List<Ask> order, Map<Ask, List<String>> phrases, Set<String> stopwords, Set<String> evidenceGeneric) {
        static Words load() {
            try (InputStream in = HistoryQuestion.class.getResourceAsStream("history.json")) {
                if (in == null) {
                    throw new IllegalStateException("missing resource dev/coderag/retrieval/commits/history.json");
                }
                JsonNode root = new ObjectMapper().readTree(in);
                List<Ask> order = new ArrayList<>();
                root.path("order").forEach(n -> order.add(ask(n.asText())));
                Map<Ask, List<String>> phrases = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : root.path("asks").properties()) {
                    List<String> ps = new ArrayList<>();
                    e.getValue().forEach(n -> ps.add(String.join(" ", DateWords.words(n.asText()))));
                    phrases.put(ask(e.getKey()), List.copyOf(ps));
                }
                Set<String> stop = new HashSet<>();
                root.path("stopwords").forEach(n -> stop.add(n.asText()));
                Set<String> generic = new HashSet<>();
                root.path("evidence_generic").forEach(n -> generic.add(n.asText()));
                return new Words(List.copyOf(order), Map.copyOf(phrases), Set.copyOf(stop), Set.copyOf(generic));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read history.json", e);
            }
        }

        private static Ask ask(String name) {
            return Ask.valueOf(name.toUpperCase(java.util.Locale.ROOT));
        }
    }
}
