package dev.coderag.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
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
    private static final Duration QUICK_TIMEOUT = Duration.ofSeconds(120);
    /** How often a running clone's size is measured against {@link GitPolicy#maxCloneBytes()}. */
    private static final long SIZE_CHECK_MILLIS = 500;

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

    /**
     * Clones {@code url} into {@code dir} ({@code git clone --depth 1}), or, when {@code dir} already holds a
     * clone of the same URL, fetches and checks out the newest commit of the branch. Fails with
     * {@code CLONE_FAILED}; a new clone that fails (git's error, {@link GitPolicy#timeout()},
     * {@link GitPolicy#maxCloneBytes()}) is deleted, an updated one that grew too large too.
     *
     * @param policy what git may use (checked with {@link #checkPolicy} first)
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
        checkPolicy(url, policy);
        Git git = new Git(allowFileUrls, policy, environment);
        if (Files.isDirectory(dir.resolve(".git"))) {
            Result origin = git.run(dir, QUICK_TIMEOUT, null, "config", "--get", "remote.origin.url");
            if (origin.ok() && origin.out().strip().equals(url)) {
                update(git, url, branch, dir);
                return;
            }
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    dir + " already holds a clone of another repository; ingest " + RepoSources.redact(url)
                            + " under another --name");
        }
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
        List<String> args = new ArrayList<>(List.of("clone", "--depth", "1", "--no-recurse-submodules"));
        branch.ifPresent(b -> {
            args.add("--branch");
            args.add(b);
        });
        args.add("--");
        args.add(url);
        args.add(dir.toString());
        Result r = git.run(null, policy.timeout(), dir, args.toArray(String[]::new));
        if (r.ok() && tooLarge(dir, policy)) {
            r = new Result(-1, "the clone is larger than " + megabytes(policy.maxCloneBytes()) + " MB");
        }
        if (!r.ok()) {
            deleteTree(dir);
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "git clone of " + RepoSources.redact(url) + " failed: " + RepoSources.redact(lastLine(r.out())));
        }
    }

    private static void update(Git git, String url, Optional<String> branch, Path dir) {
        List<String> fetch = new ArrayList<>(List.of("fetch", "--depth", "1", "--no-recurse-submodules", "origin"));
        branch.ifPresent(fetch::add);
        Result r = git.run(dir, git.policy.timeout(), dir, fetch.toArray(String[]::new));
        if (!r.ok()) {
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "git fetch of " + RepoSources.redact(url) + " failed: " + RepoSources.redact(lastLine(r.out())));
        }
        Result reset = git.run(dir, QUICK_TIMEOUT, dir, "reset", "--hard", "-q", "FETCH_HEAD");
        Result clean = reset.ok() ? git.run(dir, QUICK_TIMEOUT, dir, "clean", "-ffdxq") : reset;
        if (clean.ok() && tooLarge(dir, git.policy)) {
            deleteTree(dir);
            clean = new Result(-1, "the clone grew larger than " + megabytes(git.policy.maxCloneBytes()) + " MB");
        }
        if (!clean.ok()) {
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "updating the clone of " + RepoSources.redact(url) + " in " + dir + " failed: "
                            + RepoSources.redact(lastLine(clean.out())));
        }
    }

    private static boolean tooLarge(Path dir, GitPolicy policy) {
        return policy.maxCloneBytes() != Long.MAX_VALUE && size(dir) > policy.maxCloneBytes();
    }

    /** Bytes of the regular files under {@code dir} (0 when it does not exist; files vanishing meanwhile skipped). */
    static long size(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        long[] total = {0};
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile()) {
                        total[0] += attrs.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // git moves files while it works
                }
            });
        } catch (IOException e) {
            // counted what could be read
        }
        return total[0];
    }

    private static long megabytes(long bytes) {
        return Math.max(1, bytes / 1_000_000);
    }

    /** Deletes a failed clone so the next attempt starts afresh (best effort). */
    private static void deleteTree(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort
                }
            });
        } catch (IOException e) {
            // best effort
        }
    }

    /**
     * The commit to record for a directory: HEAD's sha when {@code dir} is the top of a git work tree, with
     * {@link #DIRTY_SUFFIX} when tracked files differ from HEAD; empty when it is not a work tree's top (or git
     * is missing).
     */
    static Optional<String> headCommit(Path dir) {
        if (!Files.exists(dir.resolve(".git"))) {
            return Optional.empty(); // not the top of a work tree: spare the process start
        }
        Result top = run(dir, QUICK_TIMEOUT, false, "rev-parse", "--show-toplevel", "--verify", "-q", "HEAD");
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
        Result dirty = run(dir, QUICK_TIMEOUT, false, "diff", "--name-only", "-z", "--no-renames", "HEAD");
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
        if (!diff.ok()) {
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
        if (!status.ok()) {
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

    private static String realOrAbsolute(Path dir) {
        try {
            return dir.toRealPath().toString();
        } catch (IOException | RuntimeException e) {
            return dir.toAbsolutePath().toString();
        }
    }

    /** Output (stdout and stderr merged) and exit status of one git command. */
    record Result(int exit, String out) {
        boolean ok() {
            return exit == 0;
        }
    }

    /** A git command with the user's own git and {@code file://} off, for the read-only queries on a work tree. */
    static Result run(Path workDir, Duration timeout, boolean allowFileUrls, String... args) {
        return new Git(allowFileUrls, GitPolicy.LOCAL, System.getenv()).run(workDir, timeout, null, args);
    }

    /** How git processes are started under one policy. */
    private static final class Git {
        /**
         * Variables an isolated git keeps from the environment it starts from (the operator's proxy and CA
         * settings); every other one — {@code GIT_*}, {@code SSH_*}, {@code HOME} — is dropped.
         */
        private static final Set<String> KEPT = Set.of(
                "PATH",
                "LANG",
                "TMPDIR",
                "TZ",
                "SYSTEMROOT",
                "http_proxy",
                "https_proxy",
                "HTTPS_PROXY",
                "all_proxy",
                "ALL_PROXY",
                "no_proxy",
                "NO_PROXY",
                "SSL_CERT_FILE",
                "SSL_CERT_DIR",
                "CURL_CA_BUNDLE");

        final boolean allowFileUrls;
        final GitPolicy policy;
        final Map<String, String> environment;

        Git(boolean allowFileUrls, GitPolicy policy, Map<String, String> environment) {
            this.allowFileUrls = allowFileUrls;
            this.policy = policy;
            this.environment = Map.copyOf(environment);
        }

        /**
         * Runs one git command.
         *
         * @param watched a directory whose size must stay under the policy's cap while git runs, or null
         */
        Result run(Path workDir, Duration timeout, Path watched, String... args) {
            List<String> cmd = new ArrayList<>();
            cmd.add("git");
            if (workDir != null) {
                cmd.add("-C");
                cmd.add(workDir.toString());
                // A work tree may belong to another user (a read-only mount in a container): trust exactly this
                // one for these read-only queries, instead of safe.directory=* for all, and never let its config
                // start an fsmonitor program. Command-line config is "protected": a repository cannot change it.
                cmd.addAll(List.of("-c", "safe.directory=" + realOrAbsolute(workDir), "-c", "core.fsmonitor=false"));
            }
            // Defence in depth behind validateUrl: git itself refuses these transports too.
            cmd.addAll(List.of("-c", "protocol.ext.allow=never"));
            cmd.addAll(List.of("-c", "protocol.file.allow=" + (allowFileUrls ? "always" : "never")));
            Path home = null;
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            Map<String, String> env = pb.environment();
            env.clear();
            if (policy.isolated()) {
                // ext never; file only where file:// URLs are accepted at all
                var allowed = new java.util.TreeSet<>(policy.protocols());
                allowed.remove("ext");
                if (!allowFileUrls) {
                    allowed.remove("file");
                }
                cmd.addAll(List.of("-c", "protocol.allow=never"));
                for (String p : allowed) {
                    cmd.addAll(List.of("-c", "protocol." + p + ".allow=always"));
                }
                cmd.addAll(
                        List.of("-c", "credential.helper=", "-c", "core.askPass=", "-c", "http.followRedirects=false"));
                environment.forEach((k, v) -> {
                    if (KEPT.contains(k)) {
                        env.put(k, v);
                    }
                });
                try {
                    home = Files.createTempDirectory("coderag-git-home-");
                } catch (IOException e) {
                    return new Result(-1, "cannot create an empty HOME for git: " + e.getMessage());
                }
                env.put("HOME", home.toString());
                env.put("XDG_CONFIG_HOME", home.toString());
                env.put("GIT_CONFIG_NOSYSTEM", "1");
                env.put("GIT_CONFIG_GLOBAL", "/dev/null");
                env.put("GIT_ALLOW_PROTOCOL", allowed.isEmpty() ? "none" : String.join(":", allowed));
                env.put("GIT_ASKPASS", "echo");
                env.put("GIT_SSH_COMMAND", "ssh -o BatchMode=yes -F /dev/null");
            } else {
                env.putAll(environment);
                env.putIfAbsent("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
            }
            cmd.addAll(List.of(args));
            pb.command(cmd);
            env.put("GIT_TERMINAL_PROMPT", "0");
            env.put("LC_ALL", "C");
            try {
                return await(pb, timeout, watched, args[0]);
            } finally {
                if (home != null) {
                    deleteTree(home);
                }
            }
        }

        private Result await(ProcessBuilder pb, Duration timeout, Path watched, String command) {
            boolean capped = watched != null && policy.maxCloneBytes() != Long.MAX_VALUE;
            try {
                Process p = pb.start();
                p.getOutputStream().close();
                // Drain in the background so a chatty git never blocks on a full pipe.
                var out = new java.io.ByteArrayOutputStream();
                Thread reader = Thread.ofVirtual().start(() -> {
                    try (InputStream in = p.getInputStream()) {
                        in.transferTo(out);
                    } catch (IOException e) {
                        // the process died; its exit code tells
                    }
                });
                long deadline = System.nanoTime() + timeout.toNanos();
                while (true) {
                    long left = deadline - System.nanoTime();
                    long wait = capped ? Math.min(left, TimeUnit.MILLISECONDS.toNanos(SIZE_CHECK_MILLIS)) : left;
                    if (p.waitFor(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                        break;
                    }
                    if (System.nanoTime() - deadline >= 0) {
                        p.destroyForcibly();
                        reader.join(2000);
                        return new Result(
                                -1, "git " + command + " timed out after " + timeout.toMillis() / 1000.0 + " s");
                    }
                    if (capped && size(watched) > policy.maxCloneBytes()) {
                        p.destroyForcibly();
                        p.waitFor(10, TimeUnit.SECONDS);
                        reader.join(2000);
                        return new Result(
                                -1, "the clone grew larger than " + megabytes(policy.maxCloneBytes()) + " MB; stopped");
                    }
                }
                reader.join();
                return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                return new Result(-1, "cannot run git: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Result(-1, "interrupted");
            }
        }
    }

    private static String lastLine(String out) {
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
