package dev.coderag.retrieval.rank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each step of the ranking stack on small hand-made candidate lists, with the step on and off. */
class RankerTest {
    private static final Set<String> STOP = Set.of("how", "the", "and", "for", "are", "is");

    private static RankingConfig config(boolean definitions, boolean pathWords, boolean coherence, boolean saturation) {
        return config(
                definitions,
                pathWords,
                coherence,
                saturation,
                RankingConfig.FrontPage.OFF,
                RankingConfig.NameWords.OFF);
    }

    private static RankingConfig config(
            boolean definitions,
            boolean pathWords,
            boolean coherence,
            boolean saturation,
            RankingConfig.FrontPage frontPage,
            RankingConfig.NameWords nameWords) {
        return new RankingConfig(
                definitions,
                3.0,
                1.5,
                1.5,
                1.0,
                pathWords,
                1.0,
                0.1,
                3,
                coherence,
                0.2,
                saturation,
                1,
                0.5,
                STOP,
                40,
                Set.of("relationship"),
                true,
                true,
                0.7,
                RankingConfig.PathStem.OFF,
                frontPage,
                nameWords);
    }

    private static Candidate code(String path, String symbol, SymbolKind kind, double score) {
        Chunk c = new CodeChunk("r", path, Language.JAVA, symbol, kind, "", "", "", "code", 1, 2, List.of(), "m");
        return new Candidate(path + "#" + symbol, c, score);
    }

    private static List<String> ids(List<Candidate> ranked) {
        return ranked.stream().map(Candidate::id).toList();
    }

    private static Ranker.Question question(String text, List<String> identifiers) {
        return new Ranker.Question(text, identifiers, text.split(" ").length, "implementation");
    }

    @Test
    void a_symbol_query_puts_the_type_that_defines_it_first_and_its_own_file_before_namesakes() {
        List<Candidate> in = List.of(
                code("src/Other.java", "Other.use", SymbolKind.METHOD, 1.0),
                code("src/Helpers.java", "ObjectMapper", SymbolKind.CLASS, 0.5),
                code("src/ObjectMapper.java", "ObjectMapper", SymbolKind.CONSTRUCTOR, 0.9),
                code("src/ObjectMapper.java", "ObjectMapper", SymbolKind.CLASS, 0.4));

        List<Candidate> on =
                new Ranker(config(true, false, false, false)).rank(question("ObjectMapper", List.of()), in);
        List<Candidate> off =
                new Ranker(config(false, false, false, false)).rank(question("ObjectMapper", List.of()), in);

        assertThat(ids(on)).startsWith("src/ObjectMapper.java#ObjectMapper", "src/Helpers.java#ObjectMapper");
        assertThat(ids(on).indexOf("src/ObjectMapper.java#ObjectMapper"))
                .isLessThan(ids(on).indexOf("src/Other.java#Other.use"));
        assertThat(ids(off).getFirst()).isEqualTo("src/Other.java#Other.use");
    }

    @Test
    void words_that_name_a_file_or_its_directory_lift_its_chunks() {
        List<Candidate> in = List.of(
                code("src/client.py", "send", SymbolKind.FUNCTION, 1.0),
                code("src/error/formatter.ts", "format", SymbolKind.FUNCTION, 0.8));

        Ranker.Question q = question("how error formatting works", List.of());
        assertThat(ids(new Ranker(config(false, true, false, false)).rank(q, in))
                        .getFirst())
                .isEqualTo("src/error/formatter.ts#format");
        assertThat(ids(new Ranker(config(false, false, false, false)).rank(q, in))
                        .getFirst())
                .isEqualTo("src/client.py#send");
    }

    /** A config with the path-words step alone and the given path-stem keys (a test formats its {@code %s} in). */
    private static String pathWordsOnly(String stemKeys) {
        return "{\"steps\": {\"definitions\": false, \"coherence\": false, \"saturation\": false,"
                + " \"front_page\": false, \"name_words\": false, \"path_words\": true},"
                + " \"path_words\": {\"boost\": 1.0, \"min_ratio\": 0.1, \"min_prefix\": 3,"
                + " \"common_prefix_share\": 0.7, " + stemKeys + "},"
                + " \"saturation\": {\"after\": 1, \"decay\": 0.5}}";
    }

