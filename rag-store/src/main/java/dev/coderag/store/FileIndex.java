package dev.coderag.store;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The per-repo file index: which files of a repo are indexed, with their hashes and chunk ids. Thread-safe; each
 * call reads one committed state; failures are {@link StoreException}s.
 */
public interface FileIndex {

    /** path → entry, for every indexed file of {@code repo}, in path order. */
    Map<String, FileEntry> entries(String repo);

    /** path → entry, for those of {@code paths} that are indexed files of {@code repo}, in path order. */
    Map<String, FileEntry> entries(String repo, Collection<String> paths);

    /**
     * path → file hash, for every indexed file of {@code repo}, in path order: the file index without the chunk
     * ids, a fraction of its cost (no chunk rows are read), for deciding which files changed.
     */
    Map<String, String> hashes(String repo);

    /**
     * path → the {@link SharedChunk shared chunks} of that file of {@code repo} (a branch overlay's), in line order,
     * for every file that has any ({@link WriteTransaction#putFile(String, String, String, List)}).
     */
    Map<String, List<SharedChunk>> shared(String repo);
}
