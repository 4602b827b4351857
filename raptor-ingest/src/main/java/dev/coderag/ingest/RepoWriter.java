package dev.coderag.ingest;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.store.FileEntry;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writing half of one repository's run. Lexical first ({@link LexicalPass}): when the texts to embed need more
 * than one batch, every file's new chunks are written and committed at once without the vectors still to compute —
 * with their static-tier vectors when the embedder has a static tier, else with none (chunk rows, BM25 rows and call
 * edges, so lexical, symbol, graph and static vector evidence answer within seconds) — each such file recorded in
 * the file index under a {@link FileEntry#pendingHash pending} hash that never matches the disk. A run whose last
 * tier is {@link VectorTier#STATIC} ends there, every file complete under its real hash; a run of the full tier
 * first moves the chunks such a run left to the full tier ({@link TierUpgrade}, no file parsed). Then the files are embedded in {@link CommitBatches batches}: a batch takes
 * whole files in path order, embeds the texts they need that have no vector yet ({@link EmbedPhase}), then writes
 * their chunks again with their vectors (a chunk inserted again is replaced under a new row id, which readers
 * catch up with), records each file's real hash and commits ({@link WriteTransaction#checkpoint()}), marking the
 * repository {@link IndexState#PARTIAL} with the files still to do. After the last batch the deleted files go,
 * the repository is recorded {@link IndexState#COMPLETE} with its commit, and the transaction commits.
 *
 * <p>A run killed between two commits keeps every committed file. A file whose vectors are committed has its
 * real hash in the file index, so the next run neither re-parses nor re-embeds it; a file still pending differs
 * from the disk, so the next run parses it again and embeds what has no stored vector. Either way it converges
 * on the store a clean run writes, and loses at most the batch in flight. A repository whose texts fit in one
 * batch is written in one commit, as before batching.
 *
 * <p>A stop request ({@code stop}) is honoured between batches: the batches written so far are committed and
 * {@link Outcome#stopped()} is set. Adds its times to the totals. Not thread-safe.
 */
final class RepoWriter {
    private static final Logger LOG = LoggerFactory.getLogger(RepoWriter.class);

    /**
     * For tests: while the file this system property names exists, the embedding batches wait (the chunks are
     * committed without vectors, and a stop request still ends the wait): the window in which a store answers
     * with lexical evidence only is then as long as a test needs. Unset in the product.
     */
    static final String HOLD_PROPERTY = "coderag.ingest.holdEmbeddingWhile";

    /**
     * @param stopped true when a stop request ended the run before its last batch
     * @param committedFiles files whose new version is committed
     * @param pendingFiles files still to commit (0 unless stopped)
     * @param embedded texts embedded by this run
     * @param moved chunks this run moved from the static to the full vector tier without parsing their files
     */
    record Outcome(boolean stopped, int committedFiles, int pendingFiles, int embedded, int moved) {
        Outcome(boolean stopped, int committedFiles, int pendingFiles, int embedded) {
            this(stopped, committedFiles, pendingFiles, embedded, 0);
        }
    }

    private final EmbedPhase embedPhase;
    private final Embedder embedder;
    private final Optional<Embedder> staticEmbedder;
    private final VectorTier lastTier;
    private final Store store;
    private final ProgressListener progress;
    private final IngestTotals totals;
    private final CommitBatches batches;
    private final BooleanSupplier stop;

    /**
     * @param staticEmbedder the static tier's embedder: the lexical pass writes its vectors; absent = none
     * @param lastTier the last tier this run builds: {@link VectorTier#STATIC} stops after the lexical pass
     *     (which then completes every file); {@link VectorTier#FULL} embeds every new text with the model and
     *     moves the repository's static-tier chunks to the full tier
     * @param store the store {@code tx} writes, read for the static-tier chunks to move
     */
    RepoWriter(
            Embedder embedder,
            Optional<Embedder> staticEmbedder,
            VectorTier lastTier,
            Store store,
            ProgressListener progress,
            IngestTotals totals,
            CommitBatches batches,
            BooleanSupplier stop) {
        if (lastTier == VectorTier.STATIC && staticEmbedder.isEmpty()) {
            throw new IllegalArgumentException("a static-tier ingest needs the static embedder");
        }
        this.embedder = embedder;
        this.staticEmbedder = staticEmbedder;
        this.lastTier = lastTier;
        this.store = store;
        this.embedPhase = new EmbedPhase(embedder, progress);
        this.progress = progress;
        this.totals = totals;
        this.batches = batches;
        this.stop = stop;
    }

    /**
     * Writes one plan ({@link WriteSlice#WHOLE}: a whole repository); for a slice that is not the last, commits what
     * it wrote (the repository {@link IndexState#PARTIAL}) and returns, the transaction open for the next slice.
     */
    Outcome write(RepoTarget repo, RepoPlanner.Planned planned, WriteTransaction tx, WriteSlice slice) {
        return new Run(repo, planned, tx, slice).write();
    }

    /** One repository's write: what every step reads, and how far the batches have come. */
    private final class Run {
        private final RepoTarget repo;
        private final RepoPlanner.Planned planned;
        private final WriteSlice slice;
        private final Reconciler.Plan plan;
        private final EmbedWork embed;
        private final WriteTransaction tx;
        private final String name;
        private final String storedCommit;
        private final int toEmbed;
        /** The files still to write with their vectors, in path order. */
        private final List<String> paths;

        private final Map<String, List<Chunk>> insertsByPath = new LinkedHashMap<>();
        private final Map<String, Set<String>> pathsByHash = new HashMap<>();
        /** Content hash → vector, for the texts the batches still need (stored ones, then embedded ones). */
        private final Map<String, float[]> vectors;
        /** Files the lexical pass wrote without some vectors. */
        private Set<String> lexical = new HashSet<>();
        /** Files the lexical pass completed. */
        private int done;
        /** Index in {@link #paths} of the first file not yet in a batch. */
        private int next;

        private int embedded;
        private double embedSeconds;

        Run(RepoTarget repo, RepoPlanner.Planned planned, WriteTransaction tx, WriteSlice slice) {
            this.repo = repo;
            this.planned = planned;
            this.slice = slice;
            this.plan = planned.plan();
            this.embed = planned.embed();
            this.tx = tx;
            this.name = repo.name();
            this.storedCommit = repo.stored().map(r -> r.commit()).orElse("");
            this.toEmbed = embed.toEmbed().size();
            this.paths = new ArrayList<>(plan.putFiles().keySet());
            this.vectors = new HashMap<>(embed.reused());
            for (Chunk c : plan.inserts()) {
                insertsByPath.computeIfAbsent(c.path(), p -> new ArrayList<>()).add(c);
                pathsByHash
                        .computeIfAbsent(c.contentHash(), h -> new HashSet<>())
                        .add(c.path());
            }
        }

        Outcome write() {
            if (planned.skippedChanged()) {
                tx.putSkipped(name, planned.skippedFiles()); // committed with the first batch
            }
            // Parsing is over: the phase says embed before the lexical pass below makes the first chunks visible, so
            // a status read that sees chunks never sees "parse" (the lexical pass is the start of embed's work).
            progress.onProgress(new IngestProgress(name, IngestPhase.EMBED, 0, 0, 0, toEmbed));
            // Lexical first when embedding takes more than the first batch: every file's chunks, committed now,
            // with static-tier vectors when there is a static embedder. A static-tier run ends with this pass.
            boolean staticOnly = lastTier == VectorTier.STATIC || slice.sliced();
            if (staticOnly ? toEmbed > 0 : toEmbed > batches.next(0, 0)) {
                LexicalPass.Result pass = new LexicalPass(staticEmbedder, totals, stop)
                        .write(repo, planned, insertsByPath, tx, staticOnly, slice.later());
                lexical = pass.pending();
                done = pass.done().size();
                if (pass.stopped()) {
                    tx.commit();
                    return new Outcome(
                            true, done, paths.size() - done + plan.deleteFiles().size() + slice.later(), 0);
                }
                paths.removeAll(pass.done());
            }
            while (next < paths.size()) {
                if (stop.getAsBoolean() || !batch()) {
                    tx.commit();
                    return new Outcome(
                            true,
                            done + next,
                            paths.size() - next + plan.deleteFiles().size() + slice.later(),
                            embedded);
                }
            }
            if (slice.sliced()) {
                for (String path : plan.deleteFiles()) {
                    tx.deleteFile(name, path);
                }
                if (!slice.last()) {
                    if (!plan.isEmpty() || planned.skippedChanged()) {
                        checkpoint();
                    }
                    return new Outcome(false, done + paths.size(), 0, embedded);
                }
            }
            int moved = 0;
            int leftStatic = repo.stored().map(RepoInfo::staticVectors).orElse(0);
            boolean wroteStatic = slice.sliced() && (slice.changedBefore() || !plan.isEmpty());
            if (lastTier == VectorTier.FULL && (leftStatic > 0 || wroteStatic)) {
                // an earlier static-tier run's chunks: commit this run's last batch first, so that the chunks it
                // moved are not read back from the store as still static
                checkpoint();
                TierUpgrade.Result upgraded = new TierUpgrade(store, embedder.modelId(), embedPhase, totals, stop)
                        .run(name, leftStatic + plan.inserts().size(), tx);
                embedded += upgraded.embedded();
                if (upgraded.stopped()) {
                    tx.commit();
                    int gone = slice.sliced() ? 0 : plan.deleteFiles().size(); // a slice deleted its own
                    return new Outcome(true, done + paths.size(), gone, embedded);
                }
                moved = upgraded.moved();
            }
            progress.onProgress(new IngestProgress(name, IngestPhase.WRITE, 0, 0, toEmbed, toEmbed));
            if (moved == 0 && !slice.changedBefore() && unchanged()) {
                // nothing changed: no commit (and no fsync); indexed_at stays the time the index last changed
                return new Outcome(false, done + paths.size(), 0, embedded);
            }
            finish();
            return new Outcome(false, done + paths.size(), 0, embedded, moved);
        }

        /**
         * The next batch: takes whole files, embeds what they need, writes them and, unless it is the last,
         * commits.
         *
         * @return false when a stop request ended the wait for the batch ({@link #holdWhileAsked}); the batch's
         *     files are then left undone
         */
        private boolean batch() {
            int from = next;
            List<String> keys = takeFiles(batches.next(embedded, embedSeconds));
            // One line per batch (debug level): what a killed run had computed can be read from its log.
            LOG.debug("{}: batch of {} files, embedding {} texts", name, next - from, keys.size());
            if (!holdWhileAsked()) {
                next = from;
                return false;
            }
            embedBatch(keys);
            long w0 = System.nanoTime();
            writeFiles(paths.subList(from, next));
            if (next < paths.size()) {
                checkpoint();
            }
            release(keys);
            totals.writeSeconds += IngestTotals.seconds(System.nanoTime() - w0);
            return true;
        }

        /**
         * Moves {@link #next} past whole files until they need {@code target} texts without a vector or hold
         * {@link CommitBatches#MAX_CHUNKS} chunks.
         *
         * @return the texts to embed, longest first (ties by hash)
         */
        private List<String> takeFiles(int target) {
            LinkedHashSet<String> need = new LinkedHashSet<>();
            int chunks = 0;
            while (next < paths.size() && need.size() < target && chunks < CommitBatches.MAX_CHUNKS) {
                for (Chunk c : insertsByPath.getOrDefault(paths.get(next), List.of())) {
                    if (!vectors.containsKey(c.contentHash())) {
                        need.add(c.contentHash());
                    }
                    chunks++;
                }
                next++;
            }
            List<String> keys = new ArrayList<>(need);
            keys.sort(Comparator.comparingInt((String h) -> embed.texts().get(h).length())
                    .reversed()
                    .thenComparing(Comparator.naturalOrder()));
            return keys;
        }

        /** Embeds {@code keys} into {@link #vectors}, adding the time to the run's and the totals'. */
        private void embedBatch(List<String> keys) {
            long e0 = System.nanoTime();
            embedPhase.run(name, keys, embed.texts(), embedded, toEmbed, (hashes, vs) -> {
                for (int i = 0; i < hashes.size(); i++) {
                    vectors.put(hashes.get(i), vs.get(i));
                }
            });
            double seconds = IngestTotals.seconds(System.nanoTime() - e0);
            embedSeconds += seconds;
            embedded += keys.size();
            totals.embedSeconds += seconds;
        }

        /**
         * Writes the files' chunks with their vectors and records their real hashes; a file the lexical pass wrote
         * keeps its deletes done and its chunks with reused vectors as they are.
         */
        private void writeFiles(List<String> files) {
            for (String path : files) {
                boolean written = lexical.contains(path);
                if (!written) {
                    for (String id : plan.deletesByPath().getOrDefault(path, List.of())) {
                        tx.delete(id);
                    }
                }
                for (Chunk c : insertsByPath.getOrDefault(path, List.of())) {
                    // a chunk written by the lexical pass with a reused vector is complete already
                    if (!written || !embed.reused().containsKey(c.contentHash())) {
                        tx.insert(c, vectors.get(c.contentHash()));
                    }
                }
                tx.putFile(name, path, plan.putFiles().get(path), plan.shared(path));
            }
        }

        /** More batches follow: makes this one durable and visible, and says the repo is not done. */
        private void checkpoint() {
            int pending = paths.size() - next + plan.deleteFiles().size() + slice.later();
            tx.putRepo(new RepoRecord(
                    name, repo.source(), storedCommit, Instant.now(), IndexState.PARTIAL, pending, repo.branch()));
            tx.checkpoint();
            LOG.debug("{}: committed {} of {} files", name, next, paths.size());
        }

        /** A text shared by files of later batches keeps its vector; the others are written and can go. */
        private void release(List<String> keys) {
            for (String h : keys) {
                if (pathsByHash.get(h).size() < 2) {
                    vectors.remove(h);
                }
            }
        }

        /** Whether the store already holds this very index: same files, commit, source and branch, complete. */
        private boolean unchanged() {
            String recorded = repo.commit().orElse("");
            return plan.isEmpty()
                    && !planned.skippedChanged()
                    && repo.stored()
                            .filter(r -> r.commit().equals(recorded)
                                    && r.source().equals(repo.source())
                                    && r.branch().equals(repo.branch())
                                    && r.state() == IndexState.COMPLETE)
                            .isPresent();
        }

        /** Deletes the files that went (a sliced run did with each slice) and commits the repository complete. */
        private void finish() {
            long w1 = System.nanoTime();
            for (String path : slice.sliced() ? List.<String>of() : plan.deleteFiles()) {
                tx.deleteFile(name, path);
            }
            tx.putRepo(new RepoRecord(
                    name,
                    repo.source(),
                    repo.commit().orElse(""),
                    Instant.now(),
                    IndexState.COMPLETE,
                    0,
                    repo.branch()));
            tx.commit();
            totals.writeSeconds += IngestTotals.seconds(System.nanoTime() - w1);
        }
    }

    /**
     * Waits while the {@link #HOLD_PROPERTY} file exists (tests only).
     *
     * @return false when a stop request or an interrupt ended the wait
     */
    private boolean holdWhileAsked() {
        String file = System.getProperty(HOLD_PROPERTY, "");
        if (file.isEmpty()) {
            return true;
        }
        Path hold = Path.of(file);
        while (Files.exists(hold)) {
            if (stop.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                return false;
            }
            LockSupport.parkNanos(20_000_000); // polled every 20 ms
        }
        return true;
    }
}
