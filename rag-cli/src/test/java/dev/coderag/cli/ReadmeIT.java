package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's commands, run as written. Every line of its {@code ```sh} blocks is either run here (with
 * RAG_DB pointing at the fixture store and the README's http://127.0.0.1:3000 pointing at a live server on
 * a free port) or named here as covered elsewhere; a new command that is neither fails this test.
 */
class ReadmeIT {
    private static final Path README = Proc.ROOT.resolve("README.md");
    private static final Duration T = Duration.ofMinutes(3);
    private static final Pattern ASSIGNMENT = Pattern.compile("^([A-Z_][A-Z0-9_]*)=(\\S*)\\s+");

    /**
     * Commands another test runs: UpIT, .ci/run, DockerEntrypointIT; the SolrCloud ones rag-solr-it's SolrCliIT
     * (they need a cluster).
     */
    private static final List<String> COVERED_ELSEWHERE = List.of(
            "./rag up",
            "./mvnw verify",
            "docker compose -f docker/docker-compose",
            "./rag dev-cluster ",
            "export RAG_STORE=",
            "export RAG_SOLR_AUTH=",
            "./rag migrate --from .rag --to \"$RAG_STORE\"",
            "./rag ingest ~/src/my-project && ./rag serve");

    @TempDir
    static Path tmp;

    static Path db;
    static Proc server;
    static String url;
    static Path home;

    @BeforeAll
    static void serve_the_fixture_store() {
        db = Proc.copyTree(Proc.sharedStore().db(), tmp.resolve("store"));
        // as a new user runs it: with the token the server keeps in ~/.config/coderag/token, which the README's
        // commands read (their ~ is this temporary home)
        home = tmp.resolve("home");
        server = Proc.rag(
                tmp,
                Map.of(
                        "RAG_DB",
                        db.toString(),
                        "RAG_PORT",
                        "0",
                        "RAG_NO_TOKEN",
                        "",
                        "XDG_CONFIG_HOME",
                        home.resolve(".config").toString()),
                "serve");
        url = server.awaitUrl(T);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.terminate(Duration.ofSeconds(30));
        }
    }

    @Test
    void the_first_commands_are_rag_up_then_mvnw_verify() throws IOException {
        assertThat(commands().subList(0, 2)).containsExactly("./rag up", "./mvnw verify");
    }

    @Test
    void every_readme_command_runs_as_written() throws IOException {
        List<String> commands = commands();
        assertThat(commands).hasSizeGreaterThan(5);
        for (String command : commands) {
            if (COVERED_ELSEWHERE.stream().anyMatch(command::startsWith)) {
                continue;
            }
            Map<String, String> env = new LinkedHashMap<>(Map.of("RAG_DB", db.toString(), "RAG_PORT", "0"));
            String rest = command;
            for (Matcher m = ASSIGNMENT.matcher(rest); m.find(); m = ASSIGNMENT.matcher(rest)) {
                env.put(m.group(1), m.group(2));
                rest = rest.substring(m.end());
            }
            if (rest.startsWith("./rag serve")) {
                runServe(command, rest, env);
            } else if (rest.startsWith("./rag ")) {
                Proc.Result r = sh(rest, env);
                assertThat(r.exitCode()).as(command + "\n" + r.err()).isZero();
                assertThat(r.out()).as(command).isNotBlank();
                if (rest.contains("--json")) {
                    new ObjectMapper().readTree(r.out());
                }
            } else if (rest.startsWith("curl ")) {
                assertThat(rest).as(command).contains("http://127.0.0.1:3000/");
                Map<String, String> client = new LinkedHashMap<>(env);
                client.put("HOME", home.toString()); // where the server's token is
                Proc.Result r = sh(rest.replace("http://127.0.0.1:3000", url), client);
                assertThat(r.exitCode()).as(command + "\n" + r.err()).isZero();
                assertThat(new ObjectMapper().readTree(r.out()).isObject())
                        .as(command + " answers a JSON object")
                        .isTrue();
            } else {
                throw new AssertionError("README command that no test runs: " + command);
            }
        }
    }

    /** Starts a README serve command on a free port and checks it serves with the provider it names. */
    private static void runServe(String command, String rest, Map<String, String> env) {
        try (Proc p = Proc.start(List.of("/bin/sh", "-c", "exec " + rest), Proc.ROOT, env, false)) {
            String line = p.awaitLine(l -> l.startsWith("coderag is serving "), T);
            String provider = env.getOrDefault("RAG_LLM", "none");
            assertThat(line).as(command).contains("answers: " + (provider.equals("none") ? "extractive" : provider));
            p.terminate(Duration.ofSeconds(30));
        }
    }

    private static Proc.Result sh(String command, Map<String, String> env) {
        try (Proc p = Proc.start(List.of("/bin/sh", "-c", command), Proc.ROOT, env, false)) {
            return p.await(T);
        }
    }

    /** The lines of README.md's ```sh blocks, continuations joined, comments and blank lines dropped. */
    static List<String> commands() throws IOException {
        List<String> commands = new ArrayList<>();
        boolean inSh = false;
        StringBuilder current = new StringBuilder();
        for (String line : Files.readAllLines(README)) {
            if (!inSh) {
                inSh = line.strip().equals("```sh");
                continue;
            }
            if (line.strip().equals("```")) {
                inSh = false;
                continue;
            }
            String l = line.strip();
            if (l.endsWith("\\")) {
                current.append(l, 0, l.length() - 1);
                continue;
            }
            current.append(l);
            String command = current.toString().strip();
            current.setLength(0);
            if (!command.isEmpty() && !command.startsWith("#")) {
                commands.add(command);
            }
        }
        return commands;
    }
}
