package dev.coderag.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
    private static final long CLONE_TIMEOUT_MINUTES = 60;
    private static final long QUICK_TIMEOUT_SECONDS = 120;

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
            throw bad("refusing source '" + redact(url) + "': it starts with '-' and git would read it as an option");
        }
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                throw bad("refusing git URL '" + redact(url) + "': it contains whitespace or control characters");
            }
        }
        if (RepoSources.TRANSPORT_PREFIX.matcher(url).find()) {
            throw bad(
                    "refusing git URL '" + redact(url)
                            + "': '<transport>::' remotes (such as ext::) can run commands; use https://, ssh:// or git@host:path");
        }
        var scp = RepoSources.SCP_LIKE.matcher(url);
        if (scp.matches()) {
            if (scp.group(3).startsWith("-")) {
                throw bad("refusing git URL '" + redact(url) + "': its path starts with '-'");
            }
            return url;
        }
        var scheme = RepoSources.URL_SCHEME.matcher(url);
        if (!scheme.matches()) {
            throw bad("not a git URL: '" + redact(url) + "' (use https://, ssh:// or git@host:path)");
        }
        String s = scheme.group(1).toLowerCase(Locale.ROOT);
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw bad("malformed git URL '" + redact(url) + "'");
        }
        switch (s) {
            case "https", "ssh" -> {
                if (uri.getHost() == null || uri.getHost().startsWith("-")) {
                    throw bad("malformed git URL '" + redact(url) + "': no valid host");
                }
                if (uri.getUserInfo() != null && uri.getUserInfo().startsWith("-")) {
                    throw bad("refusing git URL '" + redact(url) + "': its user name starts with '-'");
                }
                String path = uri.getPath();
                if (path == null || path.isEmpty() || path.equals("/")) {
                    throw bad("git URL '" + redact(url) + "' names no repository");
                }
            }
            case "file" -> {
                if (!allowFileUrls) {
                    throw bad("refusing git URL '" + redact(url) + "': file:// URLs are not accepted here");
                }
                if (uri.getPath() == null || uri.getPath().isEmpty()) {
                    throw bad("malformed git URL '" + redact(url) + "'");
                }
            }
            default ->
                throw bad("refusing git URL '" + redact(url) + "': scheme '" + s
                        + "' is not accepted (use https://, ssh:// or git@host:path)");
        }
        return url;
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

    /**
     * The URL with any {@code user:password@} part hidden and control characters shown as '?', for messages
     * and the recorded source.
     */
    static String redact(String url) {
        return url.replaceFirst("^([A-Za-z][A-Za-z0-9+.\\-]*://)[^/@]*@", "$1***@")
                .replaceAll("\\p{Cntrl}", "?");
    }

    /**
     * Clones {@code url} into {@code dir} ({@code git clone --depth 1}), or, when {@code dir} already holds a
     * clone of the same URL, fetches and checks out the newest commit of the branch. Fails with
     * {@code CLONE_FAILED}.
     */
    static void cloneOrUpdate(String url, Optional<String> branch, Path dir, boolean allowFileUrls) {
        if (Files.isDirectory(dir.resolve(".git"))) {
            Result origin = run(dir, QUICK_TIMEOUT_SECONDS, allowFileUrls, "config", "--get", "remote.origin.url");
            if (origin.ok() && origin.out().strip().equals(url)) {
                update(url, branch, dir, allowFileUrls);
                return;
            }
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    dir + " already holds a clone of another repository; ingest " + redact(url)
                            + " under another --name");
        }
        if (Files.exists(dir)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new IngestException(
                            IngestException.Reason.CLONE_FAILED,
                            "cannot clone " + redact(url) + ": " + dir + " exists and is not a git clone");
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
        Result r = run(null, CLONE_TIMEOUT_MINUTES * 60, allowFileUrls, args.toArray(String[]::new));
        if (!r.ok()) {
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "git clone of " + redact(url) + " failed: " + lastLine(r.out()));
        }
    }

    private static void update(String url, Optional<String> branch, Path dir, boolean allowFileUrls) {
        List<String> fetch = new ArrayList<>(List.of("fetch", "--depth", "1", "--no-recurse-submodules", "origin"));
        branch.ifPresent(fetch::add);
        Result r = run(dir, CLONE_TIMEOUT_MINUTES * 60, allowFileUrls, fetch.toArray(String[]::new));
        if (!r.ok()) {
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "git fetch of " + redact(url) + " failed: " + lastLine(r.out()));
        }
        Result reset = run(dir, QUICK_TIMEOUT_SECONDS, allowFileUrls, "reset", "--hard", "-q", "FETCH_HEAD");
        Result clean = reset.ok() ? run(dir, QUICK_TIMEOUT_SECONDS, allowFileUrls, "clean", "-ffdxq") : reset;
        if (!clean.ok()) {
            throw new IngestException(
                    IngestException.Reason.CLONE_FAILED,
                    "updating the clone of " + redact(url) + " in " + dir + " failed: " + lastLine(clean.out()));
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
        Result top = run(dir, QUICK_TIMEOUT_SECONDS, false, "rev-parse", "--show-toplevel", "--verify", "-q", "HEAD");
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
        Result dirty = run(dir, QUICK_TIMEOUT_SECONDS, false, "diff", "--name-only", "-z", "--no-renames", "HEAD");
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
        Result diff = run(dir, QUICK_TIMEOUT_SECONDS, false, "diff", "--name-only", "-z", "--no-renames", commit, "--");
        if (!diff.ok()) {
            return Optional.empty(); // e.g. the commit is unknown here
        }
        Result status = run(
                dir,
                QUICK_TIMEOUT_SECONDS,
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

    /** Output (stdout and stderr merged) and exit status of one git command. */
    record Result(int exit, String out) {
        boolean ok() {
            return exit == 0;
        }
    }

    static Result run(Path workDir, long timeoutSeconds, boolean allowFileUrls, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        if (workDir != null) {
            cmd.add("-C");
            cmd.add(workDir.toString());
        }
        // Defence in depth behind validateUrl: git itself refuses these transports too.
        cmd.addAll(List.of("-c", "protocol.ext.allow=never"));
        cmd.addAll(List.of("-c", "protocol.file.allow=" + (allowFileUrls ? "always" : "never")));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("LC_ALL", "C");
        env.putIfAbsent("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
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
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                reader.join(2000);
                return new Result(-1, "git " + args[0] + " timed out after " + timeoutSeconds + " s");
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
