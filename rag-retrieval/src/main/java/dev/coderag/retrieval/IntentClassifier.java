package dev.coderag.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.embed.Embedder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Classifies a query embedding by its nearest prototype question. The prototypes and the threshold are data
 * ({@code intents.json}); their embeddings are computed once, at construction. Thread-safe, immutable.
 */
final class IntentClassifier {

    /** The intents the routing table and the answer builder know. */
    static final Set<String> KNOWN =
            Set.of("overview", "implementation", "relationship", "comparison", "usage", "history");

    /**
     * @param cueBonus added to an intent's score when the query contains one of its cues
     * @param cues per intent, words or phrases that signal it ("callers", "versus", "install")
     * @param openingBonus added to an intent's score when the query starts with one of its openings
     * @param openings per intent, the words a question of that intent starts with ("where is", "how do i"): the
     *     form of a question says more about what is asked than its topic words, which pull the embedding
     * @param closingBonus added to an intent's score when the query ends with one of its closings
     * @param closings per intent, the words a question of that intent ends with ("where is X used")
     * @param questionWords the first words that make a query a question or a request ("how", "what", "can",
     *     "show", …); so does a final {@code ?}
     * @param cueBonusByIntent a cue bonus of its own for an intent whose cue words outweigh a question's opening
     *     ("How is X different from Y?" compares, though "How …" otherwise asks how something works)
     * @param searchIntents the intents a query without question form ("timeout configuration", "TCPConnector")
     *     takes by its embedding alone: such a query searches for code; any other intent it takes only when one of
     *     that intent's cues, openings or closings is in it ("callers of parse", "install with pip")
     * @param cuePatterns per intent, regular expressions over the question (lower-cased, one space around every
     *     word) that count as one of its cues: a year or a version tag in a question asks about the history
     */
    record Prototypes(
            double threshold,
            String defaultIntent,
            Map<String, List<String>> questions,
            double cueBonus,
            Map<String, List<String>> cues,
            double openingBonus,
            Map<String, List<String>> openings,
            double closingBonus,
            Map<String, List<String>> closings,
            Set<String> questionWords,
            Set<String> searchIntents,
            Map<String, Double> cueBonusByIntent,
            Map<String, List<java.util.regex.Pattern>> cuePatterns) {
        Prototypes {
            cuePatterns = Map.copyOf(cuePatterns);
            cueBonusByIntent = Map.copyOf(cueBonusByIntent);
            questionWords = Set.copyOf(questionWords);
            searchIntents = Set.copyOf(searchIntents);
            questions = Map.copyOf(questions);
            cues = Map.copyOf(cues);
            openings = Map.copyOf(openings);
            closings = Map.copyOf(closings);
        }

        /** Without cue patterns. */
        Prototypes(
                double threshold,
                String defaultIntent,
                Map<String, List<String>> questions,
                double cueBonus,
                Map<String, List<String>> cues,
                double openingBonus,
                Map<String, List<String>> openings,
                double closingBonus,
                Map<String, List<String>> closings,
                Set<String> questionWords,
                Set<String> searchIntents,
                Map<String, Double> cueBonusByIntent) {
            this(
                    threshold,
                    defaultIntent,
                    questions,
                    cueBonus,
                    cues,
                    openingBonus,
                    openings,
                    closingBonus,
                    closings,
                    questionWords,
                    searchIntents,
                    cueBonusByIntent,
                    Map.of());
        }

        /** Whether {@code lower} (one space around every word) holds one of {@code intent}'s cues or cue patterns. */
        boolean cued(String intent, String lower) {
            return cues.getOrDefault(intent, List.of()).stream().anyMatch(cue -> lower.contains(" " + cue + " "))
                    || cuePatterns.getOrDefault(intent, List.of()).stream()
                            .anyMatch(p -> p.matcher(lower).find());
        }
    }

    record Result(String intent, double confidence, String nearestPrototype) {}

    private final Prototypes prototypes;
    private final List<String> intentOf = new ArrayList<>();
    private final List<String> text = new ArrayList<>();
    private final List<float[]> vectors = new ArrayList<>();

