package dev.coderag.ingest;

/** Receives progress while an ingest runs; called from the ingesting thread, must be quick. */
@FunctionalInterface
public interface ProgressListener {
    void onProgress(IngestProgress progress);

    ProgressListener NONE = p -> {};

    /**
     * @param phase "scan", "parse", "embed", "write" or "done"
     */
    record IngestProgress(String repo, String phase, int filesDone, int filesTotal, int chunksDone, int chunksTotal) {}
}
