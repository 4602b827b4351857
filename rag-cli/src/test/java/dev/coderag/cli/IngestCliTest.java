package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's contract for failures and help; runs without a model or a store. */
class IngestCliTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void nonexistent_path_fails_with_exit_1_and_one_line() {
        int code = run(
                "ingest",
                tmp.resolve("nope").toString(),
                "--db",
                tmp.resolve("db").toString());

        assertThat(code).isEqualTo(1);
        assertThat(stderr()).isEqualTo("error: no such directory: " + tmp.resolve("nope") + "\n");
        assertThat(stdout()).isEmpty();
        assertThat(tmp.resolve("db")).doesNotExist();
    }

    @Test
    void refused_git_url_fails_with_one_line() {
        int code = run(
                "ingest", "ext::sh -c touch% /tmp/x", "--db", tmp.resolve("db").toString());

        assertThat(code).isEqualTo(1);
        assertThat(stderr().lines().toList()).hasSize(1).first().asString().startsWith("error: refusing git URL");
    }

    @Test
    void unknown_model_is_a_usage_error() {
        int code = run(
                "ingest",
                tmp.toString(),
                "--model",
                "fp64",
                "--db",
                tmp.resolve("db").toString());

        assertThat(code).isEqualTo(2);
        assertThat(stderr()).startsWith("error: unknown embedding model 'fp64'");
    }

    @Test
    void unknown_option_is_a_usage_error_with_a_hint() {
        int code = run("ingest", "--frobnicate", tmp.toString());

        assertThat(code).isEqualTo(2);
        assertThat(stderr()).contains("--frobnicate").contains("--help").doesNotContain("\tat ");
    }

    @Test
    void every_command_has_help() {
        assertThat(run("--help")).isZero();
        assertThat(stdout()).contains("ingest").contains("status");
        out.reset();
        assertThat(run("ingest", "--help")).isZero();
        assertThat(stdout())
                .contains(
                        "--db",
                        "--name",
                        "--branch",
                        "--full",
                        "--dry-run",
                        "--json",
                        "--model",
                        "--max-file-size",
                        "--plain-text",
                        "RAG_DB",
                        "RAG_MODEL");
        out.reset();
        assertThat(run("status", "--help")).isZero();
        assertThat(stdout()).contains("--db", "--json");
    }

    @Test
    void a_source_without_a_usable_name_asks_for_one() {
        int code = run("ingest", "/", "--db", tmp.resolve("db").toString());

        assertThat(code).isEqualTo(1);
        assertThat(stderr()).isEqualTo("error: cannot derive a repo name from /; pass --name\n");
    }

    @Test
    void an_invalid_name_is_refused_with_the_rule() {
        int code = run(
                "ingest",
                tmp.toString(),
                "--name",
                "-bad",
                "--db",
                tmp.resolve("db").toString());

        assertThat(code).isEqualTo(1);
        assertThat(stderr())
                .isEqualTo("error: bad repo name '-bad': use letters, digits, '.', '_' and '-' (at most 100)\n");
    }

    @Test
    void status_without_a_store_says_so_in_one_line() {
        int code = run("status", "--db", tmp.resolve("empty").toString());

        assertThat(code).isEqualTo(1);
        assertThat(stderr()).startsWith("error: no store in ").endsWith(")\n");
        assertThat(stderr().lines()).hasSize(1);
    }

    private int run(String... args) {
        return IngestCli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
