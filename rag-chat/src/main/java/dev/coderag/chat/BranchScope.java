package dev.coderag.chat;

import dev.coderag.store.BranchNames;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import java.util.List;
import java.util.Optional;

/**
 * Which stored repository a question about a repository at a branch reads (docs/STORE.md, "Branches"): the
 * repository itself at the branch it was indexed from (or when no branch is asked), else its overlay for that branch.
 */
public final class BranchScope {
    private BranchScope() {}

    /**
     * @param repo the repository asked about; empty = every repository
     * @param branch the branch asked about; empty or blank = the repository's own (the one it was indexed from)
     * @return the stored name to scope the question to
     * @throws ChatException BAD_REQUEST for a branch without a repository; NOT_FOUND when the repository is not
     *     indexed at that branch (the message lists the branches it is indexed at)
     */
    public static Optional<String> of(Store store, Optional<String> repo, Optional<String> branch) {
        Optional<String> asked = branch.filter(b -> !b.isBlank());
        if (asked.isEmpty()) {
            return repo;
        }
        if (repo.isEmpty()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "a branch needs a repository (repo)");
        }
        String name = repo.get();
        Optional<RepoInfo> base = store.repos().get(name);
        if (base.isPresent() && base.get().branch().equals(asked.get())) {
            return repo;
        }
        String overlay = BranchNames.overlay(name, asked.get());
        if (base.isPresent() && store.repos().get(overlay).isPresent()) {
            return Optional.of(overlay);
        }
        throw new ChatException(
                ChatException.Reason.NOT_FOUND,
                "'" + ApiContract.abbreviate(name) + "' is not indexed at branch '"
                        + ApiContract.abbreviate(asked.get()) + "' (indexed at: "
                        + String.join(", ", branches(store, name)) + ")");
    }

    /** The branches {@code repo} is indexed at: its own ("default" when it records none), then its overlays'. */
    static List<String> branches(Store store, String repo) {
        return store.repos().list().stream()
                .filter(r -> r.name().equals(repo)
                        || BranchNames.base(r.name()).filter(repo::equals).isPresent())
                .map(r -> r.branch().isEmpty() ? "default" : r.branch())
                .toList();
    }
}
