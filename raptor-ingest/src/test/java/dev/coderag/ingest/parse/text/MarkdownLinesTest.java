package dev.coderag.ingest.parse.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.coderag.ingest.parse.Fixtures;
import dev.coderag.types.ReadmeChunk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The hand-written ATX heading and fence scanners of {@link MarkdownChunker} against the regexes they replaced. */
class MarkdownLinesTest {

    private static final Pattern OLD_ATX = Pattern.compile("^ {0,3}(#{1,6})(?:[ \\t]+(.*?))?(?:[ \\t]+#+)?[ \\t]*$");
    private static final Pattern OLD_FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");

    private static final String[] PIECES = {
        " ", " ", "  ", "\t", "#", "#", "##", "###", "a", "Title", "b c", "`", "```", "~", "~~~", "\u00a0", "\u2028",
        "\u0085", "\f", "x#", "#x", " #", "\\#", "é", "\u3000"
    };

    /** Random lines from the pieces the regexes care about; fixed seed, so failures reproduce. */
    static Stream<String> lines() {
        Random random = new Random(5);
        List<String> out = new ArrayList<>(List.of("", "#", "# ##", "### ###", "# foo #", "```", "~~~~ x", "    # x"));
        for (int t = 0; t < 5000; t++) {
            StringBuilder sb = new StringBuilder();
            if (t % 2 == 0) { // most of these open like a heading
                sb.append(" ".repeat(random.nextInt(5))).append("#".repeat(1 + random.nextInt(7)));
            }
            int n = random.nextInt(9);
            for (int i = 0; i < n; i++) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            }
            out.add(sb.toString());
        }
        return out.stream();
    }

    @Test
    void the_random_lines_are_often_headings_and_fences_and_often_not() {
        List<String> lines = lines().toList();
        assertThat(lines.stream().filter(l -> OLD_ATX.matcher(l).matches())).hasSizeBetween(500, 4000);
        assertThat(lines.stream().filter(l -> OLD_FENCE.matcher(l).matches())).hasSizeBetween(100, 4000);
        assertThat(lines.stream().filter(l -> {
                    Matcher m = OLD_ATX.matcher(l);
                    return m.matches()
                            && m.group(2) != null
                            && m.group(2).strip().contains("#");
                }))
                .hasSizeGreaterThan(50);
    }

    @ParameterizedTest
    @MethodSource("lines")
    void atx_headings_agree_with_the_old_regex(String line) {
        Matcher m = OLD_ATX.matcher(line);
        MarkdownChunker.Heading expected = m.matches()
                ? new MarkdownChunker.Heading(
                        m.group(1).length(),
                        m.group(2) == null ? "" : m.group(2).strip())
                : null;
        assertThat(MarkdownChunker.atxHeading(line)).as("'%s'", line).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("lines")
    void fences_agree_with_the_old_regex(String line) {
        Matcher m = OLD_FENCE.matcher(line);
        MarkdownChunker.Fence expected = m.matches()
                ? new MarkdownChunker.Fence(m.group(1).charAt(0), m.group(1).length(), m.group(2))
                : null;
        assertThat(MarkdownChunker.fence(line)).as("'%s'", line).isEqualTo(expected);
    }

    @Test
    void closing_sequences_follow_the_old_rules() {
        assertThat(MarkdownChunker.atxHeading("## Title ##  ")).isEqualTo(new MarkdownChunker.Heading(2, "Title"));
        assertThat(MarkdownChunker.atxHeading("# Title#")).isEqualTo(new MarkdownChunker.Heading(1, "Title#"));
        assertThat(MarkdownChunker.atxHeading("# a ## ##")).isEqualTo(new MarkdownChunker.Heading(1, "a ##"));
        assertThat(MarkdownChunker.atxHeading("### ###")).isEqualTo(new MarkdownChunker.Heading(3, "###"));
        assertThat(MarkdownChunker.atxHeading("#######")).isNull();
        assertThat(MarkdownChunker.atxHeading("#x")).isNull();
        assertThat(MarkdownChunker.atxHeading("    # x")).isNull();
    }

    @Test
    void a_megabyte_heading_line_of_spaces_and_hashes_is_linear() {
        String spaces = "# " + " \t".repeat(500_000) + "x";
        String hashes = "# x" + " #".repeat(500_000) + " \t";
        String mixed = "# " + "# \t".repeat(350_000) + "\u2028";
        String backticks = "`".repeat(1_000_000) + "\u2028";
        // A failure guard: the regexes this replaced ran for hours on these lines.
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertThat(MarkdownChunker.atxHeading(spaces)).isEqualTo(new MarkdownChunker.Heading(1, "x"));
            assertThat(MarkdownChunker.atxHeading(hashes).text())
                    .endsWith(" # #")
                    .hasSize(1_000_000 - 1);
            assertThat(MarkdownChunker.atxHeading(mixed)).isNull();
            assertThat(MarkdownChunker.fence(backticks)).isNull();
            List<ReadmeChunk> chunks = Fixtures.ofType(
                    Fixtures.parse("README.md", "intro\n\n" + spaces + "\nbody\n" + hashes + "\n"), ReadmeChunk.class);
            assertThat(chunks).anySatisfy(c -> assertThat(c.headingPath()).containsExactly("x"));
        });
    }
}
