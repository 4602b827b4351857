package dev.coderag.chat.repos;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Texts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
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

    private static final class Job {
        final String name;
        final String source; // shown: redacted
        final String branch;
        volatile RepoState state = RepoState.NEW;
        volatile RepoStatus.Progress progress;
        volatile String error;
        volatile long finished; // order of finishing, 0 while active
        volatile boolean wasComplete; // the store held a complete index of it when the job was queued

        Job(String name, String source, String branch) {
            this.name = name;
            this.source = source;
            this.branch = branch;
        }
    }

    private final Object admission = new Object();
    private final AtomicLong finishOrder = new AtomicLong();

    private final Store store;
    private final Indexer indexer;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    /** Removals queued or running, by name: one per repository at a time (guarded by {@code admission}). */
    private final Map<String, Future<Boolean>> removals = new HashMap<>();

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "repo-ingest");
        t.setDaemon(true);
        return t;
    });

    public RepoManager(Store store, Indexer indexer) {
        this.store = store;
        this.indexer = indexer;
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
        return enqueue(indexer.resolve(path, url, name, branch, replace));
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
        Job job = new Job(target.name(), target.shownSource(), target.branch().orElse(""));
        job.wasComplete = store.repos()
                .get(target.name())
                .filter(r -> r.state() == IndexState.COMPLETE)
                .isPresent();
        synchronized (admission) {
            Job old = jobs.get(target.name());
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
        return status(job);
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
        boolean url = indexer.isGitUrl(source);
        return add(
                url ? Optional.empty() : Optional.of(source),
                url ? Optional.of(source) : Optional.empty(),
                Optional.of(name),
                Optional.of(info.branch()).filter(b -> url && !b.isEmpty()),
                false);
    }

    /**
     * Removes a repository from the store and deletes its clone, on the ingest thread (the store's one writer):
     * at once when no ingest runs, else after the running one.
     *
     * @return true when it is gone, false when the removal is still queued behind a running ingest after
     *     {@link #REMOVE_WAIT_SECONDS} (it happens later)
     * @throws ChatException NOT_FOUND for an unknown repository, CONFLICT while it is queued or indexing, and the
     *     indexer's errors
     */
    public boolean remove(String name) {
        Future<Boolean> removal;
        synchronized (admission) {
            Job job = jobs.get(name);
            if (job != null && job.state.active()) {
                throw new ChatException(
                        ChatException.Reason.CONFLICT,
                        "repository '" + name + "' is being indexed; remove it when that finishes");
            }
            Future<Boolean> queued = removals.get(name);
            if (queued != null) {
                removal = queued; // a second request for the same removal waits for the first
            } else {
                if (job == null && store.repos().get(name).isEmpty()) {
                    throw unknown(name);
                }
                jobs.remove(name);
                removal = worker.submit(() -> {
                    try {
                        return indexer.remove(name);
                    } finally {
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

    private void run(Job job, Indexer.Target target) {
        job.state = RepoState.INDEXING;
        try {
            indexer.index(target, p -> job.progress = p);
            job.progress = null;
            job.error = null;
            finish(job, RepoState.READY);
            // the source is the client's (a path may hold any character): escaped into one line
            LOG.info("indexed {} from {}", job.name, Texts.forLog(job.source));
        } catch (ChatException | StoreException e) {
            fail(job, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("ingest of {} failed", job.name, e);
            fail(job, "internal error (" + e.getClass().getSimpleName() + "); see the server log");
        }
    }

    private void fail(Job job, String message) {
        job.progress = null;
        job.error = message;
        finish(job, RepoState.ERROR);
    }

    /** Marks a job finished and forgets the oldest finished ones beyond {@link #KEEP_FINISHED}. */
    private void finish(Job job, RepoState state) {
        synchronized (admission) {
            job.finished = finishOrder.incrementAndGet();
            job.state = state;
            List<Job> finished = jobs.values().stream()
                    .filter(j -> !j.state.active())
                    .sorted(Comparator.comparingLong((Job j) -> j.finished))
                    .toList();
            for (int i = 0; i < finished.size() - KEEP_FINISHED; i++) {
                jobs.remove(finished.get(i).name, finished.get(i));
            }
        }
    }

    /** Every repository: the store's, and those queued, indexing or failed. Sorted by name. */
    public List<RepoStatus> list() {
        Map<String, RepoStatus> out = new TreeMap<>();
        for (RepoInfo info : store.repos().list()) {
            out.put(info.name(), merge(info, jobs.get(info.name())));
        }
        for (Job job : jobs.values()) {
            out.putIfAbsent(job.name, status(job));
        }
        return new ArrayList<>(out.values());
    }

    public Optional<RepoStatus> get(String name) {
        Optional<RepoInfo> info = store.repos().get(name);
        Job job = jobs.get(name);
        if (info.isEmpty() && job == null) {
            return Optional.empty();
        }
        return Optional.of(info.map(i -> merge(i, job)).orElseGet(() -> status(job)));
    }

    /**
     * One sentence per repository queued or being indexed (of {@code repo}, or of all when empty), with how far
     * it is: what an answer given meanwhile says ({@link dev.coderag.chat.IndexNotices}). A re-index of a
     * complete index says nothing until it writes ({@link IndexNotice#needed}). Reads no store.
     */
    public List<String> notices(Optional<String> repo) {
        List<String> out = new ArrayList<>();
        for (Job job : new TreeMap<>(jobs).values()) {
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

    private RepoStatus status(Job job) {
        return new RepoStatus(
                job.name, job.state, job.source, "", null, job.progress, job.error, zeros(), 0, job.branch);
    }

    private static RepoStatus merge(RepoInfo info, Job job) {
        RepoState stored =
                switch (info.state()) {
                    case COMPLETE -> RepoState.READY;
                    case PARTIAL -> RepoState.PARTIAL;
                };
        RepoState state =
                job == null || (job.state == RepoState.READY && stored == RepoState.PARTIAL) ? stored : job.state;
        Map<String, Integer> chunks = new LinkedHashMap<>();
        for (ChunkKind kind : ChunkKind.values()) {
            chunks.put(kind.table(), info.chunks().getOrDefault(kind, 0));
        }
        return new RepoStatus(
                info.name(),
                state,
                info.source(),
                info.commit(),
                info.indexedAt().map(Object::toString).orElse(null),
                job == null ? null : job.progress,
                job == null ? null : job.error,
                chunks,
                info.files(),
                job != null && job.state.active() ? job.branch : info.branch(),
                info.staticVectors() > 0 ? "static" : "full",
                info.staticVectors());
    }

    private static Map<String, Integer> zeros() {
        Map<String, Integer> chunks = new LinkedHashMap<>();
        for (ChunkKind kind : ChunkKind.values()) {
            chunks.put(kind.table(), 0);
        }
        return chunks;
    }

    @Override
    public void close() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
