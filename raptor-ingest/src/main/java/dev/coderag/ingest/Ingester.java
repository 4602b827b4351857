package dev.coderag.ingest;

import dev.coderag.embed.EmbedException;
import dev.coderag.embed.Embedder;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.ingest.history.HistoryPass;
import dev.coderag.ingest.history.HistoryReader;
import dev.coderag.ingest.overlay.Followers;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.store.BranchNames;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Texts;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a store current with repositories: Parse → Reconcile → Orchestrate.
 *
 * <p>Per repository: resolve the source (validate, clone or update a git URL; {@link SourceResolver}), walk
 * and hash its files (files unchanged since the last indexed commit of a clean git checkout skip even
 * hashing), parse new and changed files in parallel, {@link Reconciler reconcile} against the stored file
 * index, embed only chunk texts that have no stored vector ({@link RepoPlanner}), then insert before delete in
 * one write transaction that commits once ({@link RepoWriter}). Everything up to the plan runs before the write
 * transaction opens, so a slow walk never holds the store's write lock; if another process committed the repo
 * in between, the plan is made again under the lock. A repository with more source than {@link
 * IngestOptions#sliceBytes()} to read is planned and written a slice of files at a time (the first slice
 * planned before the lock, the others under it), so memory does not grow with the repository. Repositories are
 * independent: one repo's run never touches another's chunks.
 *
 * <p>Thread-safety: one ingest runs at a time per instance (a concurrent call fails with
 * {@link IngestException.Reason#LOCKED}); the store may serve searches meanwhile — they see the last
 * committed state. Every failure is an {@link IngestException} with a one-line message.
 */
public final class Ingester {
    private static final Logger LOG = LoggerFactory.getLogger(Ingester.class);
    private final Optional<Store> store;
    private final Embedder embedder;
    private final Optional<Embedder> staticEmbedder;
    private final IngestOptions options;
    private final RepoPlanner planner;
    private final ReentrantLock running = new ReentrantLock();
    private final CommitBatches batches = CommitBatches.fromSystemProperties();
    private final AtomicBoolean stopRequested = new AtomicBoolean();
    /** The running ingest's own stop condition ({@link #ingest(List, ProgressListener, BooleanSupplier)}). */
    private volatile BooleanSupplier cancelled = () -> false;

    Ingester(
            Optional<Store> store,
            Embedder embedder,
            Optional<Embedder> staticEmbedder,
            IngestOptions options,
            Function<ParseOptions, FileParser> parsers) {
        this.store = Objects.requireNonNull(store, "store");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.staticEmbedder = Objects.requireNonNull(staticEmbedder, "staticEmbedder");
        if (options.vectors() == VectorTier.STATIC && staticEmbedder.isEmpty() && !options.dryRun()) {
            throw new IllegalArgumentException("a static-tier ingest needs the static embedder");
        }
        this.options = Objects.requireNonNull(options, "options");
        this.planner = new RepoPlanner(
                store, embedder, options, Objects.requireNonNull(parsers), staticEmbedder.isPresent(), this::stopping);
        if (store.isEmpty() && !options.dryRun()) {
            throw new IllegalArgumentException("only a dry run may go without a store");
        }
    }

    /**
     * An ingester into {@code store}. With an embedder that has a {@linkplain Embedder#staticTier() static tier}
     * it builds two vector tiers (docs/STORE.md, "Two vector tiers"): the lexical pass writes every new chunk with a
     * static-tier vector, then — unless {@link IngestOptions#vectors()} is {@link VectorTier#STATIC} — the model
     * embeds it and its vector replaces the static one.
     *
     * @param store the store to keep current; may be serving searches at the same time
     * @param embedder the embedder whose model the store was built with
     * @throws IllegalArgumentException for a static-tier ingest with an embedder without a static tier
     */
    public static Ingester create(Store store, Embedder embedder, IngestOptions options) {
        return new Ingester(Optional.of(store), embedder, embedder.staticTier(), options, DefaultParser::create);
    }

    /**
     * An ingester that only plans: with {@link IngestOptions#dryRun()} set, it reports what an ingest into an
     * empty store would do and writes nothing (for a dry run with no store yet, or one that would be rebuilt).
     *
     * @throws IllegalArgumentException when {@code options} is not a dry run
     */
    public static Ingester planOnly(Embedder embedder, IngestOptions options) {
        return new Ingester(Optional.empty(), embedder, embedder.staticTier(), options, DefaultParser::create);
    }

    /**
     * Checks a request without touching the network or the disk beyond a stat: the CLI calls it for every
     * source before it loads the model, so a typo fails in milliseconds.
     *
     * @throws IngestException BAD_SOURCE with the same message {@link #ingest} would fail with
     */
    public static void check(IngestRequest request, IngestOptions options) {
        // an overlay named for a re-index is checked as its base, as RepoRouting routes it
        SourceResolver.check(
                request.name().filter(RepoRouting.Overlay::isName).isPresent() ? RepoRouting.asBase(request) : request,
                options);
    }

    /**
     * Removes a repository: its chunks with their vectors, lexical entries and call edges, its file index, its
     * skipped-file list and its record, in one commit; then its clone directory under
     * {@link IngestOptions#cloneDir()} (a local directory that was indexed is never touched). A kill between the
     * two leaves a clone without a record, which the next removal (or a new ingest of that name) takes over.
     *
     * <p>Static: removing needs no model.
     *
     * @param options where the clones are ({@link IngestOptions#cloneDir()})
     * @return whether the store held the repository or a clone of it existed
     * @throws IngestException BAD_SOURCE for an invalid repository name, LOCKED while another ingest writes
     *     the store
     */
    public static boolean remove(Store store, IngestOptions options, String name) {
        if (!RepoSources.isValidName(name) && !RepoRouting.Overlay.isName(name)) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "invalid repository name (letters, digits, '.', '_', '-'; up to 100): " + RepoSources.redact(name));
        }
        // a repository goes with the overlays of its other branches (they show its files)
        List<String> names = new ArrayList<>(List.of(name));
        store.repos().list().stream()
                .map(RepoInfo::name)
                .filter(n -> BranchNames.base(n).filter(name::equals).isPresent())
                .forEach(names::add);
        boolean stored = false;
        try (WriteTransaction tx = begin(store)) {
            for (String n : names) {
                if (store.repos().get(n).isPresent()) {
                    tx.deleteRepo(n);
                    stored = true;
                }
            }
            if (stored) {
                tx.commit();
            }
        }
        boolean cloned = false;
        for (String n : names) {
            Path clone = options.cloneDir().resolve(n);
            cloned |= Files.exists(clone, LinkOption.NOFOLLOW_LINKS);
            GitProcess.deleteTree(clone);
            if (Files.exists(clone, LinkOption.NOFOLLOW_LINKS)) {
                throw new IngestException(IngestException.Reason.IO, "could not delete the clone " + clone);
            }
        }
        return stored || cloned;
    }

    /**
     * Asks a running (or the next) ingest to stop at its next batch boundary: what is committed stays, the
     * repository being written is left {@code partial}, and {@link #ingest} fails with
     * {@link IngestException.Reason#STOPPED}. Safe to call from any thread, e.g. a signal handler.
     */
    public void requestStop() {
        stopRequested.set(true);
    }

    /**
     * Ingests the repositories in order, each in its own transaction committed in batches ({@link RepoWriter}):
     * a failure of one leaves the repos committed before it in place, and the batches of the failed one.
     * Called from a background thread by servers; blocks until done.
     *
     * @throws IngestException BAD_SOURCE, CLONE_FAILED, MODEL_MISMATCH, LOCKED, IO or STOPPED; nothing else
     */
    public IngestSummary ingest(List<IngestRequest> requests, ProgressListener progress) {
        return ingest(requests, progress, () -> false);
    }

    /**
     * As {@link #ingest(List, ProgressListener)}, stopping also once {@code cancel} says so — asked while files are
     * listed and at every batch boundary, from this thread: a removed or overdue job of a server.
     */
    public IngestSummary ingest(List<IngestRequest> requests, ProgressListener progress, BooleanSupplier cancel) {
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(cancel, "cancel");
        if (!running.tryLock()) {
            throw new IngestException(IngestException.Reason.LOCKED, "another ingest is running on " + storeDir());
        }
        cancelled = cancel;
        try {
            return ingestAll(List.copyOf(requests), progress);
        } catch (StoreException e) {
            throw translate(e);
        } catch (EmbedException e) {
            throw new IngestException(IngestException.Reason.IO, e.getMessage(), e);
        } finally {
            cancelled = () -> false;
            running.unlock();
        }
    }

    /** Whether the running ingest should stop: a {@link #requestStop} or its own cancel condition. */
    private boolean stopping() {
        return stopRequested.get() || cancelled.getAsBoolean();
    }

    private IngestSummary ingestAll(List<IngestRequest> requests, ProgressListener progress) {
        long start = System.nanoTime();
        checkModel();
        IngestTotals totals = new IngestTotals();
        List<IngestSummary.RepoResult> results = new ArrayList<>();
        for (IngestRequest request : requests) {
            results.add(ingestOne(request, progress, totals));
        }
        // a changed base's overlays show its files and share its chunks: they are reconciled with it
        for (Followers.Follow f :
                store.map(s -> Followers.due(results, s.repos().list())).orElse(List.of())) {
            follow(f, progress, totals).ifPresent(results::add);
        }
        double total = IngestTotals.seconds(System.nanoTime() - start);
        return new IngestSummary(
                totals.files(),
                totals.chunks(),
                new IngestSummary.Seconds(
                        totals.parseSeconds,
                        totals.embedSeconds,
                        totals.writeSeconds,
                        totals.resolveSeconds,
                        totals.historySeconds,
                        total),
                List.copyOf(results),
                totals.historyCommits);
    }

    /** Ingests an overlay after its base; a failure other than a stop is logged, not the run's. */
    private Optional<IngestSummary.RepoResult> follow(
            Followers.Follow f, ProgressListener progress, IngestTotals totals) {
        try {
            IngestRequest request = new IngestRequest(f.source(), Optional.of(f.name()), Optional.of(f.branch()));
            return Optional.of(ingestOne(request, progress, totals));
        } catch (IngestException e) {
            if (e.reason() == IngestException.Reason.STOPPED) {
                throw e;
            }
            LOG.warn(
                    "branch {} was not reconciled with its base: {}",
                    Texts.forLog(f.name()),
                    Texts.forLog(e.getMessage()));
            return Optional.empty();
        }
    }

    private void checkModel() {
        store.ifPresent(s -> {
            if (!s.modelId().equals(embedder.modelId()) || s.dimension() != embedder.dimension()) {
                throw new IngestException(
                        IngestException.Reason.MODEL_MISMATCH,
                        "the store in " + s.directory() + " was built with model " + s.modelId() + ", not "
                                + embedder.modelId() + "; re-run with --full to rebuild it");
            }
        });
    }

    private IngestSummary.RepoResult ingestOne(IngestRequest request, ProgressListener progress, IngestTotals totals) {

        progress.onProgress(new IngestProgress(GitSource.redact(request.source()), IngestPhase.SCAN, 0, 0, 0, 0));
        RepoRouting.Routed routed = RepoRouting.resolve(request, options, store);
        SourceResolver.Resolved resolved = routed.resolved();
        store.ifPresent(s -> SourceResolver.refuseInsideStore(resolved, s.directory()));
        String name = resolved.name();
        progress.onProgress(new IngestProgress(name, IngestPhase.SCAN, 0, 0, 0, 0));
        Optional<String> commit = GitSource.headCommit(resolved.dir());
        Optional<RepoInfo> storedRepo = store.flatMap(s -> s.repos().get(name));
        RepoTarget repo = RepoRouting.target(routed, request, commit, storedRepo);
        // Walk, hash, parse and reconcile before taking the write lock, so a slow scan (a huge tree, hostile
        // ignore files) never holds it; the store serves reads meanwhile.
        RepoPlanner.Planned planned = planner.plan(repo, progress);
        totals.parseSeconds += planned.parseSeconds();
        if (options.dryRun()) {
            return IngestTotals.finish(repo, planned, progress, totals, 0);
        }
        if (stopping()) {
            throw stopped(
                    name,
                    0,
                    planned.plan().putFiles().size()
                            + planned.plan().deleteFiles().size()
                            + planned.deferred().size(),
                    0);
        }
        IngestSummary.RepoResult result;
        ResolvePass.DoneAfter writing = new ResolvePass.DoneAfter(progress, options.resolve());
        try (WriteTransaction tx = begin()) {
            Store s = store.orElseThrow();
            Optional<RepoInfo> nowStored = s.repos().get(name);
            if (!nowStored.equals(storedRepo) || !s.files().hashes(name).equals(planned.storedHashes())) {
                // another process committed this repo between the plan and the lock: plan again under the lock
                repo = RepoRouting.target(routed, request, commit, nowStored);
                planned = planner.plan(repo, writing);
                totals.parseSeconds += planned.parseSeconds();
            }
            RepoWriter writer = new RepoWriter(
                    embedder, staticEmbedder, options.vectors(), s, writing, totals, batches, this::stopping);
            if (planned.deferred().isEmpty()) {
                RepoWriter.Outcome outcome = writer.write(repo, planned, tx, WriteSlice.WHOLE);
                if (outcome.stopped()) {
                    throw stopped(name, outcome.committedFiles(), outcome.pendingFiles(), outcome.embedded());
                }
                result = IngestTotals.finish(repo, planned, writing, totals, outcome.moved());
            } else {
                // the first slice's chunks must not outlive its write: this frame waits while the later slices run
                AtomicReference<RepoPlanner.Planned> first = new AtomicReference<>(planned);
                planned = null;
                result = new SliceWriter(planner, store.orElseThrow(), options, this::stopping)
                        .write(repo, first, writer, tx, writing, totals);
            }
        }
        if (options.resolve()) {
            totals.resolveSeconds += IngestTotals.seconds(
                    ResolvePass.run(store.orElseThrow(), this::begin, name, repo.dir(), this::stopping, progress)
                            .elapsed()
                            .toNanos());
            writing.release();
        }
        if (commit.isPresent() && BranchNames.base(name).isEmpty()) { // a work tree's top; no overlay (INGEST.md, 9)
            HistoryReader reader = new HistoryReader(options.git().historyGit());
            HistoryPass.Result history = new HistoryPass(
                            store.orElseThrow(), this::begin, reader, staticEmbedder, this::stopping)
                    .run(name, repo.dir(), options.history());
            totals.historySeconds += IngestTotals.seconds(history.elapsed().toNanos());
            totals.historyCommits += history.commits();
        }
        return result;
    }

    static IngestException stopped(String repo, int committed, int pending, int embedded) {
        return new IngestException(
                IngestException.Reason.STOPPED,
                "stopped: kept " + committed + " new or changed files of " + repo + " (" + embedded
                        + " chunks embedded); " + pending + " files still to index - run the same command to finish");
    }

    private WriteTransaction begin() {
        return begin(store.orElseThrow());
    }

    private static WriteTransaction begin(Store s) {
        try {
            return s.begin();
        } catch (StoreException e) {
            if (e.reason() == StoreException.Reason.LOCKED) {
                throw new IngestException(
                        IngestException.Reason.LOCKED, "another ingest is running on " + s.directory(), e);
            }
            throw e;
        }
    }

    private String storeDir() {
        return store.map(s -> s.directory().toString()).orElse("the store");
    }

    private static IngestException translate(StoreException e) {
        IngestException.Reason reason =
                switch (e.reason()) {
                    case LOCKED -> IngestException.Reason.LOCKED;
                    case MODEL_MISMATCH -> IngestException.Reason.MODEL_MISMATCH;
                    case CORRUPT, IO -> IngestException.Reason.IO;
                };
        return new IngestException(reason, e.getMessage(), e);
    }
}
