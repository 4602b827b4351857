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
 * @param hits how many of the first hits of a ranking are read
 * @param relevanceFloor the relevance (cosine) below which nothing is good enough to answer from
 * @param genericWords the words of a question that name no topic ("how", "does", "use", "project")
 */
public record EvidencePolicy(int hits, double relevanceFloor, Set<String> genericWords) {
    private static final String RESOURCE = "evidence.json";

    public EvidencePolicy {
        genericWords = Set.copyOf(genericWords);
        if (hits < 1) {
            throw new IllegalArgumentException("evidence.json: hits must be at least 1");
        }
        if (!(relevanceFloor >= 0 && relevanceFloor <= 1)) {
            throw new IllegalArgumentException("evidence.json: relevance_floor must lie in [0, 1]");
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
        return new EvidencePolicy(
                required(root, "hits").asInt(),
                required(root, "relevance_floor").asDouble(),
                generic);
    }

    private static JsonNode required(JsonNode root, String field) {
        JsonNode v = root.get(field);
        if (v == null || !v.isNumber()) {
            throw new IllegalArgumentException("evidence.json needs a number '" + field + "'");
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
     * Whether {@code evidence} is enough to answer from: a pinned hit, or a best relevance of at least
     * {@link #relevanceFloor}. Pure.
     */
    public Verdict judge(Evidence evidence) {
        double best = evidence.bestRelevance();
        if (evidence.pinned()) {
            return new Verdict(true, best, "a hit was pinned");
        }
        boolean enough = best >= relevanceFloor;
        return new Verdict(
                enough,
                best,
                String.format(Locale.ROOT, "relevance %.2f %s %.2f", best, enough ? ">=" : "<", relevanceFloor));
    }
}
