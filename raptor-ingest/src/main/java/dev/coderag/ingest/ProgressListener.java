package dev.coderag.ingest;

import java.util.Objects;

/** Receives progress while an ingest runs; called from the ingesting thread, must be quick. */
@FunctionalInterface
public interface ProgressListener {
    void onProgress(IngestProgress progress);

    ProgressListener NONE = p -> {};

    /**
     * Where one repository's ingest is. Counters not meaningful in a phase are 0.
     *
     * @param repo the repo name (in the first {@link IngestPhase#SCAN} event: the source, credentials redacted)
     * @param phase the phase; print {@link IngestPhase#wireName()} where a string is wanted
     */
    record IngestProgress(
            String repo, IngestPhase phase, int filesDone, int filesTotal, int chunksDone, int chunksTotal) {
        public IngestProgress {
            Objects.requireNonNull(phase, "phase");
        }
    }
}
