package dev.coderag.ingest;

import dev.coderag.ingest.history.GitRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the git processes of an ingest may use and how long and large a clone may grow. {@link #LOCAL} is the
 * command line's: the user's own git (their config, credential helpers, ssh agent), every transport but
 * {@code ext::}, an hour per clone, no size cap. {@link #network()} is for clones a network request asks for:
 * git runs isolated from the server user's configuration and credentials, over https only, with a shorter
 * time and a size cap.
 *
 * <p>Isolated means, for every git process: no system or global config ({@code GIT_CONFIG_NOSYSTEM},
 * {@code GIT_CONFIG_GLOBAL=/dev/null}), no inherited {@code GIT_*} or {@code SSH_*} variables (so no
 * {@code GIT_CONFIG_PARAMETERS}, no ssh agent), an empty {@code HOME} (no {@code ~/.netrc}), no credential
 * helper, no prompts ({@code GIT_TERMINAL_PROMPT=0}, {@code GIT_ASKPASS} answering nothing), no HTTP
 * redirects (so the host list holds), an ssh that offers no identity and trusts no host key but the operator's
 * ({@link GitSsh}; OpenSSH finds {@code ~/.ssh} through the password database, not {@code HOME}), and only
 * {@link #protocols()} allowed ({@code protocol.allow=never}
 * plus {@code GIT_ALLOW_PROTOCOL}).
 *
 * @param isolated run git isolated as above
 * @param protocols the transports git may use when isolated ({@code https}, {@code ssh}, {@code file}…); an
 *     isolated policy refuses a URL of any other scheme before git runs
 * @param hosts the hosts a URL may name (lower case); empty = any host
 * @param timeout the longest a clone or fetch may run; it is killed (and a new clone deleted) after
 * @param maxCloneBytes the largest a clone directory may grow (work tree and {@code .git}); over it the git
 *     process is killed, a new clone is deleted and the ingest fails
 * @param maxTreeEntries the most entries (files, links, submodules) the commit to check out may hold,
 *     counted before anything is checked out: ten million empty files pass any byte cap but would take the
 *     disk's inodes and the walker's time; over it a new clone is deleted and the ingest fails
 * @param sshKey the one private key an isolated ssh offers (the operator's {@code --git-ssh-key}); empty =
 *     none (never the server user's {@code ~/.ssh/id_*}, see {@link GitSsh})
 * @param sshKnownHosts the one known-hosts file an isolated ssh trusts ({@code --git-known-hosts}); empty =
 *     none, so every ssh host is refused
 * @param allowPrivate whether an isolated clone may connect to loopback, private, link-local and other
 *     non-public addresses ({@code --allow-git-private}); when false such a URL is refused before git runs
 *     ({@link GitDestination})
 */
public record GitPolicy(
        boolean isolated,
        Set<String> protocols,
        Set<String> hosts,
        Duration timeout,
        long maxCloneBytes,
        long maxTreeEntries,
        Optional<Path> sshKey,
        Optional<Path> sshKnownHosts,
        boolean allowPrivate) {

    /** The command line's git: the user's own configuration and credentials, an hour, no size cap. */
    public static final GitPolicy LOCAL = new GitPolicy(
            false,
            Set.of(),
            Set.of(),
            Duration.ofMinutes(60),
            Long.MAX_VALUE,
            Long.MAX_VALUE,
            Optional.empty(),
            Optional.empty(),
            true);

    /** The default time cap of a network request's clone. */
    public static final Duration NETWORK_TIMEOUT = Duration.ofMinutes(10);

    /** The default size cap of a network request's clone: 2 GiB. */
    public static final long NETWORK_MAX_CLONE_BYTES = 2L << 30;

    /** The default cap on the files of a network request's clone: 500,000 (the Linux kernel has ~90,000). */
    public static final long NETWORK_MAX_TREE_ENTRIES = 500_000;

    public GitPolicy {
        protocols = lowerCase(protocols);
        hosts = lowerCase(hosts);
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (maxCloneBytes <= 0) {
            throw new IllegalArgumentException("maxCloneBytes must be positive: " + maxCloneBytes);
        }
        if (maxTreeEntries <= 0) {
            throw new IllegalArgumentException("maxTreeEntries must be positive: " + maxTreeEntries);
        }
        sshKey = Objects.requireNonNull(sshKey, "sshKey").map(p -> GitSsh.checkPath(p, "the ssh key"));
        sshKnownHosts = Objects.requireNonNull(sshKnownHosts, "sshKnownHosts")
                .map(p -> GitSsh.checkPath(p, "the known-hosts file"));
        if (isolated && protocols.isEmpty()) {
            throw new IllegalArgumentException("an isolated policy needs at least one protocol");
        }
    }

    /**
     * Isolated, https only, any host, {@link #NETWORK_TIMEOUT}, {@link #NETWORK_MAX_CLONE_BYTES},
     * {@link #NETWORK_MAX_TREE_ENTRIES}.
     */
    public static GitPolicy network() {
        return new GitPolicy(
                true,
                Set.of("https"),
                Set.of(),
                NETWORK_TIMEOUT,
                NETWORK_MAX_CLONE_BYTES,
                NETWORK_MAX_TREE_ENTRIES,
                Optional.empty(),
                Optional.empty(),
                false);
    }

    public GitPolicy withProtocols(Set<String> p) {
        return new GitPolicy(
                isolated, p, hosts, timeout, maxCloneBytes, maxTreeEntries, sshKey, sshKnownHosts, allowPrivate);
    }

    public GitPolicy withHosts(Set<String> h) {
        return new GitPolicy(
                isolated, protocols, h, timeout, maxCloneBytes, maxTreeEntries, sshKey, sshKnownHosts, allowPrivate);
    }

    public GitPolicy withTimeout(Duration t) {
        return new GitPolicy(
                isolated, protocols, hosts, t, maxCloneBytes, maxTreeEntries, sshKey, sshKnownHosts, allowPrivate);
    }

    public GitPolicy withMaxCloneBytes(long bytes) {
        return new GitPolicy(
                isolated, protocols, hosts, timeout, bytes, maxTreeEntries, sshKey, sshKnownHosts, allowPrivate);
    }

    public GitPolicy withMaxTreeEntries(long entries) {
        return new GitPolicy(
                isolated, protocols, hosts, timeout, maxCloneBytes, entries, sshKey, sshKnownHosts, allowPrivate);
    }

    /** With this key (absolute path) as an isolated ssh's only identity, or none. */
    public GitPolicy withSshKey(Optional<Path> key) {
        return new GitPolicy(
                isolated, protocols, hosts, timeout, maxCloneBytes, maxTreeEntries, key, sshKnownHosts, allowPrivate);
    }

    /** With this file (absolute path) as an isolated ssh's only known hosts, or none. */
    public GitPolicy withSshKnownHosts(Optional<Path> file) {
        return new GitPolicy(
                isolated, protocols, hosts, timeout, maxCloneBytes, maxTreeEntries, sshKey, file, allowPrivate);
    }

    /** Allowing or refusing non-public destinations for an isolated clone. */
    public GitPolicy withAllowPrivate(boolean allow) {
        return new GitPolicy(
                isolated, protocols, hosts, timeout, maxCloneBytes, maxTreeEntries, sshKey, sshKnownHosts, allow);
    }

    /**
     * git for reading a repository's history ({@link dev.coderag.ingest.history.HistoryReader}) under this
     * policy: the same command line, environment and isolation as a clone's, this policy's time limit at most,
     * standard output streamed to the reader and standard error kept apart.
     */
    public GitRunner historyGit() {
        GitProcess git = new GitProcess(false, this, System.getenv());
        return (dir, limit, sink, args) -> {
            Output.Forward forward = new Output.Forward(sink);
            Duration t = limit.compareTo(timeout) < 0 ? limit : timeout;
            GitSource.Result r = git.stream(dir, t, forward, args.toArray(String[]::new));
            if (forward.failure() != null) {
                throw forward.failure();
            }
            return new GitRunner.Exit(r.exit(), r.ok() ? "" : GitSource.lastLine(r.out()));
        };
    }

    private static Set<String> lowerCase(Set<String> values) {
        return Objects.requireNonNull(values).stream()
                .map(v -> v.strip().toLowerCase(Locale.ROOT))
                .filter(v -> !v.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }
}
