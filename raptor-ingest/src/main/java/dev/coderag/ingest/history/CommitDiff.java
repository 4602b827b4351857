package dev.coderag.ingest.history;

import java.util.List;
import java.util.Objects;

/**
 * A commit and what it changed, against its first parent (the root commit against the empty tree).
 *
 * @param files the changed files in git's order, at most {@link HistoryBounds#maxFilesPerCommit()}
 * @param filesOmitted how many more files the commit changed (counted, not kept)
 */
public record CommitDiff(CommitInfo commit, List<FileChange> files, int filesOmitted) {
    public CommitDiff {
        Objects.requireNonNull(commit, "commit");
        files = List.copyOf(files);
        if (filesOmitted < 0) {
            throw new IllegalArgumentException("filesOmitted < 0: " + filesOmitted);
        }
    }
}
