package dev.coderag.chat.repos;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.types.Texts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Repositories added through the API: has the {@link Indexer} check the request, queues the ingest on one
 * background thread (the store has one writer), and reports status and progress. Repositories already in the
 * store are {@code ready}. Thread-safe.
 *
 * <p>Bounded: at most {@link #MAX_PENDING} ingests are queued or running (more is {@code BUSY}), and only the
 * {@link #KEEP_FINISHED} most recently finished jobs (ready or failed) are remembered; an older failure's
 * message is forgotten, a repository in the store stays listed from the store. Sources are shown and logged
 * only redacted ({@link Indexer.Target#shownSource()}).
 */
public final class RepoManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RepoManager.class);

    /** The most ingests queued or running at once. */
    public static final int MAX_PENDING = 8;

    /** How many finished jobs (ready or failed) are remembered. */
    public static final int KEEP_FINISHED = 32;

    private final Object admission = new Object();
    private final AtomicLong finishOrder = new AtomicLong();

    private final Store store;
    private final Indexer indexer;
    private final Map<String, IngestJob> jobs = new ConcurrentHashMap<>();
    /** Removals queued or running, by name: one per repository at a time (guarded by {@code admission}). */
    private final Map<String, Future<Boolean>> removals = new HashMap<>();

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "repo-ingest");
        t.setDaemon(true);
        return t;
    });

    /**
     * Removals run on their own thread, so one never waits behind the queued ingests of other repositories; they
     * and ingests take turns at the store's one writer through {@link #writer}, which is fair: a removal waiting
     * while an ingest ends goes before the next queued ingest.
     */
    private final ExecutorService remover = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "repo-remove");
        t.setDaemon(true);
        return t;
    });

    private final ReentrantLock writer = new ReentrantLock(true);

    /** How long an ingest a request asked for may run by default ({@link #RepoManager(Store, Indexer, Duration)}). */
    public static final Duration DEFAULT_JOB_LIMIT = Duration.ofHours(4);

    /** The longest an ingest a request asked for may run; the operator's own sources ({@link #enqueue}) have none. */
    private final Duration jobLimit;

    public RepoManager(Store store, Indexer indexer) {
        this(store, indexer, DEFAULT_JOB_LIMIT);
    }

    /**
     * @param jobLimit the longest an ingest added through {@link #add} may run: past it the ingest is asked to stop
     *     (what it committed stays) and the repository shows {@code error} with the reason
     */
    public RepoManager(Store store, Indexer indexer, Duration jobLimit) {
        this.store = store;
        this.indexer = indexer;
        if (jobLimit.isNegative() || jobLimit.isZero()) {
            throw new IllegalArgumentException("the job limit must be positive: " + jobLimit);
        }
        this.jobLimit = jobLimit;
    }

    /** How long {@link #remove} waits for a removal queued behind a running ingest before answering. */
    static final long REMOVE_WAIT_SECONDS = 30;

    /**
     * Queues an ingest of {@code source}, a git URL or a local path (told apart by the indexer's rule).
     *
     * @throws ChatException as {@link #add(Optional, Optional, Optional, Optional, boolean)}
     */
    public RepoStatus add(String source, Optional<String> name, Optional<String> branch, boolean replace) {
        boolean url = indexer.isGitUrl(source.strip());
        return add(
                url ? Optional.empty() : Optional.of(source),
                url ? Optional.of(source) : Optional.empty(),
                name,
                branch,
                replace);
    }

    /**
     * Queues an ingest of a local path or a git URL.
     *
     * @param branch for a git URL, the branch to clone (empty: the remote's default)
     * @param replace whether a repository of that name indexed from another source may be replaced
     * @throws ChatException BAD_REQUEST for a missing/invalid source or name, FORBIDDEN for a path the indexer
     *     does not index for the network, CONFLICT when that repository is already queued or indexing or its
     *     name is taken by another source (without {@code replace}), BUSY when {@link #MAX_PENDING} ingests are
     *     queued or running
     */
    public RepoStatus add(
            Optional<String> path,
            Optional<String> url,
            Optional<String> name,
            Optional<String> branch,
            boolean replace) {
        if (path.isPresent() == url.isPresent()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "give exactly one of \"path\" or \"url\"");
        }
        return enqueue(indexer.resolve(path, url, name, branch, replace), jobLimit);
    }

    /**
     * Queues an ingest of a target the caller has already checked — the operator's own sources ({@code ./rag
     * up PATH}), which the network's rules ({@link Indexer#resolve}) do not apply to; the indexer's
     * {@link Indexer#index} decides how it is ingested.
     *
     * @throws ChatException CONFLICT when that repository is already queued or indexing, BUSY when {@link
     *     #MAX_PENDING} ingests are queued or running
     */
    public RepoStatus enqueue(Indexer.Target target) {
        return enqueue(target, null);
    }

    private RepoStatus enqueue(Indexer.Target target, Duration limit) {
        IngestJob job = new IngestJob(
                target.name(), target.shownSource(), target.branch().orElse(""), limit);
        job.wasComplete = store.repos()
                .get(target.name())
                .filter(r -> r.state() == IndexState.COMPLETE)
                .isPresent();
        synchronized (admission) {
            IngestJob old = jobs.get(target.name());
            if (old != null && old.state.active()) {
                throw new ChatException(
                        ChatException.Reason.CONFLICT, "repository '" + target.name() + "' is already being indexed");
            }
            if (active() >= MAX_PENDING) {
                throw new ChatException(
                        ChatException.Reason.BUSY,
                        MAX_PENDING + " repositories are already queued or indexing; try again later");
            }
            jobs.put(target.name(), job);
        }
        worker.submit(() -> run(job, target));
        return IngestJob.status(job);
    }

    /**
     * Indexes a repository of the store again from its recorded source (and branch), as a new request would:
     * a local path must still be one this server indexes for the network.
     *
     * @throws ChatException NOT_FOUND for a repository the store does not hold, CONFLICT when it has no recorded
     *     source or is already queued or indexing, and the errors of {@link #add(Optional, Optional, Optional,
     *     Optional, boolean)}
     */
    public RepoStatus reindex(String name) {
        RepoInfo info = store.repos().get(name).orElseThrow(() -> unknown(name));
        String source = info.source();
        if (source.isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.CONFLICT,
                    "repository '" + name + "' has no recorded source to index again; add it with a path or URL");
        }
        return add(source, Optional.of(name), Optional.of(info.branch()).filter(b -> indexer.isGitUrl(source)), false);
    }

    /**
     * Removes a repository from the store and deletes its clone, on the ingest thread (the store's one writer):
     * at once when no ingest runs, else after the running one. An ingest of this repository, queued or running,
     * is cancelled first: a queued one never starts, a running one stops at its next check (between files while
     * they are listed, at every batch boundary) — a repository whose ingest is stuck can always be removed.
     *
     * @return true when it is gone, false when the removal is still queued behind a running ingest after
     *     {@link #REMOVE_WAIT_SECONDS} (it happens later)
     * @throws ChatException NOT_FOUND for an unknown repository, and the indexer's errors
     */
    public boolean remove(String name) {
        Future<Boolean> removal;
        synchronized (admission) {
            IngestJob job = jobs.get(name);
            if (job != null && job.state.active()) {
                job.cancel(); // the removal below runs after it on the one ingest thread
            }
            Future<Boolean> queued = removals.get(name);
            if (queued != null) {
                removal = queued; // a second request for the same removal waits for the first
            } else {
                if (job == null && store.repos().get(name).isEmpty()) {
                    throw unknown(name);
                }
                if (job == null || !job.state.active()) {
                    jobs.remove(name);
                }
                removal = remover.submit(() -> {
                    writer.lock(); // a cancelled ingest of it ends first
                    try {
                        synchronized (admission) {
                            jobs.remove(name, job);
                        }
                        return indexer.remove(name);
                    } finally {
                        writer.unlock();
                        synchronized (admission) {
                            removals.remove(name);
                        }
                    }
                });
                removals.put(name, removal);
            }
        }
        try {
            removal.get(REMOVE_WAIT_SECONDS, TimeUnit.SECONDS);
            LOG.info("removed {}", name);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ChatException c) {
                throw c;
            }
            LOG.error("removal of {} failed", name, e.getCause());
            throw new ChatException(
                    ChatException.Reason.INDEXING_FAILED,
                    "could not remove '" + name + "' ("
                            + e.getCause().getClass().getSimpleName() + "); see the server log");
        }
    }

    /**
     * The files the last ingest of a repository left out, with why, by path (at most
     * {@link RepoCatalog#MAX_SKIPPED}).
     *
     * @throws ChatException NOT_FOUND for a repository the store does not hold
     */
    public List<SkippedFile> skipped(String name) {
        if (store.repos().get(name).isEmpty()) {
            throw unknown(name);
        }
        return store.repos().skipped(name, RepoCatalog.MAX_SKIPPED);
    }

    private static ChatException unknown(String name) {
        return new ChatException(
                ChatException.Reason.NOT_FOUND, "unknown repository '" + ApiContract.abbreviate(name) + "'");
    }

    /**
     * Runs one job to its end, whatever happens: every {@link Throwable} — an {@link OutOfMemoryError} from a
     * hostile file, a {@link StackOverflowError} — marks it {@code error} with one line and frees its slot.
     */
    private void run(IngestJob job, Indexer.Target target) {
        writer.lock();
        try {
            if (job.stopping()) {
                fail(job, job.failure("")); // removed while it waited for the writer
                return;
            }
            job.start();
            indexer.index(target, p -> job.progress = p, job::stopping);
            job.progress = null;
            job.error = null;
            finish(job, RepoState.READY);
            // the source is the client's (a path may hold any character): escaped into one line
            LOG.info("indexed {} from {}", job.name, Texts.forLog(job.source));
        } catch (ChatException | StoreException e) {
            fail(job, job.failure(e.getMessage()));
        } catch (RuntimeException e) {
            LOG.error("ingest of {} failed", job.name, e);
            fail(job, "internal error (" + e.getClass().getSimpleName() + "); see the server log");
        } catch (Throwable e) { // NOPMD: the job must end; the executor would swallow it silently
            LOG.error("ingest of {} failed", job.name, e);
            fail(
                    job,
                    (e instanceof OutOfMemoryError ? "out of memory" : "internal error") + " ("
                            + e.getClass().getSimpleName() + "); see the server log");
        } finally {
            writer.unlock();
        }
    }

    private void fail(IngestJob job, String message) {
        job.progress = null;
        job.error = message;
        finish(job, RepoState.ERROR);
    }

    /** Marks a job finished and forgets the oldest finished ones beyond {@link #KEEP_FINISHED}. */
    private void finish(IngestJob job, RepoState state) {
        synchronized (admission) {
            job.finished = finishOrder.incrementAndGet();
            job.state = state;
            List<IngestJob> finished = jobs.values().stream()
                    .filter(j -> !j.state.active())
                    .sorted(Comparator.comparingLong((IngestJob j) -> j.finished))
                    .toList();
            for (int i = 0; i < finished.size() - KEEP_FINISHED; i++) {
                jobs.remove(finished.get(i).name, finished.get(i));
            }
        }
    }

    private volatile UnaryOperator<RepoStatus> annotate = UnaryOperator.identity();

    /** What {@link #list} and {@link #get} add to each status (the server's {@link RepoWatcher}: its freshness). */
    public void annotateWith(UnaryOperator<RepoStatus> a) {
        annotate = a;
    }

    /** Every repository: the store's, and those queued, indexing or failed. Sorted by name. */
    public List<RepoStatus> list() {
        Map<String, RepoStatus> out = new TreeMap<>();
        for (RepoInfo info : store.repos().list()) {
            out.put(info.name(), IngestJob.merge(info, jobs.get(info.name())));
        }
        for (IngestJob job : jobs.values()) {
            out.putIfAbsent(job.name, IngestJob.status(job));
        }
        return out.values().stream().map(annotate).collect(Collectors.toCollection(ArrayList::new));
    }

    public Optional<RepoStatus> get(String name) {
        Optional<RepoInfo> info = store.repos().get(name);
        IngestJob job = jobs.get(name);
        if (info.isEmpty() && job == null) {
            return Optional.empty();
        }
        return Optional.of(info.map(i -> IngestJob.merge(i, job)).orElseGet(() -> IngestJob.status(job)))
                .map(annotate);
    }

    /**
     * One sentence per repository queued or being indexed (of {@code repo}, or of all when empty), with how far
     * it is: what an answer given meanwhile says ({@link dev.coderag.chat.IndexNotices}). A re-index of a
     * complete index says nothing until it writes ({@link IndexNotice#needed}). Reads no store.
     */
    public List<String> notices(Optional<String> repo) {
        List<String> out = new ArrayList<>();
        for (IngestJob job : new TreeMap<>(jobs).values()) {
            if (job.state.active()
                    && repo.map(job.name::equals).orElse(true)
                    && IndexNotice.needed(job.wasComplete, job.progress)) {
                out.add(IndexNotice.of(job.name, job.progress));
            }
        }
        return out;
    }

    /** Number of repositories queued or indexing. */
    public long active() {
        return jobs.values().stream().filter(j -> j.state.active()).count();
    }

    @Override
    public void close() {
        worker.shutdownNow();
        remover.shutdownNow();
        try {
            worker.awaitTermination(10, TimeUnit.SECONDS);
            remover.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
