package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A repository in the store.
 *
 * @param source the local path or git URL it was ingested from
 * @param commit the HEAD commit sha at the last ingest, or "" when not a git checkout
 * @param indexedAt when the last ingest committed, empty if never
 * @param chunks chunk counts per table (every kind present, zero included)
 * @param languages code chunk counts per language id
 * @param files number of indexed files
 * @param state whether the last ingest finished ({@link IndexState#COMPLETE} for a repo without a record)
 * @param pendingFiles files the last ingest still had to commit when it stopped (0 when complete)
 * @param branch the branch a git URL was cloned from; "" for the remote's default branch, a local directory or
 *     a repo without a record
 * @param staticVectors chunks whose vector is of the {@link VectorTier#STATIC} tier (their full vectors not yet
 *     embedded, or never: an ingest with {@code --vectors static}); 0 when every vector is full. The history's
 *     chunks, which stay on the static tier, are not counted
 */
public record RepoInfo(
        String name,
        String source,
        String commit,
        Optional<Instant> indexedAt,
        Map<ChunkKind, Integer> chunks,
        Map<String, Integer> languages,
        int files,
        IndexState state,
        int pendingFiles,
        String branch,
        int staticVectors) {
    public RepoInfo {
        java.util.Objects.requireNonNull(branch, "branch");
        chunks = Map.copyOf(chunks);
        languages = Map.copyOf(languages);
        java.util.Objects.requireNonNull(state, "state");
    }
}
