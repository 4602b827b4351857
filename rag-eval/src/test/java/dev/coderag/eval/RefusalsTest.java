package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.coderag.retrieval.evidence.Evidence;
import dev.coderag.retrieval.evidence.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RefusalsTest {
    private static Refusals.Outcome outcome(String id, String repo, RefusalKind kind, boolean answered) {
        return new Refusals.Outcome(
                id,
                repo,
                kind,
                new Refusals.Judged(
                        new Verdict(answered, 0.7, answered ? "every word of it found" : "never mentions 'x'"),
                        new Evidence(List.of(new Evidence.Term("x", false, answered)), 0.7, false, 5),
                        List.of("README.md:1-9")));
    }

    @Test
    void counts_shares_precision_and_recall_overall_per_kind_and_per_repository() {
        List<Refusals.Outcome> outcomes = new ArrayList<>();
        // a: 4 answerable (3 answered), 2 off-topic (2 refused), 2 missing features (1 refused)
        outcomes.add(outcome("a1", "a", RefusalKind.ANSWERABLE, true));
        outcomes.add(outcome("a2", "a", RefusalKind.ANSWERABLE, true));
        outcomes.add(outcome("a3", "a", RefusalKind.ANSWERABLE, true));
        outcomes.add(outcome("a4", "a", RefusalKind.ANSWERABLE, false));
        outcomes.add(outcome("o1", "a", RefusalKind.OFF_TOPIC, false));
        outcomes.add(outcome("o2", "a", RefusalKind.OFF_TOPIC, false));
        outcomes.add(outcome("m1", "b", RefusalKind.MISSING_FEATURE, false));
        outcomes.add(outcome("m2", "b", RefusalKind.MISSING_FEATURE, true));

        Refusals.Result r = Refusals.summarise(outcomes);

        Refusals.Counts all = r.overall();
        assertThat(all.questions()).isEqualTo(8);
        assertThat(all.answeredShare()).isEqualTo(0.75);
        assertThat(all.refusedShare()).isEqualTo(0.75);
        assertThat(all.recall()).isEqualTo(0.75);
        assertThat(all.precision()).as("3 of the 4 refused should have been").isEqualTo(0.75);
        assertThat(all.accuracy()).isEqualTo(0.75);
        assertThat(r.byKind().keySet())
                .containsExactly(RefusalKind.ANSWERABLE, RefusalKind.OFF_TOPIC, RefusalKind.MISSING_FEATURE);
        assertThat(r.byKind().get(RefusalKind.OFF_TOPIC).refusedShare()).isEqualTo(1.0);
        assertThat(r.byKind().get(RefusalKind.MISSING_FEATURE).refusedShare()).isEqualTo(0.5);
        assertThat(r.byRepo().keySet()).containsExactly("a", "b");
        assertThat(r.byRepo().get("a").precision()).as("a refused 3, 2 rightly").isCloseTo(2 / 3.0, within(1e-9));
        assertThat(r.byRepo().get("b").answeredShare())
                .as("no answerable question: vacuously 1")
                .isEqualTo(1.0);
        assertThat(r.perQuery().get(3).right()).isFalse();
        assertThat(r.perQuery().get(4).right()).isTrue();
    }

    @Test
    void the_table_and_the_json_carry_the_figures() {
        Refusals.Result r = Refusals.summarise(List.of(
                outcome("a1", "a", RefusalKind.ANSWERABLE, true),
                outcome("o1", "b", RefusalKind.OFF_TOPIC, false),
                outcome("m1", "b", RefusalKind.MISSING_FEATURE, true)));
        String table = RefusalTable.of(r);
        assertThat(table)
                .containsPattern("answerable\\s+1\\s+1\\.000\\s+0\\.000")
                .containsPattern("off-topic\\s+1\\s+0\\.000\\s+1\\.000")
                .containsPattern("all\\s+3\\s+1/1\\s+1/2\\s+1\\.000\\s+0\\.500\\s+0\\.667")
                .containsPattern("\\nb\\s+2\\s+0/0\\s+1/2");
        var json = RefusalJson.summary(r);
        assertThat(json.path("refused_share").asDouble()).isEqualTo(0.5);
        assertThat(json.path("by_kind").path("off-topic").path("refused").asInt())
                .isEqualTo(1);
        assertThat(json.path("by_repo").path("a").path("answered").asInt()).isEqualTo(1);
        var perQuery = RefusalJson.perQuery(r);
        assertThat(perQuery.get(2).path("answered").asBoolean()).isTrue();
        assertThat(perQuery.get(2).path("right").asBoolean()).isFalse();
        assertThat(perQuery.get(2)
                        .path("evidence")
                        .path("words")
                        .get(0)
                        .path("word")
                        .asText())
                .isEqualTo("x");
        var summary = ReportJson.summary(
                new Evaluator.Result(0, 10, Map.of(), Map.of(), Map.of(), List.of()), Optional.of(r));
        assertThat(summary.path("refusals").path("questions").asInt()).isEqualTo(3);
    }
}
