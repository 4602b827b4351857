package dev.coderag.chat.repos;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * File-system events for the watched repositories, through one {@link WatchService} (inotify on Linux, which watches
 * one directory at a time): every directory of a repository is registered, and new ones as they appear. Every event
 * only says "this repository changed" ({@code changed}); an overflowed event queue says the same, so a full check
 * follows either way.
 *
 * <p>Bounded: at most {@code maxDirs} directories over every repository; a repository that does not fit, or whose
 * directories the system refuses (its own inotify limit), is dropped and reported to {@code overCap}, which polls it
 * instead. One daemon thread reads the events; {@link #close} ends it. Thread-safe.
 */
final class DirWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DirWatcher.class);

    /** Told that a repository changed, or that it cannot be watched (with the one-line reason). */
    interface Listener {
        void changed(String repo);

        void overCap(String repo, String reason);
    }

    private final WatchService service;
    private final int maxDirs;
    private final Set<Path> skip;
    private final Listener listener;
    private final Map<WatchKey, String> owners = new HashMap<>();
    private final Map<String, List<WatchKey>> keys = new HashMap<>();
    private final Thread thread;

    /**
     * @param skip real paths of directories never watched (the store's)
     * @throws IOException when the system offers no watch service
     */
    DirWatcher(int maxDirs, Set<Path> skip, Listener listener) throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        this.maxDirs = maxDirs;
        this.skip = skip;
        this.listener = listener;
        this.thread = Thread.ofPlatform().daemon().name("repo-watch-events").start(this::run);
    }

    /**
     * Watches {@code dirs} of {@code repo} (those of a {@link TreeSnapshot}).
     *
     * @return false, with nothing of it watched, when they do not fit or cannot be registered
     */
    synchronized boolean watch(String repo, List<Path> dirs) {
        unwatch(repo);
        if (owners.size() + dirs.size() > maxDirs) {
            return false;
        }
        for (Path dir : dirs) {
            if (!register(repo, dir)) {
                unwatch(repo);
                return false;
            }
        }
        return true;
    }

    /** Stops watching {@code repo}. */
    synchronized void unwatch(String repo) {
        for (WatchKey k : keys.getOrDefault(repo, List.of())) {
            k.cancel();
            owners.remove(k);
        }
        keys.remove(repo);
    }

    /** How many directories are watched. */
    synchronized int watched() {
        return owners.size();
    }

    private boolean register(String repo, Path dir) {
        try {
            WatchKey k = dir.register(service, ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY);
            if (owners.put(k, repo) == null) {
                keys.computeIfAbsent(repo, r -> new ArrayList<>()).add(k);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            // e.g. the system's own limit of watches; the caller polls the repository instead
            LOG.debug("cannot watch {}: {}", dir, e.toString());
            return false;
        }
    }

    private void run() {
        while (true) {
            WatchKey key;
            try {
                key = service.take();
            } catch (ClosedWatchServiceException | InterruptedException e) {
                return;
            }
            try {
                handle(key);
            } catch (RuntimeException e) { // NOPMD: one bad event must not end the watching
                LOG.warn("file event not handled: {}", e.toString());
            }
        }
    }

    private void handle(WatchKey key) {
        String repo;
        synchronized (this) {
            repo = owners.get(key);
        }
        List<WatchEvent<?>> events = key.pollEvents();
        boolean valid = key.reset();
        if (repo == null) {
            return; // unwatched meanwhile
        }
        if (!valid) {
            synchronized (this) { // its directory went
                owners.remove(key);
                keys.getOrDefault(repo, new ArrayList<>()).remove(key);
            }
        }
        boolean changed = false;
        for (WatchEvent<?> e : events) {
            if (e.kind() == OVERFLOW) {
                changed = true;
                continue;
            }
            Path child = ((Path) key.watchable()).resolve((Path) e.context());
            if (TreeSnapshot.skipped(child) || skip.contains(child)) {
                continue;
            }
            changed = true;
            if (e.kind() == ENTRY_CREATE && Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                addTree(repo, child);
            }
        }
        if (changed) {
            listener.changed(repo);
        }
    }

    /** Watches a new directory and the ones under it (files may land in them before they are watched: checked anyway). */
    private void addTree(String repo, Path top) {
        List<Path> dirs = TreeSnapshot.dirs(top, skip, maxDirs + 1);
        synchronized (this) {
            if (!keys.containsKey(repo)) {
                return;
            }
            for (Path d : dirs) {
                if (owners.size() >= maxDirs || !register(repo, d)) {
                    unwatch(repo);
                    listener.overCap(repo, "more than " + maxDirs + " directories to watch: checked every poll");
                    return;
                }
            }
        }
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            LOG.debug("closing the watch service: {}", e.toString());
        }
        thread.interrupt();
    }
}
