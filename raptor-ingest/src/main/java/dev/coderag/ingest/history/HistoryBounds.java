package dev.coderag.ingest.history;

import java.time.Duration;
import java.util.Objects;

/**
 * The reader's bounds, so that no history — a 100 MB one-line diff, a commit of 100,000 files — takes more than
 * a bounded amount of memory or time.
 *
 * @param maxFilesPerCommit the most files a {@link CommitDiff} keeps (the rest are counted)
 * @param maxHunksPerFile the most hunk headers a {@link FileChange} keeps
 * @param maxDiffChars the most characters of a file's hunk text (whole lines)
 * @param maxMessageChars the most characters of a commit message (subject and body)
 * @param hugeDiffBytes over this many bytes of hunk text a file's diff is {@link FileChange.Omission#HUGE}
 * @param hugeDiffLines over this many added and deleted lines a file's diff is {@link FileChange.Omission#HUGE}
 * @param maxRenamedPaths the most paths whose name at HEAD differs from their own (renamed, deleted, added) the
 *     read remembers to follow renames; past it the read stops ({@link HistoryRead.Ending#PATH_LIMIT})
 * @param deadline the longest a whole read may take, git and the consumer together
 */
public record HistoryBounds(
        int maxFilesPerCommit,
        int maxHunksPerFile,
        int maxDiffChars,
        int maxMessageChars,
        long hugeDiffBytes,
        int hugeDiffLines,
        int maxRenamedPaths,
        Duration deadline) {

    /** 300 files, 2,000 hunks, 6,000 characters of diff, 4,000 of message, huge over 1 MiB or 20,000 lines. */
    public static final HistoryBounds DEFAULT =
            new HistoryBounds(300, 2_000, 6_000, 4_000, 1 << 20, 20_000, 200_000, Duration.ofMinutes(30));

    public HistoryBounds {
        if (maxFilesPerCommit <= 0
                || maxHunksPerFile <= 0
                || maxDiffChars <= 0
                || maxMessageChars <= 0
                || hugeDiffBytes <= 0
                || hugeDiffLines <= 0
                || maxRenamedPaths <= 0) {
            throw new IllegalArgumentException("every bound must be positive");
        }
        Objects.requireNonNull(deadline, "deadline");
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive: " + deadline);
        }
    }

    public HistoryBounds withDeadline(Duration d) {
        return new HistoryBounds(
                maxFilesPerCommit,
                maxHunksPerFile,
                maxDiffChars,
                maxMessageChars,
                hugeDiffBytes,
                hugeDiffLines,
                maxRenamedPaths,
                d);
    }

    public HistoryBounds withMaxFilesPerCommit(int n) {
        return new HistoryBounds(
                n,
                maxHunksPerFile,
                maxDiffChars,
                maxMessageChars,
                hugeDiffBytes,
                hugeDiffLines,
                maxRenamedPaths,
                deadline);
    }
}
