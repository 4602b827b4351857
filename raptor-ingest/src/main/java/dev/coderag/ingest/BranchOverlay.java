package dev.coderag.ingest;

import dev.coderag.store.FileEntry;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A branch of a stored repository indexed as an overlay on it (docs/STORE.md, "Branches"): the overlay stores only
 * the files whose content differs from the base repository's, and an {@link FileEntry#ABSENT} entry for each file of
 * the base the branch does not have; every other file of the branch is the base's (inherited). Two branches of one
 * repository so cost the base's chunks plus those of the files they differ in.
 *
 * @param base the base repository's name
 * @param baseHashes the base's file index (path → file hash) when the run began
 */
record BranchOverlay(String base, Map<String, String> baseHashes) {
    BranchOverlay {
        Objects.requireNonNull(base, "base");
        baseHashes = Map.copyOf(baseHashes);
    }

    /** Whether a file of the branch with this content is the base's own (inherited, not stored in the overlay). */
    boolean inherits(String path, String hash) {
        return hash.equals(baseHashes.get(path));
    }

    /**
     * The base's files the branch does not have: every base path that is neither in the branch's indexed files nor
     * inherited nor left for a later slice of the run.
     */
    Set<String> absent(Collection<String> indexed, Collection<String> inherited, Collection<String> later) {
        Set<String> out = new TreeSet<>(baseHashes.keySet());
        out.removeAll(indexed);
        out.removeAll(inherited);
        out.removeAll(later);
        return out;
    }
}
