package dev.coderag.chat.repos;

import dev.coderag.chat.Freshness;
import java.util.Map;

/**
 * A repository as {@code GET /api/repos/{name}} reports it.
 *
 * @param status queued, indexing, ready or failed (JSON: {@code new}, {@code indexing}, {@code ready}, {@code error})
 * @param commit HEAD commit at the last ingest, or ""
 * @param indexedAt ISO-8601 instant of the last committed ingest, or null
 * @param progress the running ingest's progress, or null when none runs
 * @param lastError the last ingest failure's one-line message, or null
 * @param chunks chunk counts per table from the store (zeros before the first commit)
 * @param branch the branch a git URL was cloned from; "" for the remote's default branch or a local directory
 * @param vectors the vector tier its chunks are searched by: {@code full} (the model's vectors), {@code static}
 *     (some chunks still have only static-tier vectors: docs/STORE.md, "Two vector tiers") or {@code none}
 *     (nothing stored yet)
 * @param staticVectors chunks whose vector is of the static tier
 * @param freshness how fresh its index is against its source ({@link RepoWatcher}); null from a server that does
 *     not say
 */
public record RepoStatus(
        String name,
        RepoState status,
        String source,
        String commit,
        String indexedAt,
        Progress progress,
        String lastError,
        Map<String, Integer> chunks,
        int files,
        String branch,
        String vectors,
        int staticVectors,
        Freshness freshness) {

    /** A repository without its freshness. */
    public RepoStatus(
            String name,
            RepoState status,
            String source,
            String commit,
            String indexedAt,
            Progress progress,
            String lastError,
            Map<String, Integer> chunks,
            int files,
            String branch,
            String vectors,
            int staticVectors) {
        this(
                name,
                status,
                source,
                commit,
                indexedAt,
                progress,
                lastError,
                chunks,
                files,
                branch,
                vectors,
                staticVectors,
                null);
    }

    /** The same with {@code f} as its freshness. */
    public RepoStatus withFreshness(Freshness f) {
        return new RepoStatus(
                name,
                status,
                source,
                commit,
                indexedAt,
                progress,
                lastError,
                chunks,
                files,
                branch,
                vectors,
                staticVectors,
                f);
    }

    /** A repository with nothing stored yet. */
    public RepoStatus(
            String name,
            RepoState status,
            String source,
            String commit,
            String indexedAt,
            Progress progress,
            String lastError,
            Map<String, Integer> chunks,
            int files,
            String branch) {
        this(name, status, source, commit, indexedAt, progress, lastError, chunks, files, branch, "none", 0);
    }

    /** @param percent rough overall progress in [0, 100] */
    public record Progress(
            IndexPhase phase, int filesDone, int filesTotal, int chunksDone, int chunksTotal, int percent) {}
}
