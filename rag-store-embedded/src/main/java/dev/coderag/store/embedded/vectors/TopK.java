package dev.coderag.store.embedded.vectors;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The best k (ordinal, score) pairs seen by one vector search, kept in a min-heap; ties keep the lower ordinal (older
 * row). Not thread-safe: one per search.
 */
final class TopK {
    private final int k;
    private final int[] ordinals;
    private final float[] scores;
    private int count;

    TopK(int k) {
        this.k = k;
        this.ordinals = new int[k];
        this.scores = new float[k];
    }

    /** Offers one candidate; callers never offer an ordinal twice (graph and tail ranges are disjoint). */
    /** How many candidates it holds (at most k). */
    int size() {
        return count;
    }

    void offer(int ordinal, float score) {
        if (count < k) {
            ordinals[count] = ordinal;
            scores[count] = score;
            count++;
            siftUp(count - 1);
        } else if (worse(0, ordinal, score)) {
            ordinals[0] = ordinal;
            scores[0] = score;
            siftDown(0);
        }
    }

    /** True when the heap entry at i ranks below (ordinal, score). */
    private boolean worse(int i, int ordinal, float score) {
        return scores[i] < score || (scores[i] == score && ordinals[i] > ordinal);
    }

    private boolean less(int a, int b) {
        return scores[a] < scores[b] || (scores[a] == scores[b] && ordinals[a] > ordinals[b]);
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!less(i, parent)) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            int smallest = i;
            if (left < count && less(left, smallest)) {
                smallest = left;
            }
            if (left + 1 < count && less(left + 1, smallest)) {
                smallest = left + 1;
            }
            if (smallest == i) {
                return;
            }
            swap(i, smallest);
            i = smallest;
        }
    }

    private void swap(int a, int b) {
        int o = ordinals[a];
        ordinals[a] = ordinals[b];
        ordinals[b] = o;
        float s = scores[a];
        scores[a] = scores[b];
        scores[b] = s;
    }

    /** The hits, best first, naming each ordinal by its row id in {@code rids}. */
    List<VectorIndex.Hit> hits(long[] rids) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> less(a, b) ? 1 : less(b, a) ? -1 : 0);
        List<VectorIndex.Hit> out = new ArrayList<>(count);
        for (int i : order) {
            out.add(new VectorIndex.Hit(rids[ordinals[i]], scores[i]));
        }
        return out;
    }
}
