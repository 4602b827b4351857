package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.coderag.store.ScoredChunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EvaluatorTest {

    private static ScoredChunk hit(String path, int start, int end, double score) {
        CodeChunk c = new CodeChunk(
                "r",
                path,
                Language.JAVA,
                "m" + start,
                SymbolKind.METHOD,
                "",
                "",
                "",
                "code",
                start,
                end,
                List.of(),
                "m");
        return new ScoredChunk(c.id(), c, score);
    }

    private static EvalQuery query(String id, String... gold) {
        return new EvalQuery(id, "q " + id, List.of(gold), List.of(), Optional.empty());
    }

    @Test
    void chunks_aggregate_to_distinct_files_in_rank_order_before_scoring() {
        // A.java twice (ranks 1 and 3 as chunks) is one file: the gold file B.java is file rank 2, not 3.
        List<ScoredChunk> hits =
                List.of(hit("A.java", 1, 5, 0.9), hit("A.java", 10, 20, 0.8), hit("B.java", 1, 5, 0.7));
        Evaluator.ModeOutcome o = Evaluator.score(query("q", "B.java"), hits, 10, 0);
        assertThat(o.topFiles()).containsExactly("A.java", "B.java");
        assertThat(o.files().firstRank()).isEqualTo(2);
        assertThat(o.files().reciprocalRank()).isEqualTo(0.5);
        assertThat(o.functions()).isEmpty();
    }

    @Test
    void top_files_are_cut_at_k() {
        List<ScoredChunk> hits = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            hits.add(hit("F" + i + ".java", 1, 2, 0.5));
        }
        Evaluator.ModeOutcome o = Evaluator.score(query("q", "F12.java"), hits, 10, 0);
        assertThat(o.topFiles()).hasSize(10);
        assertThat(o.files().firstRank()).isZero();
    }

    @Test
    void function_level_is_scored_only_for_queries_with_gold_ranges() {
        EvalQuery q = new EvalQuery(
                "q", "q", List.of("A.java"), List.of(new EvalQuery.GoldRange("A.java", 10, 20)), Optional.empty());
        List<ScoredChunk> hits = List.of(hit("A.java", 1, 5, 0.9), hit("A.java", 12, 18, 0.8));
        Evaluator.ModeOutcome o = Evaluator.score(q, hits, 10, 0);
        assertThat(o.files().firstRank()).isEqualTo(1);
        assertThat(o.functions())
                .hasValueSatisfying(f -> assertThat(f.firstRank()).isEqualTo(2));
    }

    @Test
    void run_summarises_every_mode_over_all_queries() {
        List<EvalQuery> queries = List.of(query("one", "A.java"), query("two", "B.java", "C.java"));
        Evaluator.Searcher searcher = (q, mode) -> switch (mode) {
            // vector finds A first and B at rank 4, lexical finds nothing relevant
            case VECTOR ->
                List.of(
                        hit("A.java", 1, 2, 0.9),
                        hit("X.java", 1, 2, 0.8),
                        hit("Y.java", 1, 2, 0.7),
                        hit("B.java", 1, 2, 0.6));
            case LEXICAL -> List.of(hit("Z.java", 1, 2, 0.5));
            case HYBRID, FULL -> List.of();
        };
        List<String> progress = new ArrayList<>();
        Evaluator.Result r =
                Evaluator.run(queries, List.of(EvalMode.VECTOR, EvalMode.LEXICAL), 10, searcher, progress::add);
        assertThat(r.queries()).isEqualTo(2);
        assertThat(r.modes()).containsOnlyKeys(EvalMode.VECTOR, EvalMode.LEXICAL);
        Metrics.Summary v = r.modes().get(EvalMode.VECTOR).files();
        assertThat(v.hit1()).isEqualTo(0.5);
        assertThat(v.hitK()).isEqualTo(1.0);
        assertThat(v.mrrK()).isCloseTo((1 + 0.25) / 2, within(1e-12));
        assertThat(v.mapK()).isCloseTo((1 + 0.25 / 2) / 2, within(1e-12));
        assertThat(r.modes().get(EvalMode.LEXICAL).files().hitK()).isZero();
        assertThat(r.perQuery().get(1).modes().get(EvalMode.VECTOR).files().firstRank())
                .isEqualTo(4);
        assertThat(progress).hasSize(1).first().asString().startsWith("queries 2/2");
    }

    @Test
    void summary_json_has_the_documented_keys() throws Exception {
        Evaluator.Result r = Evaluator.run(
                List.of(query("one", "A.java")),
                List.of(EvalMode.FULL),
                10,
                (q, m) -> List.of(hit("B.java", 1, 2, 0.9), hit("A.java", 1, 2, 0.8)),
                s -> {});
        var json = ReportJson.JSON.readTree(ReportJson.write(ReportJson.summary(r)));
        assertThat(json.get("queries").asInt()).isEqualTo(1);
        var full = json.get("modes").get("full");
        assertThat(full.fieldNames()).toIterable().containsExactly("hit@1", "hit@5", "hit@10", "mrr@10", "map@10");
        assertThat(full.get("mrr@10").asDouble()).isEqualTo(0.5);
        assertThat(json.has("function_level")).isFalse();

        var report = ReportJson.report(r, java.util.Map.of("model", "fp32"));
        assertThat(report.get("per_query")
                        .get(0)
                        .get("first_gold_rank")
                        .get("full")
                        .asInt())
                .isEqualTo(2);
        assertThat(report.get("per_query").get(0).get("top").get("full").get(0).asText())
                .isEqualTo("B.java");
        assertThat(report.get("settings").get("model").asText()).isEqualTo("fp32");
    }
}
