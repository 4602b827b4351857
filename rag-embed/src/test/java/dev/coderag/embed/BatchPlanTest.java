package dev.coderag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BatchPlanTest {

    @Test
    void every_text_lands_in_exactly_one_batch() {
        int[] lengths = new Random(7).ints(500, 2, 513).toArray();

        List<int[]> batches = BatchPlan.plan(lengths, 2048, 32);

        int[] all = batches.stream().flatMapToInt(Arrays::stream).sorted().toArray();
        assertThat(all).containsExactly(IntStream.range(0, 500).toArray());
    }

    @Test
    void batches_respect_the_token_budget_and_the_batch_cap() {
        int[] lengths = new Random(11).ints(500, 2, 513).toArray();

        List<int[]> batches = BatchPlan.plan(lengths, 2048, 16);

        for (int[] batch : batches) {
            int longest = Arrays.stream(batch).map(i -> lengths[i]).max().orElseThrow();
            assertThat(batch.length).isLessThanOrEqualTo(16);
            assertThat((long) batch.length * longest).isLessThanOrEqualTo(2048);
        }
        // At 512 tokens a 2048 budget means batches of 4: long texts never pile up into big batches.
        assertThat(BatchPlan.plan(new int[] {512, 512, 512, 512, 512, 512}, 2048, 32))
                .extracting(b -> b.length)
                .containsExactly(4, 2);
    }

    @Test
    void texts_of_similar_length_are_batched_together_shortest_first() {
        int[] lengths = {300, 10, 12, 290, 11, 310};

        List<int[]> batches = BatchPlan.plan(lengths, 1000, 32);

        assertThat(batches).containsExactly(new int[] {1, 4, 2}, new int[] {3, 0, 5});
    }

    @Test
    void a_text_longer_than_the_budget_gets_a_batch_of_its_own() {
        assertThat(BatchPlan.plan(new int[] {5, 512, 6}, 100, 32)).containsExactly(new int[] {0, 2}, new int[] {1});
    }

    @Test
    void no_texts_means_no_batches() {
        assertThat(BatchPlan.plan(new int[0], 2048, 32)).isEmpty();
    }

    @Test
    void a_budget_below_one_is_rejected() {
        assertThatThrownBy(() -> BatchPlan.plan(new int[] {3}, 0, 8)).isInstanceOf(IllegalArgumentException.class);
    }
}