    IntentClassifier(Prototypes prototypes, Embedder embedder) {
        this.prototypes = prototypes;
        for (Map.Entry<String, List<String>> e : prototypes.questions().entrySet()) {
            for (String q : e.getValue()) {
                intentOf.add(e.getKey());
                text.add(q);
                vectors.add(embedder.embedQuery(q));
            }
        }
    }

    static IntentClassifier load(Embedder embedder) {
        return new IntentClassifier(parse(Resources.text("intents.json")), embedder);
    }

    /** Classifies by embedding only (no cue words). */
    Result classify(float[] query) {
        return classify(query, "");
    }

    /**
     * Best intent by its closest prototype's cosine plus the cue bonus when {@code text} contains one of the
     * intent's cues; below the threshold, the default intent. Confidence is the winning score clamped to [0, 1].
     */
    Result classify(float[] query, String queryText) {
        Map<String, Double> score = new java.util.HashMap<>();
        Map<String, String> nearest = new java.util.HashMap<>();
        for (int i = 0; i < vectors.size(); i++) {
            double s = Vectors.dot(query, vectors.get(i));
            String intent = intentOf.get(i);
            if (s > score.getOrDefault(intent, -1.0)) {
                score.put(intent, s);
                nearest.put(intent, text.get(i));
            }
        }
        // one space around every word, none doubled: phrases match as " phrase " anywhere, at the start or end
        String lower = " "
                + queryText
                        .toLowerCase(java.util.Locale.ROOT)
                        .replaceAll("[^a-z0-9_\\-]+", " ")
                        .strip()
                + " ";
        Set<String> cued = new java.util.HashSet<>();
        for (String intent : prototypes.questions().keySet()) {
            if (prototypes.cued(intent, lower)) {
                double bonus = prototypes.cueBonusByIntent().getOrDefault(intent, prototypes.cueBonus());
                score.computeIfPresent(intent, (k, v) -> v + bonus);
                cued.add(intent);
            }
        }
        cued.addAll(addLongest(
                score, prototypes.openings(), prototypes.openingBonus(), p -> lower.startsWith(" " + p + " ")));
        cued.addAll(addLongest(
                score, prototypes.closings(), prototypes.closingBonus(), p -> lower.endsWith(" " + p + " ")));
        if (!isQuestion(lower, queryText)) {
            score.keySet().removeIf(i -> !prototypes.searchIntents().contains(i) && !cued.contains(i));
        }
        String best = null;
        for (String intent : prototypes.questions().keySet()) {
            if (score.containsKey(intent) && (best == null || score.get(intent) > score.get(best))) {
                best = intent;
            }
        }
        if (best == null) {
            return new Result(prototypes.defaultIntent(), 0, "");
        }
        double s = score.get(best);
        double confidence = Math.max(0, Math.min(1, s));
        if (s < prototypes.threshold()) {
            return new Result(prototypes.defaultIntent(), confidence, nearest.get(best));
        }
        return new Result(best, confidence, nearest.get(best));
    }

    /**
     * Adds {@code bonus} to each intent whose matching phrase is the longest that matches any intent (once per
     * intent): "how do i" (usage) outweighs "how" (implementation), so a short opening can stand for every
     * question that starts with it and no longer one.
     */
    private static Set<String> addLongest(
            Map<String, Double> score,
            Map<String, List<String>> phrases,
            double bonus,
            java.util.function.Predicate<String> matches) {
        Set<String> added = new java.util.HashSet<>();
        int longest = 0;
        for (List<String> ps : phrases.values()) {
            for (String p : ps) {
                if (p.length() > longest && matches.test(p)) {
                    longest = p.length();
                }
            }
        }
        for (Map.Entry<String, List<String>> e : phrases.entrySet()) {
            int length = longest;
            if (length > 0 && e.getValue().stream().anyMatch(p -> p.length() == length && matches.test(p))) {
                score.computeIfPresent(e.getKey(), (k, v) -> v + bonus);
                added.add(e.getKey());
            }
        }
        return added;
    }

