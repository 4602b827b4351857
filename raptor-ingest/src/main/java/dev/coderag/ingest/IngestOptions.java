package dev.coderag.ingest;

import dev.coderag.ingest.history.HistoryOptions;
import dev.coderag.store.VectorTier;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How an {@link Ingester} runs. Start from {@link #defaults(Path)} and change what differs with the named
 * withers ({@code IngestOptions.defaults(dir).withFull(true)}); the canonical constructor stays public only
 * because Java requires it of a public record — prefer the withers, which cannot swap two booleans.
 *
 * @param full re-embed every chunk of the repos, even unchanged ones
 * @param dryRun compute and report the plan; write nothing
 * @param maxFileBytes files larger than this are skipped
 * @param plainText chunk files in languages without a grammar as plain text
 * @param allowFileUrls accept {@code file://} git URLs (CLI yes; the network API no)
 * @param cloneDir where git URLs are cloned (under the store directory by default)
 * @param git what git may use and how long and large a clone may grow ({@link GitPolicy#LOCAL} by default;
 *     the chat server uses {@link GitPolicy#network()})
 * @param vectors the last vector tier to build ({@code --vectors}): {@link VectorTier#FULL} (the default) embeds
 *     every chunk with the model, and moves chunks an earlier static-tier run left to the full tier;
 *     {@link VectorTier#STATIC} stops once every chunk has a static-tier vector (needs the static embedder)
 * @param sliceBytes the most source text, in bytes, that one repository's run reads and parses before it writes:
 *     a repository larger than this is planned and written in slices of whole files (docs/STORE.md, "Large
 *     repositories in slices"), so the memory an ingest needs does not grow with the repository. Applies when the
 *     embedder has a static tier and the run writes (not {@link #dryRun}); at least one file per slice
 * @param history how much git history to read after writing ({@code --history}; docs/INGEST.md, "History")
 * @param resolve after writing, resolve the references of the repository's Java files that changed, and of the
 *     files that referred to declarations a changed file no longer has (docs/STORE.md, "Resolved references");
 *     {@code --no-resolve} turns it off, and call edges are then matched by name
 */
public record IngestOptions(
        boolean full,
        boolean dryRun,
        long maxFileBytes,
        boolean plainText,
        boolean allowFileUrls,
        Path cloneDir,
        GitPolicy git,
        VectorTier vectors,
        long sliceBytes,
        boolean resolve,
        Optional<List<Path>> localRoots,
        HistoryOptions history) {
    public static final long DEFAULT_MAX_FILE_BYTES = 1 << 20;

    /**
     * 32 MiB of source per slice: ~50k chunks of code, a few hundred MB of heap while they are parsed and written
     * (docs/BENCHMARKS.md, "Static tier at scale").
     */
    public static final long DEFAULT_SLICE_BYTES = 32L << 20;

    public IngestOptions {
        if (sliceBytes < 1) {
            throw new IllegalArgumentException("sliceBytes must be positive: " + sliceBytes);
        }
        localRoots = localRoots.map(List::copyOf);
        java.util.Objects.requireNonNull(history, "history");
    }

    /**
     * Incremental, writing, files up to {@link #DEFAULT_MAX_FILE_BYTES}, no plain text, {@code file://} URLs
     * accepted, clones in {@code <storeDir>/repos}, the user's own git ({@link GitPolicy#LOCAL}).
     */
    public static IngestOptions defaults(Path storeDir) {
        return new IngestOptions(
                false,
                false,
                DEFAULT_MAX_FILE_BYTES,
                false,
                true,
                storeDir.resolve("repos"),
                GitPolicy.LOCAL,
                VectorTier.FULL,
                DEFAULT_SLICE_BYTES,
                true,
                Optional.empty(),
                HistoryOptions.DEFAULT);
    }

    public IngestOptions withFull(boolean full) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withDryRun(boolean dryRun) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withMaxFileBytes(long maxFileBytes) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withPlainText(boolean plainText) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withAllowFileUrls(boolean allowFileUrls) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withCloneDir(Path cloneDir) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withVectors(VectorTier vectors) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withSliceBytes(long sliceBytes) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withResolve(boolean resolve) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    public IngestOptions withGit(GitPolicy git) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }

    /** Only under {@code roots} (real paths); null = anywhere. */
    public IngestOptions withLocalRoots(List<Path> roots) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                Optional.ofNullable(roots),
                history);
    }

    public IngestOptions withHistory(HistoryOptions history) {
        return new IngestOptions(
                full,
                dryRun,
                maxFileBytes,
                plainText,
                allowFileUrls,
                cloneDir,
                git,
                vectors,
                sliceBytes,
                resolve,
                localRoots,
                history);
    }
}
