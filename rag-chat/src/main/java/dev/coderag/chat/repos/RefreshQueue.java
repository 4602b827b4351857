package dev.coderag.chat.repos;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Refreshes asked for, coalesced: at most one pending per repository, however often it is asked for. A request is
 * started at once when it may be; one made while an ingest of the repository runs waits and starts once that ingest
 * has ended (one follow-up, since the running ingest may have read a file before it changed); one made while an
 * ingest is only queued is dropped (that ingest has not read anything yet). A repository's automatic refreshes start
 * at least {@code gap} apart, so a file rewritten without pause does not keep the ingest thread busy. Times are
 * {@link System#nanoTime()} values passed in. Thread-safe; the starter is called with the queue's lock held and must
 * not call back into it.
 */
final class RefreshQueue {
    /** What asking to start an ingest gave. */
    enum Outcome {
        /** Queued now. */
        STARTED,
        /** An ingest of it is queued and has not started: this request is covered by it. */
        QUEUED,
        /** An ingest of it runs, or the queue is full: try again later. */
        WAIT,
        /** It cannot be refreshed (removed, refused): the request is dropped. */
        FAILED
    }

    /** Queues an ingest of a repository. */
    @FunctionalInterface
    interface Starter {
        Outcome start(String repo);
    }

    private final Starter starter;
    private final long gap;
    /** Pending requests: repository to the earliest time it may start. */
    private final Map<String, Long> pending = new LinkedHashMap<>();
    /** When each repository's last refresh started (entries go with {@link #forget}). */
    private final Map<String, Long> started = new HashMap<>();

    RefreshQueue(Starter starter, long gapNanos) {
        this.starter = starter;
        this.gap = gapNanos;
    }

    /**
     * Asks for a refresh of {@code repo} and tries to start it.
     *
     * @param urgent a request by a client (now), not by a watcher (no sooner than the gap after the last one)
     * @return what happened to it now (a pending request is tried again by {@link #drain})
     */
    synchronized Outcome request(String repo, long now, boolean urgent) {
        Long last = started.get(repo);
        long earliest = urgent || last == null ? now : last + gap;
        pending.merge(repo, earliest, Math::min);
        return earliest - now > 0 ? Outcome.WAIT : attempt(repo, now);
    }

    /** Tries every pending request that may start at {@code now}. */
    synchronized void drain(long now) {
        for (String repo : pending.keySet().toArray(String[]::new)) {
            if (now - pending.get(repo) >= 0) {
                attempt(repo, now);
            }
        }
    }

    private Outcome attempt(String repo, long now) {
        Outcome o = starter.start(repo);
        switch (o) {
            case STARTED -> {
                pending.remove(repo);
                started.put(repo, now);
            }
            case QUEUED, FAILED -> pending.remove(repo);
            case WAIT -> {} // a follow-up, or room in the queue later
        }
        return o;
    }

    /** Whether a refresh of {@code repo} waits. */
    synchronized boolean pending(String repo) {
        return pending.containsKey(repo);
    }

    /** Forgets {@code repo} (removed). */
    synchronized void forget(String repo) {
        pending.remove(repo);
        started.remove(repo);
    }
}
