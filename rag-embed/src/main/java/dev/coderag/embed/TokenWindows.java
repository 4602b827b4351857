package dev.coderag.embed;

import java.util.Arrays;

/**
 * Cuts a document's token ids into windows of at most {@code window} tokens, each framed by its own [CLS] and
 * [SEP], so that a long document is embedded as the length-weighted mean of its windows' vectors.
 *
 * <p>Why: self-attention costs grow with the square of a sequence's length, and in the int8 model it is not
 * quantized, so bge-small embeds a 500-token text at about two thirds of the tokens per second of a 100–300
 * token one (docs/BENCHMARKS.md, "Embedding throughput"). Every token is still embedded — nothing is cut, unlike
 * truncation — but no sequence is longer than the window. Windows of one document are of equal length (±1 token),
 * so none is a short tail.
 *
 * <p>Pure: depends only on its arguments; thread-safe.
 */
final class TokenWindows {
    /** The smallest window that leaves room for content: [CLS], at least one token, [SEP]. */
    static final int MIN_WINDOW = 3;

    private TokenWindows() {}

    /**
     * Splits {@code ids} ([CLS], content, [SEP], as the tokenizer gives them) into windows.
     *
     * @param ids token ids of one document with its [CLS] first and [SEP] last; length ≥ 2
     * @param window the most tokens per window, [CLS] and [SEP] included; ≥ {@link #MIN_WINDOW}
     * @param cls the [CLS] id put first in every window
     * @param sep the [SEP] id put last in every window
     * @return {@code ids} itself when it fits in one window; otherwise ⌈content ÷ (window − 2)⌉ windows that
     *     together hold every content token once, in order
     */
    static long[][] split(long[] ids, int window, long cls, long sep) {
        if (window < MIN_WINDOW) {
            throw new IllegalArgumentException("window must be ≥ " + MIN_WINDOW + ": " + window);
        }
        if (ids.length < 2) {
            throw new IllegalArgumentException("ids must hold [CLS] and [SEP]");
        }
        if (ids.length <= window) {
            return new long[][] {ids};
        }
        int content = ids.length - 2;
        int per = window - 2;
        int count = (content + per - 1) / per;
        long[][] out = new long[count][];
        int from = 1;
        for (int w = 0; w < count; w++) {
            // Spread the remainder over the first windows: lengths differ by at most one.
            int size = content / count + (w < content % count ? 1 : 0);
            long[] piece = new long[size + 2];
            piece[0] = cls;
            System.arraycopy(ids, from, piece, 1, size);
            piece[size + 1] = sep;
            out[w] = piece;
            from += size;
        }
        return out;
    }

    /**
     * The document's vector from its windows' vectors: their mean weighted by each window's content tokens,
     * L2-normalised. One window gives its vector unchanged.
     *
     * @param windows the windows {@link #split} gave, in order
     * @param vectors one L2-normalised vector per window, same order and dimension
     * @return a new L2-normalised vector (or {@code vectors[0]} itself for one window)
     */
    static float[] pool(long[][] windows, float[][] vectors) {
        if (windows.length != vectors.length || vectors.length == 0) {
            throw new IllegalArgumentException("one vector per window is needed");
        }
        if (vectors.length == 1) {
            return vectors[0];
        }
        double[] sum = new double[vectors[0].length];
        for (int w = 0; w < vectors.length; w++) {
            double weight = windows[w].length - 2;
            float[] v = vectors[w];
            for (int d = 0; d < sum.length; d++) {
                sum[d] += weight * v[d];
            }
        }
        double norm = Math.sqrt(Arrays.stream(sum).map(x -> x * x).sum());
        float[] out = new float[sum.length];
        for (int d = 0; d < out.length; d++) {
            out[d] = (float) (sum[d] / norm);
        }
        return out;
    }
}
