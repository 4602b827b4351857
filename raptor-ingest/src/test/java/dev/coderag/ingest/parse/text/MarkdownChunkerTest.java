package dev.coderag.ingest.parse.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.Fixtures;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.types.ReadmeChunk;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MarkdownChunkerTest {

    private static List<ReadmeChunk> chunks(String path, String text) {
        ParseResult result = Fixtures.parse(path, text);
        assertThat(result.category()).isEqualTo(FileCategory.DOC);
        return Fixtures.ofType(result, ReadmeChunk.class);
    }

    @Test
    void sections_keep_their_heading_path_and_exact_lines() {
        String text = """
                Intro text before any heading.

                # Shop
                The shop service.

                ## Install
                Run the installer.

                ### From source
                Build it yourself.

                ## Usage
                Start it.
                """;
        List<ReadmeChunk> chunks = chunks("README.md", text);

        assertThat(chunks)
                .extracting(ReadmeChunk::headingPath)
                .containsExactly(
                        List.of(),
                        List.of("Shop"),
                        List.of("Shop", "Install"),
                        List.of("Shop", "Install", "From source"),
                        List.of("Shop", "Usage"));
        assertThat(chunks)
                .extracting(ReadmeChunk::location)
                .containsExactly(
                        "README.md:1-1", "README.md:3-4", "README.md:6-7", "README.md:9-10", "README.md:12-13");
        assertThat(chunks.get(2).text()).isEqualTo("## Install\nRun the installer.");
        assertThat(chunks.get(2).title()).isEqualTo("Install");
    }

    @Test
    void hashes_inside_fenced_code_are_not_headings_and_setext_headings_are() {
        String text = """
                Title
                =====

                ```bash
                # install it
                make install
                ```

                Details
                -------
                ~~~
                ## still code
                ~~~
                After.
                """;
        List<ReadmeChunk> chunks = chunks("docs/guide.md", text);

        assertThat(chunks)
                .extracting(ReadmeChunk::headingPath)
                .containsExactly(List.of("Title"), List.of("Title", "Details"));
        assertThat(chunks.get(0).startLine()).isEqualTo(1);
        assertThat(chunks.get(0).endLine()).isEqualTo(7);
        assertThat(chunks.get(0).text()).contains("# install it");
        assertThat(chunks.get(1).startLine()).isEqualTo(9);
        assertThat(chunks.get(1).endLine()).isEqualTo(14);
    }

    @Test
    void heading_directly_followed_by_a_subheading_makes_no_chunk_of_its_own() {
        List<ReadmeChunk> chunks = chunks("README.markdown", "# Project\n## Setup\nSteps.\n");
        assertThat(chunks).singleElement().satisfies(c -> {
            assertThat(c.headingPath()).containsExactly("Project", "Setup");
            assertThat(c.startLine()).isEqualTo(2);
        });
    }

    @Test
    void long_section_is_split_into_overlapping_windows_of_at_most_1500_characters() {
        String paragraph = IntStream.rangeClosed(1, 60)
                .mapToObj(i -> "Line " + i + " of the configuration reference explains one option in detail.")
                .collect(Collectors.joining("\n"));
        String text = "# Reference\n" + paragraph + "\n";
        List<ReadmeChunk> chunks = chunks("docs/reference.md", text);

        assertThat(chunks).hasSizeGreaterThan(2);
        assertThat(chunks).allSatisfy(c -> {
            assertThat(c.text().length()).isLessThanOrEqualTo(MarkdownChunker.MAX_CHARS);
            assertThat(c.headingPath()).containsExactly("Reference");
            String[] lines = text.split("\n");
            String expected = String.join("\n", List.of(lines).subList(c.startLine() - 1, c.endLine()));
            assertThat(c.text()).as("text is exactly the cited lines").isEqualTo(expected);
        });
        assertThat(chunks.getFirst().startLine()).isEqualTo(1);
        assertThat(chunks.getLast().endLine()).isEqualTo(61);
        for (int i = 1; i < chunks.size(); i++) {
            assertThat(chunks.get(i).startLine())
                    .as("windows overlap a little and leave no gap")
                    .isLessThanOrEqualTo(chunks.get(i - 1).endLine())
                    .isGreaterThan(chunks.get(i - 1).startLine());
        }
    }

    @Test
    void front_matter_is_not_mistaken_for_a_heading() {
        List<ReadmeChunk> chunks = chunks("post.md", "---\ntitle: Hello\n---\n# Post\nBody.\n");
        assertThat(chunks).extracting(ReadmeChunk::headingPath).containsExactly(List.of(), List.of("Post"));
        assertThat(chunks.getFirst().text()).isEqualTo("---\ntitle: Hello\n---");
    }

    @Test
    void empty_document_gives_no_chunks() {
        assertThat(chunks("EMPTY.md", "\n\n")).isEmpty();
    }
}
