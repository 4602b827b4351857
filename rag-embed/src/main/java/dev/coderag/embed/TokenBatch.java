package dev.coderag.embed;

import java.util.Arrays;
import java.util.List;

/**
 * Token ids of several texts padded to one length, as BERT takes them: row-major ids and attention mask,
 * {@code rows × cols}. Immutable by convention (the arrays are not copied).
 */
record TokenBatch(long[] ids, long[] mask, int rows, int cols) {
    static TokenBatch of(List<long[]> rows) {
        int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        long[] ids = new long[rows.size() * cols];
        long[] mask = new long[ids.length];
        for (int r = 0; r < rows.size(); r++) {
            long[] row = rows.get(r);
            System.arraycopy(row, 0, ids, r * cols, row.length);
            Arrays.fill(mask, r * cols, r * cols + row.length, 1L);
        }
        return new TokenBatch(ids, mask, rows.size(), cols);
    }
}
