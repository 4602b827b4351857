package dev.coderag.store;

import java.time.Instant;
import java.util.Objects;

/**
 * What an ingest records about a repository when it commits.
 *
 * @param commit the commit whose files are all indexed ("" when unknown or not a git checkout); a
 *     {@link IndexState#PARTIAL} run keeps the previous complete run's commit
 * @param state whether the run that wrote this record had committed every planned file
 * @param pendingFiles files the run still had to commit (0 when complete)
 * @param branch the branch a git URL was cloned from; "" for the remote's default branch or a local directory
 */
public record RepoRecord(
        String name,
        String source,
        String commit,
        Instant indexedAt,
        IndexState state,
        int pendingFiles,
        String branch) {
    public RepoRecord {
        Objects.requireNonNull(name, "name");
        source = Objects.requireNonNullElse(source, "");
        branch = Objects.requireNonNullElse(branch, "");
        commit = Objects.requireNonNullElse(commit, "");
        Objects.requireNonNull(indexedAt, "indexedAt");
        Objects.requireNonNull(state, "state");
        if (pendingFiles < 0 || (state == IndexState.COMPLETE && pendingFiles != 0)) {
            throw new IllegalArgumentException("pendingFiles " + pendingFiles + " for a " + state.id() + " repo");
        }
    }

    /** The record of a finished run of the default branch or a local directory. */
    public RepoRecord(String name, String source, String commit, Instant indexedAt) {
        this(name, source, commit, indexedAt, IndexState.COMPLETE, 0, "");
    }
}
