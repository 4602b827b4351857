package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which stored call edges are calls of a given definition. */
class CallMatchTest {
    private static CodeChunk method(String path, String owner, String symbol, String code) {
        return new CodeChunk(
                "r",
                path,
                Language.JAVA,
                symbol,
                SymbolKind.METHOD,
                owner,
                "void " + symbol + "()",
                "",
                code,
                1,
                Math.max(1, (int) code.lines().count()),
                List.of(),
                "m");
    }

    private static final CodeChunk PLAN =
            method("ingest/Reconciler.java", "Reconciler", "plan", "static Plan plan() { return null; }");

    @Test
    void a_call_stored_by_its_bare_name_is_matched_by_the_receiver_written_in_the_callers_code() {
        CodeChunk planner = method(
                "ingest/RepoPlanner.java",
                "RepoPlanner",
                "plan",
                "Planned plan() {\n  Reconciler.Plan plan = Reconciler.plan(current, stored);\n  return x; }");
        assertThat(CallMatch.plausible(PLAN, planner, "plan", false)).isTrue();
        CodeChunk viaVariable = method("ingest/Other.java", "Other", "run", "void run() { reconciler.plan (a); }");
        assertThat(CallMatch.plausible(PLAN, viaVariable, "plan", false)).isTrue();
    }

    @Test
    void a_bare_name_written_on_another_receiver_is_not_a_call_of_this_definition() {
        CodeChunk other =
                method("bench/Bench.java", "Bench", "main", "void main() { EmbeddingBench.plan(x); batch.plans(); }");
        assertThat(CallMatch.plausible(PLAN, other, "plan", false)).isFalse();
        assertThat(CallMatch.plausible(PLAN, other, "plan", true))
                .as("a name defined once is the callee whatever the receiver")
                .isTrue();
    }

    @Test
    void written_receivers_are_read_in_one_pass_and_bounded() {
        assertThat(CallMatch.writtenReceivers("a.plan(1); B::plan(2); c->plan (3); plan(4); d.planned(5)", "plan"))
                .containsExactly("a", "B", "c");
        assertThat(CallMatch.writtenReceivers("x.plan(".repeat(10_000), "plan")).hasSize(16);
        assertThat(CallMatch.writtenReceivers("plan(", "")).isEmpty();
    }
}
