package dev.coderag.ingest;

import dev.coderag.ingest.GitSource.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Clones a git URL into a directory, or updates the clone already there, under one {@link GitPolicy}. The URL's
 * credentials never reach git's command line or {@code .git/config} ({@link GitRemote}): {@code origin} is the
 * URL without them, and each clone or fetch gets them anew from the URL its caller passes.
 */
final class GitClone {
    private static final Logger LOG = LoggerFactory.getLogger(GitClone.class);

    private GitClone() {}

    /**
     * Clones {@code url} into {@code dir} ({@code git clone --depth 1}), or, when {@code dir} already holds a
     * clone of the same URL (credentials aside), fetches and checks out the newest commit of the branch. Fails
     * with {@code CLONE_FAILED}; a new clone that fails (git's error, {@link GitPolicy#timeout()},
     * {@link GitPolicy#maxCloneBytes()}) is deleted, an updated one that grew too large too.
     *
     * @param policy what git may use (checked with {@link GitSource#checkPolicy} first)
     * @param environment the environment git starts from ({@link System#getenv()}; an isolated policy drops
     *     most of it)
     */
    static void cloneOrUpdate(
            String url,
            Optional<String> branch,
            Path dir,
            boolean allowFileUrls,
            GitPolicy policy,
            Map<String, String> environment) {
        cloneOrUpdate(url, branch, dir, allowFileUrls, policy, environment, GitDestination.SYSTEM, 1);
    }

    /** {@link #cloneOrUpdate(String, Optional, Path, boolean, GitPolicy, Map)} resolving hosts with {@code dns}. */
    static void cloneOrUpdate(
            String url,
            Optional<String> branch,
            Path dir,
            boolean allowFileUrls,
            GitPolicy policy,
            Map<String, String> environment,
            GitDestination.Resolver dns) {
        cloneOrUpdate(url, branch, dir, allowFileUrls, policy, environment, dns, 1);
    }

