package dev.coderag.chat;

import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.store.Embedder;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.StoreException;
import dev.coderag.store.VectorStore;
import dev.coderag.types.ChunkKind;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
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
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Repositories added through the API: validates the request, queues the ingest on one background thread (the
 * store has one writer), and reports status and progress. Repositories already in the store are
 * {@code ready}. Thread-safe.
 */
final class RepoManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RepoManager.class);
    private static final Pattern URL_LIKE = Pattern.compile("^(https?|ssh|git)://.+|^[\\w.-]+@[\\w.-]+:.+");
    private static final Pattern VALID_NAME = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._\\-]{0,99}$");

    private enum State {
        NEW,
        INDEXING,
        READY,
        ERROR;

        String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final class Job {
        final String name;
        final String source;
        volatile State state = State.NEW;
        volatile IngestProgress progress;
        volatile String error;

        Job(String name, String source) {
            this.name = name;
            this.source = source;
        }
    }

    private final VectorStore store;
    private final Ingester ingester;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "repo-ingest");
        t.setDaemon(true);
        return t;
    });

    RepoManager(VectorStore store, Embedder embedder, IngestOptions options) {
        this.store = store;
        this.ingester = Ingester.create(store, embedder, options);
    }

    /**
     * Queues an ingest of a local path or a git URL.
     *
     * @throws ChatException BAD_REQUEST for a missing/invalid source or name, CONFLICT when that repository is
     *     already queued or indexing
     */
    RepoStatus add(Optional<String> path, Optional<String> url, Optional<String> name) {
        if (path.isPresent() == url.isPresent()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "give exactly one of \"path\" or \"url\"");
        }
        String source;
        String derived;
        if (path.isPresent()) {
            String raw = path.get().strip();
            if (raw.isEmpty()) {
                throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"path\" must not be empty");
            }
            if (raw.equals("~") || raw.startsWith("~/")) {
                raw = System.getProperty("user.home") + raw.substring(1);
            }
            Path dir;
            try {
                dir = Path.of(raw).toAbsolutePath().normalize();
            } catch (InvalidPathException e) {
                throw new ChatException(ChatException.Reason.BAD_REQUEST, "not a valid path");
            }
            if (!Files.isDirectory(dir)) {
                throw new ChatException(
                        ChatException.Reason.BAD_REQUEST,
                        "no such directory on the server: " + ChatService.abbreviate(raw));
            }
            source = dir.toString();
            Path file = dir.getFileName();
            derived = file == null ? "" : file.toString();
        } else {
            source = url.get().strip();
            if (source.startsWith("-") || !URL_LIKE.matcher(source).matches()) {
                throw new ChatException(
                        ChatException.Reason.BAD_REQUEST,
                        "\"url\" must be a git URL (https://…, ssh://… or git@host:owner/repo)");
            }
            derived = urlName(source);
        }
        String repoName = name.map(String::strip).filter(n -> !n.isEmpty()).orElse(sanitize(derived));
        if (!VALID_NAME.matcher(repoName).matches()) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "invalid repository name (letters, digits, '.', '_', '-'; up to 100): "
                            + ChatService.abbreviate(repoName));
        }
        Job job = new Job(repoName, source);
        Job existing = jobs.compute(repoName, (k, old) -> old != null && isActive(old) ? old : job);
        if (existing != job) {
            throw new ChatException(
                    ChatException.Reason.CONFLICT, "repository '" + repoName + "' is already being indexed");
        }
        IngestRequest request =
                new IngestRequest(source, name.filter(n -> !n.isBlank()).map(String::strip), Optional.empty());
        worker.submit(() -> run(job, request));
        return status(job);
    }

    private static boolean isActive(Job j) {
        return j.state == State.NEW || j.state == State.INDEXING;
    }

    private void run(Job job, IngestRequest request) {
        job.state = State.INDEXING;
        try {
            IngestSummary summary = ingester.ingest(List.of(request), p -> job.progress = p);
            job.progress = null;
            job.error = null;
            job.state = State.READY;
            LOG.info(
                    "indexed {}: {} chunks inserted, {} deleted in {} s",
                    job.name,
                    summary.chunks().inserted(),
                    summary.chunks().deleted(),
                    summary.seconds().total());
        } catch (IngestException | StoreException e) {
            fail(job, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("ingest of {} failed", job.name, e);
            fail(job, "internal error (" + e.getClass().getSimpleName() + "); see the server log");
        }
    }

    private static void fail(Job job, String message) {
        job.progress = null;
        job.error = message;
        job.state = State.ERROR;
    }

    /** Every repository: the store's, and those queued, indexing or failed. Sorted by name. */
    List<RepoStatus> list() {
        Map<String, RepoStatus> out = new TreeMap<>();
        for (RepoInfo info : store.repos()) {
            out.put(info.name(), merge(info, jobs.get(info.name())));
        }
        for (Job job : jobs.values()) {
            out.putIfAbsent(job.name, status(job));
        }
        return new ArrayList<>(out.values());
    }

    Optional<RepoStatus> get(String name) {
        Optional<RepoInfo> info = store.repo(name);
        Job job = jobs.get(name);
        if (info.isEmpty() && job == null) {
            return Optional.empty();
        }
        return Optional.of(info.map(i -> merge(i, job)).orElseGet(() -> status(job)));
    }

    /** Number of repositories queued or indexing. */
    long active() {
        return jobs.values().stream().filter(RepoManager::isActive).count();
    }

    private RepoStatus status(Job job) {
        return new RepoStatus(
                job.name, job.state.id(), job.source, "", null, progress(job.progress), job.error, zeros(), 0);
    }

    private static RepoStatus merge(RepoInfo info, Job job) {
        State state = job == null ? State.READY : job.state;
        Map<String, Integer> chunks = new LinkedHashMap<>();
        for (ChunkKind kind : ChunkKind.values()) {
            chunks.put(kind.table(), info.chunks().getOrDefault(kind, 0));
        }
        return new RepoStatus(
                info.name(),
                state.id(),
                info.source(),
                info.commit(),
                info.indexedAt().map(Object::toString).orElse(null),
                job == null ? null : progress(job.progress),
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

    private static RepoStatus.Progress progress(IngestProgress p) {
        if (p == null) {
            return null;
        }
        // scan 0–5 %, parse 5–35 %, embed 35–95 %, write 95–100 %
        double f =
                switch (p.phase()) {
                    case "scan" -> 0.02;
                    case "parse" -> 0.05 + 0.30 * ratio(p.filesDone(), p.filesTotal());
                    case "embed" -> 0.35 + 0.60 * ratio(p.chunksDone(), p.chunksTotal());
                    case "write" -> 0.96;
                    case "done" -> 1.0;
                    default -> 0.0;
                };
        return new RepoStatus.Progress(
                p.phase(), p.filesDone(), p.filesTotal(), p.chunksDone(), p.chunksTotal(), (int) Math.round(f * 100));
    }

    private static double ratio(int done, int total) {
        return total <= 0 ? 0 : Math.min(1, (double) done / total);
    }

    static String urlName(String url) {
        String path = url;
        int scp = url.indexOf(':');
        if (url.contains("://")) {
            try {
                path = URI.create(url).getPath();
            } catch (IllegalArgumentException e) {
                path = url;
            }
        } else if (scp > 0) {
            path = url.substring(scp + 1);
        }
        if (path == null) {
            path = "";
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String last = path.substring(path.lastIndexOf('/') + 1);
        return last.endsWith(".git") ? last.substring(0, last.length() - 4) : last;
    }

    static String sanitize(String raw) {
        String name = raw.replaceAll("[^A-Za-z0-9._\\-]", "-").replaceAll("^[._\\-]+", "");
        return name.length() > 100 ? name.substring(0, 100) : name;
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
