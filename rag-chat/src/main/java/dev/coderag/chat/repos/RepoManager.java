package dev.coderag.chat.repos;

import dev.coderag.chat.ChatException;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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
        volatile RepoState state = RepoState.NEW;
        volatile RepoStatus.Progress progress;
        volatile String error;
        volatile long finished; // order of finishing, 0 while active

        Job(String name, String source) {
            this.name = name;
            this.source = source;
        }
    }

    private final Object admission = new Object();
    private final AtomicLong finishOrder = new AtomicLong();

    private final Store store;
    private final Indexer indexer;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "repo-ingest");
        t.setDaemon(true);
        return t;
    });

    public RepoManager(Store store, Indexer indexer) {
        this.store = store;
        this.indexer = indexer;
    }

    /**
     * Queues an ingest of {@code source}, a git URL or a local path (told apart by the indexer's rule).
     *
     * @throws ChatException as {@link #add(Optional, Optional, Optional, boolean)}
     */
    public RepoStatus add(String source, Optional<String> name, boolean replace) {
        boolean url = indexer.isGitUrl(source.strip());
        return add(
                url ? Optional.empty() : Optional.of(source),
                url ? Optional.of(source) : Optional.empty(),
                name,
                replace);
    }

    /**
     * Queues an ingest of a local path or a git URL.
     *
     * @param replace whether a repository of that name indexed from another source may be replaced
     * @throws ChatException BAD_REQUEST for a missing/invalid source or name, FORBIDDEN for a path the indexer
     *     does not index for the network, CONFLICT when that repository is already queued or indexing or its
     *     name is taken by another source (without {@code replace}), BUSY when {@link #MAX_PENDING} ingests are
     *     queued or running
     */
    public RepoStatus add(Optional<String> path, Optional<String> url, Optional<String> name, boolean replace) {
        if (path.isPresent() == url.isPresent()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "give exactly one of \"path\" or \"url\"");
        }
        Indexer.Target target = indexer.resolve(path, url, name, replace);
        Job job = new Job(target.name(), target.shownSource());
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

    private void run(Job job, Indexer.Target target) {
        job.state = RepoState.INDEXING;
        try {
            indexer.index(target, p -> job.progress = p);
            job.progress = null;
            job.error = null;
            finish(job, RepoState.READY);
            LOG.info("indexed {} from {}", job.name, job.source);
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

    /** Number of repositories queued or indexing. */
    public long active() {
        return jobs.values().stream().filter(j -> j.state.active()).count();
    }

    private RepoStatus status(Job job) {
        return new RepoStatus(job.name, job.state, job.source, "", null, job.progress, job.error, zeros(), 0);
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
                info.files());
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
