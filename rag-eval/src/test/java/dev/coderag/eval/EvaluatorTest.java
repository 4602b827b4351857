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
        Evaluator.ModeOutcome o = Evaluator.score(query("q", "B.java"), Evaluator.Searched.unrouted(hits), 10, 0);
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
        Evaluator.ModeOutcome o = Evaluator.score(query("q", "F12.java"), Evaluator.Searched.unrouted(hits), 10, 0);
        assertThat(o.topFiles()).hasSize(10);
        assertThat(o.files().firstRank()).isZero();
    }

    @Test
    void function_level_is_scored_only_for_queries_with_gold_ranges() {
        EvalQuery q = new EvalQuery(
                "q", "q", List.of("A.java"), List.of(new EvalQuery.GoldRange("A.java", 10, 20)), Optional.empty());
        List<ScoredChunk> hits = List.of(hit("A.java", 1, 5, 0.9), hit("A.java", 12, 18, 0.8));
        Evaluator.ModeOutcome o = Evaluator.score(q, Evaluator.Searched.unrouted(hits), 10, 0);
        assertThat(o.files().firstRank()).isEqualTo(1);
        assertThat(o.functions())
                .hasValueSatisfying(f -> assertThat(f.firstRank()).isEqualTo(2));
    }

    @Test
    void run_summarises_every_mode_over_all_queries() {
        List<EvalQuery> queries = List.of(query("one", "A.java"), query("two", "B.java", "C.java"));
        Evaluator.Searcher searcher = (q, mode) -> Evaluator.Searched.unrouted(
                switch (mode) {
                    // vector finds A first and B at rank 4, lexical finds nothing relevant
                    case VECTOR ->
                        List.of(
                                hit("A.java", 1, 2, 0.9),
                                hit("X.java", 1, 2, 0.8),
                                hit("Y.java", 1, 2, 0.7),
                                hit("B.java", 1, 2, 0.6));
                    case LEXICAL -> List.of(hit("Z.java", 1, 2, 0.5));
                    case HYBRID, FULL -> List.of();
                });
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
                (q, m) -> Evaluator.Searched.unrouted(List.of(hit("B.java", 1, 2, 0.9), hit("A.java", 1, 2, 0.8))),
                s -> {});
        var json = ReportJson.JSON.readTree(ReportJson.write(ReportJson.summary(r)));
        assertThat(json.get("queries").asInt()).isEqualTo(1);
        var full = json.get("modes").get("full");
        assertThat(full.fieldNames())
                .toIterable()
                .containsExactly("hit@1", "hit@3", "hit@5", "hit@10", "mrr@10", "map@10");
        assertThat(full.get("mrr@10").asDouble()).isEqualTo(0.5);
        assertThat(json.has("function_level")).isFalse();
        assertThat(json.has("all_gold@8")).isFalse();
        assertThat(json.has("by_kind")).as("no query has a kind").isFalse();

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

    private static EvalQuery kinded(String id, QueryKind kind, String path, int start, int end) {
        return new EvalQuery(
                id,
                "q " + id,
                List.of(path),
                List.of(new EvalQuery.GoldRange(path, start, end)),
                Optional.empty(),
                Optional.of(kind));
    }

    /**
     * Two "calls" questions (callers in C1 and C2; one found in full, both ranked after eight other chunks in
     * lexical) and one "where" question: every metric is broken down by kind, and the all-gold share is the share
     * of questions whose first 8 chunks hold every gold range.
     */
    private static Evaluator.Result kindedRun() {
        EvalQuery calls1 = new EvalQuery(
                "c1",
                "what calls f?",
                List.of("C1.java", "C2.java"),
                List.of(new EvalQuery.GoldRange("C1.java", 10, 20), new EvalQuery.GoldRange("C2.java", 5, 8)),
                Optional.empty(),
                Optional.of(QueryKind.CALLS));
        EvalQuery calls2 = kinded("c2", QueryKind.CALLS, "D.java", 1, 3);
        EvalQuery where = kinded("w", QueryKind.WHERE, "W.java", 30, 40);
        Evaluator.Searcher searcher = (q, mode) -> {
            List<ScoredChunk> hits = new ArrayList<>();
            if (mode == EvalMode.LEXICAL) {
                for (int i = 0; i < 8; i++) {
                    hits.add(hit("Noise" + i + ".java", 1, 2, 0.9));
                }
            }
            switch (q.id()) {
                case "c1" -> {
                    hits.add(hit("C2.java", 1, 6, 0.8));
                    hits.add(hit("C1.java", 15, 25, 0.7));
                }
                case "c2" -> hits.add(hit("Other.java", 1, 3, 0.8)); // never finds D.java
                default -> {
                    hits.add(hit("X.java", 1, 2, 0.8));
                    hits.add(hit("W.java", 35, 36, 0.7));
                }
            }
            // full mode is routed: the intent reaches the per-query report
            return new Evaluator.Searched(hits, mode == EvalMode.FULL ? Optional.of("relationship") : Optional.empty());
        };
        return Evaluator.run(
                List.of(calls1, where, calls2), List.of(EvalMode.LEXICAL, EvalMode.FULL), 10, searcher, s -> {});
    }

    @Test
    void metrics_are_broken_down_by_kind_with_the_all_gold_share() {
        Evaluator.Result r = kindedRun();
        assertThat(r.byKind()).containsOnlyKeys(QueryKind.WHERE, QueryKind.CALLS);
        assertThat(r.byKind().keySet()).containsExactly(QueryKind.WHERE, QueryKind.CALLS);
        Evaluator.KindSummary calls = r.byKind().get(QueryKind.CALLS);
        assertThat(calls.queries()).isEqualTo(2);
        Evaluator.ModeSummary callsFull = calls.modes().get(EvalMode.FULL);
        assertThat(callsFull.allGold()).contains(0.5); // c1 has both callers in its first 8 chunks, c2 none
        assertThat(callsFull.files().hit1()).isEqualTo(0.5);
        assertThat(calls.modes().get(EvalMode.LEXICAL).allGold()).contains(0.0); // callers at chunk ranks 9 and 10
        assertThat(calls.modes().get(EvalMode.LEXICAL).files().hitK()).isEqualTo(0.5);
        Evaluator.ModeSummary whereFull =
                r.byKind().get(QueryKind.WHERE).modes().get(EvalMode.FULL);
        assertThat(whereFull.files().hit1()).isZero();
        assertThat(whereFull.files().hit3()).isEqualTo(1.0);
        assertThat(whereFull.allGold()).contains(1.0);
        // over all three questions
        assertThat(r.modes().get(EvalMode.FULL).allGold())
                .hasValueSatisfying(v -> assertThat(v).isCloseTo(2.0 / 3, within(1e-12)));
        assertThat(r.perQuery().get(2).modes().get(EvalMode.FULL).allGold()).contains(false);
    }

    @Test
    void kinds_and_the_all_gold_share_reach_the_json_and_the_table() throws Exception {
        Evaluator.Result r = kindedRun();
        var json = ReportJson.JSON.readTree(ReportJson.write(ReportJson.summary(r)));
        assertThat(json.get("by_kind").fieldNames()).toIterable().containsExactly("where", "calls");
        var calls = json.get("by_kind").get("calls");
        assertThat(calls.get("queries").asInt()).isEqualTo(2);
        assertThat(calls.get("all_gold@8").get("full").asDouble()).isEqualTo(0.5);
        assertThat(calls.get("modes").get("full").get("hit@3").asDouble()).isEqualTo(0.5);
        assertThat(calls.get("function_level").get("full").has("mrr@10")).isTrue();
        assertThat(json.get("all_gold@8").get("full").asDouble()).isEqualTo(0.6667);
        assertThat(json.get("all_gold@8").get("lexical").asDouble()).isZero(); // every answer after 8 noise chunks

        var report = ReportJson.report(r, java.util.Map.of("repo", "r"));
        var first = report.get("per_query").get(0);
        assertThat(first.get("kind").asText()).isEqualTo("calls");
        assertThat(first.get("all_gold@8").get("full").asBoolean()).isTrue();
        assertThat(first.get("all_gold@8").get("lexical").asBoolean()).isFalse();
        assertThat(first.get("first_gold_range_rank").get("full").asInt()).isEqualTo(1);
        assertThat(first.get("first_gold_range_rank").get("lexical").asInt()).isEqualTo(9);
        assertThat(first.get("intent").get("full").asText()).isEqualTo("relationship");
        assertThat(first.get("intent").has("lexical"))
                .as("lexical mode is not routed")
                .isFalse();

        String table = EvalTable.of(r, java.util.Map.of("repo", "r", "model", "fp32"));
        assertThat(table).contains("by kind").contains("all-gold@8");
        assertThat(table.lines().filter(l -> l.startsWith("calls ")))
                .hasSize(2)
                .anySatisfy(l -> assertThat(l).contains(" full ").endsWith("0.500"));
    }
}
