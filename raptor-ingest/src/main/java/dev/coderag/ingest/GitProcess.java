package dev.coderag.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * How git processes are started under one {@link GitPolicy}: the command line (protocols, safe.directory,
 * fsmonitor off), the environment (an isolated git keeps only proxy, CA and locale variables and gets an empty
 * {@code HOME}), the time limit, and the size cap watched while a clone runs. Immutable; thread-safe.
 */
final class GitProcess {
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

    /** The variables through which {@link #CREDENTIAL_HELPER} hands a URL's credentials to git. */
    static final String USERNAME_VAR = "CODERAG_GIT_USERNAME";

    static final String PASSWORD_VAR = "CODERAG_GIT_PASSWORD";
    static final String HOST_VAR = "CODERAG_GIT_HOST";

    /**
     * A credential helper whose text holds no secret (it is on git's command line, which every local user can
     * read): on {@code get} for the URL's own host it answers the user name and password from the environment,
     * which only this user can read. {@code store} and {@code erase} do nothing, so the secret is never written.
     */
    static final String CREDENTIAL_HELPER = "!f() { test \"$1\" = get || exit 0; h=;"
            + " while IFS= read -r l && test -n \"$l\"; do case \"$l\" in host=*) h=\"${l#host=}\";; esac; done;"
            + " test \"$h\" = \"$" + HOST_VAR + "\" || exit 0;"
            + " printf 'username=%s\\npassword=%s\\n' \"$" + USERNAME_VAR + "\" \"$" + PASSWORD_VAR + "\"; }; f";

    final boolean allowFileUrls;
    final GitPolicy policy;
    final Map<String, String> environment;
    /** What the URL's user info carried; reaches git through {@link #CREDENTIAL_HELPER} only. */
    final Optional<GitRemote.Credentials> credentials;
    /** Where git must connect, resolved and checked before it runs. */
    final Optional<GitDestination.Pin> pin;

    GitProcess(boolean allowFileUrls, GitPolicy policy, Map<String, String> environment) {
        this(allowFileUrls, policy, environment, Optional.empty());
    }

    GitProcess(
            boolean allowFileUrls,
            GitPolicy policy,
            Map<String, String> environment,
            Optional<GitRemote.Credentials> credentials) {
        this(allowFileUrls, policy, environment, credentials, Optional.empty());
    }

    /** @param pin the checked addresses git must connect to ({@link GitDestination}), or empty */
    GitProcess(
            boolean allowFileUrls,
            GitPolicy policy,
            Map<String, String> environment,
            Optional<GitRemote.Credentials> credentials,
            Optional<GitDestination.Pin> pin) {
        this.allowFileUrls = allowFileUrls;
        this.policy = policy;
        this.environment = Map.copyOf(environment);
        this.credentials = credentials;
        this.pin = pin;
    }

    /** The most of a git command's output {@link #run} keeps: its last bytes, where git's error is. */
    static final int MAX_OUTPUT = 64 * 1024;

    /**
     * Runs one git command; keeps the last {@link #MAX_OUTPUT} bytes of what it prints.
     *
     * @param watched a directory whose size must stay under the policy's cap while git runs, or null
     */
    GitSource.Result run(Path workDir, Duration timeout, Path watched, String... args) {
        return run(workDir, timeout, watched, MAX_OUTPUT, args);
    }

    /**
     * Runs one git command; keeps the last {@code maxOutput} bytes of what it prints and says whether it
     * printed more ({@link GitSource.Result#truncated()}).
     */
    GitSource.Result run(Path workDir, Duration timeout, Path watched, int maxOutput, String... args) {
        Output.Tail tail = new Output.Tail(maxOutput);
        return start(workDir, timeout, watched, tail, args).withOutput(tail);
    }

    /**
     * Runs one git command and counts the NUL bytes it prints ({@code ls-tree -z} entries), streaming: it is
     * stopped as soon as there are more than {@code cap}, so a listing of ten million entries is never held.
     *
     * @return the count ({@code cap + 1} when stopped there), or empty when git failed
     */
    OptionalLong countEntries(Path workDir, Duration timeout, long cap, String... args) {
        Output.Count count = new Output.Count(cap);
        GitSource.Result r = start(workDir, timeout, null, count, args);
        if (count.over()) {
            return OptionalLong.of(count.entries());
        }
        return r.ok() ? OptionalLong.of(count.entries()) : OptionalLong.empty();
    }

    /**
     * Runs one git command and feeds its standard output to {@code sink} as it arrives, in bounded memory
     * whatever git prints (a history of any length); its standard error is kept apart (its last
     * {@link #MAX_OUTPUT} bytes are the result's output), so a warning never lands inside the stream. When the
     * sink wants no more, git is stopped and the result says it failed.
     */
    GitSource.Result stream(Path workDir, Duration timeout, Output sink, String... args) {
        Output.Tail errors = new Output.Tail(MAX_OUTPUT);
        return start(workDir, timeout, null, sink, errors, args).withOutput(errors);
    }

    private GitSource.Result start(Path workDir, Duration timeout, Path watched, Output sink, String... args) {
        return start(workDir, timeout, watched, sink, null, args);
    }

