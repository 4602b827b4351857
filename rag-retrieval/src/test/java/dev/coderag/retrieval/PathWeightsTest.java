package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.types.Chunk;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped path weights of routing.json: which files weigh less or more, for which questions. */
class PathWeightsTest {
    private static final PathWeights SHIPPED = RoutingTable.load().paths();

    private static Fused fused(Chunk c, double score) {
        return new Fused(c, score, EnumSet.of(Via.VECTOR));
    }

    private static List<String> order(List<Fused> fused) {
        return fused.stream().map(f -> f.chunk().path()).toList();
    }

    @Test
    void tests_changelogs_and_community_files_fall_behind_product_code_unless_the_question_is_about_them() {
        List<Fused> fused = List.of(
                fused(TestChunks.code("src/test/java/app/ParserTest.java", "parses", 1, 9), 0.9),
                fused(TestChunks.code("CHANGES.md", "notes", 1, 9), 0.85),
                fused(TestChunks.code("CONTRIBUTING.md", "how", 1, 9), 0.8),
                fused(TestChunks.code("src/main/java/app/Parser.java", "parse", 1, 9), 0.6));
        assertThat(order(SHIPPED.apply(fused, "implementation", "How does the parser read a header?")))
                .containsExactly(
                        "src/main/java/app/Parser.java",
                        "src/test/java/app/ParserTest.java",
                        "CHANGES.md",
                        "CONTRIBUTING.md");
        assertThat(order(SHIPPED.apply(fused, "implementation", "What changed in the parser in the last release?")))
                .as("a question about changes keeps the changelog's weight")
                .containsExactly(
                        "CHANGES.md",
                        "src/main/java/app/Parser.java",
                        "src/test/java/app/ParserTest.java",
                        "CONTRIBUTING.md");
    }

    @Test
    void readmes_lead_overview_questions_only() {
        List<Fused> fused = List.of(
                fused(TestChunks.code("src/Main.java", "main", 1, 9), 0.5),
                fused(TestChunks.code("docs/guide.md", "guide", 1, 9), 0.45),
                fused(TestChunks.code("README.md", "intro", 1, 9), 0.3));
        assertThat(order(SHIPPED.apply(fused, "overview", "What is this library for?")))
                .containsExactly("README.md", "src/Main.java", "docs/guide.md");
        assertThat(SHIPPED.apply(fused, "implementation", "What is this library for?"))
                .isSameAs(fused);
    }

    @Test
    void the_tests_group_tells_which_callers_are_tests() {
        PathGroup tests = SHIPPED.tests();
        assertThat(tests.matches("pkg/tree_test.go")).isTrue();
        assertThat(tests.matches("tests/test_client.py")).isTrue();
        assertThat(tests.matches("src/main/java/Tree.java")).isFalse();
        assertThat(tests.matches("src/attestation/Check.java"))
                .as("whole segments, not substrings")
                .isFalse();
    }

    @Test
    void names_match_whole_file_names_in_any_case_and_bad_weights_fail() {
        PathGroup logs = SHIPPED.groups().stream()
                .filter(g -> g.name().equals("changelogs"))
                .findFirst()
                .orElseThrow();
        assertThat(logs.matches("docs/changelog.md")).isTrue();
        assertThat(logs.matches("src/ChangelogWriter.java")).isFalse();
        assertThatThrownBy(() -> RoutingTable.parse("""
                        {"path_weights": {"x": {"weight": 0, "names": ["a"]}},
                         "intents": {"implementation": {"code": 5}}}"""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("path_weights.x.weight");
        assertThatThrownBy(() -> RoutingTable.parse("""
                        {"path_weights": {"x": {"weight": 2, "names": ["a"], "intents": ["nope"]}},
                         "intents": {"implementation": {"code": 5}}}"""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("intent 'nope'");
    }
}
