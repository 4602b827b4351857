package dev.coderag.cli;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.repos.Indexer.Target;
import dev.coderag.ingest.RepoSources;
import dev.coderag.store.BranchNames;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import java.util.Optional;

/** The store's side of naming a network request's target: overlays, and names another source holds. */
final class StoredNames {
    private final Store store;

    StoredNames(Store store) {
        this.store = store;
    }

    /** Whether {@code name} is a branch overlay the store holds (indexed again by its name, or refreshed). */
    boolean isOverlay(String name) {
        return BranchNames.base(name).filter(RepoSources::isValidName).isPresent()
                && store.repos().get(name).isPresent();
    }

    /**
     * The name the ingest stores a target under: another branch of a stored repository's URL goes to that
     * repository's overlay for the branch, as the ingester routes it (docs/STORE.md, "Branches"), so that the job, its
     * status and its conflicts carry the overlay's name.
     */
    String routed(String name, String shownSource, Optional<String> branch) {
        if (branch.isEmpty() || BranchNames.base(name).isPresent()) {
            return name;
        }
        return store.repos()
                .get(name)
                .filter(r -> r.source().equals(shownSource) && !r.branch().equals(branch.get()))
                .map(r -> BranchNames.overlay(name, branch.get()))
                .orElse(name);
    }

    /**
     * Refuses a target whose name the store holds from another source, unless it replaces. Sources compare as
     * the store records them: a real path, a URL with credentials redacted.
     */
    void checkNotTaken(Target target) {
        if (target.replace()) {
            return;
        }
        store.repos().get(target.name()).map(RepoInfo::source).ifPresent(recorded -> {
            if (!recorded.isEmpty() && !recorded.equals(target.shownSource())) {
                throw new ChatException(
                        ChatException.Reason.CONFLICT,
                        "repository '" + target.name() + "' is already indexed from another source ("
                                + RepoSources.redact(recorded)
                                + "); choose another name, or send \"replace\": true to replace it");
            }
        });
    }
}