    /**
     * {@link #cloneOrUpdate(String, Optional, Path, boolean, GitPolicy, Map)} bringing the newest {@code depth}
     * commits ({@code --depth}), what a history read needs (1: the snapshot alone).
     */
    static void cloneOrUpdate(
            String url,
            Optional<String> branch,
            Path dir,
            boolean allowFileUrls,
            GitPolicy policy,
            Map<String, String> environment,
            GitDestination.Resolver dns,
            int depth) {
        GitSource.checkPolicy(url, policy);
        GitRemote remote = GitRemote.of(url);
        Optional<GitDestination.Pin> pin = GitDestination.check(url, policy, dns);
        GitProcess git = new GitProcess(allowFileUrls, policy, environment, remote.credentials(), pin);
        if (Files.isDirectory(dir.resolve(".git"))) {
            Result origin = git.run(dir, GitSource.QUICK_TIMEOUT, null, "config", "--get", "remote.origin.url");
            GitRemote recorded = origin.ok() ? GitRemote.of(origin.out().strip()) : null;
            if (recorded != null && recorded.url().equals(remote.url())) {
                if (recorded.credentials().isPresent()) {
                    // a clone made before credentials were kept out of .git/config: take them out now
                    git.run(dir, GitSource.QUICK_TIMEOUT, null, "remote", "set-url", "origin", remote.url());
                }
                update(git, url, branch, dir, depth);
                return;
            }
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    dir + " already holds a clone of another repository; ingest " + RepoSources.redact(url)
                            + " under another --name");
        }
        prepare(url, dir);
        clone(git, remote, url, branch, dir, depth);
    }

    /** Refuses a non-empty {@code dir} that is no clone; creates its parent. */
    private static void prepare(String url, Path dir) {
        if (Files.exists(dir)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new IngestException(
                            IngestException.Reason.CLONE_FAILED,
                            "cannot clone " + RepoSources.redact(url) + ": " + dir + " exists and is not a git clone");
                }
            } catch (IOException e) {
                throw new IngestException(IngestException.Reason.CLONE_FAILED, "cannot read " + dir + ": " + e, e);
            }
        }
        try {
            Files.createDirectories(dir.getParent());
        } catch (IOException e) {
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED, "cannot create " + dir.getParent() + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code git clone --no-checkout}, then the tree cap, then the checkout: the cap is checked against the
     * commit's listing before a single file is written.
     */
    private static void clone(
            GitProcess git, GitRemote remote, String url, Optional<String> branch, Path dir, int depth) {
        GitPolicy policy = git.policy;
        List<String> args =
                new ArrayList<>(List.of("clone", "--depth", depth(depth), "--no-recurse-submodules", "--no-checkout"));
        branch.ifPresent(b -> {
            args.add("--branch");
            args.add(b);
        });
        args.add("--");
        args.add(remote.url());
        args.add(dir.toString());
        Result r = git.run(null, policy.timeout(), dir, args.toArray(String[]::new));
        if (r.ok()
                && git.run(dir, GitSource.QUICK_TIMEOUT, null, "rev-parse", "-q", "--verify", "HEAD")
                        .ok()) {
            r = overTreeCap(git, dir, "HEAD")
                    .orElseGet(() -> git.run(dir, policy.timeout(), dir, "reset", "--hard", "-q", "HEAD"));
        } // else failed, or an empty repository: nothing to check out
        if (r.ok() && tooLarge(dir, policy)) {
            r = Result.cap("the clone is larger than " + GitProcess.megabytes(policy.maxCloneBytes()) + " MB");
        }
        if (!r.ok()) {
            GitProcess.deleteTree(dir);
            throw failed("git clone of", url, r, policy);
        }
    }

    /**
     * A failed result when the tree of {@code commit} has more than {@link GitPolicy#maxTreeEntries()} entries
     * (counted streaming, stopped at the cap), or when it cannot be listed; empty when it is within the cap.
     */
    private static Optional<Result> overTreeCap(GitProcess git, Path dir, String commit) {
        long cap = git.policy.maxTreeEntries();
        if (cap == Long.MAX_VALUE) {
            return Optional.empty();
        }
        var entries = git.countEntries(
                dir, git.policy.timeout(), cap, "ls-tree", "-r", "-z", "--name-only", "--full-tree", commit);
        if (entries.isEmpty()) {
            return Optional.of(new Result(-1, "cannot list the files of " + commit));
        }
        if (entries.getAsLong() > cap) {
            return Optional.of(Result.cap("the repository has more than " + cap + " files (the cap); refused"));
        }
        return Optional.empty();
    }

    private static String depth(int depth) {
        return Integer.toString(Math.max(1, depth));
    }

    private static void update(GitProcess git, String url, Optional<String> branch, Path dir, int depth) {
        List<String> fetch =
                new ArrayList<>(List.of("fetch", "--depth", depth(depth), "--no-recurse-submodules", "origin"));
        branch.ifPresent(fetch::add);
        Result r = git.run(dir, git.policy.timeout(), dir, fetch.toArray(String[]::new));
        if (!r.ok()) {
            throw failed("git fetch of", url, r, git.policy);
        }
        Optional<Result> over = overTreeCap(git, dir, "FETCH_HEAD");
        if (over.isPresent()) { // the work tree keeps the commit indexed last
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "updating the clone of " + RepoSources.redact(url) + " failed: "
                            + over.get().out());
        }
        Result reset = git.run(dir, GitSource.QUICK_TIMEOUT, dir, "reset", "--hard", "-q", "FETCH_HEAD");
        Result clean = reset.ok() ? git.run(dir, GitSource.QUICK_TIMEOUT, dir, "clean", "-ffdxq") : reset;
        if (clean.ok() && tooLarge(dir, git.policy)) {
            GitProcess.deleteTree(dir);
            clean = Result.cap(
                    "the clone grew larger than " + GitProcess.megabytes(git.policy.maxCloneBytes()) + " MB");
        }
        if (!clean.ok()) {
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "updating the clone of " + RepoSources.redact(url) + " in " + dir + " failed: "
                            + RepoSources.redact(GitSource.lastLine(clean.out())));
        }
    }

    /**
     * The one line a failed clone or fetch reads. For an isolated policy every failure of git's own — a
     * closed port, a port that speaks no git, a timeout, an HTTP error, a name that does not resolve — reads
     * {@link #UNREACHABLE}, so that a network client cannot map what listens where through the server; git's
     * message goes to the server log (credentials redacted). A cap's message names the cap.
     */
    private static IngestException failed(String what, String url, Result r, GitPolicy policy) {
        String detail = RepoSources.redact(GitSource.lastLine(r.out()));
        if (policy.isolated() && !r.capped()) {
            LOG.warn("{} {} failed: {}", what, RepoSources.redact(url), detail);
            return new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    what + " " + RepoSources.redact(url) + " failed: " + UNREACHABLE);
        }
        return new IngestException(
                IngestException.Reason.CLONE_FAILED, what + " " + RepoSources.redact(url) + " failed: " + detail);
    }

    /** {@link #failed} for a host that is not even reached (it does not resolve). */
    static IngestException unreachable(String url, String detail) {
        LOG.warn("git clone of {} failed: {}", RepoSources.redact(url), RepoSources.redact(detail));
        return new IngestException(
                IngestException.Reason.CLONE_FAILED,
                "git clone of " + RepoSources.redact(url) + " failed: " + UNREACHABLE);
    }

    /** What every failure of git's own reads for an isolated clone. */
    static final String UNREACHABLE = "the repository could not be fetched (the host did not answer, refused,"
            + " timed out or serves no git repository at that URL, or it needs credentials)";

    static boolean tooLarge(Path dir, GitPolicy policy) {
        return policy.maxCloneBytes() != Long.MAX_VALUE && GitProcess.size(dir) > policy.maxCloneBytes();
    }
}
