package dev.coderag.chat.repos;

import dev.coderag.chat.StalePolicy;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a server keeps its indexes fresh ({@link RepoWatcher}).
 *
 * @param watch whether local repositories (indexed from a directory) are watched and indexed again when their files
 *     change
 * @param events whether file-system events (inotify on Linux) are used; without them, or past {@code
 *     maxWatchedDirs}, every file's size and time is checked each {@code poll}
 * @param poll how often a repository without events is checked (and how often the list of repositories is read
 *     again); at least 1 s
 * @param debounce how long a repository must be quiet after a change before it is checked and indexed again
 * @param maxWatchedDirs the most directories watched with events, over every repository (a repository that does not
 *     fit is polled instead); at least 1
 * @param refreshEvery how often repositories indexed from a git URL are fetched and indexed again; empty: never (only
 *     on request)
 * @param stale what an answer drawing on a stale repository does
 */
public record WatchOptions(
        boolean watch,
        boolean events,
        Duration poll,
        Duration debounce,
        int maxWatchedDirs,
        Optional<Duration> refreshEvery,
        StalePolicy stale) {
    /** The default {@link #poll}. */
    public static final Duration DEFAULT_POLL = Duration.ofSeconds(10);

    /** The default {@link #debounce}. */
    public static final Duration DEFAULT_DEBOUNCE = Duration.ofMillis(400);

    /** The default {@link #maxWatchedDirs} (Linux's smallest default inotify limit per user). */
    public static final int DEFAULT_MAX_WATCHED_DIRS = 8192;

    public WatchOptions {
        Objects.requireNonNull(stale, "stale");
        Objects.requireNonNull(refreshEvery, "refreshEvery");
        if (poll.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("the poll interval must be at least 1 s: " + poll);
        }
        if (debounce.isNegative()) {
            throw new IllegalArgumentException("the debounce must not be negative: " + debounce);
        }
        if (maxWatchedDirs < 1) {
            throw new IllegalArgumentException("maxWatchedDirs must be at least 1: " + maxWatchedDirs);
        }
        refreshEvery.ifPresent(d -> {
            if (d.compareTo(Duration.ofMinutes(1)) < 0) {
                throw new IllegalArgumentException("the refresh interval must be at least 1 minute: " + d);
            }
        });
    }

    /** Nothing watched or fetched again (a library's default; {@code serve} watches unless {@code --no-watch}). */
    public static WatchOptions off() {
        return new WatchOptions(
                false,
                false,
                DEFAULT_POLL,
                DEFAULT_DEBOUNCE,
                DEFAULT_MAX_WATCHED_DIRS,
                Optional.empty(),
                StalePolicy.WARN);
    }

    /** Local repositories watched with events, polled as the fallback, git URLs fetched only on request. */
    public static WatchOptions on() {
        return new WatchOptions(
                true,
                true,
                DEFAULT_POLL,
                DEFAULT_DEBOUNCE,
                DEFAULT_MAX_WATCHED_DIRS,
                Optional.empty(),
                StalePolicy.WARN);
    }

    public WatchOptions withWatch(boolean w, boolean e) {
        return new WatchOptions(w, e, poll, debounce, maxWatchedDirs, refreshEvery, stale);
    }

    public WatchOptions withPoll(Duration p) {
        return new WatchOptions(watch, events, p, debounce, maxWatchedDirs, refreshEvery, stale);
    }

    public WatchOptions withDebounce(Duration d) {
        return new WatchOptions(watch, events, poll, d, maxWatchedDirs, refreshEvery, stale);
    }

    public WatchOptions withMaxWatchedDirs(int n) {
        return new WatchOptions(watch, events, poll, debounce, n, refreshEvery, stale);
    }

    public WatchOptions withRefreshEvery(Optional<Duration> every) {
        return new WatchOptions(watch, events, poll, debounce, maxWatchedDirs, every, stale);
    }

    public WatchOptions withStale(StalePolicy s) {
        return new WatchOptions(watch, events, poll, debounce, maxWatchedDirs, refreshEvery, s);
    }
}
