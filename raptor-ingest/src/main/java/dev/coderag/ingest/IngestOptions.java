package dev.coderag.ingest;

import java.nio.file.Path;

/**
 * @param full re-embed every chunk of the repos, even unchanged ones
 * @param dryRun compute and report the plan; write nothing
 * @param maxFileBytes files larger than this are skipped
 * @param plainText chunk files in languages without a grammar as plain text
 * @param allowFileUrls accept {@code file://} git URLs (CLI yes; the network API no)
 * @param cloneDir where git URLs are cloned (under the store directory by default)
 */
public record IngestOptions(
        boolean full, boolean dryRun, long maxFileBytes, boolean plainText, boolean allowFileUrls, Path cloneDir) {
    public static final long DEFAULT_MAX_FILE_BYTES = 1 << 20;

    public static IngestOptions defaults(Path storeDir) {
        return new IngestOptions(false, false, DEFAULT_MAX_FILE_BYTES, false, true, storeDir.resolve("repos"));
    }
}
