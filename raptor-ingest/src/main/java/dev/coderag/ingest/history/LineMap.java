package dev.coderag.ingest.history;

import dev.coderag.types.HunkRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where the lines of one version of a file are in the snapshot's version (HEAD): the map a newest-first read carries
 * back through a file's commits, one {@link #before} per commit, so that each commit's hunks can be placed on the
 * snapshot's lines (and so on its definitions). A line a later commit replaced or deleted is in no segment: it
 * is gone from the snapshot. Linear in segments plus hunks per step; immutable.
 */
final class LineMap {
    /** Lines {@code start..end} of this version are the snapshot's {@code start + offset..end + offset}. */
    private record Segment(long start, long end, long offset) {}

    private static final long END = Long.MAX_VALUE / 4;

    /** The most segments a map keeps; past it the oldest commits' lines are placed approximately (left out). */
    static final int MAX_SEGMENTS = 20_000;

    private final List<Segment> segments;

    private LineMap(List<Segment> segments) {
        this.segments = segments;
    }

    /** The snapshot's own version: every line is itself. */
    static LineMap identity() {
        return new LineMap(List.of(new Segment(1, END, 0)));
    }

    /**
     * The map of the version before a commit whose {@code hunks} turned it into this one: lines the commit replaced
     * or deleted map nowhere from here on; the others move by what the hunks before them added or removed.
     */
    LineMap before(List<HunkRange> hunks) {
        List<HunkRange> sorted = hunks.stream()
                .sorted(Comparator.comparingInt(HunkRange::oldStart))
                .toList();
        List<Segment> out = new ArrayList<>();
        long p = 1;
        long delta = 0;
        int from = 0; // the gaps and the lines they become both ascend: one pass over the segments
        for (HunkRange h : sorted) {
            long gapEnd = h.oldCount() > 0 ? h.oldStart() - 1L : h.oldStart();
            if (gapEnd >= p) {
                from = mapped(p, gapEnd, delta, from, out);
            }
            p = Math.max(p, h.oldCount() > 0 ? (long) h.oldStart() + h.oldCount() : h.oldStart() + 1L);
            delta += h.newCount() - h.oldCount();
        }
        mapped(p, END, delta, from, out);
        return new LineMap(out.size() > MAX_SEGMENTS ? List.copyOf(out.subList(0, MAX_SEGMENTS)) : out);
    }

    /**
     * Adds the segments of old lines {@code a..b}, which are this version's lines {@code a+d..b+d}, looking from
     * segment {@code first} on; returns where the next (later) range's look may start.
     */
    private int mapped(long a, long b, long d, int first, List<Segment> out) {
        int i = first;
        while (i < segments.size() && segments.get(i).end() < a + d) {
            i++;
        }
        for (int j = i; j < segments.size() && segments.get(j).start() <= b + d; j++) {
            Segment s = segments.get(j);
            long from = Math.max(a, s.start() - d);
            long to = Math.min(b, s.end() - d);
            if (from <= to) {
                out.add(new Segment(from, to, d + s.offset()));
            }
        }
        return i;
    }

    /**
     * The snapshot's line ranges {@code [start, end]} that lines {@code from..to} of this version became (empty
     * when all of them are gone).
     */
    List<long[]> toSnapshot(long from, long to) {
        List<long[]> out = new ArrayList<>();
        int lo = 0;
        int hi = segments.size();
        while (lo < hi) { // the first segment ending at or after from
            int mid = (lo + hi) >>> 1;
            if (segments.get(mid).end() < from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (Segment s : segments.subList(lo, segments.size())) {
            if (s.start() > to) {
                break;
            }
            long a = Math.max(from, s.start());
            long b = Math.min(to, s.end());
            if (a <= b) {
                out.add(new long[] {a + s.offset(), b + s.offset()});
            }
        }
        return out;
    }

    /**
     * The snapshot's ranges a commit's hunks wrote, in this version's (the commit's own) numbering: each hunk's new
     * lines, or for a deletion the lines on either side of where it was.
     */
    List<long[]> written(List<HunkRange> hunks) {
        List<long[]> out = new ArrayList<>();
        for (HunkRange h : hunks) {
            if (h.newCount() > 0) {
                out.addAll(toSnapshot(h.newStart(), (long) h.newStart() + h.newCount() - 1));
            } else {
                out.addAll(toSnapshot(Math.max(1, h.newStart()), h.newStart() + 1L));
            }
        }
        return out;
    }
}
