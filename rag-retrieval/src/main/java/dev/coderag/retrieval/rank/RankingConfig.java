package dev.coderag.retrieval.rank;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The ranking stack's weights and switches ({@code ranking.json}): every boost is a multiple of the best
 * candidate's score, so that it means the same whatever the fusion's scale.
 *
 * @param definitions boost chunks that define a symbol the question names
 * @param definitionSymbol the boost, times the best score, for a query that is a symbol ({@link QueryForm#SYMBOL})
 * @param definitionWords the boost for an identifier named inside a question of words
 * @param definitionStem the factor on the boost when the defining file's name is the symbol's
 * @param definitionLaterParts for a symbol query, the factor on the boost for a part of a long definition other than its
 *     first (the head that declares it: the place a symbol query asks for)
 * @param pathWords boost chunks whose file or directory name holds the question's words (questions of words)
 * @param pathWordBoost the boost, times the best score, for a file or directory name holding all of them
 * @param pathWordMinRatio the smallest share of the question's words that counts
 * @param minPrefix a word and a name part match when the shorter, at least this long, starts the longer
 * @param coherence lift each file's best chunk by the evidence of the file's other candidates
 * @param coherenceBoost the lift, times the best score, of the file with the most evidence
 * @param saturation spread the first places over files
 * @param saturationAfter chunks of one file placed before the decay starts
 * @param saturationDecay the factor on a chunk's score per chunk of its file placed before it beyond that
 * @param stopwords words never matched against paths
 * @param maxWords questions longer than this (bug reports, pasted logs) get path words and saturation only: the
 *     many names of a long report are not what it asks for
 * @param saturationSkip intents whose sources are not spread over files (a relationship answer lists every caller,
 *     several of which may share a file)
 * @param mergeTables fuse one vector and one lexical ranking, each merged over the routed tables by score, instead
 *     of one list per table and retriever
 * @param leads the definitions a short question names, and their callers and callees, lead the sources
 * @param frontPage the front-page step (see {@link FrontPage})
 * @param nameWords the name-words step (see {@link NameWords})
 * @param commonPrefixShare a word and a name part also match when they share a prefix of at least this share of the
 *     shorter (0: off)
 * @param pathStem the path-stem step (see {@link PathStem})
 */
public record RankingConfig(
        boolean definitions,
        double definitionSymbol,
        double definitionWords,
        double definitionStem,
        double definitionLaterParts,
        boolean pathWords,
        double pathWordBoost,
        double pathWordMinRatio,
        int minPrefix,
        boolean coherence,
        double coherenceBoost,
        boolean saturation,
        int saturationAfter,
        double saturationDecay,
        Set<String> stopwords,
        int maxWords,
        Set<String> saturationSkip,
        boolean mergeTables,
        boolean leads,
        double commonPrefixShare,
        PathStem pathStem,
        FrontPage frontPage,
        NameWords nameWords) {
    public RankingConfig {
        stopwords = Set.copyOf(stopwords);
        saturationSkip = Set.copyOf(saturationSkip);
        if (saturationDecay <= 0 || saturationDecay > 1 || saturationAfter < 1 || minPrefix < 1) {
            throw new IllegalArgumentException("bad ranking settings");
        }
    }

    /**
     * Questions about the project as a whole go to its front page.
     *
     * @param on whether the step runs
     * @param intents the intents it applies to (usage, overview)
     * @param generic the words such a question may hold (build, run, install, it, project, …); a question with any
     *     other word is about something in particular
     * @param names the front page's file names, lower case, at the repository's top level
     * @param boost the gain, times the best score
     */
    public record FrontPage(boolean on, Set<String> intents, Set<String> generic, Set<String> names, double boost) {
        public FrontPage {
            intents = Set.copyOf(intents);
            generic = Set.copyOf(generic);
            names = Set.copyOf(names);
        }

        static final FrontPage OFF = new FrontPage(false, Set.of(), Set.of(), Set.of(), 0);
    }

    /**
     * A further lift for a file whose name is made of the question's words only, every part of it
     * ({@code Headers.scala} for "Headers and individual Header types"): a question that names a topic is answered by
     * the file named for it. Not for a question opening with one of {@code skipOpenings} ("how does …"): it asks for a
     * mechanism, which the file named after one of its words seldom holds alone.
     *
     * @param boost the lift, times the best score (0: off)
     * @param skipOpenings lower-case first words of the questions it does not apply to
     * @param maxWords the longest question it applies to: a topic is named in a few words, and a long text (a bug
     *     report) names many files in passing
     * @param indexNames lower-case stems of index files, named by their directory instead ({@code mod}, {@code index},
     *     {@code __init__})
     * @param moduleNames whether a file named by a qualified name the question writes ({@code mini.jump} for {@code
     *     lua/mini/jump.lua}, {@code absl::Status} for {@code absl/status/status.h}) gains the same lift, whatever the
     *     question's opening: the question names the module outright; only up to {@code maxWords} (a bug report
     *     names many classes by their qualified names in passing)
     * @param typeNames whether a file whose name a short question writes as a capitalised word past its first
     *     ({@code Applicative.scala} for "how Applicative combines independent effects", not {@code
     *     CommutativeApplicative.scala}) gains the same lift, whatever the opening
     */
    public record PathStem(
            double boost,
            Set<String> skipOpenings,
            int maxWords,
            Set<String> indexNames,
            boolean moduleNames,
            boolean typeNames) {
        public PathStem {
            skipOpenings = Set.copyOf(skipOpenings);
            indexNames = Set.copyOf(indexNames);
        }

        public static final PathStem OFF = new PathStem(0, Set.of(), 0, Set.of(), false, false);
    }

    /**
     * Definitions whose name the question's words spell out.
     *
     * @param on whether the step runs
     * @param boost the gain, times the best score
     * @param minParts the fewest name parts (over two letters, not stopwords) a name needs to count
     * @param spareParts the fewest such parts for saturation to spare the chunk: the question spelled out its long
     *     name, so it is the one asked for even as its file's second chunk ({@link Integer#MAX_VALUE}: never)
     */
    public record NameWords(boolean on, double boost, int minParts, int spareParts) {
        static final NameWords OFF = new NameWords(false, 0, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /** Parses {@code ranking.json}. */
    public static RankingConfig parse(String json) {
        try {
            JsonNode r = new ObjectMapper().readTree(json);
            JsonNode steps = r.path("steps");
            Set<String> stop = new HashSet<>();
            r.path("stopwords").forEach(w -> stop.add(w.asText().toLowerCase(Locale.ROOT)));
            Set<String> skip = new HashSet<>();
            r.path("saturation").path("skip_intents").forEach(w -> skip.add(w.asText()));
            return new RankingConfig(
                    steps.path("definitions").asBoolean(true),
                    r.path("definition_boost").path("symbol").asDouble(),
                    r.path("definition_boost").path("words").asDouble(),
                    r.path("definition_boost").path("stem_match").asDouble(1),
                    r.path("definition_boost").path("later_parts").asDouble(1),
                    steps.path("path_words").asBoolean(true),
                    r.path("path_words").path("boost").asDouble(),
                    r.path("path_words").path("min_ratio").asDouble(),
                    r.path("path_words").path("min_prefix").asInt(3),
                    steps.path("coherence").asBoolean(true),
                    r.path("coherence").path("boost").asDouble(),
                    steps.path("saturation").asBoolean(true),
                    r.path("saturation").path("after").asInt(1),
                    r.path("saturation").path("decay").asDouble(1),
                    stop,
                    r.path("max_words").asInt(Integer.MAX_VALUE),
                    skip,
                    r.path("fusion").path("merge_tables").asBoolean(false),
                    steps.path("leads").asBoolean(true),
                    r.path("path_words").path("common_prefix_share").asDouble(0),
                    new PathStem(
                            r.path("path_words").path("stem_boost").asDouble(0),
                            lower(r.path("path_words").path("stem_skip_openings")),
                            r.path("path_words").path("stem_max_words").asInt(Integer.MAX_VALUE),
                            lower(r.path("path_words").path("stem_index_names")),
                            r.path("path_words").path("stem_module_names").asBoolean(false),
                            r.path("path_words").path("stem_type_names").asBoolean(false)),
                    frontPage(r.path("front_page"), steps.path("front_page").asBoolean(true)),
                    r.path("name_words").isMissingNode()
                            ? NameWords.OFF
                            : new NameWords(
                                    steps.path("name_words").asBoolean(true),
                                    r.path("name_words").path("boost").asDouble(),
                                    r.path("name_words").path("min_parts").asInt(2),
                                    r.path("name_words").path("spare_parts").asInt(Integer.MAX_VALUE)));
        } catch (IOException e) {
            throw new IllegalArgumentException("ranking.json is not valid JSON: " + e.getMessage(), e);
        }
    }

    private static FrontPage frontPage(JsonNode f, boolean on) {
        if (f.isMissingNode()) {
            return FrontPage.OFF;
        }
        return new FrontPage(
                on,
                lower(f.path("intents")),
                lower(f.path("generic")),
                lower(f.path("names")),
                f.path("boost").asDouble());
    }

    private static Set<String> lower(JsonNode list) {
        Set<String> out = new HashSet<>();
        list.forEach(w -> out.add(w.asText().toLowerCase(Locale.ROOT)));
        return out;
    }
}
