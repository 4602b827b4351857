package dev.coderag.ingest;

import java.util.List;
import java.util.Map;

/**
 * The result of an ingest run, summed over its repos; serialises to the {@code --json} contract
 * {@code {"files": {...}, "chunks": {...}, "seconds": {...}}} (field names in snake_case).
 *
 * @param commits commits of git history read (docs/INGEST.md, "History")
 */
public record IngestSummary(Files files, Chunks chunks, Seconds seconds, List<RepoResult> repos, int commits) {

    /** @param skippedByReason e.g. binary, too_large, minified, ignored_language */
    public record Files(
            int newFiles, int changed, int unchanged, int deleted, int skipped, Map<String, Integer> skippedByReason) {}

    public record Chunks(int inserted, int deleted, int embedded, int reused) {}

    /**
     * @param resolve resolving Java references after the writes (docs/STORE.md, "Resolved references")
     * @param history reading and writing git history (docs/INGEST.md, "History")
     */
    public record Seconds(double parse, double embed, double write, double resolve, double history, double total) {}

    /** @param commit HEAD sha of a git checkout, or "" */
    public record RepoResult(String name, String source, String commit, Files files, Chunks chunks) {}
}
