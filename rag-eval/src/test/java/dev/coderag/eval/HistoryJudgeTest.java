package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.store.HistoryMark;
import dev.coderag.types.Chunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ReadmeChunk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The judging and the figures of a history evaluation on hand-made sources: no store, no model. */
class HistoryJudgeTest {
    private static final String A = "a".repeat(40);
    private static final String B = "b".repeat(40);
    private static final String C = "c".repeat(40);
    private static final String D = "d".repeat(40);
    private static final HistoryMark MARK = new HistoryMark(D, 100, 2000);

    private static CommitChunk commit(String sha, String subject) {
        return new CommitChunk(
                "demo",
                "src/Parser.java",
                "",
                Language.JAVA,
                sha,
                "Ann",
                1_700_000_000L,
                subject,
                "",
                CommitChunk.Change.MODIFIED,
                List.of(),
                "+x",
                1,
                0,
                "",
                List.of(),
                List.of(),
                3,
                9,
                "m");
    }

    private static Chunk readme() {
        return new ReadmeChunk("demo", "README.md", List.of("Usage"), "how to parse", 1, 5, "m");
    }

    private static HistoryQuestion question(String id, HistoryKind kind, int position, String... gold) {
        return new HistoryQuestion(id, "demo", kind, "When was it added?", List.of(gold), Optional.empty(), position);
    }

    private static HistoryJudge.Judged judge(HistoryQuestion q, List<Chunk> sources) {
        return HistoryJudge.judge(q, sources, new HistoryJudge.Context(Optional.of(MARK), true, "history", true, 2));
    }

    @Test
    void a_gold_commit_among_the_first_three_sources_is_right_and_its_rank_is_kept() {
        HistoryQuestion q = question("q", HistoryKind.ADDED, 5, A);
        HistoryJudge.Judged third = judge(q, List.of(readme(), commit(B, "other"), commit(A, "gold")));
        assertThat(third.firstGoldRank()).isEqualTo(3);
        assertThat(third.right()).isTrue();
        assertThat(third.hit1()).isFalse();
        assertThat(third.commitSources()).isEqualTo(2);

        HistoryJudge.Judged first = judge(q, List.of(commit(A, "gold"), readme()));
        assertThat(first.hit1()).isTrue();
        assertThat(first.right()).isTrue();
    }

    @Test
    void a_gold_commit_below_the_third_source_is_found_but_not_right() {
        HistoryQuestion q = question("q", HistoryKind.WHY, 5, A);
        HistoryJudge.Judged j =
                judge(q, List.of(readme(), commit(B, "b"), commit(C, "c"), readme(), commit(A, "gold"), readme()));
        assertThat(j.firstGoldRank()).isEqualTo(5);
        assertThat(j.right()).isFalse();
        assertThat(j.top()).hasSize(HistoryJudge.REPORTED);
        assertThat(j.top().get(4))
                .isEqualTo(new HistoryJudge.Source("commit", "aaaaaaa", "gold", "src/Parser.java", 3, 9));
        assertThat(j.top().get(0)).isEqualTo(new HistoryJudge.Source("readme", "", "", "README.md", 1, 5));
    }

    @Test
    void code_and_docs_sources_never_count_and_no_commit_means_rank_zero() {
        HistoryJudge.Judged j = judge(question("q", HistoryKind.LAST, 5, A), List.of(readme(), readme()));
        assertThat(j.firstGoldRank()).isZero();
        assertThat(j.right()).isFalse();
        assertThat(j.commitSources()).isZero();
    }

    @Test
    void any_gold_commit_of_a_between_question_answers_it() {
        HistoryQuestion q = question("q", HistoryKind.BETWEEN, 5, A, B, C);
        assertThat(judge(q, List.of(readme(), commit(C, "third of the range"))).firstGoldRank())
                .isEqualTo(2);
    }

    @Test
    void the_depth_is_the_number_of_commits_the_store_read() {
        assertThat(HistoryJudge.beyondDepth(99, Optional.of(MARK))).isFalse();
        assertThat(HistoryJudge.beyondDepth(100, Optional.of(MARK))).isTrue();
        assertThat(HistoryJudge.beyondDepth(0, Optional.empty()))
                .as("a store without history holds no commit")
                .isTrue();
    }

