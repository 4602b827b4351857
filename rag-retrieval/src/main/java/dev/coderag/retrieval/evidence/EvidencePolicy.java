package dev.coderag.retrieval.evidence;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * When there is enough evidence to answer a question: the parameters of {@code evidence.json} and the pure
 * decision over an {@link Evidence} ({@link #judge}). Immutable and thread-safe.
 *
 * <p>A raw cosine threshold does not hold across repositories and questions: a setup question answered word for
 * word by a small README section can score 0.59, while a question about a feature a repository lacks scores 0.75
 * against the code that comes nearest. What does hold is whether the repository has the question's words at all:
 * a question about cooking or about GraphQL support names things a web framework never mentions. So a question is
 * answered when the repository holds all its content words and the relevance clears a low floor; a question with
 * words the repository lacks only when they are a small share of its words and the match is strong.
 *
 * @param hits how many of the first hits of a ranking are read
 * @param relevanceFloor the relevance (cosine) the best hit must reach for any answer
 * @param maxAbsentShare the largest share of a question's content words the repository may lack
 * @param maxAbsentShareNamed the same, when a hit is code the question names
 * @param strongRelevance the relevance the best hit must reach when the repository lacks some content words
 * @param oneAbsentMinWords a question of at least this many content words may lack one of them whatever the share
 *     (still with a strong match): a long question written in its own words ("tokenizer construction and vocabulary
 *     building") uses a word the code does not, while a question about a missing feature names it in few words
 * @param genericWords the words of a question that name no topic ("how", "does", "use", "project")
 * @param staticRelevanceFloor {@code relevanceFloor} for a store whose vectors are all of the static tier, whose
 *     cosines are on a scale of their own, lower than the model's ({@link #forStaticTier})
 * @param staticStrongRelevance {@code strongRelevance} for such a store
 */
public record EvidencePolicy(
        int hits,
        double relevanceFloor,
        double maxAbsentShare,
        double maxAbsentShareNamed,
        double strongRelevance,
        int oneAbsentMinWords,
        Set<String> genericWords,
        double staticRelevanceFloor,
        double staticStrongRelevance) {
    private static final String RESOURCE = "evidence.json";

    public EvidencePolicy {
        genericWords = Set.copyOf(genericWords);
        if (hits < 1) {
            throw new IllegalArgumentException("evidence.json: hits must be at least 1");
        }
        for (double v : new double[] {
            relevanceFloor,
            maxAbsentShare,
            maxAbsentShareNamed,
            strongRelevance,
            staticRelevanceFloor,
            staticStrongRelevance
        }) {
            if (!(v >= 0 && v <= 1)) {
                throw new IllegalArgumentException("evidence.json: relevances and shares must lie in [0, 1]");
            }
        }
    }

    /** The policy shipped in this module's resources. */
    public static EvidencePolicy load() {
        try (InputStream in = EvidencePolicy.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource dev/coderag/retrieval/evidence/" + RESOURCE);
            }
            return parse(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static EvidencePolicy parse(JsonNode root) {
        Set<String> generic = new HashSet<>();
        root.path("generic_words").forEach(w -> generic.add(w.asText().toLowerCase(Locale.ROOT)));
        JsonNode staticTier = root.path("static_tier");
        return new EvidencePolicy(
                required(root, "hits").asInt(),
                required(root, "relevance_floor").asDouble(),
                required(root, "max_absent_share").asDouble(),
                required(root, "max_absent_share_named").asDouble(),
                required(root, "strong_relevance").asDouble(),
                required(root, "one_absent_min_words").asInt(),
                generic,
                required(staticTier, "relevance_floor").asDouble(),
                required(staticTier, "strong_relevance").asDouble());
    }

    /**
     * This policy for a store whose vectors are all of the static tier: relevance is then the static tier's cosine,
     * judged by {@link #staticRelevanceFloor} and {@link #staticStrongRelevance}; the word rules are the same.
     */
    public EvidencePolicy forStaticTier() {
        return new EvidencePolicy(
                hits,
                staticRelevanceFloor,
                maxAbsentShare,
                maxAbsentShareNamed,
                staticStrongRelevance,
                oneAbsentMinWords,
                genericWords,
                staticRelevanceFloor,
                staticStrongRelevance);
    }

    private static JsonNode required(JsonNode root, String field) {
        JsonNode v = root.get(field);
        if (v == null || !v.isNumber()) {
            throw new IllegalArgumentException("evidence.json needs a number '" + field + "' (static_tier's too)");
        }
        return v;
    }

    /** The distinct words of {@code question} that name its topic, in order: its words less the generic ones. */
    public List<String> contentWords(String question) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : Words.question(question)) {
            if (!genericWords.contains(w) && !w.chars().allMatch(Character::isDigit)) {
                out.add(w);
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * Whether {@code evidence} is enough to answer from. Pure. In order: no hit at all refuses; a question whose
     * content words the repository all holds is answered when it names code that was found or its best relevance
     * reaches {@link #relevanceFloor} (a question of generic words only, "What does this project do?", alike);
     * one with words the repository lacks is answered only when they are at most {@link #maxAbsentShare} of its
     * content words ({@link #maxAbsentShareNamed} when it names code that was found), or one word of at least
     * {@link #oneAbsentMinWords}, and its best relevance reaches {@link #strongRelevance}.
     */
    public Verdict judge(Evidence evidence) {
        double best = evidence.bestRelevance();
        if (evidence.hits() == 0) {
            return new Verdict(false, best, "nothing was found");
        }
        List<String> absent = evidence.terms().stream()
                .filter(t -> !t.inRepository())
                .map(Evidence.Term::word)
                .toList();
        if (absent.isEmpty()) {
            if (evidence.pinned()) {
                return new Verdict(true, best, "it names code that was found");
            }
            boolean enough = best >= relevanceFloor;
            String words = evidence.terms().isEmpty() ? "a general question" : "every word of it found";
            return new Verdict(
                    enough,
                    best,
                    enough
                            ? words
                            : String.format(Locale.ROOT, "%s, but relevance %.2f < %.2f", words, best, relevanceFloor));
        }
        String lacking = "the repository never mentions '" + String.join("', '", absent) + "'";
        double allowed = evidence.pinned() ? maxAbsentShareNamed : maxAbsentShare;
        boolean oneInMany = absent.size() == 1 && evidence.terms().size() >= oneAbsentMinWords;
        if (evidence.absentShare() > allowed && !oneInMany) {
            return new Verdict(false, best, lacking);
        }
        boolean strong = best >= strongRelevance;
        return new Verdict(
                strong,
                best,
                strong
                        ? String.format(Locale.ROOT, "a strong match (relevance %.2f) though %s", best, lacking)
                        : String.format(Locale.ROOT, "%s, and relevance %.2f < %.2f", lacking, best, strongRelevance));
    }
}