    /** @param errors where standard error goes, or null to merge it into {@code sink} */
    private GitSource.Result start(
            Path workDir, Duration timeout, Path watched, Output sink, Output.Tail errors, String... args) {
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
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(errors == null);
        Map<String, String> env = pb.environment();
        env.clear();
        if (policy.isolated()) {
            try {
                home = Files.createTempDirectory("coderag-git-home-");
            } catch (IOException e) {
                return new GitSource.Result(-1, "cannot create an empty HOME for git: " + e.getMessage());
            }
            isolate(cmd, env, home);
        } else {
            env.putAll(environment);
            env.putIfAbsent("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
        }
        credentials.ifPresent(c -> {
            // only this helper: neither the user's helpers (LOCAL) nor one a repository's config names
            cmd.addAll(List.of("-c", "credential.helper=", "-c", "credential.helper=" + CREDENTIAL_HELPER));
            env.put(USERNAME_VAR, c.username());
            env.put(PASSWORD_VAR, c.password());
            env.put(HOST_VAR, c.host());
        });
        cmd.addAll(List.of(args));
        pb.command(cmd);
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("LC_ALL", "C");
        try {
            return await(pb, timeout, watched, args[0], sink, errors);
        } finally {
            if (home != null) {
                deleteTree(home);
            }
        }
    }

    /** The isolated policy's command line and environment (see {@link GitPolicy}). */
    private void isolate(List<String> cmd, Map<String, String> env, Path home) {
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
        cmd.addAll(List.of("-c", "credential.helper=", "-c", "core.askPass=", "-c", "http.followRedirects=false"));
        environment.forEach((k, v) -> {
            if (KEPT.contains(k)) {
                env.put(k, v);
            }
        });
        env.put("HOME", home.toString());
        env.put("XDG_CONFIG_HOME", home.toString());
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_ALLOW_PROTOCOL", allowed.isEmpty() ? "none" : String.join(":", allowed));
        env.put("GIT_ASKPASS", "echo");
        env.put(
                "GIT_SSH_COMMAND",
                GitSsh.command(policy, pin.filter(GitDestination.Pin::ssh).map(GitDestination.Pin::sshPin)));
        // curl connects to the checked addresses, never to what a second DNS answer says
        pin.filter(p -> !p.ssh()).ifPresent(p -> cmd.addAll(List.of("-c", "http.curloptResolve=" + p.curlResolve())));
    }

    private GitSource.Result await(
            ProcessBuilder pb, Duration timeout, Path watched, String command, Output sink, Output.Tail errors) {
        boolean capped = watched != null && policy.maxCloneBytes() != Long.MAX_VALUE;
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            // Drain in the background so a chatty git never blocks on a full pipe; the sink holds a bounded part.
            Thread reader = Thread.ofVirtual().start(() -> drain(p, p.getInputStream(), sink));
            Thread errorReader =
                    errors == null ? null : Thread.ofVirtual().start(() -> drain(p, p.getErrorStream(), errors));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long left = deadline - System.nanoTime();
                long wait = capped ? Math.min(left, TimeUnit.MILLISECONDS.toNanos(GitSource.SIZE_CHECK_MILLIS)) : left;
                if (p.waitFor(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                    break;
                }
                if (System.nanoTime() - deadline >= 0) {
                    p.destroyForcibly();
                    reader.join(2000);
                    return new GitSource.Result(
                            -1, "git " + command + " timed out after " + timeout.toMillis() / 1000.0 + " s");
                }
                if (capped && size(watched) > policy.maxCloneBytes()) {
                    p.destroyForcibly();
                    p.waitFor(10, TimeUnit.SECONDS);
                    reader.join(2000);
                    return new GitSource.Result(
                            -1,
                            "the clone grew larger than " + megabytes(policy.maxCloneBytes()) + " MB; stopped",
                            false,
                            true);
                }
            }
            reader.join();
            if (errorReader != null) {
                errorReader.join(2000);
            }
            return new GitSource.Result(p.exitValue(), "");
        } catch (IOException e) {
            return new GitSource.Result(-1, "cannot run git: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new GitSource.Result(-1, "interrupted");
        }
    }

    /** Feeds git's output to {@code sink}; stops git when the sink has seen enough. */
    private static void drain(Process p, InputStream stream, Output sink) {
        byte[] buffer = new byte[8192];
        try (InputStream in = stream) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (!sink.accept(buffer, n)) {
                    p.destroyForcibly();
                    in.transferTo(java.io.OutputStream.nullOutputStream());
                    return;
                }
            }
        } catch (IOException e) {
            // the process died; its exit code tells
        }
    }

    private static String realOrAbsolute(Path dir) {
        try {
            return dir.toRealPath().toString();
        } catch (IOException | RuntimeException e) {
            return dir.toAbsolutePath().toString();
        }
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

    static long megabytes(long bytes) {
        return Math.max(1, bytes / 1_000_000);
    }

    /** Deletes a failed clone so the next attempt starts afresh (best effort). */
    static void deleteTree(Path dir) {
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
}
