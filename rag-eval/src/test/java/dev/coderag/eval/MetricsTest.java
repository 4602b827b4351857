package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MetricsTest {
    private static final Set<String> GOLD_C = Set.of("C.java");

    private static List<Boolean> rel(String... files) {
        return Metrics.fileRelevance(List.of(files), GOLD_C);
    }

    @Test
    void gold_at_rank_three_gives_reciprocal_rank_one_third() {
        Metrics.Score s = Metrics.score(rel("A.java", "B.java", "C.java", "D.java"), 1, 10);
        assertThat(s.firstRank()).isEqualTo(3);
        assertThat(s.reciprocalRank()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(s.averagePrecision()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(s.hitAt(1)).isFalse();
        assertThat(s.hitAt(3)).isTrue();
        assertThat(s.hitAt(5)).isTrue();
    }

    @Test
    void two_gold_files_at_ranks_one_and_four_average_their_precisions() {
        List<Boolean> r = Metrics.fileRelevance(List.of("G1", "x", "y", "G2", "z"), Set.of("G1", "G2"));
        assertThat(Metrics.averagePrecision(r, 2, 10)).isCloseTo((1.0 / 1 + 2.0 / 4) / 2, within(1e-12));
    }

    @Test
    void gold_files_never_retrieved_still_count_in_the_denominator() {
        List<Boolean> r = Metrics.fileRelevance(List.of("G1", "x"), Set.of("G1", "G2", "G3"));
        assertThat(Metrics.averagePrecision(r, 3, 10)).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void map_denominator_is_capped_at_k() {
        // 12 gold files, all ten retrieved ones relevant: AP@10 must be 1, not 10/12.
        List<Boolean> allRelevant = java.util.Collections.nCopies(10, true);
        assertThat(Metrics.averagePrecision(allRelevant, 12, 10)).isEqualTo(1.0);
    }

    @Test
    void gold_below_the_cut_off_is_a_miss() {
        List<Boolean> r = rel("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "C.java");
        Metrics.Score s = Metrics.score(r, 1, 10);
        assertThat(s.firstRank()).isZero();
        assertThat(s.reciprocalRank()).isZero();
        assertThat(s.averagePrecision()).isZero();
        assertThat(Metrics.score(r, 1, 11).firstRank()).isEqualTo(11);
    }

    @Test
    void a_file_listed_twice_is_credited_once() {
        List<Boolean> r = Metrics.fileRelevance(List.of("G", "G", "G"), Set.of("G", "H"));
        assertThat(r).containsExactly(true, false, false);
        assertThat(Metrics.averagePrecision(r, 2, 10)).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void summary_averages_hits_reciprocal_ranks_and_average_precision() {
        List<Metrics.Score> scores = List.of(
                new Metrics.Score(1, 1.0),
                new Metrics.Score(3, 0.5),
                new Metrics.Score(7, 0.1),
                new Metrics.Score(0, 0));
        Metrics.Summary s = Metrics.summarise(scores, 10);
        assertThat(s.queries()).isEqualTo(4);
        assertThat(s.hit1()).isEqualTo(0.25);
        assertThat(s.hit3()).isEqualTo(0.5);
        assertThat(s.hit5()).isEqualTo(0.5);
        assertThat(s.hitK()).isEqualTo(0.75);
        assertThat(s.mrrK()).isCloseTo((1 + 1.0 / 3 + 1.0 / 7) / 4, within(1e-12));
        assertThat(s.mapK()).isCloseTo(1.6 / 4, within(1e-12));
    }

    @Test
    void summary_of_no_queries_is_zero() {
        assertThat(Metrics.summarise(List.of(), 10).hitK()).isZero();
    }

    @Test
    void function_level_credits_each_gold_range_once() {
        List<EvalQuery.GoldRange> gold =
                List.of(new EvalQuery.GoldRange("A.java", 10, 20), new EvalQuery.GoldRange("A.java", 40, 50));
        List<Metrics.RankedRange> ranked = List.of(
                new Metrics.RankedRange("A.java", 1, 9), // before the first range: not relevant
                new Metrics.RankedRange("A.java", 15, 18), // inside range 1
                new Metrics.RankedRange("A.java", 12, 30), // overlaps range 1 again: not credited twice
                new Metrics.RankedRange("B.java", 40, 50), // other file
                new Metrics.RankedRange("A.java", 50, 60)); // touches range 2 at line 50
        List<Boolean> r = Metrics.rangeRelevance(ranked, gold);
        assertThat(r).containsExactly(false, true, false, false, true);
        assertThat(Metrics.averagePrecision(r, gold.size(), 10)).isCloseTo((1.0 / 2 + 2.0 / 5) / 2, within(1e-12));
    }

    @Test
    void hit_at_three_counts_a_gold_file_at_rank_three_but_not_at_rank_four() {
        Metrics.Summary s = Metrics.summarise(List.of(new Metrics.Score(3, 1), new Metrics.Score(4, 1)), 10);
        assertThat(s.hit3()).isEqualTo(0.5);
    }

    private static List<Metrics.RankedRange> chunks(int count, String path, int line) {
        List<Metrics.RankedRange> out = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Metrics.RankedRange("Other" + i + ".java", 1, 5));
        }
        out.add(new Metrics.RankedRange(path, line, line + 3));
        return out;
    }

    @Test
    void all_gold_is_covered_only_when_every_range_is_overlapped_within_the_first_n_chunks() {
        List<EvalQuery.GoldRange> callers =
                List.of(new EvalQuery.GoldRange("A.java", 10, 20), new EvalQuery.GoldRange("B.java", 5, 9));
        List<Metrics.RankedRange> both = List.of(
                new Metrics.RankedRange("B.java", 1, 5), // touches B's range at line 5
                new Metrics.RankedRange("X.java", 1, 50),
                new Metrics.RankedRange("A.java", 18, 30));
        assertThat(Metrics.allGoldCovered(both, callers, 8)).isTrue();
        assertThat(Metrics.allGoldCovered(both, callers, 2))
                .as("A.java only at rank 3")
                .isFalse();
        assertThat(Metrics.allGoldCovered(both.subList(0, 2), callers, 8))
                .as("A.java never retrieved")
                .isFalse();
    }

    @Test
    void all_gold_needs_the_last_caller_by_rank_eight() {
        List<EvalQuery.GoldRange> one = List.of(new EvalQuery.GoldRange("A.java", 10, 20));
        assertThat(Metrics.allGoldCovered(chunks(7, "A.java", 12), one, Metrics.SOURCES))
                .isTrue();
        assertThat(Metrics.allGoldCovered(chunks(8, "A.java", 12), one, Metrics.SOURCES))
                .isFalse();
        assertThat(Metrics.allGoldCovered(chunks(0, "A.java", 21), one, Metrics.SOURCES))
                .as("line 21 is outside")
                .isFalse();
        assertThat(Metrics.allGoldCovered(chunks(0, "A.java", 12), List.of(), Metrics.SOURCES))
                .isFalse();
    }
}
