package dev.coderag.ingest;

import dev.coderag.ingest.ProgressListener.IngestProgress;
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

    /**
     * Reports a repository done.
     *
     * @param moved chunks moved from the static to the full tier (counted as embedded: the model embedded them)
     */
    static IngestSummary.RepoResult finish(
            RepoTarget repo, RepoPlanner.Planned planned, ProgressListener progress, IngestTotals totals, int moved) {
        return finish(
                repo,
                planned.filesTotal(),
                planned.embed().toEmbed().size(),
                planned.counts(),
                progress,
                totals,
                moved);
    }

    /** Reports a repository done from its counts (a run in slices sums its slices'). */
    static IngestSummary.RepoResult finish(
            RepoTarget repo,
            int files,
            int planEmbed,
            IngestTotals.RepoCounts planCounts,
            ProgressListener progress,
            IngestTotals totals,
            int moved) {
        String name = repo.name();
        int toEmbed = planEmbed + moved;
        progress.onProgress(new IngestProgress(name, IngestPhase.DONE, files, files, toEmbed, toEmbed));
        IngestTotals.RepoCounts counts = moved == 0
                ? planCounts
                : new IngestTotals.RepoCounts(
                        planCounts.added(),
                        planCounts.changed(),
                        planCounts.unchanged(),
                        planCounts.deleted(),
                        planCounts.skipped(),
                        planCounts.inserted(),
                        planCounts.deletedChunks(),
                        planCounts.embedded() + moved,
                        planCounts.reused());
        totals.add(counts);
        return new IngestSummary.RepoResult(
                name, repo.source(), repo.commit().orElse(""), counts.files(), counts.chunks());
    }
}
