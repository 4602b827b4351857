package dev.coderag.retrieval.history;

import dev.coderag.types.HunkRange;
import java.util.List;

/**
 * The walk behind {@link LineHistory}: the lines not yet explained, as runs of consecutive lines — where a run
 * starts in the version being looked at, how long it is, and which line of the file now it starts at — carried
 * from each change's new side to its old side.
 */
final class Runs {
    private Runs() {}

    /** Told which lines (numbered as in the file now) a change wrote. */
    @FunctionalInterface
    interface Written {
        /** @return false to stop the walk */
        boolean wrote(Change change, int firstLine, int count);
    }

    /** Walks {@code chain} (newest first) for the lines {@code from}..{@code to} of the file now. */
    static void walk(List<Change> chain, int from, int to, Written out) {
        int n = to >= from ? 1 : 0;
        int[] pos = {from};
        int[] len = {to - from + 1};
        int[] cur = {from};
        for (Change change : chain) {
            if (n == 0) {
                return;
            }
            List<HunkRange> hunks = change.hunks();
            int size = hunks.size();
            int[] nextPos = new int[n + size];
            int[] nextLen = new int[n + size];
            int[] nextCur = new int[n + size];
            int m = 0;
            int h = 0;
            long shift = 0; // old number minus new number past the hunks passed so far
            for (int r = 0; r < n; r++) {
                long p = pos[r];
                long end = (long) pos[r] + len[r] - 1;
                while (p <= end) {
                    while (h < size && end(hunks.get(h)) < p) {
                        shift += (long) hunks.get(h).oldCount() - hunks.get(h).newCount();
                        h++;
                    }
                    HunkRange k = h < size ? hunks.get(h) : null;
                    int line = (int) (cur[r] + (p - pos[r]));
                    if (k != null && k.newCount() > 0 && k.newStart() <= p) {
                        long stop = Math.min(end, end(k));
                        if (!out.wrote(change, line, (int) (stop - p + 1))) {
                            return;
                        }
                        p = stop + 1;
                        continue;
                    }
                    long boundary = k == null ? end : k.newCount() > 0 ? k.newStart() - 1L : k.newStart();
                    long stop = Math.max(p, Math.min(end, boundary)); // progress, whatever the hunks say
                    long old = p + shift;
                    int count = (int) (stop - p + 1);
                    if (old >= 1 && old + count - 1 <= Integer.MAX_VALUE) { // else the chain does not fit the file
                        if (m > 0
                                && nextPos[m - 1] + nextLen[m - 1] == old
                                && nextCur[m - 1] + nextLen[m - 1] == line) {
                            nextLen[m - 1] += count;
                        } else {
                            nextPos[m] = (int) old;
                            nextLen[m] = count;
                            nextCur[m] = line;
                            m++;
                        }
                    }
                    p = stop + 1;
                }
            }
            pos = nextPos;
            len = nextLen;
            cur = nextCur;
            n = m;
        }
    }

    /** The last new-side line a hunk covers; for a pure deletion the line after which it sits. */
    private static long end(HunkRange k) {
        return k.newCount() > 0 ? (long) k.newStart() + k.newCount() - 1 : k.newStart();
    }
}
