package dev.coderag.chat.answer;

import static dev.coderag.retrieval.TestChunks.code;
import static dev.coderag.retrieval.TestChunks.hit;
import static dev.coderag.retrieval.TestChunks.readme;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.chat.ChatResponse;
import dev.coderag.retrieval.AnswerStyle;
import dev.coderag.retrieval.CallRelation;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.ReadmeChunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExtractiveGeneratorTest {
    private final CodeChunk parse =
            code("src/http.py", "parse_header", "Parses one header line.\nReturns a tuple.", 10, 24);
    private final CodeChunk handle = code("src/server.py", "handle", "Handles a request.", 30, 50);

    @Test
    void names_the_best_match_with_its_location_and_citation_and_says_it_is_extractive() {
        List<ContextBlock> blocks = ContextBuilder.build(List.of(hit(parse, 0.8), hit(handle, 0.6)), 4000);
        List<String> tokens = new ArrayList<>();
        String text = new ExtractiveGenerator()
                .generate(
                        new Generator.GenerationInput(
                                "where is parse_header?", AnswerStyle.DEFINITION, blocks, List.of(), List.of()),
                        tokens::add);
        assertThat(text).contains("Extractive answer");
        assertThat(text)
                .contains("`parse_header` (`src/http.py:10-24`) [1] is a python function: Parses one header line.");
        assertThat(text).contains("- `handle` (`src/server.py:30-50`) [2] is a python function: Handles a request.");
        assertThat(String.join("", tokens)).isEqualTo(text);
        assertThat(tokens.size()).isGreaterThan(5);
    }

    @Test
    void the_best_match_named_first_is_always_source_1_and_usage_answers_quote_the_docs() {
        ReadmeChunk install = readme("Install", "Run pip install demo.\nThen demo serve.", 3, 8);
        String docsFirst = ExtractiveGenerator.compose(new Generator.GenerationInput(
                "how do I install it?",
                AnswerStyle.DOCS_FIRST,
                ContextBuilder.build(List.of(hit(install, 0.8), hit(parse, 0.7)), 4000),
                List.of(),
                List.of()));
        assertThat(docsFirst).contains("The section **Install** (`README.md:3-8`) [1]: Run pip install demo.");
        String codeFirst = ExtractiveGenerator.compose(new Generator.GenerationInput(
                "how do I install it?",
                AnswerStyle.DOCS_FIRST,
                ContextBuilder.build(List.of(hit(parse, 0.8), hit(install, 0.7)), 4000),
                List.of(),
                List.of()));
        assertThat(codeFirst).contains("\n\n`parse_header` (`src/http.py:10-24`) [1] is a python function");
        assertThat(codeFirst.indexOf("[1]")).isLessThan(codeFirst.indexOf("[2]"));
    }

    @Test
    void relationship_answers_name_the_subjects_callers_with_file_and_line_and_its_callees() {
        List<ContextBlock> blocks = ContextBuilder.build(List.of(hit(parse, 0.8), hit(handle, 0.6)), 4000);
        List<CallRelation> relations = List.of(
                new CallRelation(handle.id(), "handle", parse.id(), "parse_header"),
                new CallRelation(parse.id(), "parse_header", "", "split"));
        String text = ExtractiveGenerator.compose(new Generator.GenerationInput(
                "who calls parse_header?",
                AnswerStyle.RELATIONS,
                blocks,
                relations,
                List.of(),
                Optional.of(parse.id())));
        assertThat(text).contains("`parse_header` [1] is called by 1 function: `handle` (`src/server.py:30`) [2].");
        assertThat(text).contains("`parse_header` [1] calls `split`.");
        assertThat(text).doesNotContain("No caller");
    }

    @Test
    void no_caller_is_said_only_of_a_resolved_subject() {
        List<ContextBlock> blocks = ContextBuilder.build(List.of(hit(parse, 0.8), hit(handle, 0.6)), 4000);
        String resolved = ExtractiveGenerator.compose(new Generator.GenerationInput(
                "who calls parse_header?",
                AnswerStyle.RELATIONS,
                blocks,
                List.of(),
                List.of(),
                Optional.of(parse.id())));
        assertThat(resolved).contains("No caller of `parse_header` [1] is in the index.");
        String unresolved = ExtractiveGenerator.compose(new Generator.GenerationInput(
                "who calls the parser?", AnswerStyle.RELATIONS, blocks, List.of(), List.of()));
        assertThat(unresolved).doesNotContain("No caller").contains("names no symbol the index resolves");
        String namesakes = ExtractiveGenerator.compose(new Generator.GenerationInput(
                "who calls parse_header?",
                AnswerStyle.RELATIONS,
                blocks,
                List.of(),
                List.of(),
                Optional.of(parse.id()),
                3));
        assertThat(namesakes)
                .as("calls of the name that could be a namesake's make 'no caller' unknown")
                .doesNotContain("No caller")
                .contains("The callers of `parse_header` [1] are uncertain: the index holds 3 calls of that name");
    }

    @Test
    void nothing_retrieved_means_the_refusal() {
        String text = ExtractiveGenerator.compose(
                new Generator.GenerationInput("q", AnswerStyle.DEFINITION, List.of(), List.of(), List.of()));
        assertThat(text).endsWith(ChatResponse.REFUSAL);
    }
}
