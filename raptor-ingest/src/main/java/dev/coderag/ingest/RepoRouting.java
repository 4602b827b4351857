package dev.coderag.ingest;

import dev.coderag.store.BranchNames;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import java.util.Optional;

/**
 * Where a request's files go in the store: its own repository, or the branch overlay of a stored one (another
 * branch of the same git URL, {@link BranchOverlay}); and the checks and the branch to record that go with it.
 */
final class RepoRouting {
    private RepoRouting() {}

    /** A resolved request and, for another branch of a stored repository, the overlay it is indexed as. */
    record Routed(SourceResolver.Resolved resolved, Optional<BranchOverlay> overlay) {}

    /**
     * Resolves the request (cloning a git URL): as an overlay of the stored repository of its name when it asks for
     * a branch of the same URL other than the one that repository was indexed from.
     */
    static Routed resolve(IngestRequest request, IngestOptions options, Optional<Store> store) {
        Optional<String> overlayBase = request.name().flatMap(BranchNames::base);
        if (overlayBase.isPresent()) {
            // an overlay indexed again by its name (a re-index): its base's name, and the branch it records
            request = new IngestRequest(request.source(), overlayBase, request.branch());
        }
        Optional<String> branch = request.branch().filter(b -> !b.isBlank());
        if (branch.isPresent() && store.isPresent() && RepoSources.isGitUrl(request.source())) {
            SourceResolver.Resolved plain = SourceResolver.unresolved(request, options);
            Optional<RepoInfo> base = store.get().repos().get(plain.name());
            if (base.isPresent()
                    && base.get().source().equals(plain.source())
                    && !base.get().branch().equals(branch.get())) {
                BranchOverlay overlay =
                        new BranchOverlay(plain.name(), store.get().files().hashes(plain.name()));
                String name = BranchNames.overlay(plain.name(), branch.get());
                return new Routed(SourceResolver.resolveOverlay(request, options, name), Optional.of(overlay));
            }
        }
        return new Routed(SourceResolver.resolve(request, options), Optional.empty());
    }

    /**
     * The repository about to be ingested, once its stored record is read.
     *
     * @throws IngestException BAD_SOURCE when the store holds another source under the name the request did not give
     */
    static RepoTarget target(
            Routed routed, IngestRequest request, Optional<String> commit, Optional<RepoInfo> storedRepo) {
        SourceResolver.Resolved resolved = routed.resolved();
        if (storedRepo.isPresent()
                && !resolved.explicitName()
                && !storedRepo.get().source().isEmpty()
                && !storedRepo.get().source().equals(resolved.source())) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "the store already has a repo named '" + resolved.name() + "' from "
                            + storedRepo.get().source() + "; pass --name to ingest " + resolved.source()
                            + " under another name");
        }
        return new RepoTarget(resolved, commit, storedRepo, branch(request, resolved, storedRepo), routed.overlay());
    }

    /**
     * The branch to record: the one asked for; else, for a URL whose clone was made from a branch, that branch
     * (an update of a single-branch clone fetches it again); else "" (the remote's default, or a directory).
     */
    private static String branch(
            IngestRequest request, SourceResolver.Resolved resolved, Optional<RepoInfo> storedRepo) {
        Optional<String> asked = request.branch().filter(b -> !b.isBlank());
        if (asked.isPresent()) {
            return asked.get();
        }
        return storedRepo
                .filter(r ->
                        RepoSources.isGitUrl(resolved.source()) && r.source().equals(resolved.source()))
                .map(RepoInfo::branch)
                .orElse("");
    }
}
