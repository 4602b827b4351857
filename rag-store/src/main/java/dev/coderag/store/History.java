package dev.coderag.store;

import java.util.List;
import java.util.Optional;

/**
 * Reads of a repository's stored history: the {@link dev.coderag.types.CommitChunk}s an ingest wrote (searched
 * like every other table through {@link Store#lexical()} and {@link Store#vectors()} with
 * {@link dev.coderag.types.ChunkKind#COMMIT}). Thread-safe; each call reads one committed state.
 */
public interface History {

    /** The most chunks one call returns. */
    int MAX_CHUNKS = 5_000;

    /** How far {@code repo}'s stored history reaches; empty when none was read. */
    Optional<HistoryMark> mark(String repo);

    /**
     * The commit chunks of the file at exactly {@code path} (as each commit left it, so a rename's older side is
     * under its old path), newest author date first, at most {@code limit} (1 to {@link #MAX_CHUNKS}).
     */
    List<StoredChunk> ofFile(String repo, String path, int limit);

    /**
     * The chunks of the commit whose id is or starts with {@code shaOrPrefix} (at least 7 hex characters), one per
     * file it changed, by path, at most {@code limit}; empty when no commit or more than one matches the prefix.
     */
    List<StoredChunk> commit(String repo, String shaOrPrefix, int limit);
}
