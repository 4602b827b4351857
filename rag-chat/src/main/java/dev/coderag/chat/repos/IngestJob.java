package dev.coderag.chat.repos;

import dev.coderag.store.RepoInfo;
import dev.coderag.types.ChunkKind;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One ingest queued or run by {@link RepoManager}: its state and progress as shown, and why it should stop —
 * removed while queued or running, or past its deadline. The deadline counts from the moment the job starts
 * running, not from when it was queued. Fields are written by the ingest thread and read by request threads.
 */
final class IngestJob {
    /** Why a job was asked to stop. */
    enum StopCause {
        /** {@code DELETE} of the repository while it was queued or being indexed. */
        REMOVED,
        /** It ran longer than its limit. */
        DEADLINE
    }

    final String name;
    final String source; // shown: redacted
    final String branch;
    final Duration limit; // null: none (the operator's own sources)
    volatile RepoState state = RepoState.NEW;
    volatile RepoStatus.Progress progress;
    volatile String error;
    volatile long finished; // order of finishing, 0 while active
    volatile boolean wasComplete; // the store held a complete index of it when the job was queued
    private volatile long deadline; // System.nanoTime() past which it stops, once started with a limit
    private volatile boolean timed;
    private volatile StopCause stop;

    IngestJob(String name, String source, String branch, Duration limit) {
        this.name = name;
        this.source = source;
        this.branch = branch;
        this.limit = limit;
    }

    /** Marks it running; its deadline starts now. */
    void start() {
        if (limit != null) {
            deadline = System.nanoTime() + limit.toNanos();
            timed = true;
        }
        state = RepoState.INDEXING;
    }

    /** Asks it to stop because its repository is being removed. */
    void cancel() {
        stop = StopCause.REMOVED;
    }

    /** Whether it should stop (asked by the ingest between files and batches). */
    boolean stopping() {
        if (stop == null && timed && System.nanoTime() - deadline > 0) {
            stop = StopCause.DEADLINE;
        }
        return stop != null;
    }

    Optional<StopCause> stopCause() {
        return Optional.ofNullable(stop);
    }

    /** The one-line error of a job that ended by failing with {@code message}, saying why it was stopped. */
    String failure(String message) {
        return switch (stop) {
            case null -> message;
            case REMOVED -> "stopped: the repository is being removed";
            case DEADLINE ->
                "stopped after the limit of " + minutes(limit) + " per ingest (what was committed stays;"
                        + " index it again to go on): " + message;
        };
    }

    private static String minutes(Duration d) {
        long m = Math.max(1, d.toMinutes());
        return m % 60 == 0 ? (m / 60) + " h" : m + " min";
    }

    /** The status of a job whose repository the store does not hold. */
    static RepoStatus status(IngestJob job) {
        return new RepoStatus(
                job.name, job.state, job.source, "", null, job.progress, job.error, zeros(), 0, job.branch);
    }

    /** The status of a stored repository, with its job's state, progress and error when it has one. */
    static RepoStatus merge(RepoInfo info, IngestJob job) {
        RepoState stored =
                switch (info.state()) {
                    case COMPLETE -> RepoState.READY;
                    case PARTIAL -> RepoState.PARTIAL;
                };
        RepoState state =
                job == null || (job.state == RepoState.READY && stored == RepoState.PARTIAL) ? stored : job.state;
        Map<String, Integer> chunks = new LinkedHashMap<>();
        for (ChunkKind kind : ChunkKind.values()) {
            chunks.put(kind.table(), info.chunks().getOrDefault(kind, 0));
        }
        return new RepoStatus(
                info.name(),
                state,
                info.source(),
                info.commit(),
                info.indexedAt().map(Object::toString).orElse(null),
                job == null ? null : job.progress,
                job == null ? null : job.error,
                chunks,
                info.files(),
                job != null && job.state.active() ? job.branch : info.branch(),
                info.staticVectors() > 0 ? "static" : "full",
                info.staticVectors());
    }

    private static Map<String, Integer> zeros() {
        Map<String, Integer> chunks = new LinkedHashMap<>();
        for (ChunkKind kind : ChunkKind.values()) {
            chunks.put(kind.table(), 0);
        }
        return chunks;
    }
}
