package dev.coderag.chat.repos;

import dev.coderag.chat.ChatException;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Repositories added through the API: has the {@link Indexer} check the request, queues the ingest on one
 * background thread (the store has one writer), and reports status and progress. Repositories already in the
 * store are {@code ready}. Thread-safe.
 */
public final class RepoManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RepoManager.class);

    private static final class Job {
        final String name;
        final String source;
        volatile RepoState state = RepoState.NEW;
        volatile RepoStatus.Progress progress;
        volatile String error;

        Job(String name, String source) {
            this.name = name;
            this.source = source;
        }
    }

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
     * @throws ChatException as {@link #add(Optional, Optional, Optional)}
     */
    public RepoStatus add(String source, Optional<String> name) {
        boolean url = indexer.isGitUrl(source.strip());
        return add(url ? Optional.empty() : Optional.of(source), url ? Optional.of(source) : Optional.empty(), name);
    }

    /**
     * Queues an ingest of a local path or a git URL.
     *
     * @throws ChatException BAD_REQUEST for a missing/invalid source or name, CONFLICT when that repository is
     *     already queued or indexing
     */
    public RepoStatus add(Optional<String> path, Optional<String> url, Optional<String> name) {
        if (path.isPresent() == url.isPresent()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "give exactly one of \"path\" or \"url\"");
        }
        Indexer.Target target = indexer.resolve(path, url, name);
        Job job = new Job(target.name(), target.source());
        Job existing = jobs.compute(target.name(), (k, old) -> old != null && old.state.active() ? old : job);
        if (existing != job) {
            throw new ChatException(
                    ChatException.Reason.CONFLICT, "repository '" + target.name() + "' is already being indexed");
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
            job.state = RepoState.READY;
            LOG.info("indexed {} from {}", job.name, job.source);
        } catch (ChatException | StoreException e) {
            fail(job, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("ingest of {} failed", job.name, e);
            fail(job, "internal error (" + e.getClass().getSimpleName() + "); see the server log");
        }
    }

    private static void fail(Job job, String message) {
        job.progress = null;
        job.error = message;
        job.state = RepoState.ERROR;
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
        RepoState state = job == null ? RepoState.READY : job.state;
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
