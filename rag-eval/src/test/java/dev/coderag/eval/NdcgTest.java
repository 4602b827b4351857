package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * semble's NDCG@10 (benchmarks/metrics.py) with expected values computed by hand: DCG = sum of 1/log2(rank + 1)
 * over the ranks that hit, IDCG = the same over ranks 1..min(k, #targets).
 */
class NdcgTest {
    private static final double LOG2_3 = Math.log(3) / Math.log(2); // 1/log2(3) = 0.6309…: the gain at rank 2
    private static final double LOG2_5 = Math.log(5) / Math.log(2); // 1/log2(5) = 0.4307…: the gain at rank 4

    private static Metrics.RankedRange chunk(String path, int start, int end) {
        return new Metrics.RankedRange(path, start, end);
    }

    @Test
    void a_path_only_target_is_hit_by_any_chunk_of_its_file() {
        // rank 3: 1/log2(4) = 0.5 over an ideal of 1
        Ndcg.Score s = Ndcg.chunks(
                List.of(chunk("a/x.py", 1, 5), chunk("a/y.py", 1, 5), chunk("a/t.py", 400, 410)),
                List.of(SembleTarget.file("a/t.py")),
                10);
        assertThat(s.value()).isCloseTo(0.5, within(1e-12));
        assertThat(s.targetRanks()).containsExactly(3);
    }

    @Test
    void a_target_with_lines_is_hit_only_by_a_chunk_that_overlaps_them() {
        // A.py:10-20. The chunk A.py:1-5 (rank 1) has the right path but misses the lines, A.py:21-30 (rank 2)
        // starts just after them; A.py:20-30 (rank 3) shares line 20: hit at rank 3 -> 0.5.
        List<Metrics.RankedRange> chunks =
                List.of(chunk("A.py", 1, 5), chunk("A.py", 21, 30), chunk("A.py", 20, 30), chunk("B.py", 1, 9));
        SembleTarget lines = new SembleTarget("A.py", 10, 20);
        Ndcg.Score s = Ndcg.chunks(chunks, List.of(lines), 10);
        assertThat(s.targetRanks()).containsExactly(3);
        assertThat(s.value()).isCloseTo(0.5, within(1e-12));
        // at file level the lines do not matter: A.py is the first file
        assertThat(Ndcg.files(List.of("A.py", "B.py"), List.of(lines), 10).value())
                .isEqualTo(1.0);
        // and a chunk that only touches the range from the other side counts as well
        assertThat(Ndcg.chunks(List.of(chunk("A.py", 5, 10)), List.of(lines), 10)
                        .value())
                .isEqualTo(1.0);
    }

    @Test
    void one_file_may_take_several_places_at_chunk_level_but_one_at_file_level() {
        // relevant A.py, secondary B.py; three chunks of A.py come first, so B.py is chunk rank 4 but file rank 2.
        List<SembleTarget> targets = List.of(SembleTarget.file("A.py"), SembleTarget.file("B.py"));
        List<Metrics.RankedRange> chunks =
                List.of(chunk("A.py", 1, 5), chunk("A.py", 6, 10), chunk("A.py", 11, 20), chunk("B.py", 1, 9));
        Ndcg.Score atChunks = Ndcg.chunks(chunks, targets, 10);
        assertThat(atChunks.targetRanks()).containsExactly(1, 4);
        // (1 + 1/log2(5)) / (1 + 1/log2(3)) = 1.4307 / 1.6309 = 0.8772
        assertThat(atChunks.value()).isCloseTo((1 + 1 / LOG2_5) / (1 + 1 / LOG2_3), within(1e-12));
        assertThat(atChunks.value()).isCloseTo(0.8772, within(1e-4));
        Ndcg.Score atFiles = Ndcg.files(List.of("A.py", "B.py"), targets, 10);
        assertThat(atFiles.targetRanks()).containsExactly(1, 2);
        assertThat(atFiles.value()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void secondary_targets_count_in_the_ideal_even_when_never_found() {
        // one of two targets found at rank 1: 1 / (1 + 1/log2(3)) = 0.6131
        Ndcg.Score s =
                Ndcg.files(List.of("A.py", "x.py"), List.of(SembleTarget.file("A.py"), SembleTarget.file("B.py")), 10);
        assertThat(s.targetRanks()).containsExactly(1, 0);
        assertThat(s.value()).isCloseTo(0.6131, within(1e-4));
    }

    @Test
    void two_targets_first_hit_by_the_same_chunk_count_once() {
        // metrics.py sets relevances[rank - 1] = 1: the shared rank 1 gains 1, the ideal is 1 + 1/log2(3)
        Ndcg.Score s = Ndcg.chunks(
                List.of(chunk("A.py", 1, 100)),
                List.of(new SembleTarget("A.py", 10, 20), new SembleTarget("A.py", 50, 60)),
                10);
        assertThat(s.targetRanks()).containsExactly(1, 1);
        assertThat(s.value()).isCloseTo(1 / (1 + 1 / LOG2_3), within(1e-12));
    }

    @Test
    void hits_beyond_k_score_nothing_and_the_ideal_is_capped_at_k() {
        List<Metrics.RankedRange> chunks = new ArrayList<>();
        for (int i = 1; i <= 11; i++) {
            chunks.add(chunk("F" + i + ".py", 1, 2));
        }
        // the only target at rank 11 with k = 10
        assertThat(Ndcg.chunks(chunks, List.of(SembleTarget.file("F11.py")), 10).value())
                .isZero();
        // twelve targets, one found at rank 1: the ideal is 10 hits at the top (4.5436), not 12
        List<SembleTarget> twelve = new ArrayList<>();
        twelve.add(SembleTarget.file("F1.py"));
        for (int i = 0; i < 11; i++) {
            twelve.add(SembleTarget.file("missing" + i + ".py"));
        }
        assertThat(Ndcg.chunks(chunks, twelve, 10).value()).isCloseTo(0.22009, within(1e-5));
    }

    @Test
    void paths_match_when_equal_or_one_is_a_suffix_of_the_other_at_a_slash() {
        assertThat(Ndcg.pathMatches("httpx/_client.py", "httpx/_client.py")).isTrue();
        assertThat(Ndcg.pathMatches("/bench/httpx/httpx/_client.py", "httpx/_client.py"))
                .isTrue();
        assertThat(Ndcg.pathMatches("_client.py", "httpx/_client.py")).isTrue();
        assertThat(Ndcg.pathMatches("httpx\\_client.py", "httpx/_client.py")).isTrue();
        assertThat(Ndcg.pathMatches("httpx/my_client.py", "_client.py")).isFalse();
        assertThat(Ndcg.pathMatches("httpx/_client.py", "httpx/_client.pyi")).isFalse();
    }

    @Test
    void no_targets_or_no_hits_is_zero_and_a_perfect_ranking_is_one() {
        assertThat(Ndcg.ndcgAtK(List.of(1), 0, 10)).isZero();
        assertThat(Ndcg.ndcgAtK(List.of(), 3, 10)).isZero();
        assertThat(Ndcg.ndcgAtK(List.of(1, 2, 3), 3, 10)).isCloseTo(1.0, within(1e-12));
        // found at ranks 2 and 3 of 2 targets: (1/log2(3) + 1/log2(4)) / (1 + 1/log2(3)) = 0.6934
        assertThat(Ndcg.ndcgAtK(List.of(2, 3), 2, 10)).isCloseTo((1 / LOG2_3 + 0.5) / (1 + 1 / LOG2_3), within(1e-12));
    }
}
