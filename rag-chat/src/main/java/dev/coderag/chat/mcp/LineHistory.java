package dev.coderag.chat.mcp;

import dev.coderag.types.HunkRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which change of a file's stored history last wrote some of its current lines: the read side of a blame, over the
 * {@code -U0} hunk headers the history keeps (no file contents). The chain is the file's changes newest first,
 * renames already followed (a renamed change's {@code oldPath} is the path of the changes after it in the chain).
 */
public interface LineHistory {
    /**
     * One commit's change to the file.
     *
     * @param key what identifies the change to the caller (the commit's sha)
     * @param added the change created the file: it wrote every line the walk still holds
     */
    record Link(String key, String path, String oldPath, boolean added, List<HunkRange> hunks) {
        public Link {
            hunks = List.copyOf(hunks);
        }
    }

    /**
     * The key of the newest link that wrote any of lines {@code from}–{@code to} (1-based, inclusive) of the file's
     * current version of {@code lineCount} lines; empty when none of the chain did (the lines are older than the
     * stored history).
     */
    Optional<String> lastChange(List<Link> chain, int lineCount, int from, int to);

    /**
     * git blame's walk without move or copy detection, for a line range: newest change first, a line inside a hunk's
     * new side was written by that change; every other line is carried to the change's old numbering by the sizes
     * of the hunks before it. The range is carried as intervals: a pure deletion inside one splits it (the deleted
     * lines are not the file's now, so no older change that wrote them counts). Linear in the chain's hunks times the
     * intervals, which grow only by such deletions; past {@link #MAX_INTERVALS} the walk gives up (empty).
     */
    LineHistory WALK = (chain, lineCount, from, to) -> Walk.lastChange(chain, lineCount, from, to);

    /** Intervals a walk carries at most. */
    int MAX_INTERVALS = 10_000;

    /** {@link #WALK}. */
    final class Walk {
        private Walk() {}

        static Optional<String> lastChange(List<Link> chain, int lineCount, int from, int to) {
            long lo = Math.max(1, from);
            long hi = Math.min(Math.max(lo, to), Math.max(lo, lineCount));
            List<long[]> ranges = new ArrayList<>(List.of(new long[] {lo, hi}));
            for (Link link : chain) {
                if (link.added()) {
                    return Optional.of(link.key());
                }
                List<long[]> older = new ArrayList<>();
                for (long[] r : ranges) {
                    if (carry(link.hunks(), r[0], r[1], older)) {
                        return Optional.of(link.key());
                    }
                }
                if (older.size() > MAX_INTERVALS) {
                    return Optional.empty();
                }
                ranges = older;
            }
            return Optional.empty();
        }

        /**
         * Adds to {@code out} the lines {@code lo}–{@code hi} of a change's new side in its old numbering, split
         * where a pure deletion sat between them; true (and nothing added) when a hunk of the change wrote one of
         * them.
         */
        static boolean carry(List<HunkRange> hunks, long lo, long hi, List<long[]> out) {
            long shift = 0; // old = new - shift, for lines after the hunks seen so far
            long start = lo;
            for (HunkRange h : hunks) { // in file order, as a diff lists them
                if (h.newCount() > 0) {
                    long first = h.newStart();
                    long last = first + h.newCount() - 1;
                    if (first <= hi && last >= lo) {
                        return true;
                    }
                    if (last < lo) {
                        shift += (long) h.newCount() - h.oldCount();
                    }
                } else if (h.newStart() < lo) { // deleted lines above the interval
                    shift -= h.oldCount();
                } else if (h.newStart() < hi) { // deleted between lines newStart and newStart + 1 of the interval
                    out.add(new long[] {start - shift, h.newStart() - shift});
                    start = h.newStart() + 1;
                    shift -= h.oldCount();
                }
            }
            out.add(new long[] {start - shift, hi - shift});
            return false;
        }
    }
}
