package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void no_arguments_and_help_print_the_usage_listing_every_command() {
        assertThat(run()).isZero();
        assertThat(run("--help")).isZero();

        String usage = out.toString(StandardCharsets.UTF_8);
        for (String command :
                new String[] {"up", "ingest", "status", "reindex", "skipped", "remove", "serve", "ask", "eval"}) {
            assertThat(usage).contains("\n  " + command + " ");
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void unknown_command_is_a_one_line_error_with_exit_code_2() {
        assertThat(run("serv", "--port", "1")).isEqualTo(2);

        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "rag: unknown command 'serv' (commands: up, ingest, status, reindex, skipped, remove, serve, ask, mcp, eval,"
                                + " migrate, dev-cluster; ./rag --help)"
                                + System.lineSeparator());
    }

    @Test
    void up_help_and_up_usage_errors_run_nothing() {
        assertThat(run("up", "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: ./rag up [PATH|URL ...]");

        assertThat(run("up", "--bogus")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("rag up: unknown option '--bogus' (./rag up --help)" + System.lineSeparator());
    }

    @Test
    void up_with_a_path_that_does_not_exist_fails_before_serving_with_one_line(@TempDir Path tmp) {
        Path missing = tmp.resolve("no-such-repo");
        assertThat(run("up", missing.toString(), "--db", tmp.resolve("store").toString(), "--port", "0"))
                .isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("error: no such directory: " + missing + System.lineSeparator());
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("serving");
        assertThat(tmp.resolve("store")).doesNotExist();
    }
}
