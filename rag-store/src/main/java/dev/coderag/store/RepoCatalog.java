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
}
