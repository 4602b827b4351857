package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ./rag script itself: help, errors, and finding a Java >= 21 on a machine whose default is older. */
class LauncherIT {
    private static final Duration T = Duration.ofMinutes(1);

    @TempDir
    Path tmp;

    @Test
    void help_lists_every_command_from_any_directory() {
        Proc.Result r = Proc.runRag(tmp, Map.of(), T, "--help");

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: ./rag <command>", "  up [PATH|URL ...]", "  ask \"question\"");
    }

    @Test
    void every_command_has_help() {
        for (String command : new String[] {"up", "ingest", "status", "reindex", "skipped", "serve", "ask", "eval"}) {
            Proc.Result r = Proc.runRag(tmp, Map.of(), T, command, "--help");
            assertThat(r.exitCode()).as(command + " --help: " + r.err()).isZero();
            assertThat(r.out()).as(command).containsIgnoringCase("usage");
        }
    }

    @Test
    void unknown_command_is_one_line_on_stderr_and_exit_code_2() {
        Proc.Result r = Proc.runRag(tmp, Map.of(), T, "frobnicate");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines().filter(l -> !l.startsWith("WARNING: Using incubator modules")))
                .containsExactly(
                        "rag: unknown command 'frobnicate' (commands: up, ingest, status, reindex, skipped, remove, serve, ask, mcp, eval, migrate, dev-cluster; ./rag --help)");
    }

    @Test
    void an_old_java_home_is_passed_over_for_a_newer_jdk_with_a_note() throws IOException {
        Path old = oldJdk();
        assumeThat(old).as("no JDK older than 21 on this machine").isNotNull();

        Proc.Result r = Proc.runRag(tmp, Map.of("JAVA_HOME", old.toString()), T, "--help");

        assertThat(r.exitCode()).isZero();
        assertThat(r.err()).contains("coderag: JAVA_HOME=" + old + " is not a JDK 21+; using ");
    }

    @Test
    void no_java_21_anywhere_is_a_clear_one_line_message() throws IOException {
        // A PATH with only the tools the script needs (no java), an empty JVM directory and a bogus JAVA_HOME.
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : new String[] {"sh", "dirname", "sed", "find", "head", "touch"}) {
            Path real = Path.of("/usr/bin", tool);
            Files.createSymbolicLink(bin.resolve(tool), Files.exists(real) ? real : Path.of("/bin", tool));
        }
        Path empty = Files.createDirectories(tmp.resolve("jvm"));

        Proc.Result r = Proc.runRag(
                tmp,
                Map.of(
                        "PATH",
                        bin.toString(),
                        "JAVA_HOME",
                        tmp.resolve("nope").toString(),
                        "RAG_JVM_DIRS",
                        empty.toString()),
                T,
                "--help");

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines())
                .singleElement()
                .asString()
                .startsWith("coderag needs Java 21 or newer and found none");
    }

    /** A JDK older than 21 under /usr/lib/jvm (these machines have 17 as the default java), or null. */
    private static Path oldJdk() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        try (var dirs = Files.list(jvms)) {
            return dirs.filter(d -> Files.isExecutable(d.resolve("bin/java")))
                    .filter(d -> release(d).matches("(1\\.[0-9]|1[0-9]|20)(\\..*)?"))
                    .findFirst()
                    .orElse(null);
        }
    }

    private static String release(Path home) {
        try {
            return Files.readAllLines(home.resolve("release")).stream()
                    .filter(l -> l.startsWith("JAVA_VERSION="))
                    .map(l -> l.substring("JAVA_VERSION=".length()).replace("\"", ""))
                    .findFirst()
                    .orElse("");
        } catch (IOException e) {
            return "";
        }
    }
}
