package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where a clone the network asks for may connect: never to loopback, private or link-local addresses unless the
 * operator allows them, checked before git runs and pinned so that DNS cannot answer differently afterwards; and
 * whatever listens (or does not) at an allowed address, the client reads the same one line. Real git, real
 * sockets on loopback.
 */
class GitDestinationTest {
    @TempDir
    Path tmp;

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        return env;
    }

    @Test
    void a_loopback_target_is_refused_before_git_connects() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            for (String url : List.of(
                    "https://127.0.0.1:" + port + "/o/r.git",
                    "https://localhost:" + port + "/o/r.git",
                    "https://[::ffff:127.0.0.1]:" + port + "/o/r.git")) {
                Path clone = tmp.resolve("clones/r");
                assertThatThrownBy(() -> GitSource.cloneOrUpdate(
                                url, Optional.empty(), clone, false, GitPolicy.network(), environment()))
                        .as(url)
                        .isInstanceOfSatisfying(IngestException.class, e -> {
                            assertThat(e.reason()).isEqualTo(IngestException.Reason.BAD_SOURCE);
                            assertThat(e.getMessage())
                                    .contains("--allow-git-private")
                                    .doesNotContain("\n");
                        });
                assertThat(clone).doesNotExist();
            }
            server.setSoTimeout(300); // proving an absence: nothing connected while the clones were refused
            assertThatThrownBy(server::accept).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "10.1.2.3",
                "172.16.0.1",
                "172.31.255.255",
                "192.168.1.1",
                "169.254.169.254",
                "100.64.0.1",
                "0.0.0.0",
                "224.0.0.1",
                "255.255.255.255",
                "::1",
                "::",
                "fe80::1",
                "fc00::1",
                "fd12:3456::1",
                "ff02::1",
                "::ffff:10.0.0.1",
                "64:ff9b::a9fe:a9fe",
                "2002:c0a8:0101::1"
            })
    void non_public_addresses_are_not_public(String address) throws UnknownHostException {
        assertThat(GitDestination.isPublic(InetAddress.getByName(address))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"140.82.121.3", "172.32.0.1", "100.128.0.1", "8.8.8.8", "2606:4700::1111"})
    void public_addresses_are_public(String address) throws UnknownHostException {
        assertThat(GitDestination.isPublic(InetAddress.getByName(address))).isTrue();
    }

    @Test
    void every_address_a_name_resolves_to_must_be_public() {
        GitDestination.Resolver both =
                host -> new InetAddress[] {InetAddress.getByName("140.82.121.3"), InetAddress.getByName("10.0.0.5")};
        assertThatThrownBy(() -> GitDestination.check("https://git.example/o/r.git", GitPolicy.network(), both))
                .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                        .isEqualTo(IngestException.Reason.BAD_SOURCE));
    }

    @Test
    void git_connects_to_the_address_that_was_checked_not_to_a_second_dns_answer() throws IOException {
        Path work = GitFixture.init(tmp.resolve("work"));
        GitFixture.write(work, "A.java", "class A {}\n");
        GitFixture.commit(work, "c");
        Path served = Files.createDirectories(tmp.resolve("served"));
        GitFixture.git(
                tmp,
                "clone",
                "--bare",
                "-q",
                work.toString(),
                served.resolve("r.git").toString());
        try (GitHttpServer server = new GitHttpServer(served, Optional.empty())) {
            // a name no DNS knows: only the pin the check made can take curl to the server
            String url = server.url().replace("127.0.0.1", "pinned.invalid") + "r.git";
            GitDestination.Resolver checked = host -> new InetAddress[] {InetAddress.getLoopbackAddress()};
            GitPolicy policy = GitPolicy.network().withProtocols(Set.of("http")).withAllowPrivate(true);
            Path clone = tmp.resolve("clones/r");

            GitClone.cloneOrUpdate(url, Optional.empty(), clone, false, policy, environment(), checked);

            assertThat(clone.resolve("A.java")).hasContent("class A {}");
        }
    }

    @Test
    void a_closed_port_an_open_port_without_git_a_timeout_and_an_http_error_read_the_same() throws Exception {
        GitPolicy allowed = GitPolicy.network()
                .withProtocols(Set.of("http"))
                .withAllowPrivate(true)
                .withTimeout(Duration.ofSeconds(3));
        int closed;
        try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        List<Socket> held = new CopyOnWriteArrayList<>();
        try (ServerSocket noGit = listen(s -> {
                    try (s;
                            OutputStream out = s.getOutputStream()) {
                        out.write("SSH-2.0-OpenSSH_9.2\r\n".getBytes(StandardCharsets.US_ASCII));
                    }
                });
                ServerSocket silent = listen(held::add);
                GitHttpServer http =
                        new GitHttpServer(Files.createDirectories(tmp.resolve("none")), Optional.empty())) {
            List<String> urls = List.of(
                    "http://127.0.0.1:" + closed + "/o/r.git",
                    "http://127.0.0.1:" + noGit.getLocalPort() + "/o/r.git",
                    "http://127.0.0.1:" + silent.getLocalPort() + "/o/r.git",
                    http.url() + "missing.git");
            List<String> messages = new java.util.ArrayList<>();
            for (String url : urls) {
                Path clone = tmp.resolve("clones/" + messages.size());
                try {
                    GitSource.cloneOrUpdate(url, Optional.empty(), clone, false, allowed, environment());
                    messages.add("cloned?");
                } catch (IngestException e) {
                    assertThat(e.reason()).isEqualTo(IngestException.Reason.CLONE_FAILED);
                    messages.add(e.getMessage().replace(url, "URL"));
                }
                assertThat(clone).doesNotExist();
            }
            assertThat(messages).as(String.join("\n", messages)).containsOnly(messages.getFirst());
            assertThat(messages.getFirst())
                    .startsWith("git clone of URL failed: ")
                    .doesNotContain("\n");
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    private interface Handler {
        void handle(Socket s) throws IOException;
    }

    /** A loopback server that hands each connection to {@code handler} until closed. */
    private static ServerSocket listen(Handler handler) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    handler.handle(server.accept());
                }
            } catch (IOException e) {
                // closed: the test is over
            }
        });
        return server;
    }
}
