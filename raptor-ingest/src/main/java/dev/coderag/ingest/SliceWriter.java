package dev.coderag.ingest;

import dev.coderag.store.RepoCatalog;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * One repository's run in slices (docs/STORE.md, "Large repositories in slices"): the first slice's plan, then each
 * later slice planned and written in turn under the same write transaction. Not thread-safe; one per run.
 */
final class SliceWriter {
    private final RepoPlanner planner;
    private final Store store;
    private final IngestOptions options;
    private final BooleanSupplier stop;

    SliceWriter(RepoPlanner planner, Store store, IngestOptions options, BooleanSupplier stop) {
        this.planner = planner;
        this.store = store;
        this.options = options;
        this.stop = stop;
    }

    /**
     * Writes a repository too large for one plan: the first slice's plan, then each later slice of at most
     * {@link IngestOptions#sliceBytes()} planned and written in turn, under the same write lock. A stop request is
     * honoured between slices (and within them, between commits).
     */
    IngestSummary.RepoResult write(
            RepoTarget repo,
            AtomicReference<RepoPlanner.Planned> firstPlan,
            RepoWriter writer,
            WriteTransaction tx,
            ProgressListener progress,
            IngestTotals totals) {
        String name = repo.name();
        RepoPlanner.Planned first = firstPlan.getAndSet(null);
        Map<String, String> storedHashes = first.storedHashes();
        List<List<RepoWalker.Candidate>> slices = slices(first.deferred(), options.sliceBytes());
        int later = first.deferred().size();
        List<SkippedFile> skippedFiles = new ArrayList<>(first.skippedFiles());
        IngestTotals.RepoCounts counts = first.counts();
        int files = first.filesTotal();
        int toEmbed = first.embed().toEmbed().size();
        int committed = 0;
        int embedded = 0;
        boolean changed = false;
        // the skipped files are known once every slice is read: the last slice records them
        RepoPlanner.Planned planned = first.withSkipped(first.skippedFiles(), false);
        first = null; // from here on only planned holds the first slice, until the second replaces it
        for (int i = 0; ; i++) {
            boolean last = i == slices.size();
            RepoWriter.Outcome outcome = writer.write(repo, planned, tx, new WriteSlice(true, last, later, changed));
            committed += outcome.committedFiles();
            embedded += outcome.embedded();
            if (outcome.stopped()) {
                throw Ingester.stopped(name, committed, outcome.pendingFiles(), embedded);
            }
            changed |= !planned.plan().isEmpty();
            if (last) {
                return IngestTotals.finish(repo, files, toEmbed, counts, progress, totals, outcome.moved());
            }
            if (stop.getAsBoolean()) {
                throw Ingester.stopped(name, committed, later, embedded);
            }
            List<RepoWalker.Candidate> slice = slices.get(i);
            later -= slice.size();
            planned = null; // the slice written can go before the next is parsed
            planned = planner.planSlice(repo, slice, storedHashes);
            totals.parseSeconds += planned.parseSeconds();
            files += planned.filesTotal();
            toEmbed += planned.embed().toEmbed().size();
            counts = counts.plus(planned.counts());
            for (SkippedFile f : planned.skippedFiles()) {
                if (skippedFiles.size() < RepoCatalog.MAX_SKIPPED) {
                    skippedFiles.add(f);
                }
            }
            if (i == slices.size() - 1) {
                skippedFiles.sort(Comparator.comparing(SkippedFile::path));
                List<SkippedFile> all = List.copyOf(skippedFiles);
                boolean skippedChanged =
                        !store.repos().skipped(name, RepoCatalog.MAX_SKIPPED).equals(all);
                planned = planned.withSkipped(all, skippedChanged);
            }
        }
    }

    /** Consecutive runs of files, each at most {@code bytes} long in total unless one file alone is longer. */
    static List<List<RepoWalker.Candidate>> slices(List<RepoWalker.Candidate> files, long bytes) {
        List<List<RepoWalker.Candidate>> out = new ArrayList<>();
        List<RepoWalker.Candidate> slice = new ArrayList<>();
        long size = 0;
        for (RepoWalker.Candidate c : files) {
            if (!slice.isEmpty() && size + c.size() > bytes) {
                out.add(slice);
                slice = new ArrayList<>();
                size = 0;
            }
            slice.add(c);
            size += c.size();
        }
        if (!slice.isEmpty()) {
            out.add(slice);
        }
        return out;
    }
}
