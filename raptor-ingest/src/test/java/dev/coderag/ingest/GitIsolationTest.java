package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clones a network request starts ({@link GitPolicy#network()}): real git against real local repositories
 * (over {@code file://}, allowed here so no network is needed). Each isolation test first shows that the
 * user's git <em>does</em> follow the planted configuration, so it can fail.
 */
class GitIsolationTest {
    @TempDir
    Path tmp;

    /** The network policy, with file:// let through so a local repository can stand in for a server. */
    private static GitPolicy isolatedOverFile() {
        return GitPolicy.network().withProtocols(Set.of("file"));
    }

    private String origin(String name, String file, byte[] content) throws IOException {
        Path work = GitFixture.init(tmp.resolve(name));
        Files.write(work.resolve(file), content);
        GitFixture.commit(work, "c");
        return work.toUri().toString();
    }

    /** A URL that names nothing; only a rewrite rule in some git config can make it clone. */
    private String decoy() {
        return tmp.resolve("decoy").toUri().toString();
    }

    private Map<String, String> environment(Map<String, String> extra) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        env.putAll(extra);
        return env;
    }

    @Test
    void the_server_users_global_git_config_does_not_reach_an_isolated_clone() throws IOException {
        String real = origin("real", "A.java", "class A {}\n".getBytes());
        Path home = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(home.resolve(".gitconfig"), "[url \"" + real + "\"]\n\tinsteadOf = " + decoy() + "\n");
        Map<String, String> env = environment(Map.of("HOME", home.toString()));

        Path users = tmp.resolve("clones/users");
        GitSource.cloneOrUpdate(decoy(), Optional.empty(), users, true, GitPolicy.LOCAL, env);
        assertThat(users.resolve("A.java")).exists(); // the user's git followed ~/.gitconfig

        Path isolated = tmp.resolve("clones/isolated");
        assertThatThrownBy(() ->
                        GitSource.cloneOrUpdate(decoy(), Optional.empty(), isolated, true, isolatedOverFile(), env))
                .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                        .isEqualTo(IngestException.Reason.CLONE_FAILED));
        assertThat(isolated).doesNotExist();
    }

    @Test
    void git_config_passed_in_the_environment_does_not_reach_an_isolated_clone() throws IOException {
        String real = origin("real", "A.java", "class A {}\n".getBytes());
        Map<String, String> env = environment(Map.of(
                "GIT_CONFIG_COUNT",
                "1",
                "GIT_CONFIG_KEY_0",
                "url." + real + ".insteadOf",
                "GIT_CONFIG_VALUE_0",
                decoy()));

        Path users = tmp.resolve("clones/users");
        GitSource.cloneOrUpdate(decoy(), Optional.empty(), users, true, GitPolicy.LOCAL, env);
        assertThat(users.resolve("A.java")).exists();

        Path isolated = tmp.resolve("clones/isolated");
        assertThatThrownBy(() ->
                        GitSource.cloneOrUpdate(decoy(), Optional.empty(), isolated, true, isolatedOverFile(), env))
                .isInstanceOf(IngestException.class);
        assertThat(isolated).doesNotExist();
    }

    @Test
    void an_isolated_clone_of_an_allowed_source_works() throws IOException {
        String real = origin("real", "A.java", "class A {}\n".getBytes());
        Path clone = tmp.resolve("clones/ok");
        GitSource.cloneOrUpdate(real, Optional.empty(), clone, true, isolatedOverFile(), environment(Map.of()));
        assertThat(clone.resolve("A.java")).hasContent("class A {}");
        // and the update path runs isolated as well
        GitSource.cloneOrUpdate(real, Optional.empty(), clone, true, isolatedOverFile(), environment(Map.of()));
        assertThat(clone.resolve("A.java")).exists();
    }

    @Test
    void a_clone_over_the_size_cap_is_refused_and_deleted() throws IOException {
        byte[] noise = new byte[3_000_000];
        new Random(42).nextBytes(noise); // incompressible: the pack is as large as the file
        String big = origin("big", "blob.bin", noise);

        Path small = tmp.resolve("clones/capped");
        GitPolicy capped = isolatedOverFile().withMaxCloneBytes(1_000_000);
        assertThatThrownBy(() ->
                        GitSource.cloneOrUpdate(big, Optional.empty(), small, true, capped, environment(Map.of())))
                .isInstanceOfSatisfying(IngestException.class, e -> {
                    assertThat(e.reason()).isEqualTo(IngestException.Reason.CLONE_FAILED);
                    assertThat(e.getMessage()).contains("larger than 1 MB");
                });
        assertThat(small).doesNotExist();

        Path roomy = tmp.resolve("clones/roomy");
        GitSource.cloneOrUpdate(
                big, Optional.empty(), roomy, true, capped.withMaxCloneBytes(20_000_000), environment(Map.of()));
        assertThat(roomy.resolve("blob.bin")).exists();
    }

    @Test
    void a_clone_over_the_time_cap_is_killed_and_deleted() throws IOException {
        String real = origin("real", "A.java", "class A {}\n".getBytes());
        Path clone = tmp.resolve("clones/slow");
        GitPolicy hurried = isolatedOverFile().withTimeout(Duration.ofMillis(1));
        assertThatThrownBy(() ->
                        GitSource.cloneOrUpdate(real, Optional.empty(), clone, true, hurried, environment(Map.of())))
                .isInstanceOfSatisfying(
                        IngestException.class, e -> assertThat(e.getMessage()).endsWith(GitClone.UNREACHABLE));
        assertThat(clone).doesNotExist();
    }

    @Test
    void the_network_policy_takes_https_only_and_only_listed_hosts() {
        GitPolicy network = GitPolicy.network();
        GitSource.checkPolicy("https://github.com/o/r.git", network);
        for (String url : new String[] {"ssh://git@github.com/o/r.git", "git@github.com:o/r.git", "file:///srv/r"}) {
            assertThatThrownBy(() -> GitSource.checkPolicy(url, network))
                    .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                            .isEqualTo(IngestException.Reason.BAD_SOURCE))
                    .hasMessageContaining("only over https");
        }
        GitPolicy listed = network.withHosts(Set.of("GitHub.com"));
        GitSource.checkPolicy("https://github.com/o/r.git", listed);
        assertThatThrownBy(() -> GitSource.checkPolicy("https://evil.example/o/r.git", listed))
                .hasMessageContaining("host 'evil.example'");
        // the command line's git keeps every transport validateUrl lets through
        GitSource.checkPolicy("git@github.com:o/r.git", GitPolicy.LOCAL);
    }

    @Test
    void credentials_are_redacted_anywhere_in_a_text() {
        assertThat(RepoSources.redact("https://user:p@ss@example.com/r.git"))
                .isEqualTo("https://***@example.com/r.git");
        assertThat(RepoSources.redact("unable to access 'https://x:tok3n@h.example/r.git/': refused"))
                .isEqualTo("unable to access 'https://***@h.example/r.git/': refused");
        assertThat(RepoSources.redact("https://a:b@h1/x and ssh://c@h2/y"))
                .isEqualTo("https://***@h1/x and ssh://***@h2/y");
        assertThat(RepoSources.redact("/home/me/repo")).isEqualTo("/home/me/repo");
        assertThat(RepoSources.redact("https://h/x?ref=a@b")).isEqualTo("https://h/x?ref=a@b");
    }
}
