package dev.coderag.ingest;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/** The counts and phase times of an ingest, summed over its repositories. Used by one thread. */
final class IngestTotals {
    /** What one repository's run found and did (or, in a dry run, would do). */
    record RepoCounts(
            int added,
            int changed,
            int unchanged,
            int deleted,
            Map<SkipReason, Integer> skipped,
            int inserted,
            int deletedChunks,
            int embedded,
            int reused) {
        IngestSummary.Files files() {
            Map<String, Integer> byReason = new TreeMap<>();
            skipped.forEach((r, n) -> byReason.put(r.key(), n));
            int total = skipped.values().stream().mapToInt(Integer::intValue).sum();
            return new IngestSummary.Files(added, changed, unchanged, deleted, total, Map.copyOf(byReason));
        }

        IngestSummary.Chunks chunks() {
            return new IngestSummary.Chunks(inserted, deletedChunks, embedded, reused);
        }

        /** Both runs' counts: two slices of one repository's run. */
        RepoCounts plus(RepoCounts o) {
            Map<SkipReason, Integer> both = new EnumMap<>(SkipReason.class);
            both.putAll(skipped);
            o.skipped.forEach((r, n) -> both.merge(r, n, Integer::sum));
            return new RepoCounts(
                    added + o.added,
                    changed + o.changed,
                    unchanged + o.unchanged,
                    deleted + o.deleted,
                    both,
                    inserted + o.inserted,
                    deletedChunks + o.deletedChunks,
                    embedded + o.embedded,
                    reused + o.reused);
        }
    }

    double parseSeconds;
    double embedSeconds;
    double writeSeconds;
    double resolveSeconds;
    double historySeconds;
    int historyCommits;
    private int added;
    private int changed;
    private int unchanged;
    private int deleted;
    private final Map<SkipReason, Integer> skipped = new EnumMap<>(SkipReason.class);
    private int inserted;
    private int deletedChunks;
    private int embedded;
    private int reused;

    void add(RepoCounts c) {
        added += c.added();
        changed += c.changed();
        unchanged += c.unchanged();
        deleted += c.deleted();
        c.skipped().forEach((r, n) -> skipped.merge(r, n, Integer::sum));
        inserted += c.inserted();
        deletedChunks += c.deletedChunks();
        embedded += c.embedded();
        reused += c.reused();
    }

    IngestSummary.Files files() {
        return new RepoCounts(added, changed, unchanged, deleted, skipped, 0, 0, 0, 0).files();
    }

    IngestSummary.Chunks chunks() {
        return new IngestSummary.Chunks(inserted, deletedChunks, embedded, reused);
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
