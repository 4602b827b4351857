package dev.coderag.chat.repos;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Waits for quiet: a repository touched by a file event is due once no event came for {@code quiet}, or once it has
 * waited {@code longest} since its first event (so a file written without pause still gets checked). Times are
 * {@link System#nanoTime()} values passed in, so tests drive it. Holds one entry per repository touched and not yet
 * due. Thread-safe.
 */
final class Debouncer {
    private final long quiet;
    private final long longest;
    /** Per repository: {first event, last event}. */
    private final Map<String, long[]> waiting = new HashMap<>();

    Debouncer(long quietNanos, long longestNanos) {
        this.quiet = quietNanos;
        this.longest = Math.max(quietNanos, longestNanos);
    }

    /** An event for {@code repo} at {@code now}. */
    synchronized void touch(String repo, long now) {
        long[] t = waiting.computeIfAbsent(repo, r -> new long[] {now, now});
        t[1] = now;
    }

    /** The repositories due at {@code now}, removed from the waiting ones. */
    synchronized List<String> due(long now) {
        List<String> out = new ArrayList<>();
        waiting.entrySet().removeIf(e -> {
            long[] t = e.getValue();
            boolean due = now - t[1] >= quiet || now - t[0] >= longest;
            if (due) {
                out.add(e.getKey());
            }
            return due;
        });
        out.sort(null);
        return out;
    }

    /** Forgets {@code repo} (removed). */
    synchronized void forget(String repo) {
        waiting.remove(repo);
    }
}
