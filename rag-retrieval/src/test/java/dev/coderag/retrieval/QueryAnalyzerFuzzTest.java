package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import com.code_intelligence.jazzer.mutation.annotation.WithUtf8Length;

/**
 * Fuzzes {@link QueryAnalyzer#analyze}, which reads questions and pasted bug reports as typed by anyone. Its
 * contract: pure, never throws (it documents no exception), bounded output, and time about linear in the
 * input. The last is checked by amplification: the fuzzed text is also analysed repeated to ~8K chars, where a
 * regex that backtracks polynomially on some pattern takes seconds instead of milliseconds.
 *
 * <p>{@code ./mvnw verify} fuzzes this for a fixed time (the fuzz-* executions in the pom, JAZZER_FUZZ=1);
 * every other run replays {@code QueryAnalyzerFuzzTestInputs/analyze/}, where findings are kept.
 */
class QueryAnalyzerFuzzTest {
    /** An amplified query of ~8K chars normally takes a few ms; a super-linear regex takes seconds. */
    private static final int AMPLIFIED_CHARS = 8_000;

    private static final long BUDGET_NANOS = 1_500_000_000L;

    @FuzzTest(maxDuration = "20s")
    void analyze(@NotNull @WithUtf8Length(max = 2000) String query) {
        check(query);
        if (!query.isEmpty()) {
            String amplified = query.repeat(Math.max(1, AMPLIFIED_CHARS / query.length()));
            long start = System.nanoTime();
            check(amplified);
            long took = System.nanoTime() - start;
            assertThat(took)
                    .as(
                            "analyze took %d ms on %d chars (%s repeated)",
                            took / 1_000_000, amplified.length(), quote(query))
                    .isLessThan(BUDGET_NANOS);
        }
    }

    private static void check(String query) {
        QueryAnalysis a = QueryAnalyzer.analyze(query);
        assertThat(a.frames()).hasSizeLessThanOrEqualTo(QueryAnalyzer.MAX_FRAMES);
        String lexical = a.lexicalQuery();
        assertThat(lexical.isBlank() ? 0 : lexical.strip().split("\\s+").length)
                .isLessThanOrEqualTo(QueryAnalyzer.MAX_LEXICAL_TERMS);
        assertThat(a.wordCount()).isGreaterThanOrEqualTo(0);
        for (QueryAnalysis.StackFrame f : a.frames()) {
            assertThat(f.line()).isGreaterThanOrEqualTo(0);
            assertThat(query).contains(f.method());
        }
        for (String id : a.identifiers()) {
            assertThat(id).isNotBlank();
        }
    }

    private static String quote(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "…";
    }
}
