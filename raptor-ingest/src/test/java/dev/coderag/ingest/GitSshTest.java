package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ssh an isolated git runs uses no identity, agent or known-hosts file of the server user's — OpenSSH finds
 * {@code ~/.ssh} through the password database whatever {@code HOME} says — only the operator's key and
 * known-hosts file. Checked with the real ssh ({@code ssh -G} prints the configuration it would use) and with
 * real git running a recording {@code ssh} first on its {@code PATH}.
 */
class GitSshTest {
    @TempDir
    Path tmp;

    private static final String USERS_SSH_DIR = System.getProperty("user.home") + "/.ssh";

    /** What ssh would use for {@code host} when started as the isolated git starts it. */
    private static List<String> effectiveConfig(String sshCommand) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", sshCommand + " -G git.example.com")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("ssh -G: " + out).isZero();
        return out.lines().toList();
    }

    @Test
    void the_isolated_ssh_reads_no_identity_or_known_hosts_of_the_server_user() throws Exception {
        List<String> config = effectiveConfig(GitSsh.command(GitPolicy.network(), Optional.empty()));

        assertThat(config).contains("identityfile none", "identityagent none", "identitiesonly yes");
        assertThat(config).contains("userknownhostsfile /dev/null", "globalknownhostsfile /dev/null");
        assertThat(config).contains("stricthostkeychecking true", "batchmode yes");
        assertThat(config).noneMatch(l -> l.contains("~/.ssh") || l.contains(USERS_SSH_DIR));
    }

    @Test
    void the_operators_key_and_known_hosts_are_the_only_ones_even_with_spaces_quotes_and_percent_signs()
            throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("it's a dir %d"));
        Path key = Files.writeString(dir.resolve("id key"), "not really a key\n");
        Path known = Files.writeString(dir.resolve("known hosts"), "");
        GitPolicy policy = GitPolicy.network()
                .withProtocols(Set.of("ssh"))
                .withSshKey(Optional.of(key))
                .withSshKnownHosts(Optional.of(known));

        List<String> config = effectiveConfig(GitSsh.command(policy, Optional.empty()));

        // ssh -G prints values before expanding %-tokens: %% is the escaped %
        String printed = dir.toString().replace("%", "%%");
        assertThat(config)
                .filteredOn(l -> l.startsWith("identityfile "))
                .containsExactly("identityfile " + printed + "/id key");
        assertThat(config).contains("userknownhostsfile " + dir + "/known hosts", "globalknownhostsfile /dev/null");
        assertThat(config).noneMatch(l -> l.contains(USERS_SSH_DIR));
    }

    @Test
    void a_pinned_ssh_connects_to_the_checked_address_and_checks_the_key_under_the_urls_host() throws Exception {
        List<String> config = effectiveConfig(
                GitSsh.command(GitPolicy.network(), Optional.of(new GitSsh.Pin("git.example.com", "192.0.2.7"))));
        assertThat(config).contains("hostname 192.0.2.7", "hostkeyalias git.example.com");
    }

    @Test
    void git_hands_the_isolated_options_to_ssh() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path recorded = tmp.resolve("ssh-args");
        Path fake = bin.resolve("ssh");
        Files.writeString(
                fake, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + recorded + "'\nexit 1\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        env.put("PATH", bin + ":" + env.get("PATH"));
        Path key = Files.writeString(tmp.resolve("operator key"), "k\n");
        GitPolicy policy = GitPolicy.network().withProtocols(Set.of("ssh")).withSshKey(Optional.of(key));

        GitProcess git = new GitProcess(false, policy, env);
        GitSource.Result r =
                git.run(null, java.time.Duration.ofSeconds(60), null, "ls-remote", "--", "ssh://git@192.0.2.1/o/r.git");

        assertThat(r.ok()).isFalse();
        List<String> args = Files.readAllLines(recorded);
        assertThat(args).contains("-F", "/dev/null", "IdentityFile=\"" + key + "\"", "IdentitiesOnly=yes");
        assertThat(args).contains("UserKnownHostsFile=/dev/null", "IdentityAgent=none", "StrictHostKeyChecking=yes");
        assertThat(args).contains("git@192.0.2.1");
    }

    @Test
    void paths_that_no_quoting_carries_to_ssh_are_refused() {
        assertThatThrownBy(() -> GitPolicy.network().withSshKey(Optional.of(Path.of("/keys/a\"b"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ssh key");
        assertThatThrownBy(() -> GitPolicy.network().withSshKnownHosts(Optional.of(Path.of("relative/known"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absolute");
    }
}