    @Test
    void a_file_named_by_the_questions_words_alone_leads_one_that_only_shares_a_word() {
        List<Candidate> in = List.of(
                code("core/headers/X-Content-Type-Options.scala", "X-Content-Type-Options", SymbolKind.CLASS, 1.0),
                code("core/Header.scala", "Header.parse", SymbolKind.METHOD, 0.95),
                code("core/Headers.scala", "Headers", SymbolKind.CLASS, 0.9));
        Ranker.Question q = question("Headers and individual Header types", List.of());
        String json = pathWordsOnly("\"stem_boost\": %s");

        List<String> on = ids(new Ranker(RankingConfig.parse(json.formatted("0.6"))).rank(q, in));
        List<String> off = ids(new Ranker(RankingConfig.parse(json.formatted("0"))).rank(q, in));

        // X-Content-Type-Options shares "types" and sits in headers/, but "x", "content" and "options" are not asked
        assertThat(on.subList(0, 2))
                .containsExactlyInAnyOrder("core/Headers.scala#Headers", "core/Header.scala#Header.parse");
        assertThat(off.getFirst()).isEqualTo("core/headers/X-Content-Type-Options.scala#X-Content-Type-Options");
    }

    @Test
    void a_module_the_question_names_by_its_qualified_name_leads_even_in_a_how_question() {
        List<Candidate> in = List.of(
                code("lua/mini/jump2d.lua", "H.jump", SymbolKind.FUNCTION, 1.0),
                code("lua/mini/jump.lua", "MiniJump.jump", SymbolKind.FUNCTION, 0.9),
                code("lua/mini/ai.lua", "H.find", SymbolKind.FUNCTION, 0.85));
        Ranker.Question q = question("how mini.jump implements single-character jump navigation", List.of());
        String json =
                pathWordsOnly("\"stem_boost\": 0.6, \"stem_skip_openings\": [\"how\"], \"stem_module_names\": %s");

        // "how" skips the plain path stem; mini.jump names lua/mini/jump.lua (not jump2d.lua) outright
        assertThat(ids(new Ranker(RankingConfig.parse(json.formatted("true"))).rank(q, in))
                        .getFirst())
                .isEqualTo("lua/mini/jump.lua#MiniJump.jump");
        assertThat(ids(new Ranker(RankingConfig.parse(json.formatted("false"))).rank(q, in))
                        .getFirst())
                .isEqualTo("lua/mini/jump2d.lua#H.jump");
        // a long text (a bug report) names modules in passing: past stem_max_words it lifts none
        String longJson = json.replace("\"stem_module_names\"", "\"stem_max_words\": 12, \"stem_module_names\"");
        Ranker.Question report = new Ranker.Question(
                "jumping breaks: after mini.jump is loaded the cursor lands on the wrong line when the buffer is"
                        + " folded and wrapped",
                List.of(),
                20,
                "implementation");
        assertThat(ids(new Ranker(RankingConfig.parse(longJson.formatted("true"))).rank(report, in))
                        .getFirst())
                .isEqualTo("lua/mini/jump2d.lua#H.jump");
    }

    @Test
    void qualified_names_are_read_across_dots_and_double_colons_but_not_across_a_sentence_end() {
        assertThat(WordMatch.qualifiedNames("how absl::Status and mini.jump work. Then Sinatra::Base::Helpers"))
                .containsExactly(
                        List.of("absl", "status"), List.of("mini", "jump"), List.of("sinatra", "base", "helpers"));
        assertThat(WordMatch.qualifiedNames("no names here. none.")).isEmpty();
        // one pass over a long crafted chain (the final dot ends it)
        assertThat(WordMatch.qualifiedNames("a.".repeat(50_000)))
                .singleElement()
                .satisfies(n -> assertThat(n).hasSize(50_000));
        assertThat(WordMatch.qualifiedNames(". :: .. a:: ::b")).isEmpty();
    }

