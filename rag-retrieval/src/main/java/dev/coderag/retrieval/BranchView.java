package dev.coderag.retrieval;

import dev.coderag.store.BranchNames;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A branch overlay seen as the whole branch (docs/STORE.md, "Branches"): the overlay's own files, and its base
 * repository's files but those the overlay holds an entry for (changed in the branch, or absent from it).
 *
 * @param base the base repository's name
 * @param overlay the overlay's name ({@code base@branch})
 * @param hidden the base's paths the branch does not show: every path of the overlay's file index
 */
record BranchView(String base, String overlay, Set<String> hidden) {
    BranchView {
        hidden = Set.copyOf(hidden);
    }

    /** The view of {@code repo} when it names a stored branch overlay; empty for any other repository. */
    static Optional<BranchView> of(Store store, String repo) {
        Optional<String> base = BranchNames.base(repo);
        if (base.isEmpty() || store.repos().get(repo).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                new BranchView(base.get(), repo, store.files().hashes(repo).keySet()));
    }

    /** {@code filter} widened from the overlay to the overlay and its base. */
    SearchFilter filter(SearchFilter filter) {
        return new SearchFilter(Set.of(base, overlay), filter.languages(), filter.symbolKinds(), filter.pathGlob());
    }

    /** Whether the branch does not show this chunk: a chunk of a base file the branch changed or lacks. */
    boolean hides(Chunk chunk) {
        return chunk.repo().equals(base) && hidden.contains(chunk.path());
    }

    /** A lookup made in the overlay and in its base, the overlay's first. */
    List<StoredChunk> both(Function<String, List<StoredChunk>> lookup) {
        List<StoredChunk> out = new ArrayList<>(lookup.apply(overlay));
        out.addAll(lookup.apply(base));
        return out;
    }
}
