package dev.coderag.ingest;

import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.ingest.resolve.JavaReferences;
import dev.coderag.ingest.resolve.ResolveOptions;
import dev.coderag.store.BranchNames;
import dev.coderag.store.FileEntry;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a repository is written: resolves the references of its Java files whose resolved references are not those
 * of their indexed content (changed, new, or never resolved — a store from before resolution is resolved by its
 * next ingest), and then of the files that referred to a declaration a changed file no longer declares (their
 * bindings may have changed). References into a changed file that still declares what they refer to are linked again
 * by key when read, without resolving their files (docs/STORE.md, "Resolved references").
 *
 * <p>Each compiler batch is committed as it finishes ({@link WriteTransaction#checkpoint()}): a kill keeps the
 * files resolved so far, and the next run resolves the rest. A stop request or the deadline ends the pass between
 * batches; what is left stays unresolved (its call edges are matched by name) until the next run. Not
 * thread-safe.
 */
final class ResolvePass {
    private static final Logger LOG = LoggerFactory.getLogger(ResolvePass.class);

    /** How long one repository's pass may take; the files not reached are resolved by the next run. */
    static final Duration DEADLINE = Duration.ofMinutes(20);

    /** The most files a changed file's removed declarations can send to resolution again in one run. */
    static final int MAX_DEPENDENTS = 2000;

    /** @param resolved files resolved; {@code dependents} of them for a declaration another file lost */
    record Result(int resolved, int dependents, int notReached, Duration elapsed) {
        static final Result NONE = new Result(0, 0, 0, Duration.ZERO);
    }

    private ResolvePass() {}

    /**
     * @param begin starts the write transaction (the ingest's, which maps a held lock to its own error)
     * @param progress told {@link IngestPhase#RESOLVE} with the files resolved so far, when there are any to resolve
     */
    static Result run(
            Store store,
            Supplier<WriteTransaction> begin,
            String repo,
            Path dir,
            BooleanSupplier stop,
            ProgressListener progress) {
        Map<String, String> indexed = store.files().hashes(repo);
        Map<String, String> hashes = new HashMap<>(indexed);
        hashes.values().removeIf(FileEntry.ABSENT::equals); // a branch overlay's mark of a file the branch lacks
        Map<String, String> resolvedFrom = store.references().resolvedHashes(repo);
        List<String> java = new ArrayList<>();
        Set<String> stale = new TreeSet<>();
        hashes.forEach((path, hash) -> {
            if (path.endsWith(".java")) {
                java.add(path);
                if (!hash.equals(resolvedFrom.get(path))) {
                    stale.add(path);
                }
            }
        });
        // a branch overlay's files are compiled with the base's files the branch shares (its clone has them all)
        BranchNames.base(repo).ifPresent(base -> store.files().hashes(base).keySet().stream()
                .filter(p -> p.endsWith(".java") && !indexed.containsKey(p))
                .forEach(java::add));
        if (stale.isEmpty() || stop.getAsBoolean()) {
            return Result.NONE;
        }
        long start = System.nanoTime();
        List<Path> all = java.stream().map(dir::resolve).toList();
        Set<String> dependents = new LinkedHashSet<>();
        int[] counts = new int[3];
        int[] told = {0, stale.size()}; // files resolved, files to resolve
        Runnable resolvedOne = () -> progress.onProgress(
                new IngestProgress(repo, IngestPhase.RESOLVE, Math.min(++told[0], told[1]), told[1], 0, 0));
        progress.onProgress(new IngestProgress(repo, IngestPhase.RESOLVE, 0, told[1], 0, 0));
        try (WriteTransaction tx = begin.get()) {
            Round first = new Round(store, repo, hashes, tx, stop, resolvedOne);
            counts[0] = first.resolve(dir, all, stale, start);
            dependents.addAll(first.lostKeysReferencedBy);
            dependents.removeAll(stale);
            dependents.retainAll(new HashSet<>(java));
            if (!dependents.isEmpty() && !stop.getAsBoolean()) {
                told[1] += dependents.size();
                Round second = new Round(store, repo, hashes, tx, stop, resolvedOne);
                counts[1] = second.resolve(dir, all, dependents, start);
            }
            tx.commit();
        }
        int notReached = stale.size() + dependents.size() - counts[0] - counts[1];
        Result r = new Result(counts[0], counts[1], notReached, Duration.ofNanos(System.nanoTime() - start));
        LOG.info(
                "resolved the references of {} Java files of {} ({} for a declaration another file lost, {} left) in {} ms",
                r.resolved() + r.dependents(),
                repo,
                r.dependents(),
                r.notReached(),
                r.elapsed().toMillis());
        return r;
    }

    /** One compiler run over a set of files, writing each file's results as its batch finishes. */
    private static final class Round {
        private final Store store;
        private final String repo;
        private final Map<String, String> hashes;
        private final WriteTransaction tx;
        private final BooleanSupplier stop;
        private final Runnable resolvedOne;
        final Set<String> lostKeysReferencedBy = new TreeSet<>();
        private int written;
        private int sinceCheckpoint;

        Round(
                Store store,
                String repo,
                Map<String, String> hashes,
                WriteTransaction tx,
                BooleanSupplier stop,
                Runnable resolvedOne) {
            this.store = store;
            this.repo = repo;
            this.hashes = hashes;
            this.tx = tx;
            this.stop = stop;
            this.resolvedOne = resolvedOne;
        }

        int resolve(Path dir, List<Path> all, Set<String> paths, long start) {
            Duration left = DEADLINE.minusNanos(System.nanoTime() - start);
            if (left.isNegative() || left.isZero()) {
                return 0;
            }
            List<Path> files = paths.stream().map(dir::resolve).toList();
            JavaReferences.resolveEach(dir, all, files, left, ResolveOptions.DEFAULTS, stop, this::write);
            tx.checkpoint();
            return written;
        }

        private void write(ResolvedFile f) {
            String hash = hashes.get(f.path());
            if (hash == null || stop.getAsBoolean()) {
                return;
            }
            Set<String> before = store.references().declaredKeys(repo, f.path());
            Set<String> now = new HashSet<>();
            f.declared().forEach(d -> now.add(d.key()));
            if (!now.containsAll(before)) {
                Set<String> lost = new HashSet<>(before);
                lost.removeAll(now);
                lostKeysReferencedBy.addAll(store.references().referencing(repo, lost, MAX_DEPENDENTS));
            }
            tx.putResolved(repo, hash, f);
            written++;
            resolvedOne.run();
            if (++sinceCheckpoint >= ResolveOptions.DEFAULTS.batchSize()) {
                tx.checkpoint();
                sinceCheckpoint = 0;
            }
        }
    }

    /**
     * Forwards one repository's progress, holding back its {@link IngestPhase#DONE} until {@link #release()}: reference
     * resolution runs after the write commits, and a listener that saw {@code done} first would show a finished
     * repository while {@link IngestPhase#RESOLVE} is still to come. Not thread-safe (the ingesting thread only).
     */
    static final class DoneAfter implements ProgressListener {
        private final ProgressListener target;
        private final boolean hold;
        private IngestProgress done;

        /** @param hold whether resolution follows; when it does not, {@code done} passes at once */
        DoneAfter(ProgressListener target, boolean hold) {
            this.target = target;
            this.hold = hold;
        }

        @Override
        public void onProgress(IngestProgress progress) {
            if (hold && progress.phase() == IngestPhase.DONE) {
                done = progress;
            } else {
                target.onProgress(progress);
            }
        }

        /** Reports the held {@code done}, if any, once. */
        void release() {
            if (done != null) {
                IngestProgress held = done;
                done = null;
                target.onProgress(held);
            }
        }
    }
}
