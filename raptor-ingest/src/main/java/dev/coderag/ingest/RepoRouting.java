package dev.coderag.ingest;

import dev.coderag.store.BranchNames;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where a request's files go in the store: its own repository, or the branch overlay of a stored one (another
 * branch of the same git URL, {@link Overlay}); and the checks and the branch to record that go with it.
 */
final class RepoRouting {
    private RepoRouting() {}

    /** A resolved request and, for another branch of a stored repository, the overlay it is indexed as. */
    record Routed(SourceResolver.Resolved resolved, Optional<Overlay> overlay) {}

    /**
     * Resolves the request (cloning a git URL): as an overlay of the stored repository of its name when it asks for
     * a branch of the same URL other than the one that repository was indexed from.
     */
    static Routed resolve(IngestRequest request, IngestOptions options, Optional<Store> store) {
        request = asBase(request);
        Optional<String> branch = request.branch().filter(b -> !b.isBlank());
        if (branch.isPresent() && store.isPresent() && RepoSources.isGitUrl(request.source())) {
            SourceResolver.Resolved plain = SourceResolver.unresolved(request, options);
            Optional<RepoInfo> base = store.get().repos().get(plain.name());
            if (base.isPresent()
                    && base.get().source().equals(plain.source())
                    && !base.get().branch().equals(branch.get())) {
                Overlay overlay = new Overlay(plain.name(), store.get().files().hashes(plain.name()));
                String name = BranchNames.overlay(plain.name(), branch.get());
                return new Routed(SourceResolver.resolveOverlay(request, options, name), Optional.of(overlay));
            }
        }
        return new Routed(SourceResolver.resolve(request, options), Optional.empty());
    }

    /**
     * A request that names an overlay (indexed again by its name, a re-index) as the request for its base's name with
     * the branch it records; any other request as it is.
     */
    static IngestRequest asBase(IngestRequest request) {
        Optional<String> base = request.name().flatMap(BranchNames::base);
        return base.isPresent() ? new IngestRequest(request.source(), base, request.branch()) : request;
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

    /**
     * A branch of a stored repository indexed as an overlay on it (docs/STORE.md, "Branches"): the overlay stores only
     * the files whose content differs from the base repository's, and an {@link FileEntry#ABSENT} entry for each file of
     * the base the branch does not have; every other file of the branch is the base's (inherited). Two branches of one
     * repository so cost the base's chunks plus those of the files they differ in.
     *
     * @param base the base repository's name
     * @param baseHashes the base's file index (path → file hash) when the run began
     */
    record Overlay(String base, Map<String, String> baseHashes) {
        Overlay {
            Objects.requireNonNull(base, "base");
            baseHashes = Map.copyOf(baseHashes);
        }

        /**
         * Whether {@code name} is an overlay's name as {@link BranchNames#overlay} makes them: a valid repository name, the
         * separator, and a branch of letters, digits and {@code . _ - +} (never a path of several segments).
         */
        static boolean isName(String name) {
            Optional<String> base = BranchNames.base(name);
            return base.isPresent()
                    && RepoSources.isValidName(base.get())
                    && name.length() <= 300
                    && name.substring(base.get().length() + 1).matches("[A-Za-z0-9._+\\-]+")
                    && !name.endsWith("@..")
                    && !name.endsWith("@.");
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
}
