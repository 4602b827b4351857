package dev.coderag.ingest.history;

import java.time.Instant;
import java.util.Optional;

/**
 * How much git history an ingest reads ({@code --history}, {@code --history-since}).
 *
 * @param maxCommits the most commits the first read of a repository takes, newest first; 0 turns history off.
 *     Later reads take the commits after the stored ones (up to this many each time)
 * @param since only commits made at or after this instant, or all of the {@code maxCommits}
 */
public record HistoryOptions(int maxCommits, Optional<Instant> since) {
    /** The default depth: enough for "when/why/who" over the last years of most projects, a bounded first read. */
    public static final int DEFAULT_COMMITS = 2_000;

    public static final HistoryOptions DEFAULT = new HistoryOptions(DEFAULT_COMMITS, Optional.empty());
    public static final HistoryOptions OFF = new HistoryOptions(0, Optional.empty());

    public HistoryOptions {
        if (maxCommits < 0) {
            throw new IllegalArgumentException("maxCommits must not be negative: " + maxCommits);
        }
        since = since == null ? Optional.empty() : since;
    }

    public boolean enabled() {
        return maxCommits > 0;
    }

    /** The {@code git clone/fetch --depth} that brings this much history (at least 1). */
    public int cloneDepth() {
        return Math.max(1, maxCommits);
    }
}
