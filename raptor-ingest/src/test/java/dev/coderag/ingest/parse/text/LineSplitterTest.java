package dev.coderag.ingest.parse.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.parse.TokenCounter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The splitter against a plain definition of its contract, computed by brute force: from each part's first
 * line, the longest run (within the line and character caps) whose text fits, counted by trying every length,
 * then moved back to a blank line in its last third when the run was cut.
 */
class LineSplitterTest {
    private static final int MAX_CHARS_PER_TOKEN = 16;
    private static Embedder embedder;

    @BeforeAll
    static void tokenizer() {
        embedder = Embedder.open(EmbeddingModel.BGE_SMALL_FP32);
    }

    @AfterAll
    static void close() {
        embedder.close();
    }

    /** Real source lines: this module's own chunker sources, one after another. */
    private static List<String> realLines() throws IOException {
        List<String> lines = new ArrayList<>();
        try (var files = Files.list(Path.of("src/main/java/dev/coderag/ingest/parse/code"))) {
            for (Path f : files.sorted().limit(6).toList()) {
                lines.addAll(Files.readAllLines(f));
            }
        }
        return lines;
    }

    /** A part text whose header grows with the part, as the calls named in a window do. */
    private static LineSplitter.PartText withGrowingHeader(List<String> lines) {
        return (from, to) -> {
            String names = IntStream.range(from, to)
                    .filter(i -> lines.get(i).contains("("))
                    .mapToObj(i -> "call" + i)
                    .collect(Collectors.joining(" "));
            return "// Part.of lines " + from + " to " + to + "\n// calls: " + names + "\n"
                    + String.join("\n", lines.subList(from, to));
        };
    }

    private static List<int[]> reference(
            List<String> lines, int maxLines, int maxTokens, TokenCounter tokens, LineSplitter.PartText text) {
        List<int[]> parts = new ArrayList<>();
        int from = 0;
        while (from < lines.size()) {
            int hi = from + 1;
            long chars = lines.get(from).length();
            while (hi < lines.size()
                    && hi - from < maxLines
                    && chars + lines.get(hi).length() + 1 <= (long) maxTokens * MAX_CHARS_PER_TOKEN) {
                chars += lines.get(hi).length() + 1;
                hi++;
            }
            int longest = from + 1;
            for (int m = from + 2; m <= hi; m++) {
                if (tokens.count(text.of(from, m)) <= maxTokens) {
                    longest = m;
                }
            }
            int to = longest;
            if (longest < hi) {
                int limit = from + Math.max(1, (longest - from) * 2 / 3);
                for (int i = longest - 1; i >= limit; i--) {
                    if (lines.get(i).isBlank()) {
                        to = i + 1;
                        break;
                    }
                }
            }
            parts.add(new int[] {from, to});
            from = to;
        }
        return parts;
    }

    private static void assertSameAsReference(
            List<String> lines, int maxLines, int maxTokens, TokenCounter tokens, LineSplitter.PartText text) {
        List<int[]> actual = LineSplitter.split(lines, maxLines, maxTokens, tokens, text);
        List<int[]> expected = reference(lines, maxLines, maxTokens, tokens, text);
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("part %d", i).containsExactly(expected.get(i));
        }
    }

    @Test
    void parts_are_the_longest_runs_that_fit_under_the_real_tokenizer() throws IOException {
        List<String> lines = realLines();
        TokenCounter real = embedder::countTokens;
        assertSameAsReference(lines, Integer.MAX_VALUE, 200, real, withGrowingHeader(lines));
        assertSameAsReference(lines, 40, 510, real, (from, to) -> String.join("\n", lines.subList(from, to)));
    }

    @Test
    void a_counter_that_does_not_add_up_over_lines_still_gets_the_longest_fit() throws IOException {
        List<String> lines = realLines();
        // Counts grow with the text but a part costs far more than its lines: every estimate is wrong.
        TokenCounter lumpy = text -> text.length() / 4 + (int) text.lines().count() * 3;
        assertSameAsReference(lines, Integer.MAX_VALUE, 300, lumpy, withGrowingHeader(lines));
        assertSameAsReference(lines, 25, 90, TokenCounter.APPROXIMATE, withGrowingHeader(lines));
    }

    @Test
    void an_over_long_line_stays_whole_and_blank_lines_are_preferred_cut_points() {
        List<String> lines = new ArrayList<>();
        lines.add("x".repeat(5_000));
        for (int i = 0; i < 300; i++) {
            lines.add(i % 3 == 2 ? "" : "value" + i + " = compute(value" + (i - 1) + ");");
        }
        TokenCounter real = embedder::countTokens;
        LineSplitter.PartText text = (from, to) -> String.join("\n", lines.subList(from, to));
        List<int[]> parts = LineSplitter.split(lines, Integer.MAX_VALUE, 120, real, text);
        assertThat(parts.getFirst()).containsExactly(0, 1);
        assertThat(parts.getLast()[1]).isEqualTo(lines.size());
        for (int i = 1; i < parts.size() - 1; i++) {
            assertThat(lines.get(parts.get(i)[1] - 1))
                    .as("part %d ends on a blank line", i)
                    .isEmpty();
        }
        assertSameAsReference(lines, Integer.MAX_VALUE, 120, real, text);
    }

    @Test
    void most_parts_cost_a_few_counts_of_whole_parts() throws IOException {
        List<String> lines = realLines();
        AtomicLong multiLineCounts = new AtomicLong();
        TokenCounter counting = text -> {
            if (text.indexOf('\n') >= 0) {
                multiLineCounts.incrementAndGet();
            }
            return embedder.countTokens(text);
        };
        List<int[]> parts = LineSplitter.split(
                lines, Integer.MAX_VALUE, 200, counting, (from, to) -> String.join("\n", lines.subList(from, to)));
        // Confirming an estimate takes two counts per part (the estimate and one line more); a binary search
        // over the candidate run took seven or more.
        assertThat(multiLineCounts.get()).isLessThanOrEqualTo(3L * parts.size());
    }
}
