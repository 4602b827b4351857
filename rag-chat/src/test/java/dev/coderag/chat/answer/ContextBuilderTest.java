package dev.coderag.chat.answer;

import static dev.coderag.retrieval.TestChunks.code;
import static dev.coderag.retrieval.TestChunks.hit;
import static dev.coderag.retrieval.TestChunks.manifest;
import static dev.coderag.retrieval.TestChunks.readme;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextBuilderTest {

    @Test
    void blocks_are_numbered_in_rank_order_with_location_symbol_and_language() {
        List<ContextBlock> blocks = ContextBuilder.build(
                List.of(
                        hit(code("src/http.py", "parse_header", "Parses a header.", 10, 24), 0.8),
                        hit(readme("Install", "pip install demo", 3, 9), 0.7),
                        hit(manifest("demo"), 0.6)),
                6000);
        assertThat(blocks).extracting(ContextBlock::n).containsExactly(1, 2, 3);
        assertThat(blocks.get(0).header()).isEqualTo("[1] src/http.py:10-24 (parse_header, python)");
        assertThat(blocks.get(0).text()).startsWith("Parses a header.\n").contains("def parse_header");
        assertThat(blocks.get(1).header()).isEqualTo("[2] README.md:3-9 (Install, markdown)");
        assertThat(blocks.get(1).text()).contains("# Install").contains("pip install demo");
        assertThat(blocks.get(2).text()).contains("Package: demo").contains("Dependencies: requests");
    }

    @Test
    void the_docstring_is_not_repeated_when_the_code_already_shows_it() {
        CodeChunk c = new CodeChunk(
                "demo",
                "a.py",
                Language.PYTHON,
                "f",
                SymbolKind.FUNCTION,
                "",
                "def f()",
                "Doc line.",
                "def f():\n    \"\"\"Doc line.\"\"\"\n",
                1,
                2,
                List.of(),
                "m");
        assertThat(ContextBuilder.body(c)).isEqualTo(c.code());
    }

    @Test
    void the_budget_stops_adding_blocks_and_cuts_the_last_one_that_half_fits() {
        String big = "x = 1\n".repeat(400); // ~600 tokens
        CodeChunk large = new CodeChunk(
                "demo", "big.py", Language.PYTHON, "big", SymbolKind.FUNCTION, "", "", "", big, 1, 400, List.of(), "m");
        List<ContextBlock> blocks = ContextBuilder.build(
                List.of(hit(code("a.py", "a", 1, 2), 0.9), hit(large, 0.8), hit(code("c.py", "c", 1, 2), 0.7)), 400);
        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(1).truncated()).isTrue();
        assertThat(blocks.get(1).text()).endsWith("… (truncated)");
        int total = blocks.stream()
                .mapToInt(b -> ContextBuilder.estimateTokens(b.render()))
                .sum();
        assertThat(total).isLessThanOrEqualTo(420);
    }

    @Test
    void the_first_block_is_always_included_even_over_budget() {
        String big = "y = 2\n".repeat(1000);
        CodeChunk large = new CodeChunk(
                "demo",
                "big.py",
                Language.PYTHON,
                "big",
                SymbolKind.FUNCTION,
                "",
                "",
                "",
                big,
                1,
                1000,
                List.of(),
                "m");
        List<ContextBlock> blocks = ContextBuilder.build(List.of(hit(large, 0.9)), 100);
        assertThat(blocks).singleElement().satisfies(b -> assertThat(b.truncated())
                .isTrue());
    }

    @Test
    void no_hits_no_blocks() {
        assertThat(ContextBuilder.build(List.of(), 1000)).isEmpty();
    }
}
