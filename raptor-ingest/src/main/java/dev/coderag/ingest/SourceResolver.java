package dev.coderag.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Validates an {@link IngestRequest} and makes its source a local directory: a path as given (its real path),
 * a git URL cloned — or its earlier clone updated — under {@link IngestOptions#cloneDir()}. Every failure is
 * an {@link IngestException} with reason {@code BAD_SOURCE} (or {@code CLONE_FAILED} from git) and a one-line
 * message in which credentials are redacted.
 */
final class SourceResolver {
    private SourceResolver() {}

    /**
     * A source made concrete.
     *
     * @param name the repo name to record
     * @param dir the directory to walk
     * @param source the source to record (a real path, or the URL with credentials redacted)
     * @param explicitName whether the request named the repo (then a different recorded source is no conflict)
     */
    record Resolved(String name, Path dir, String source, boolean explicitName) {}

    /** Resolves a request, cloning or updating a git URL's clone. */
    static Resolved resolve(IngestRequest request, IngestOptions options) {
        return resolve(request, options, true, Optional.empty());
    }

    /**
     * Resolves a git URL's request for another branch of a stored repository as that repository's branch overlay:
     * named {@code overlay}, cloned into a directory of that name (the base's clone keeps its branch).
     */
    static Resolved resolveOverlay(IngestRequest request, IngestOptions options, String overlay) {
        return resolve(request, options, true, Optional.of(overlay));
    }

    /** Applies every check of {@link #resolve} without touching the network or the disk beyond a stat. */
    static void check(IngestRequest request, IngestOptions options) {
        resolve(request, options, false, Optional.empty());
    }

    /** The request's checks and names, without cloning: what {@link #resolve} would resolve it to. */
    static Resolved unresolved(IngestRequest request, IngestOptions options) {
        return resolve(request, options, false, Optional.empty());
    }

    private static Resolved resolve(
            IngestRequest request, IngestOptions options, boolean clone, Optional<String> overlay) {
        String source = request.source();
        String shown = RepoSources.redact(source); // one line, no credentials
        if (source.isBlank()) {
            throw new IngestException(IngestException.Reason.BAD_SOURCE, "empty source");
        }
        if (source.startsWith("-")) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE, "refusing source '" + shown + "': it starts with '-'");
        }
        Optional<String> explicit = request.name().filter(n -> !n.isBlank());
        explicit.ifPresent(SourceResolver::checkName);
        if (RepoSources.isGitUrl(source)) {
            String url = GitSource.validateUrl(source, options.allowFileUrls());
            GitSource.checkPolicy(url, options.git());
            GitRemote.of(url); // refuses what cannot be handed to git without a secret on its command line
            Optional<String> branch = request.branch().filter(b -> !b.isBlank()).map(GitSource::validateBranch);
            String name = overlay.orElseGet(
                    () -> explicit.orElseGet(() -> RepoSources.defaultName(url).orElseThrow(() -> noName(shown))));
            Path dir = options.cloneDir().resolve(name);
            if (clone) {
                GitSource.cloneOrUpdate(
                        url,
                        branch,
                        dir,
                        options.allowFileUrls(),
                        options.git(),
                        System.getenv(),
                        overlay.isPresent() ? 1 : options.history().cloneDepth()); // an overlay keeps no history
            }
            return new Resolved(name, dir, RepoSources.redact(url), explicit.isPresent());
        }
        if (request.branch().filter(b -> !b.isBlank()).isPresent()) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "--branch applies to git URLs only; check out the branch in " + shown + " instead");
        }
        Path dir = realDirectory(source, shown);
        if (options.localRoots()
                .filter(roots -> roots.stream().noneMatch(dir::startsWith))
                .isPresent()) {
            // checked on the real path now, when the ingest runs: the request was checked earlier, and a
            // directory on the way may have become a symlink since
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "the directory is outside the directories this server indexes (--allow-path)");
        }
        String name = explicit.orElseGet(() -> RepoSources.defaultName(dir).orElseThrow(() -> noName(shown)));
        return new Resolved(name, dir, dir.toString(), explicit.isPresent());
    }

    /**
     * A local directory inside the store would index the store's own files (chats among them) and clones of
     * other sources: never, whoever asks.
     */
    static void refuseInsideStore(SourceResolver.Resolved resolved, Path storeDir) {
        if (RepoSources.isGitUrl(resolved.source())) {
            return; // its clone lives under the store by design
        }
        Path real;
        try {
            real = storeDir.toRealPath();
        } catch (IOException e) {
            real = storeDir.toAbsolutePath().normalize();
        }
        if (resolved.dir().startsWith(real)) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE, "refusing to index a directory inside the store");
        }
    }

    private static Path realDirectory(String source, String shown) {
        Path dir;
        try {
            dir = Path.of(source);
        } catch (InvalidPathException e) {
            throw new IngestException(IngestException.Reason.BAD_SOURCE, "not a valid path: " + shown, e);
        }
        if (!Files.isDirectory(dir)) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    Files.exists(dir) ? "not a directory: " + shown : "no such directory: " + shown);
        }
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE, "cannot read " + shown + ": " + e.getMessage(), e);
        }
    }

    private static void checkName(String name) {
        if (!RepoSources.isValidName(name)) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "bad repo name '" + name + "': use letters, digits, '.', '_' and '-' (at most 100)");
        }
    }

    private static IngestException noName(String shown) {
        return new IngestException(
                IngestException.Reason.BAD_SOURCE, "cannot derive a repo name from " + shown + "; pass --name");
    }
}