    @Test
    void figures_per_kind_leave_the_questions_beyond_the_depth_out() {
        List<HistoryJudge.Judged> judged = new ArrayList<>();
        judged.add(judge(question("a1", HistoryKind.ADDED, 1, A), List.of(commit(A, "x")))); // rank 1
        judged.add(judge(question("a2", HistoryKind.ADDED, 2, A), List.of(readme(), readme(), commit(A, "x")))); // 3
        judged.add(judge(question("a3", HistoryKind.ADDED, 3, A), List.of(readme()))); // not found
        judged.add(judge(question("a4", HistoryKind.ADDED, 150, A), List.of(commit(A, "x")))); // beyond: not judged
        judged.add(judge(question("w1", HistoryKind.WHY, 4, B), List.of(readme(), readme(), readme(), commit(B, "x"))));

        HistoryMetrics.Result r = HistoryMetrics.of(judged);
        HistoryMetrics.Summary added = r.byKind().get(HistoryKind.ADDED);
        assertThat(added.questions()).isEqualTo(4);
        assertThat(added.beyondDepth()).isEqualTo(1);
        assertThat(added.judged()).isEqualTo(3);
        assertThat(added.right()).isEqualTo(2);
        assertThat(added.rightShare()).isCloseTo(2.0 / 3, within(1e-9));
        assertThat(added.hit1Share()).isCloseTo(1.0 / 3, within(1e-9));
        assertThat(added.mrr()).isCloseTo((1 + 1.0 / 3) / 3, within(1e-9));
        HistoryMetrics.Summary why = r.byKind().get(HistoryKind.WHY);
        assertThat(why.right()).isZero();
        assertThat(why.foundShare()).isEqualTo(1.0);
        assertThat(r.byKind()).containsOnlyKeys(HistoryKind.ADDED, HistoryKind.WHY);
        assertThat(r.overall().questions()).isEqualTo(5);
        assertThat(r.overall().judged()).isEqualTo(4);
        assertThat(r.overall().right()).isEqualTo(2);
        assertThat(r.overall().rightShare()).isEqualTo(0.5);
    }

    @Test
    void summary_json_and_table_carry_every_kind_and_the_depth() throws Exception {
        List<HistoryJudge.Judged> judged = List.of(
                judge(question("a1", HistoryKind.ADDED, 1, A), List.of(commit(A, "x"))),
                judge(question("l1", HistoryKind.LAST, 500, B), List.of(readme())));
        HistoryMetrics.Result r = HistoryMetrics.of(judged);
        JsonNode json = ReportJson.JSON.readTree(ReportJson.write(HistoryReport.summary(r, Optional.of(MARK))));
        assertThat(json.get("questions").asInt()).isEqualTo(2);
        assertThat(json.get("history").get("commits").asInt()).isEqualTo(100);
        assertThat(json.get("by_kind").fieldNames()).toIterable().containsExactly("added", "last");
        assertThat(json.get("by_kind").get("last").get("beyond_depth").asInt()).isEqualTo(1);
        assertThat(json.get("overall").get("right@3").asDouble()).isEqualTo(1.0);
        assertThat(json.get("overall").get("judged").asInt()).isEqualTo(1);

        String table = HistoryReport.table(r, Optional.of(MARK), Map.of("repo", "demo", "model", "int8"));
        assertThat(table)
                .contains("2 history questions, repo demo")
                .contains("100 commits to ddddddd (depth 2000)")
                .contains("beyond: gold older than the 100 commits");
        assertThat(table.lines().filter(l -> l.startsWith("added") || l.startsWith("last") || l.startsWith("all")))
                .hasSize(3);
    }

    @Test
    void a_history_file_is_told_apart_by_its_fields_and_read_strictly() throws Exception {
        String line = "{\"id\": \"x-added-01\", \"repo\": \"x\", \"kind\": \"added\", \"question\": \"When?\","
                + " \"gold\": [\"" + A.toUpperCase(java.util.Locale.ROOT) + "\"], \"path\": \"./a/B.java\","
                + " \"position\": 3}";
        assertThat(HistoryFile.detect(line + "\n")).isTrue();
        assertThat(HistoryFile.detect("{\"id\": \"a\", \"query\": \"q\", \"gold_files\": [\"A.java\"]}"))
                .isFalse();
        assertThat(HistoryFile.detect("[{\"query\": \"q\"}]")).isFalse();
        assertThat(HistoryFile.detect("not json")).isFalse();
        HistoryQuestion q = HistoryFile.parse(line, "f:1");
        assertThat(q.gold()).containsExactly(A);
        assertThat(q.path()).contains("a/B.java");
        assertThat(q.kind()).isEqualTo(HistoryKind.ADDED);
        assertThatThrownBy(() -> HistoryFile.parse(line.replace("added\",", "renamed\","), "f:1"))
                .isInstanceOf(EvalException.class)
                .hasMessage("f:1: unknown history kind 'renamed' (choose added, why, between or last)");
        assertThatThrownBy(() -> HistoryFile.parse(line.replace(A.toUpperCase(java.util.Locale.ROOT), "abc"), "f:1"))
                .hasMessage("f:1: a gold commit must be a full hex id, not \"abc\"");
        assertThatThrownBy(() -> HistoryFile.parse(line.replace("\"position\": 3", "\"position\": -1"), "f:1"))
                .hasMessage("f:1: 'position' must be a non-negative integer");
    }

    @Test
    void the_shipped_history_files_are_read_as_history_files() {
        for (String repo : List.of("jsoup", "httpx", "gin")) {
            Path file = Path.of("src/test/resources/history/" + repo + ".jsonl");
            assertThat(HistoryEval.isHistoryFile(file)).as(repo).isTrue();
            assertThat(HistoryFile.read(file)).allMatch(q -> q.repo().equals(repo));
        }
        assertThat(HistoryEval.isHistoryFile(Path.of("src/test/resources/fixture.queries.jsonl")))
                .isFalse();
    }
}