    @Test
    void a_type_the_question_writes_past_its_first_word_names_the_file_of_that_name_alone() {
        List<Candidate> in = List.of(
                code("core/CommutativeApplicative.scala", "CommutativeApplicative", SymbolKind.TRAIT, 1.0),
                code("core/Applicative.scala", "Applicative", SymbolKind.TRAIT, 0.9));
        Ranker.Question q = question("how Applicative combines independent effects", List.of());
        String json = pathWordsOnly(
                "\"stem_boost\": 0.6, \"stem_skip_openings\": [\"how\"], \"stem_max_words\": 12, \"stem_type_names\": %s");
        assertThat(ids(new Ranker(RankingConfig.parse(json.formatted("true"))).rank(q, in))
                        .getFirst())
                .isEqualTo("core/Applicative.scala#Applicative");
        assertThat(ids(new Ranker(RankingConfig.parse(json.formatted("false"))).rank(q, in))
                        .getFirst())
                .isEqualTo("core/CommutativeApplicative.scala#CommutativeApplicative");
        assertThat(WordMatch.typeNames("Media type and the HTTP Method of a Request"))
                .containsExactlyInAnyOrder("Method", "Request");
    }

    @Test
    void a_qualified_name_names_a_file_by_its_last_part_under_directories_named_by_the_others() {
        WordMatch match = new WordMatch(RankingConfig.parse("""
                {"path_words": {"stem_index_names": ["mod", "index", "__init__", "init"]}}"""));
        List<List<String>> status = WordMatch.qualifiedNames("absl::Status");
        assertThat(match.namedByQualified("absl/status/status.h", status)).isTrue();
        assertThat(match.namedByQualified("absl/status/statusor.h", status)).isFalse();
        assertThat(match.namedByQualified("other/status/status.h", status)).isFalse();
        assertThat(match.namedByQualified("absl/strings/string_view.h", WordMatch.qualifiedNames("absl::string_view")))
                .isTrue();
        assertThat(match.namedByQualified("src/tokio/sync/mod.rs", WordMatch.qualifiedNames("tokio::sync")))
                .isTrue();
    }

    @Test
    void a_file_with_several_candidates_lifts_its_best_chunk() {
        List<Candidate> in = new ArrayList<>();
        in.add(code("a.py", "lucky", SymbolKind.FUNCTION, 1.0));
        in.add(code("b.py", "one", SymbolKind.FUNCTION, 0.95));
        in.add(code("b.py", "two", SymbolKind.FUNCTION, 0.9));
        in.add(code("b.py", "three", SymbolKind.FUNCTION, 0.9));

        Ranker.Question q = question("zzz", List.of());
        assertThat(ids(new Ranker(config(false, false, true, false)).rank(q, in))
                        .getFirst())
                .isEqualTo("b.py#one");
        assertThat(ids(new Ranker(config(false, false, false, false)).rank(q, in))
                        .getFirst())
                .isEqualTo("a.py#lucky");
    }

    @Test
    void saturation_spreads_the_first_places_over_files_but_not_for_relationship_questions() {
        List<Candidate> in = List.of(
                code("a.py", "one", SymbolKind.FUNCTION, 1.0),
                code("a.py", "two", SymbolKind.FUNCTION, 0.9),
                code("a.py", "three", SymbolKind.FUNCTION, 0.8),
                code("b.py", "four", SymbolKind.FUNCTION, 0.6));

        Ranker on = new Ranker(config(false, false, false, true));
        assertThat(ids(on.rank(question("zzz", List.of()), in)))
                .containsExactly("a.py#one", "b.py#four", "a.py#two", "a.py#three");
        assertThat(ids(on.rank(new Ranker.Question("zzz", List.of(), 1, "relationship"), in)))
                .containsExactly("a.py#one", "a.py#two", "a.py#three", "b.py#four");
    }

    @Test
    void a_long_report_gets_no_definition_boost_for_the_many_names_it_mentions() {
        List<Candidate> in = List.of(
                code("src/Other.java", "Other.use", SymbolKind.METHOD, 1.0),
                code("src/Named.java", "Named", SymbolKind.CLASS, 0.5));
        String report = "zzz ".repeat(50) + "Named";
        List<Candidate> ranked = new Ranker(config(true, false, false, false))
                .rank(new Ranker.Question(report, List.of("Named"), 51, "implementation"), in);
        assertThat(ids(ranked).getFirst()).isEqualTo("src/Other.java#Other.use");
        List<Candidate> shortQ = new Ranker(config(true, false, false, false))
                .rank(question("where is Named defined", List.of("Named")), in);
        assertThat(ids(shortQ).getFirst()).isEqualTo("src/Named.java#Named");
    }

