package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.coderag.store.ScoredChunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** semble questions through the Evaluator: NDCG per mode and category, in the summary, the report and the table. */
class SembleEvaluationTest {
    private static final double GAIN_2 = 1 / (Math.log(3) / Math.log(2)); // 1/log2(3), rank 2
    private static final double GAIN_4 = 1 / (Math.log(5) / Math.log(2)); // 1/log2(5), rank 4

    private static ScoredChunk hit(String path, int start, int end) {
        CodeChunk c = new CodeChunk(
                "r",
                path,
                Language.PYTHON,
                "f" + start,
                SymbolKind.FUNCTION,
                "",
                "",
                "",
                "code",
                start,
                end,
                List.of(),
                "m");
        return new ScoredChunk(c.id(), c, 0.5);
    }

    private static EvalQuery semble(
            String id, String category, List<SembleTarget> relevant, List<SembleTarget> secondary) {
        SembleJudgement j = new SembleJudgement(category, relevant, secondary);
        List<String> gold =
                j.targets().stream().map(SembleTarget::path).distinct().toList();
        return new EvalQuery(id, id, gold, List.of(), Optional.empty(), Optional.empty(), Optional.of(j));
    }

    /**
     * Three questions, one mode. "arch": relevant A.py, secondary B.py; chunks A, A, A, B -> chunk NDCG
     * (1 + g4) / (1 + g2), file NDCG 1. "sym": Axios.js:22-61; chunks Axios.js:1-10, X.py, Axios.js:20-70 -> chunk
     * rank 3 (0.5), file rank 1 (1). "sem": nothing found -> 0 and 0.
     */
    private static Evaluator.Result run() {
        List<EvalQuery> qs = List.of(
                semble("arch", "architecture", List.of(SembleTarget.file("A.py")), List.of(SembleTarget.file("B.py"))),
                semble("sym", "symbol", List.of(new SembleTarget("Axios.js", 22, 61)), List.of()),
                semble("sem", "semantic", List.of(SembleTarget.file("S.py")), List.of()));
        Evaluator.Searcher searcher = (q, mode) -> Evaluator.Searched.unrouted(
                switch (q.id()) {
                    case "arch" ->
                        List.of(hit("A.py", 1, 5), hit("A.py", 6, 9), hit("A.py", 10, 20), hit("B.py", 1, 4));
                    case "sym" -> List.of(hit("Axios.js", 1, 10), hit("X.py", 1, 2), hit("Axios.js", 20, 70));
                    default -> List.of(hit("X.py", 1, 2));
                });
        return Evaluator.run(qs, List.of(EvalMode.HYBRID), 10, searcher, s -> {});
    }

    @Test
    void ndcg_is_averaged_per_mode_and_per_category_at_both_levels() {
        Evaluator.Result r = run();
        double arch = (1 + GAIN_4) / (1 + GAIN_2);
        Evaluator.NdcgSummary all = r.modes().get(EvalMode.HYBRID).ndcg().orElseThrow();
        assertThat(all.queries()).isEqualTo(3);
        assertThat(all.chunks()).isCloseTo((arch + 0.5 + 0) / 3, within(1e-12));
        assertThat(all.files()).isCloseTo((1 + 1 + 0) / 3.0, within(1e-12));
        assertThat(r.byCategory().keySet()).containsExactly("architecture", "semantic", "symbol");
        Evaluator.NdcgSummary symbol =
                r.byCategory().get("symbol").modes().get(EvalMode.HYBRID).ndcg().orElseThrow();
        assertThat(symbol.chunks()).isCloseTo(0.5, within(1e-12));
        assertThat(symbol.files()).isEqualTo(1.0);
        assertThat(r.byCategory()
                        .get("architecture")
                        .modes()
                        .get(EvalMode.HYBRID)
                        .ndcg()
                        .orElseThrow()
                        .chunks())
                .isCloseTo(0.8772, within(1e-4));
        // Hit@k / MRR are still file level over the targets' files
        assertThat(r.modes().get(EvalMode.HYBRID).files().hit1()).isCloseTo(2.0 / 3, within(1e-12));
    }

    @Test
    void summary_report_and_table_carry_ndcg_categories_and_ranked_chunks() throws Exception {
        Evaluator.Result r = run();
        var summary = ReportJson.JSON.readTree(ReportJson.write(ReportJson.summary(r)));
        assertThat(summary.get("ndcg@10").get("hybrid").get("files").asDouble()).isEqualTo(0.6667);
        assertThat(summary.get("by_category").fieldNames())
                .toIterable()
                .containsExactly("architecture", "semantic", "symbol");
        assertThat(summary.get("by_category")
                        .get("symbol")
                        .get("ndcg@10")
                        .get("hybrid")
                        .get("chunks")
                        .asDouble())
                .isEqualTo(0.5);
        assertThat(summary.get("modes").get("hybrid").has("hit@10")).isTrue();

        var report = ReportJson.report(r, Map.of("repo", "r"));
        var arch = report.get("per_query").get(0);
        assertThat(arch.get("category").asText()).isEqualTo("architecture");
        assertThat(arch.get("targets").get(0).asText()).isEqualTo("A.py");
        assertThat(arch.get("secondary_targets").get(0).asText()).isEqualTo("B.py");
        assertThat(arch.get("ndcg@10").get("hybrid").get("chunks").asDouble()).isEqualTo(0.8772);
        assertThat(arch.get("target_ranks").get("hybrid").get("chunks").toString())
                .isEqualTo("[1,4]");
        assertThat(arch.get("target_ranks").get("hybrid").get("files").toString())
                .isEqualTo("[1,2]");
        var chunks = arch.get("chunks").get("hybrid");
        assertThat(chunks).hasSize(4);
        assertThat(chunks.get(1).get("path").asText()).isEqualTo("A.py");
        assertThat(chunks.get(1).get("start").asInt()).isEqualTo(6);
        assertThat(chunks.get(1).get("end").asInt()).isEqualTo(9);
        assertThat(arch.get("top").get("hybrid").toString()).isEqualTo("[\"A.py\",\"B.py\"]");
        var sym = report.get("per_query").get(1);
        assertThat(sym.get("targets").get(0).asText()).isEqualTo("Axios.js:22-61");
        assertThat(sym.has("secondary_targets")).isFalse();

        String table = EvalTable.of(r, Map.of("repo", "r", "model", "int8"));
        assertThat(table).contains("ndcg@10-chunks").contains("by category");
        assertThat(table.lines().filter(l -> l.startsWith("symbol ")))
                .singleElement()
                .satisfies(l -> assertThat(l).contains(" hybrid ").endsWith("0.500            1.000"));
    }
}
