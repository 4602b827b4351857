package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Credentials in a git URL ({@code https://user:token@host/…}) reach git through its environment only: never
 * its command line (which {@code ps} shows every local user) and never {@code .git/config}. Real git against
 * real local servers: one that holds every connection open (so the clone stays in the process list while the
 * test looks), and {@code git http-backend} behind Basic authentication.
 */
class GitCredentialsTest {
    @TempDir
    Path tmp;

    private final String secret =
            "S3CRET" + HexFormat.of().toHexDigits(RandomGenerator.getDefault().nextLong());

    /** The command line's git, or the network's with plain http and loopback let through (no TLS in tests). */
    private static GitPolicy policy(String which) {
        return which.equals("local")
                ? GitPolicy.LOCAL
                : GitPolicy.network().withProtocols(Set.of("http")).withAllowPrivate(true);
    }

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        return env;
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "network"})
    void the_process_list_never_shows_a_urls_secret_while_a_clone_runs(String which) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> held = new CopyOnWriteArrayList<>();
            Thread acceptor = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        held.add(server.accept()); // and never answer
                    }
                } catch (IOException e) {
                    // closed: the test is over
                }
            });
            String hostPort = "127.0.0.1:" + server.getLocalPort();
            String url = "http://u:" + secret + "@" + hostPort + "/o/r.git";
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread clone = Thread.ofVirtual().start(() -> {
                try {
                    GitSource.cloneOrUpdate(
                            url, Optional.empty(), tmp.resolve("clone"), false, policy(which), environment());
                } catch (Throwable t) {
                    outcome.set(t);
                }
            });
            List<String> gitLines = new ArrayList<>();
            long deadline = System.nanoTime() + 30_000_000_000L;
            int samplesWhileHeld = 0;
            while (samplesWhileHeld < 5 && System.nanoTime() < deadline) {
                List<String> lines = processList();
                lines.stream().filter(l -> l.contains(hostPort)).forEach(gitLines::add);
                if (!held.isEmpty() && lines.stream().anyMatch(l -> l.contains(hostPort))) {
                    samplesWhileHeld++;
                }
            }
            server.close();
            for (Socket s : held) {
                s.close();
            }
            clone.join();
            acceptor.join();

            assertThat(samplesWhileHeld)
                    .as("git was seen running against the server")
                    .isEqualTo(5);
            assertThat(gitLines).isNotEmpty().noneMatch(l -> l.contains(secret));
            assertThat(outcome.get()).isInstanceOf(IngestException.class);
            assertThat(outcome.get().getMessage()).doesNotContain(secret);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "network"})
    void a_clone_authenticates_with_the_urls_credentials_and_git_config_keeps_none(String which) throws Exception {
        Path work = GitFixture.init(tmp.resolve("work"));
        GitFixture.write(work, "A.java", "class A {}\n");
        GitFixture.commit(work, "first");
        Path served = Files.createDirectories(tmp.resolve("served"));
        GitFixture.git(
                tmp,
                "clone",
                "--bare",
                "-q",
                work.toString(),
                served.resolve("r.git").toString());
        try (GitHttpServer server = new GitHttpServer(served, Optional.of("u:" + secret))) {
            String bare = server.url() + "r.git";
            String url = bare.replace("http://", "http://u:" + secret + "@");
            Path clone = tmp.resolve("clones/r");

            GitSource.cloneOrUpdate(url, Optional.empty(), clone, false, policy(which), environment());

            assertThat(clone.resolve("A.java")).hasContent("class A {}");
            assertThat(Files.readString(clone.resolve(".git/config"))).doesNotContain(secret);
            assertThat(GitFixture.git(clone, "config", "--get", "remote.origin.url")
                            .strip())
                    .isEqualTo(bare);

            // a fetch of the clone authenticates the same way, from the URL the caller passes again
            GitFixture.write(work, "B.java", "class B {}\n");
            GitFixture.commit(work, "second");
            GitFixture.git(work, "push", "-q", served.resolve("r.git").toString(), "HEAD:" + GitFixture.branch(work));
            GitSource.cloneOrUpdate(url, Optional.empty(), clone, false, policy(which), environment());
            assertThat(clone.resolve("B.java")).exists();

            // the server does demand them: the redacted source (what the store records) gets nothing
            String redacted = RepoSources.redact(url);
            assertThatThrownBy(() -> GitSource.cloneOrUpdate(
                            redacted,
                            Optional.empty(),
                            tmp.resolve("clones/anon"),
                            false,
                            policy(which),
                            environment()))
                    .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                            .isEqualTo(IngestException.Reason.CLONE_FAILED));
            assertThat(Files.readString(clone.resolve(".git/config"))).doesNotContain(secret);
        }
    }

    @org.junit.jupiter.api.Test
    void a_clone_that_kept_credentials_in_its_config_loses_them_on_the_next_fetch() throws Exception {
        Path work = GitFixture.init(tmp.resolve("work"));
        GitFixture.write(work, "A.java", "class A {}\n");
        GitFixture.commit(work, "first");
        Path served = Files.createDirectories(tmp.resolve("served"));
        GitFixture.git(
                tmp,
                "clone",
                "--bare",
                "-q",
                work.toString(),
                served.resolve("r.git").toString());
        try (GitHttpServer server = new GitHttpServer(served, Optional.of("u:" + secret))) {
            String url = server.url().replace("http://", "http://u:" + secret + "@") + "r.git";
            Path clone = tmp.resolve("clones/r");
            GitFixture.git(tmp, "clone", "-q", "--depth", "1", url, clone.toString()); // as clones were made before
            assertThat(Files.readString(clone.resolve(".git/config"))).contains(secret);

            GitSource.cloneOrUpdate(url, Optional.empty(), clone, false, policy("network"), environment());

            assertThat(Files.readString(clone.resolve(".git/config"))).doesNotContain(secret);
            assertThat(clone.resolve("A.java")).exists();
        }
    }

    @org.junit.jupiter.api.Test
    void a_urls_user_info_is_split_off_decoded_and_refused_where_git_could_not_take_it_safely() {
        GitRemote r = GitRemote.of("https://me%40corp:p%3Ass+w@git.example:8443/o/r.git");
        assertThat(r.url()).isEqualTo("https://git.example:8443/o/r.git");
        assertThat(r.credentials()).contains(new GitRemote.Credentials("me@corp", "p:ss+w", "git.example:8443"));
        assertThat(r.credentials().orElseThrow().toString()).doesNotContain("p:ss");
        // the redaction marker is no credential: a re-index from the recorded source sends none
        assertThat(GitRemote.of("https://***@git.example/o/r.git"))
                .isEqualTo(new GitRemote("https://git.example/o/r.git", Optional.empty()));
        // ssh keeps its user name and takes no password; scp-like URLs pass as they are
        assertThat(GitRemote.of("ssh://git@h/o/r.git").url()).isEqualTo("ssh://git@h/o/r.git");
        assertThat(GitRemote.of("git@h:o/r.git").url()).isEqualTo("git@h:o/r.git");
        assertThatThrownBy(() -> GitRemote.of("ssh://git:pw@h/o/r.git"))
                .isInstanceOfSatisfying(
                        IngestException.class, e -> assertThat(e.reason()).isEqualTo(IngestException.Reason.BAD_SOURCE))
                .hasMessageNotContaining("pw");
        // refused when the request is checked, before anything is queued
        assertThatThrownBy(() -> Ingester.check(
                        new IngestRequest("ssh://git:pw@h/o/r.git", Optional.empty(), Optional.empty()),
                        IngestOptions.defaults(tmp.resolve("db"))))
                .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                        .isEqualTo(IngestException.Reason.BAD_SOURCE));
        // a newline would add a line of its own to git's credential protocol
        assertThatThrownBy(() -> GitRemote.of("https://u:a%0Ahost=evil@h/o/r.git"))
                .isInstanceOf(IngestException.class);
    }

    private static List<String> processList() throws IOException, InterruptedException {
        Process ps = new ProcessBuilder("ps", "-eo", "args")
                .redirectErrorStream(true)
                .start();
        try (InputStream in = ps.getInputStream()) {
            String out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            ps.waitFor();
            return List.of(out.split("\n"));
        }
    }
}
