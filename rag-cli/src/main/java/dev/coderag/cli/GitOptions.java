package dev.coderag.cli;

import dev.coderag.ingest.GitPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Option;

/**
 * The operator's options for the clones network requests start: which hosts and transports, the ssh key and
 * known hosts, the file cap. {@link #policy()} checks them (before any model loads) and makes the
 * {@link GitPolicy} they describe, starting from {@link GitPolicy#network()}.
 */
final class GitOptions {
    @Option(
            names = "--allow-git-host",
            paramLabel = "HOST",
            description = "A host that clones for the network (POST /api/repos, the page, the MCP tool reindex) may"
                    + " use; repeatable, or a comma-separated list "
                    + "(env RAG_ALLOW_GIT_HOSTS; default: any host). Clones from the network use https only, "
                    + "without your git config or credentials, for at most 10 minutes, 2 GiB and 500,000 files.")
    List<String> allowGitHosts = new ArrayList<>();

    @Option(
            names = "--allow-git-protocol",
            paramLabel = "PROTO",
            description = "Also let clones for the network use ssh or file (repeatable, or a "
                    + "comma-separated list; env RAG_ALLOW_GIT_PROTOCOLS; default: https only). file:// lets anyone"
                    + " who can reach the server clone any git repository this user can read: for local mirrors."
                    + " ssh uses only --git-ssh-key and --git-known-hosts, never your ~/.ssh.")
    List<String> allowGitProtocols = new ArrayList<>();

    @Option(
            names = "--allow-git-private",
            description = "Let network clones connect to loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),"
                    + " link-local and other non-public addresses (env RAG_ALLOW_GIT_PRIVATE=true; default: refused"
                    + " before git runs, so a URL cannot reach services only this server can reach). For a git"
                    + " server on the internal network; --allow-git-host then keeps the rest out.")
    boolean allowGitPrivate;

    @Option(
            names = "--git-ssh-key",
            paramLabel = "FILE",
            description = "The private key clones over ssh offer (env RAG_GIT_SSH_KEY; default: none; never"
                    + " your ~/.ssh keys or ssh agent). Use a deploy key that reads only what the network may"
                    + " index.")
    String gitSshKey;

    @Option(
            names = "--git-known-hosts",
            paramLabel = "FILE",
            description = "The known_hosts file whose host keys clones over ssh trust (env RAG_GIT_KNOWN_HOSTS;"
                    + " default: none, so every ssh host is refused; never your ~/.ssh/known_hosts).")
    String gitKnownHosts;

    @Option(
            names = "--git-max-files",
            paramLabel = "N",
            description = "The most files a cloned commit may hold, counted before checkout (env"
                    + " RAG_GIT_MAX_FILES; default: 500000).")
    Long gitMaxFiles;

    /**
     * The policy these options describe.
     *
     * @throws UsageException for an unknown protocol, a key or known-hosts file that is not a readable file
     *     (or cannot be quoted for ssh), a file cap below 1
     */
    GitPolicy policy() {
        Set<String> hosts = new TreeSet<>();
        for (String h : allowGitHosts) {
            for (String one : h.split(",")) {
                if (!one.isBlank()) {
                    hosts.add(one.strip());
                }
            }
        }
        Set<String> protocols = new TreeSet<>(Set.of("https"));
        for (String p : allowGitProtocols) {
            for (String one : p.split(",")) {
                String proto = one.strip().toLowerCase(Locale.ROOT);
                if (proto.isEmpty()) {
                    continue;
                }
                if (!Set.of("https", "ssh", "file").contains(proto)) {
                    throw new UsageException("--allow-git-protocol takes https, ssh or file, not '" + proto + "'");
                }
                protocols.add(proto);
            }
        }
        if (gitMaxFiles != null && gitMaxFiles < 1) {
            throw new UsageException("--git-max-files must be at least 1, not " + gitMaxFiles);
        }
        try {
            return GitPolicy.network()
                    .withHosts(hosts)
                    .withProtocols(protocols)
                    .withMaxTreeEntries(gitMaxFiles == null ? GitPolicy.NETWORK_MAX_TREE_ENTRIES : gitMaxFiles)
                    .withSshKey(file(gitSshKey, "--git-ssh-key"))
                    .withSshKnownHosts(file(gitKnownHosts, "--git-known-hosts"))
                    .withAllowPrivate(allowGitPrivate);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static Optional<Path> file(String raw, String option) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        Path path = CliSupport.path(raw.strip(), option).toAbsolutePath().normalize();
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new UsageException(option + " " + raw.strip() + ": no such readable file");
        }
        return Optional.of(path);
    }
}