    /**
     * Whether a query is phrased as a question or request: its first word is a question word, or it ends with a
     * question mark. {@code lower} is the query lower-cased with one space around every word.
     */
    private boolean isQuestion(String lower, String queryText) {
        if (queryText.strip().endsWith("?")) {
            return true;
        }
        String trimmed = lower.strip();
        int space = trimmed.indexOf(' ');
        String first = space < 0 ? trimmed : trimmed.substring(0, space);
        return prototypes.questionWords().contains(first);
    }

    /** The per-intent phrases under {@code field}, lower-cased; a phrase for an unknown intent fails. */
    private static Map<String, List<String>> phrases(JsonNode root, String field, Set<String> intents) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : root.path(field).properties()) {
            if (!intents.contains(e.getKey())) {
                throw new IllegalArgumentException(field + " for unknown intent '" + e.getKey() + "'");
            }
            List<String> cs = new ArrayList<>();
            e.getValue()
                    .forEach(c ->
                            cs.add(c.asText().toLowerCase(java.util.Locale.ROOT).strip()));
            out.put(e.getKey(), List.copyOf(cs));
        }
        return out;
    }

    static Prototypes parse(String json) {
        try {
            JsonNode root = new ObjectMapper().readTree(json);
            Map<String, List<String>> questions = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : root.path("intents").properties()) {
                if (!KNOWN.contains(e.getKey())) {
                    throw new IllegalArgumentException("unknown intent '" + e.getKey() + "' (known: " + KNOWN + ")");
                }
                List<String> qs = new ArrayList<>();
                e.getValue().forEach(q -> qs.add(q.asText()));
                if (qs.isEmpty()) {
                    throw new IllegalArgumentException("intent '" + e.getKey() + "' has no prototypes");
                }
                questions.put(e.getKey(), List.copyOf(qs));
            }
            String def = root.path("default_intent").asText("implementation");
            if (!KNOWN.contains(def)) {
                throw new IllegalArgumentException("unknown default_intent '" + def + "'");
            }
            double threshold = root.path("threshold").asDouble(0.7);
            Map<String, List<String>> cues = phrases(root, "cues", questions.keySet());
            Map<String, List<String>> openings = phrases(root, "openings", questions.keySet());
            Map<String, List<String>> closings = phrases(root, "closings", questions.keySet());
            Set<String> questionWords = new java.util.HashSet<>();
            root.path("question_words")
                    .forEach(w -> questionWords.add(w.asText().toLowerCase(java.util.Locale.ROOT)));
            Map<String, Double> cueBonusByIntent = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e :
                    root.path("cue_bonus_by_intent").properties()) {
                if (!questions.containsKey(e.getKey())) {
                    throw new IllegalArgumentException("cue_bonus_by_intent names unknown intent '" + e.getKey() + "'");
                }
                cueBonusByIntent.put(e.getKey(), e.getValue().asDouble());
            }
            Set<String> searchIntents = new java.util.HashSet<>();
            for (JsonNode i : root.path("search_intents")) {
                if (!questions.containsKey(i.asText())) {
                    throw new IllegalArgumentException("search_intents names unknown intent '" + i.asText() + "'");
                }
                searchIntents.add(i.asText());
            }
            Map<String, List<java.util.regex.Pattern>> cuePatterns = new LinkedHashMap<>();
            phrases(root, "cue_patterns", questions.keySet())
                    .forEach((intent, ps) -> cuePatterns.put(
                            intent,
                            ps.stream().map(java.util.regex.Pattern::compile).toList()));
            return new Prototypes(
                    threshold,
                    def,
                    questions,
                    root.path("cue_bonus").asDouble(0),
                    cues,
                    root.path("opening_bonus").asDouble(0),
                    openings,
                    root.path("closing_bonus").asDouble(0),
                    closings,
                    questionWords,
                    searchIntents,
                    cueBonusByIntent,
                    cuePatterns);
        } catch (IOException e) {
            throw new IllegalArgumentException("intent file is not valid JSON: " + e.getMessage(), e);
        }
    }
}
