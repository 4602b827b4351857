package dev.coderag.ingest.history;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which commits to read, newest first from HEAD, merges left out.
 *
 * @param maxCommits the most commits ({@code git log --max-count})
 * @param since only commits made (committer date) at or after this instant, or all
 * @param afterSha only commits HEAD has that this one has not ({@code <sha>..HEAD}): the ones after an already
 *     indexed commit. Check {@link HistoryReader#isAncestor} first: after a force-push the old commit is no
 *     ancestor, and the range holds commits that replaced it
 */
public record HistoryRange(int maxCommits, Optional<Instant> since, Optional<String> afterSha) {
    static final Pattern SHA = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    public HistoryRange {
        if (maxCommits <= 0) {
            throw new IllegalArgumentException("maxCommits must be positive: " + maxCommits);
        }
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(afterSha, "afterSha");
        afterSha.ifPresent(s -> {
            if (!SHA.matcher(s).matches()) {
                throw new IllegalArgumentException("not a full lowercase commit id: " + s);
            }
        });
    }

    /** The newest {@code maxCommits} commits. */
    public static HistoryRange newest(int maxCommits) {
        return new HistoryRange(maxCommits, Optional.empty(), Optional.empty());
    }

    public HistoryRange withSince(Instant instant) {
        return new HistoryRange(maxCommits, Optional.of(instant), afterSha);
    }

    public HistoryRange withAfterSha(String sha) {
        return new HistoryRange(maxCommits, since, Optional.of(sha));
    }
}
