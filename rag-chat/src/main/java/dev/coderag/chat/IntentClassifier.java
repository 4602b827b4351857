package dev.coderag.chat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.store.Embedder;
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
    static final Set<String> KNOWN = Set.of("overview", "implementation", "relationship", "comparison", "usage");

    record Prototypes(double threshold, String defaultIntent, Map<String, List<String>> questions) {
        Prototypes {
            questions = Map.copyOf(questions);
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

    /** Best intent by maximum cosine over its prototypes; below the threshold, the default intent. */
    Result classify(float[] query) {
        double best = -1;
        int bestIndex = -1;
        for (int i = 0; i < vectors.size(); i++) {
            double s = Vectors.dot(query, vectors.get(i));
            if (s > best) {
                best = s;
                bestIndex = i;
            }
        }
        double confidence = Math.max(0, Math.min(1, best));
        if (bestIndex < 0 || best < prototypes.threshold()) {
            return new Result(prototypes.defaultIntent(), confidence, bestIndex < 0 ? "" : text.get(bestIndex));
        }
        return new Result(intentOf.get(bestIndex), confidence, text.get(bestIndex));
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
            return new Prototypes(threshold, def, questions);
        } catch (IOException e) {
            throw new IllegalArgumentException("intent file is not valid JSON: " + e.getMessage(), e);
        }
    }
}