    @Test
    void a_definition_whose_name_the_question_spells_out_is_lifted_but_not_a_one_word_name() {
        List<Candidate> in = List.of(
                code("cache.rs", "Cache.insert", SymbolKind.METHOD, 1.0),
                code("cache.rs", "Cache.evict", SymbolKind.METHOD, 0.9),
                code("cache.rs", "Cache.evict_least_recently_used", SymbolKind.METHOD, 0.85));
        Ranker.Question q = question("how does the cache evict the least recently used entry", List.of());

        RankingConfig.NameWords words = new RankingConfig.NameWords(true, 0.2, 2, 99);
        assertThat(ids(new Ranker(config(false, false, false, false, RankingConfig.FrontPage.OFF, words)).rank(q, in)))
                .containsExactly(
                        "cache.rs#Cache.evict_least_recently_used", "cache.rs#Cache.insert", "cache.rs#Cache.evict");
        assertThat(ids(new Ranker(config(false, false, false, false)).rank(q, in))
                        .getFirst())
                .isEqualTo("cache.rs#Cache.insert");
    }

    @Test
    void saturation_spares_a_second_chunk_of_a_file_whose_long_name_the_question_spells_out() {
        List<Candidate> in = List.of(
                code("cache.rs", "Cache.insert", SymbolKind.METHOD, 1.0),
                code("cache.rs", "Cache.evict_least_recently_used", SymbolKind.METHOD, 0.7),
                code("docs.md", "eviction", SymbolKind.FUNCTION, 0.6));
        Ranker.Question q = question("how does the cache evict the least recently used entry", List.of());

        RankingConfig.NameWords spare = new RankingConfig.NameWords(true, 0.2, 2, 4);
        RankingConfig.NameWords keep = new RankingConfig.NameWords(true, 0.2, 2, 5);
        assertThat(ids(new Ranker(config(false, false, false, true, RankingConfig.FrontPage.OFF, spare)).rank(q, in)))
                .containsExactly(
                        "cache.rs#Cache.insert", "cache.rs#Cache.evict_least_recently_used", "docs.md#eviction");
        assertThat(ids(new Ranker(config(false, false, false, true, RankingConfig.FrontPage.OFF, keep)).rank(q, in)))
                .containsExactly(
                        "cache.rs#Cache.insert", "docs.md#eviction", "cache.rs#Cache.evict_least_recently_used");
    }

    @Test
    void a_question_about_the_project_as_a_whole_puts_the_top_level_readme_first() {
        List<Candidate> in = List.of(
                code("src/build.rs", "build", SymbolKind.FUNCTION, 1.0),
                code("docs/README.md", "Running", SymbolKind.FUNCTION, 0.8),
                code("README.md", "Getting started", SymbolKind.FUNCTION, 0.3));
        RankingConfig.FrontPage front = new RankingConfig.FrontPage(
                true, Set.of("usage"), Set.of("build", "run", "this"), Set.of("readme.md"), 3.0);
        Ranker ranker = new Ranker(config(false, false, false, false, front, RankingConfig.NameWords.OFF));

        assertThat(ids(ranker.rank(new Ranker.Question("How do I build and run this?", List.of(), 7, "usage"), in))
                        .getFirst())
                .isEqualTo("README.md#Getting started");
        assertThat(ids(ranker.rank(new Ranker.Question("How do I build the parser?", List.of(), 6, "usage"), in))
                        .getFirst())
                .as("a question about something in particular")
                .isEqualTo("src/build.rs#build");
        assertThat(ids(ranker.rank(
                                new Ranker.Question("How do I build and run this?", List.of(), 7, "implementation"),
                                in))
                        .getFirst())
                .as("another intent")
                .isEqualTo("src/build.rs#build");
    }
}
