package dev.coderag.retrieval.branch;

import dev.coderag.store.BranchNames;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A branch overlay seen as the whole branch (docs/STORE.md, "Branches"): the overlay's own files, and its base
 * repository's files but those the overlay holds an entry for (changed in the branch, or absent from it) — save the
 * base's chunks a changed file shares, shown at their lines in the branch and under the overlay's name.
 *
 * @param base the base repository's name
 * @param overlay the overlay's name ({@code base@branch})
 * @param hidden the base's paths the branch does not show as they are: every path of the overlay's file index
 * @param shared base chunk id → its first line in the branch, for the chunks the overlay's files share
 */
public record BranchView(String base, String overlay, Set<String> hidden, Map<String, Integer> shared) {
    public BranchView {
        hidden = Set.copyOf(hidden);
        shared = Map.copyOf(shared);
    }

    /** The view of {@code repo} when it names a stored branch overlay; empty for any other repository. */
    public static Optional<BranchView> of(Store store, String repo) {
        Optional<String> base = BranchNames.base(repo);
        if (base.isEmpty() || store.repos().get(repo).isEmpty()) {
            return Optional.empty();
        }
        Map<String, Integer> shared = new HashMap<>();
        store.files().shared(repo).values().forEach(l -> l.forEach(c -> shared.put(c.chunkId(), c.startLine())));
        return Optional.of(
                new BranchView(base.get(), repo, store.files().hashes(repo).keySet(), shared));
    }

    /** {@code filter} widened from the overlay to the overlay and its base. */
    public SearchFilter filter(SearchFilter filter) {
        return new SearchFilter(Set.of(base, overlay), filter.languages(), filter.symbolKinds(), filter.pathGlob());
    }

    /**
     * The chunk stored under {@code id} as the branch shows it: itself; a base chunk a changed file of the branch
     * shares, moved to its branch lines under the overlay's name; or empty for a base chunk of a file the branch
     * changed or lacks.
     */
    public Optional<Chunk> show(String id, Chunk chunk) {
        if (!chunk.repo().equals(base) || !hidden.contains(chunk.path())) {
            return Optional.of(chunk);
        }
        Integer line = shared.get(id);
        return line == null ? Optional.empty() : Optional.of(chunk.movedTo(overlay, line));
    }

    /** A lookup made in the overlay and in its base, the overlay's first. */
    public List<StoredChunk> both(Function<String, List<StoredChunk>> lookup) {
        List<StoredChunk> out = new ArrayList<>(lookup.apply(overlay));
        out.addAll(lookup.apply(base));
        return out;
    }

    /** Stored chunks as the branch shows them ({@link #show}), in their order; those it does not show left out. */
    public List<StoredChunk> shown(List<StoredChunk> chunks) {
        return chunks.stream()
                .flatMap(c -> show(c.id(), c.chunk()).map(shown -> new StoredChunk(c.id(), shown)).stream())
                .toList();
    }
}
