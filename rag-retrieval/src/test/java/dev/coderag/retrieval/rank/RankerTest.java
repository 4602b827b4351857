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
        return new RankingConfig(
                definitions,
                3.0,
                1.5,
                1.5,
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
                0.7);
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
}
