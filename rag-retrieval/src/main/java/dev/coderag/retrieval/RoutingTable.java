package dev.coderag.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Behaviour as data: how many results each table contributes per intent, and how much lexical search weighs
 * against vector search. Loaded from {@code routing.json}; immutable.
 *
 * @param rrfK the k of reciprocal rank fusion (1 / (k + rank))
 * @param candidatesFactor each retriever fetches this many times a table's quota
 * @param minCandidates and at least this many
 * @param pinWeight fusion weight of the pin list (named files, symbols, stack frames)
 * @param graphWeight fusion weight of callers/callees
 * @param maxPins at most this many pinned chunks per query
 * @param wordPinStrength the strength of a pin found by a plain word of a short question that names a symbol
 *     ({@code "what calls select?"} → the methods named {@code select}); 0: plain words pin nothing
 * @param wordPinIntents the intents whose questions pin by plain words: a relationship question's subject is often
 *     a plain word, while in "how does ingest decide which files changed?" the methods named {@code ingest} are
 *     not what is asked
 * @param relevanceFloor a chat answer needs a hit whose relevance reaches this, or it refuses
 * @param paths groups of files that weigh more or less (tests, changelogs, examples), per question
 * @param callDirection which relationship questions ask for callees rather than callers
 * @param leadMaxWords a question of at most this many words has the definitions it names first among its
 *     sources (longer texts — bug reports — name many things in passing)
 * @param staticTierLexical the least lexical weight of a question whose vectors are all of the static tier (a store
 *     built with {@code --vectors static}): the static tier's vector evidence is weaker than the model's, so BM25
 *     weighs more
 */
record RoutingTable(
        int rrfK,
        int candidatesFactor,
        int minCandidates,
        double pinWeight,
        double graphWeight,
        int maxPins,
        double wordPinStrength,
        java.util.Set<String> wordPinIntents,
        double relevanceFloor,
        PathWeights paths,
        CallDirection callDirection,
        int leadMaxWords,
        double staticTierLexical,
        Map<String, Route> routes) {
    /**
     * @param perTable results per table
     * @param graph callers/callees added on top (0 = no graph expansion)
     * @param lexical weight of lexical in fusion, in [0, 1]; vector gets 1 - lexical
     * @param answer how an answer to this intent is written
     */
    /** The strength of a plain word's pins for a question of {@code intent} (0: none). */
    double wordPinStrength(String intent) {
        return wordPinIntents.contains(intent) ? wordPinStrength : 0;
    }

    record Route(Map<ChunkKind, Integer> perTable, int graph, double lexical, AnswerStyle answer) {
        Route {
            perTable = Map.copyOf(perTable);
            java.util.Objects.requireNonNull(answer, "answer");
            if (!(lexical >= 0 && lexical <= 1)) {
                throw new IllegalArgumentException("lexical must be in [0,1]: " + lexical);
            }
        }

        int total() {
            return perTable.values().stream().mapToInt(Integer::intValue).sum() + graph;
        }

        int quota(ChunkKind kind) {
            return perTable.getOrDefault(kind, 0);
        }

        /** This route with a lexical weight of at least {@code min}. */
        Route withLexicalAtLeast(double min) {
            return lexical >= min ? this : new Route(perTable, graph, min, answer);
        }
    }

    RoutingTable {
        wordPinIntents = java.util.Set.copyOf(wordPinIntents);
        routes = Map.copyOf(routes);
        for (PathGroup g : paths.groups()) {
            for (String intent : g.intents()) {
                if (!routes.containsKey(intent)) {
                    throw new IllegalArgumentException(
                            "path_weights." + g.name() + " names intent '" + intent + "', which has no route");
                }
            }
        }
    }

    /** The route of an intent; an unknown intent is a bug in the intent file, so it fails loudly. */
    Route route(String intent) {
        Route r = routes.get(intent);
        if (r == null) {
            throw new IllegalStateException("routing.json has no route for intent '" + intent + "'");
        }
        return r;
    }

    static RoutingTable load() {
        return parse(Resources.text("routing.json"));
    }

    private static PathWeights paths(JsonNode groups) {
        java.util.List<PathGroup> out = new java.util.ArrayList<>();
        for (Map.Entry<String, JsonNode> e : groups.properties()) {
            if (e.getKey().startsWith("_")) {
                continue; // comments
            }
            JsonNode t = e.getValue();
            out.add(new PathGroup(
                    e.getKey(),
                    t.path("weight").asDouble(1.0),
                    new java.util.HashSet<>(strings(t.path("dirs"))),
                    strings(t.path("prefixes")),
                    strings(t.path("suffixes")),
                    new java.util.HashSet<>(strings(t.path("names"))),
                    new java.util.HashSet<>(strings(t.path("question_words"))),
                    new java.util.HashSet<>(strings(t.path("intents")))));
        }
        return new PathWeights(out);
    }

    private static java.util.List<String> strings(JsonNode array) {
        java.util.List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    static RoutingTable parse(String json) {
        try {
            JsonNode root = new ObjectMapper().readTree(json);
            Map<String, Route> routes = new LinkedHashMap<>();
            JsonNode intents = root.path("intents");
            if (!intents.isObject() || intents.isEmpty()) {
                throw new IllegalArgumentException("routing table needs an 'intents' object");
            }
            for (Map.Entry<String, JsonNode> e : intents.properties()) {
                JsonNode r = e.getValue();
                Map<ChunkKind, Integer> perTable = new EnumMap<>(ChunkKind.class);
                for (ChunkKind kind : ChunkKind.values()) {
                    int n = r.path(kind.table()).asInt(0);
                    if (n < 0) {
                        throw new IllegalArgumentException(e.getKey() + "." + kind.table() + " is negative");
                    }
                    perTable.put(kind, n);
                }
                routes.put(
                        e.getKey(),
                        new Route(
                                perTable,
                                r.path("graph").asInt(0),
                                r.path("lexical").asDouble(0.5),
                                AnswerStyle.fromWire(r.path("answer").asText("definition"))));
            }
            return new RoutingTable(
                    root.path("rrf_k").asInt(60),
                    root.path("candidates_factor").asInt(4),
                    root.path("min_candidates").asInt(20),
                    root.path("pin_weight").asDouble(2.0),
                    root.path("graph_weight").asDouble(0.6),
                    root.path("max_pins").asInt(12),
                    root.path("word_pin_strength").asDouble(1.0),
                    new java.util.HashSet<>(strings(root.path("word_pin_intents"))),
                    root.path("relevance_floor").asDouble(0.6),
                    paths(root.path("path_weights")),
                    new CallDirection(
                            new java.util.HashSet<>(
                                    strings(root.path("callee_questions").path("auxiliaries"))),
                            new java.util.HashSet<>(
                                    strings(root.path("callee_questions").path("verbs")))),
                    root.path("lead_max_words").asInt(0),
                    root.path("static_tier_lexical").asDouble(0),
                    routes);
        } catch (IOException e) {
            throw new IllegalArgumentException("routing table is not valid JSON: " + e.getMessage(), e);
        }
    }
}
