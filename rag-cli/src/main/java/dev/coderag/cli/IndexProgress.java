package dev.coderag.cli;

import dev.coderag.chat.repos.IndexPhase;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.ingest.IngestPhase;
import dev.coderag.ingest.ProgressListener.IngestProgress;

/** The ingester's progress in the chat server's words ({@link IngesterIndexer} reports it to the API and page). */
final class IndexProgress {
    private IndexProgress() {}

    /** Rough overall progress: scan 0–5 %, parse 5–35 %, embed 35–95 %, write 95–97 %, resolve 97–99 %. */
    static RepoStatus.Progress of(IngestProgress p) {
        double f =
                switch (p.phase()) {
                    case SCAN -> 0.02;
                    case PARSE -> 0.05 + 0.30 * ratio(p.filesDone(), p.filesTotal());
                    case EMBED -> 0.35 + 0.60 * ratio(p.chunksDone(), p.chunksTotal());
                    case WRITE -> 0.96;
                    case RESOLVE -> 0.97 + 0.02 * ratio(p.filesDone(), p.filesTotal());
                    case DONE -> 1.0;
                };
        return new RepoStatus.Progress(
                phase(p.phase()), p.filesDone(), p.filesTotal(), p.chunksDone(), p.chunksTotal(), (int)
                        Math.round(f * 100));
    }

    /** The chat side's word for an ingest phase: one for one. */
    static IndexPhase phase(IngestPhase phase) {
        return switch (phase) {
            case SCAN -> IndexPhase.SCAN;
            case PARSE -> IndexPhase.PARSE;
            case EMBED -> IndexPhase.EMBED;
            case WRITE -> IndexPhase.WRITE;
            case RESOLVE -> IndexPhase.RESOLVE;
            case DONE -> IndexPhase.DONE;
        };
    }

    private static double ratio(int done, int total) {
        return total <= 0 ? 0 : Math.min(1, (double) done / total);
    }
}
