package dev.coderag.store;

import java.util.List;
import java.util.Optional;

/**
 * The repositories in the store, with their metadata and counts. Thread-safe; each call reads one committed
 * state; failures are {@link StoreException}s.
 */
public interface RepoCatalog {

    /** Every repository with metadata, chunks or files, by name. */
    List<RepoInfo> list();

    /** The repository called {@code name}, if the store has it. */
    Optional<RepoInfo> get(String name);

    /** The most skipped files kept per repository (a vendored tree can hold hundreds of thousands). */
    int MAX_SKIPPED = 10_000;

    /**
     * The files the last ingest of {@code repo} left out, by path, at most {@code limit} of them; empty for an
     * unknown repo or one ingested before skipped files were recorded.
     *
     * @param limit 0 to {@link #MAX_SKIPPED}
     */
    List<SkippedFile> skipped(String repo, int limit);
}
