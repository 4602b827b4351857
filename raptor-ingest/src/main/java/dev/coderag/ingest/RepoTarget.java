package dev.coderag.ingest;

import dev.coderag.store.RepoInfo;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One repository about to be ingested: where its source resolved to, the commit to record, and what the store
 * already holds for its name.
 *
 * @param commit HEAD's sha (with {@link GitSource#DIRTY_SUFFIX} when dirty), empty outside a git work tree
 * @param stored the stored repo of this name, empty when new (or in a dry run without a store)
 * @param branch the branch to record: the one asked for, else the one a clone of the same URL was made from
 *     ("" for the remote's default branch and for local directories)
 * @param overlay for another branch of a stored repository, the overlay it is indexed as ({@link RepoRouting.Overlay})
 */
record RepoTarget(
        SourceResolver.Resolved resolved,
        Optional<String> commit,
        Optional<RepoInfo> stored,
        String branch,
        Optional<RepoRouting.Overlay> overlay) {
    /** A repository of its own (not a branch overlay). */
    RepoTarget(SourceResolver.Resolved resolved, Optional<String> commit, Optional<RepoInfo> stored, String branch) {
        this(resolved, commit, stored, branch, Optional.empty());
    }

    String name() {
        return resolved.name();
    }

    Path dir() {
        return resolved.dir();
    }

    /** The source to record. */
    String source() {
        return resolved.source();
    }
}
