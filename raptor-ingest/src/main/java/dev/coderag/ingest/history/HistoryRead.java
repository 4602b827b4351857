package dev.coderag.ingest.history;

import java.util.Objects;
import java.util.Optional;

/**
 * How a read ended.
 *
 * @param commits how many {@link CommitDiff}s the consumer got
 * @param oldest the object name of the oldest of them, if any (where a stopped read got to)
 * @param ending why it ended
 * @param message one line for the user when it did not end {@link Ending#COMPLETE}, else ""
 */
public record HistoryRead(int commits, Optional<String> oldest, Ending ending, String message) {
    public enum Ending {
        /** Every commit of the range was read. */
        COMPLETE,
        /** {@link HistoryBounds#deadline()} passed; the commits read so far were delivered. */
        DEADLINE,
        /** {@link HistoryBounds#maxRenamedPaths()} was reached; the commits read so far were delivered. */
        PATH_LIMIT,
        /** git failed (not a repository, an unknown commit, killed); the commits read before were delivered. */
        GIT_FAILED
    }

    public HistoryRead {
        Objects.requireNonNull(oldest, "oldest");
        Objects.requireNonNull(ending, "ending");
        Objects.requireNonNull(message, "message");
    }

    public boolean complete() {
        return ending == Ending.COMPLETE;
    }
}
