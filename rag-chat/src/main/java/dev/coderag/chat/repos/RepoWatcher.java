package dev.coderag.chat.repos;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.Freshness;
import dev.coderag.chat.IndexNotices;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a server's indexes fresh while it runs. Each local repository (indexed from a directory) is watched: its
 * directories through file events ({@link DirWatcher}), or, without events or past their bound, by a check of every
 * file's size and time each {@link WatchOptions#poll()} ({@link TreeSnapshot}). A change is debounced ({@link
 * Debouncer}), checked, and queued as an incremental ingest through the server's one job queue ({@link
 * RefreshQueue}: coalesced, one follow-up while an ingest runs). Git URLs are fetched again every {@link
 * WatchOptions#refreshEvery()}, and any repository on request ({@link #refresh}). What it knows is each
 * repository's {@link Freshness}.
 *
 * <p>It sees ingests through the indexer it wraps ({@link #indexer()}): the files when an ingest starts are what
 * the index holds once it commits. A repository already indexed when the server starts counts as changed when a file
 * is newer than its {@code indexed_at} or its HEAD moved (deletions meanwhile show at its next refresh).
 *
 * <p>Threads: one daemon thread checks and starts refreshes ({@link #TICK_MILLIS}), one reads file events; both end
 * with {@link #close}. A failure marks the repository with a one-line reason and never ends them. Thread-safe.
 */
public final class RepoWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RepoWatcher.class);

    /** How often pending work is looked at. */
    static final long TICK_MILLIS = 100;

    /** The least time between two automatic refreshes of one repository. */
    static final long GAP_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** The longest a repository written without pause waits before it is checked. */
    static final long LONGEST_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final RepoCatalog catalog;
    private final Indexer indexer;
    private final WatchOptions options;
    private final Set<Path> skip;
    private final RepoFiles files;
    private final Map<String, RepoWatch> watches = new ConcurrentHashMap<>();
    /** When each git URL was last asked to be fetched again. */
    private final Map<String, Instant> fetched = new ConcurrentHashMap<>();
    /** Why the last refresh of a repository could not start (for {@link #refresh}). */
    private final Map<String, ChatException> failures = new ConcurrentHashMap<>();

    private final Debouncer debouncer;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "repo-watch");
        t.setDaemon(true);
        return t;
    });
    private volatile RefreshQueue queue = new RefreshQueue(repo -> RefreshQueue.Outcome.WAIT, GAP_NANOS);
    private volatile DirWatcher events;
    private long nextPoll;
    private long nextFetch;

    /**
     * @param storeDir the store's directory, never watched (it may lie inside a repository)
     * @param indexer the server's indexer; the server's job queue must use {@link #indexer()} instead
     */
    public RepoWatcher(RepoCatalog catalog, Path storeDir, Indexer indexer, WatchOptions options) {
        this.catalog = catalog;
        this.indexer = indexer;
        this.options = options;
        this.skip = Set.of(RepoFiles.real(storeDir));
        this.files = new RepoFiles(catalog, indexer, skip);
        this.debouncer = new Debouncer(options.debounce().toNanos(), LONGEST_WAIT_NANOS);
    }

    /** The indexer the job queue must use: the wrapped one, telling this watcher when an ingest starts and ends. */
    public Indexer indexer() {
        return new WatchedIndexer(indexer, this);
    }

    /** Starts watching and refreshing through {@code manager}'s job queue. */
    public void start(RepoManager manager) {
        start(new QueueStarter(catalog, indexer, manager, failures, fetched));
        manager.annotateWith(this::annotate);
    }

    /**
     * Refreshes through {@code starter}, automatic ones at least {@code gapNanos} apart, without any thread (tests
     * drive {@link #checkAll} instead of waiting for the poll).
     */
    void attach(RefreshQueue.Starter starter, long gapNanos) {
        queue = new RefreshQueue(starter, gapNanos);
    }

    /** Starts with {@code starter} as the job queue: file events, and the thread that checks and refreshes. */
    void start(RefreshQueue.Starter starter) {
        attach(starter, GAP_NANOS);
        if (options.watch() && options.events()) {
            try {
                events = new DirWatcher(options.maxWatchedDirs(), skip, new DirWatcher.Listener() {
                    @Override
                    public void changed(String repo) {
                        debouncer.touch(repo, System.nanoTime());
                    }

                    @Override
                    public void overCap(String repo, String reason) {
                        polled(repo, reason);
                    }
                });
            } catch (IOException | RuntimeException e) {
                LOG.warn(
                        "no file events ({}): repositories are checked every {} s",
                        e,
                        options.poll().toSeconds());
            }
        }
        long now = System.nanoTime();
        nextPoll = now;
        nextFetch = now + options.refreshEvery().map(d -> d.toNanos()).orElse(0L);
        ticker.scheduleWithFixedDelay(this::tick, 0, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * {@code POST /api/repos/{name}/refresh}: indexes it again now from its recorded source (a git URL is fetched
     * again), or once the ingest of it that runs has ended; coalesced with any refresh already pending.
     *
     * @throws ChatException NOT_FOUND for a repository the store does not hold, and why its refresh cannot start
     *     (e.g. FORBIDDEN, CONFLICT from the indexer's rules)
     */
    public void refresh(String name) {
        if (catalog.get(name).isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND, "unknown repository '" + ApiContract.abbreviate(name) + "'");
        }
        if (queue.request(name, System.nanoTime(), true) == RefreshQueue.Outcome.FAILED) {
            ChatException e = failures.remove(name);
            throw e != null ? e : new ChatException(ChatException.Reason.CONFLICT, "cannot refresh '" + name + "'");
        }
    }

    /** The status with its freshness; {@code refreshing} while an ingest of it is queued or runs. */
    RepoStatus annotate(RepoStatus s) {
        Freshness f = freshness(s.name(), s.commit(), s.source());
        return s.withFreshness(s.status().active() ? f.withState(Freshness.State.REFRESHING) : f);
    }

    /** The freshness of each of {@code repos} the store holds, for an answer drawing on them. */
    public Map<String, Freshness> freshness(Collection<String> repos) {
        Map<String, Freshness> out = new LinkedHashMap<>();
        for (String name : repos) {
            RepoWatch w = watches.get(name);
            if (w != null && w.published != null) {
                boolean busy = w.ingesting || queue.pending(name);
                out.put(name, busy ? w.published.withState(Freshness.State.REFRESHING) : w.published);
            } else {
                catalog.get(name).ifPresent(i -> out.put(name, freshness(name, i.commit(), i.source())));
            }
        }
        return out;
    }

    /** What answers say about the index, with this watcher's freshness and policy. */
    public IndexNotices notices(RepoManager repos) {
        return new WatchNotices(repos, this);
    }

    /** What changes are waited for with. */
    public WatchOptions options() {
        return options;
    }

    private Freshness freshness(String name, String commit, String source) {
        RepoWatch w = watches.get(name);
        if (w != null) {
            Freshness f = w.published;
            return f != null ? f : Freshness.unknown(w.mode, commit == null ? "" : commit);
        }
        if (source != null && indexer.isGitUrl(source)) {
            Instant at = fetched.get(name);
            return new Freshness(
                    Freshness.State.UNKNOWN,
                    options.refreshEvery().isPresent() ? "schedule" : "off",
                    commit == null ? "" : commit,
                    "",
                    0,
                    0,
                    0,
                    at == null ? null : at.toString(),
                    null);
        }
        return Freshness.unknown(options.watch() ? "poll" : "off", commit == null ? "" : commit);
    }

    private void tick() {
        try {
            long now = System.nanoTime();
            if (options.watch() && now - nextPoll >= 0) {
                nextPoll = now + options.poll().toNanos();
                checkAll();
            }
            if (options.watch()) {
                for (String repo : debouncer.due(now)) {
                    RepoWatch w = watches.get(repo);
                    if (w != null) {
                        check(w);
                    }
                }
            }
            if (options.refreshEvery().isPresent() && now - nextFetch >= 0) {
                nextFetch = now + options.refreshEvery().get().toNanos();
                for (RepoInfo info : catalog.list()) {
                    if (indexer.isGitUrl(info.source())) {
                        queue.request(info.name(), now, false);
                    }
                }
            }
            queue.drain(now);
        } catch (Throwable e) { // NOPMD: the watcher must go on; the scheduler would stop it silently
            LOG.warn("watching repositories: {}", e.toString());
        }
    }

    /**
     * Reads the store's list of repositories again (new local ones are watched, removed ones forgotten), checks every
     * one that is polled, and starts the refreshes that may start: what the tick does each poll.
     */
    void checkAll() {
        Set<String> seen = new HashSet<>();
        for (RepoInfo info : catalog.list()) {
            Optional<Path> root = files.directory(info.source());
            if (root.isEmpty()) {
                continue;
            }
            seen.add(info.name());
            RepoWatch w = watches.get(info.name());
            if (w == null || !w.root.equals(root.get())) {
                w = watch(info.name(), root.get());
                check(w);
                register(w);
            } else if (!w.mode.equals("events")) {
                check(w);
            }
        }
        for (RepoWatch w : watches.values()) {
            if (!seen.contains(w.name) && !w.ingesting) {
                forget(w.name);
            }
        }
        queue.drain(System.nanoTime());
    }

    private RepoWatch watch(String name, Path root) {
        RepoWatch w = new RepoWatch(name, root);
        RepoWatch old = watches.put(name, w);
        if (old != null && events != null) {
            events.unwatch(name);
        }
        return w;
    }

    /** Watches its directories with events when there are events and they fit; else it is polled. */
    private void register(RepoWatch w) {
        DirWatcher ev = events;
        if (ev == null) {
            return;
        }
        try {
            List<Path> dirs = TreeSnapshot.dirs(w.root, skip, options.maxWatchedDirs() + 1);
            if (ev.watch(w.name, dirs)) {
                synchronized (w) {
                    w.mode = "events";
                }
            } else {
                polled(
                        w.name,
                        "its directories do not fit the " + options.maxWatchedDirs()
                                + " watched at most: checked every "
                                + options.poll().toSeconds() + " s");
            }
        } catch (RuntimeException e) {
            polled(
                    w.name,
                    "file events failed (" + e.getClass().getSimpleName() + "): checked every "
                            + options.poll().toSeconds() + " s");
        }
    }

    private void polled(String repo, String reason) {
        RepoWatch w = watches.get(repo);
        if (w != null) {
            synchronized (w) {
                w.mode = "poll";
                w.error = reason;
            }
        }
    }

    /** Forgets a repository the store no longer holds. */
    void forget(String name) {
        watches.remove(name);
        if (events != null) {
            events.unwatch(name);
        }
        debouncer.forget(name);
        queue.forget(name);
        fetched.remove(name);
        failures.remove(name);
    }

    /**
     * Compares the files with what the index holds, publishes the freshness, and asks for a refresh when something
     * changed. Never throws: a failure is the repository's one-line error.
     */
    void check(RepoWatch w) {
        boolean changed;
        synchronized (w) {
            try {
                changed = files.compare(w);
            } catch (IOException | RuntimeException e) {
                w.error = "cannot check " + w.root.getFileName() + " ("
                        + e.getClass().getSimpleName() + ")";
                w.published = Freshness.unknown(w.mode, "").withError(w.error);
                return;
            }
        }
        if (changed) {
            queue.request(w.name, System.nanoTime(), false);
        }
    }

    /** An ingest of {@code target} starts (on the job queue's thread): what it reads is what the index will hold. */
    RepoWatch starting(Indexer.Target target) {
        try {
            Optional<Path> root = options.watch() ? files.directory(target.source()) : Optional.empty();
            if (root.isEmpty()) {
                return null;
            }
            RepoWatch w = watches.get(target.name());
            boolean fresh = w == null || !w.root.equals(root.get());
            if (fresh) {
                w = watch(target.name(), root.get());
            }
            TreeSnapshot now = TreeSnapshot.take(w.root, skip, Long.MAX_VALUE);
            String head = indexer.headCommit(w.root).orElse("");
            synchronized (w) {
                w.starting = now;
                w.startingHead = head;
                w.ingesting = true;
            }
            if (fresh) {
                register(w);
            }
            return w;
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot take the files of {} before its ingest: {}", target.name(), e.toString());
            return null;
        }
    }

    /** The ingest that {@link #starting} saw has ended; {@code committed}: what it read is what the index holds. */
    void ended(RepoWatch w, boolean committed) {
        if (w == null) {
            return;
        }
        synchronized (w) {
            if (committed) {
                w.baseline = w.starting;
                w.headAtIngest = w.startingHead;
            }
            w.starting = null;
            w.ingesting = false;
        }
        check(w); // what changed while it ran asks for the follow-up
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        DirWatcher ev = events;
        if (ev != null) {
            ev.close();
        }
    }
}
