package dev.coderag.embed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Groups texts of similar token length into batches, so that padding (wasted compute) stays small and the
 * padded size of a batch ({@code count × longest}) stays under a token budget, which bounds the peak
 * memory ONNX Runtime's arena grows to and keeps long batches short (≤ 8 at 512 tokens, where bigger
 * batches are slower on CPU).
 *
 * <p>Pure: {@link #plan} depends only on its arguments.
 */
final class BatchPlan {
    private BatchPlan() {}

    /**
     * Splits the indices {@code 0..lengths.length-1} into batches: indices sorted by length (ties keep input
     * order), then cut greedily so that {@code size × max length ≤ tokenBudget} and {@code size ≤ maxBatch};
     * a single text longer than the budget gets a batch of its own. Every index appears exactly once.
     *
     * @param lengths token count of each text (with special tokens, after truncation)
     * @param tokenBudget maximum padded tokens per batch, ≥ 1
     * @param maxBatch maximum texts per batch, ≥ 1
     * @return batches of indices, shortest texts first; each batch sorted by ascending length
     */
    static List<int[]> plan(int[] lengths, int tokenBudget, int maxBatch) {
        if (tokenBudget < 1 || maxBatch < 1) {
            throw new IllegalArgumentException("tokenBudget and maxBatch must be ≥ 1");
        }
        int[] order = IntStream.range(0, lengths.length)
                .boxed()
                .sorted(Comparator.comparingInt(i -> lengths[i]))
                .mapToInt(Integer::intValue)
                .toArray();
        List<int[]> batches = new ArrayList<>();
        int start = 0;
        while (start < order.length) {
            int end = start + 1;
            // Sorted ascending, so the candidate is always the longest of the batch so far.
            while (end < order.length
                    && end - start < maxBatch
                    && (long) (end - start + 1) * lengths[order[end]] <= tokenBudget) {
                end++;
            }
            int[] batch = new int[end - start];
            System.arraycopy(order, start, batch, 0, batch.length);
            batches.add(batch);
            start = end;
        }
        return batches;
    }
}
