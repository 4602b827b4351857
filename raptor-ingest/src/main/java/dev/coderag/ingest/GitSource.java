package dev.coderag.ingest;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Git sources: which git URLs are safe to hand to {@code git} (which strings are git URLs at all is
 * {@link RepoSources#isGitUrl}), and the few git commands the ingester runs. Every command runs through
 * {@link ProcessBuilder} with an argument list (no shell), no terminal prompt and stdin closed.
 *
 * <p>Why so strict: a URL may come from the network API. git's {@code <transport>::<address>} syntax
 * ({@code ext::sh -c …}) runs arbitrary commands, and an argument starting with {@code -} is read as an
 * option ({@code --upload-pack=…}). Only plain remotes pass.
 */
final class GitSource {
    private static final Pattern BRANCH = Pattern.compile("^[A-Za-z0-9._/\\-]+$");
    private static final Pattern SHA = Pattern.compile("^[0-9a-f]{40}([0-9a-f]{24})?$");
    static final Duration QUICK_TIMEOUT = Duration.ofSeconds(120);
    /** How often a running clone's size is measured against {@link GitPolicy#maxCloneBytes()}. */
    static final long SIZE_CHECK_MILLIS = 500;

    /** The suffix the recorded commit gets when tracked files had uncommitted changes at ingest time. */
    static final String DIRTY_SUFFIX = RepoSources.DIRTY_SUFFIX;

    private GitSource() {}

    /**
     * Checks a string {@link RepoSources#isGitUrl} accepts; returns it unchanged when git may be given it,
     * throws {@link IngestException} with reason {@code BAD_SOURCE} and a one-line message otherwise.
     */
    static String validateUrl(String url, boolean allowFileUrls) {
        if (url.isEmpty()) {
            throw bad("empty source");
        }
        if (url.startsWith("-")) {
            throw bad("refusing source '" + RepoSources.redact(url)
                    + "': it starts with '-' and git would read it as an option");
        }
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                throw bad("refusing git URL '" + RepoSources.redact(url)
                        + "': it contains whitespace or control characters");
            }
        }
        if (RepoSources.TRANSPORT_PREFIX.matcher(url).find()) {
            throw bad(
                    "refusing git URL '" + RepoSources.redact(url)
                            + "': '<transport>::' remotes (such as ext::) can run commands; use https://, ssh:// or git@host:path");
        }
        var scp = RepoSources.SCP_LIKE.matcher(url);
        if (scp.matches()) {
            if (scp.group(3).startsWith("-")) {
                throw bad("refusing git URL '" + RepoSources.redact(url) + "': its path starts with '-'");
            }
            return url;
        }
        var scheme = RepoSources.URL_SCHEME.matcher(url);
        if (!scheme.matches()) {
            throw bad("not a git URL: '" + RepoSources.redact(url) + "' (use https://, ssh:// or git@host:path)");
        }
        String s = scheme.group(1).toLowerCase(Locale.ROOT);
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw bad("malformed git URL '" + RepoSources.redact(url) + "'");
        }
        switch (s) {
            case "https", "ssh" -> {
                if (uri.getHost() == null || uri.getHost().startsWith("-")) {
                    throw bad("malformed git URL '" + RepoSources.redact(url) + "': no valid host");
                }
                if (uri.getUserInfo() != null && uri.getUserInfo().startsWith("-")) {
                    throw bad("refusing git URL '" + RepoSources.redact(url) + "': its user name starts with '-'");
                }
                String path = uri.getPath();
                if (path == null || path.isEmpty() || path.equals("/")) {
                    throw bad("git URL '" + RepoSources.redact(url) + "' names no repository");
                }
            }
            case "file" -> {
                if (!allowFileUrls) {
                    throw bad("refusing git URL '" + RepoSources.redact(url) + "': file:// URLs are not accepted here");
                }
                if (uri.getPath() == null || uri.getPath().isEmpty()) {
                    throw bad("malformed git URL '" + RepoSources.redact(url) + "'");
                }
            }
            default ->
                throw bad("refusing git URL '" + RepoSources.redact(url) + "': scheme '" + s
                        + "' is not accepted (use https://, ssh:// or git@host:path)");
        }
        return url;
    }

    /**
     * Checks a URL {@link #validateUrl} accepted against {@code policy}: an isolated policy takes only its
     * {@linkplain GitPolicy#protocols() protocols} (the scp-like {@code git@host:path} form is ssh), and a
     * non-empty {@linkplain GitPolicy#hosts() host list} only its hosts. Throws {@code BAD_SOURCE} otherwise.
     */
    static void checkPolicy(String url, GitPolicy policy) {
        String scheme;
        String host;
        var scp = RepoSources.SCP_LIKE.matcher(url);
        if (scp.matches()) {
            scheme = "ssh";
            host = scp.group(2);
        } else {
            var m = RepoSources.URL_SCHEME.matcher(url);
            scheme = m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : "";
            try {
                host = Optional.ofNullable(new URI(url).getHost()).orElse("");
            } catch (URISyntaxException e) {
                throw bad("malformed git URL '" + RepoSources.redact(url) + "'");
            }
        }
        if (policy.isolated() && !policy.protocols().contains(scheme)) {
            throw bad("refusing git URL '" + RepoSources.redact(url) + "': this server clones only over "
                    + String.join(", ", new java.util.TreeSet<>(policy.protocols())));
        }
        if (!policy.hosts().isEmpty() && !policy.hosts().contains(host.toLowerCase(Locale.ROOT))) {
            throw bad("refusing git URL '" + RepoSources.redact(url) + "': host '" + host
                    + "' is not among the hosts this server clones from");
        }
    }

    /** {@link RepoSources#redact}, the one redaction (kept under this name for the ingester's callers). */
    static String redact(String url) {
        return RepoSources.redact(url);
    }

    /** Checks a branch name before it reaches git's command line. */
    static String validateBranch(String branch) {
        if (branch.isEmpty()
                || branch.startsWith("-")
                || !BRANCH.matcher(branch).matches()
                || branch.contains("..")
                || branch.endsWith("/")
                || branch.endsWith(".lock")) {
            throw bad("refusing branch '" + branch + "': not a plain branch or tag name");
        }
        return branch;
    }

    /** {@link #cloneOrUpdate(String, Optional, Path, boolean, GitPolicy, Map)} with the user's own git. */
    static void cloneOrUpdate(String url, Optional<String> branch, Path dir, boolean allowFileUrls) {
        cloneOrUpdate(url, branch, dir, allowFileUrls, GitPolicy.LOCAL, System.getenv());
    }

    /** {@link GitClone#cloneOrUpdate}, under the name the ingester's callers know. */
    static void cloneOrUpdate(
            String url,
            Optional<String> branch,
            Path dir,
            boolean allowFileUrls,
            GitPolicy policy,
            Map<String, String> environment) {
        GitClone.cloneOrUpdate(url, branch, dir, allowFileUrls, policy, environment);
    }

    /** {@link #cloneOrUpdate(String, Optional, Path, boolean, GitPolicy, Map)} with the newest {@code depth} commits. */
    static void cloneOrUpdate(
            String url,
            Optional<String> branch,
            Path dir,
            boolean allowFileUrls,
            GitPolicy policy,
            Map<String, String> environment,
            int depth) {
        GitClone.cloneOrUpdate(url, branch, dir, allowFileUrls, policy, environment, GitDestination.SYSTEM, depth);
    }

    /**
     * The commit to record for a directory: HEAD's sha when {@code dir} is the top of a git work tree, with
     * {@link #DIRTY_SUFFIX} when tracked files differ from HEAD; empty when it is not a work tree's top (or git
     * is missing).
     */
    static Optional<String> headCommit(Path dir) {
        return headCommit(dir, QUICK_TIMEOUT);
    }

    /** {@link #headCommit(Path)} with each git command stopped after {@code timeout} (then empty). */
    static Optional<String> headCommit(Path dir, Duration timeout) {
        if (!Files.exists(dir.resolve(".git"))) {
            return Optional.empty(); // not the top of a work tree: spare the process start
        }
        Result top = run(dir, timeout, false, "rev-parse", "--show-toplevel", "--verify", "-q", "HEAD");
        String[] lines = top.out().strip().split("\n");
        if (!top.ok() || lines.length != 2) {
            return Optional.empty();
        }
        try {
            if (!Path.of(lines[0].strip()).toRealPath().equals(dir.toRealPath())) {
                return Optional.empty();
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        String sha = lines[1].strip();
        if (!SHA.matcher(sha).matches()) {
            return Optional.empty();
        }
        Result dirty = run(dir, timeout, false, "diff", "--name-only", "-z", "--no-renames", "HEAD");
        if (!dirty.ok()) {
            return Optional.empty();
        }
        return Optional.of(dirty.out().isEmpty() ? sha : sha + DIRTY_SUFFIX);
    }

    /**
     * Paths (relative to {@code dir}, the top of a work tree) that may differ from what they were at
     * {@code commit}: changed since it (committed or not) and untracked. Empty when that cannot be known —
     * then the caller hashes every file.
     */
    static Optional<Set<String>> changedSince(Path dir, String commit) {
        if (!SHA.matcher(commit).matches()) {
            return Optional.empty(); // "" or "<sha>-dirty": the last index did not match a commit
        }
        Result diff = run(dir, QUICK_TIMEOUT, false, "diff", "--name-only", "-z", "--no-renames", commit, "--");
        if (!diff.ok() || diff.truncated()) {
            return Optional.empty(); // e.g. the commit is unknown here
        }
        Result status = run(
                dir,
                QUICK_TIMEOUT,
                false,
                "status",
                "--porcelain",
                "-z",
                "--untracked-files=all",
                "--no-renames",
                "--ignore-submodules=none");
        if (!status.ok() || status.truncated()) {
            return Optional.empty();
        }
        Set<String> changed = new LinkedHashSet<>();
        for (String p : diff.out().split("\0")) {
            if (!p.isEmpty()) {
                changed.add(p);
            }
        }
        for (String entry : status.out().split("\0")) {
            if (entry.length() > 3) {
                changed.add(entry.substring(3));
            }
        }
        return Optional.of(changed);
    }

    /** Output (stdout and stderr merged) and exit status of one git command. */
    /**
     * Output (stdout and stderr merged, its last part when {@code truncated}) and exit status of one git
     * command; {@code capped} when it failed on one of the policy's caps rather than on git's own error.
     */
    record Result(int exit, String out, boolean truncated, boolean capped) {
        Result(int exit, String out) {
            this(exit, out, false, false);
        }

        /** A failure of one of the policy's caps (size, files), whose message says which cap. */
        static Result cap(String message) {
            return new Result(-1, message, false, true);
        }

        boolean ok() {
            return exit == 0;
        }

        /** This result with what {@code tail} kept as its output, unless it already says why git failed. */
        Result withOutput(Output.Tail tail) {
            return new Result(exit, out.isEmpty() ? tail.text() : out, tail.truncated(), capped);
        }
    }

    /**
     * The most output a read-only query keeps (a file list): more and its answer is unknown (the caller
     * then hashes every file), so a work tree with millions of changes cannot fill memory.
     */
    static final int MAX_QUERY_OUTPUT = 16 << 20;

    /** A git command with the user's own git and {@code file://} off, for the read-only queries on a work tree. */
    static Result run(Path workDir, Duration timeout, boolean allowFileUrls, String... args) {
        return new GitProcess(allowFileUrls, GitPolicy.LOCAL, System.getenv())
                .run(workDir, timeout, null, MAX_QUERY_OUTPUT, args);
    }

    static String lastLine(String out) {
        String[] lines = out.strip().split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String line = lines[i].strip();
            if (!line.isEmpty()) {
                return line.replaceFirst("^fatal: ", "");
            }
        }
        return "no output";
    }

    private static IngestException bad(String message) {
        return new IngestException(IngestException.Reason.BAD_SOURCE, message);
    }
}
