package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one clear line and exit code 2 before anything heavy (model, store) is loaded. */
class EvalCliTest {
    @TempDir
    Path tmp;

    private record Run(int code, String out, String err) {}

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = EvalCli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path queries() throws Exception {
        Path q = tmp.resolve("q.jsonl");
        Files.writeString(q, "{\"id\": \"a\", \"query\": \"q\", \"gold_files\": [\"A.java\"]}\n");
        return q;
    }

    @Test
    void unknown_mode_is_a_usage_error_naming_the_choices() throws Exception {
        Run r = run("--queries", queries().toString(), "--corpus", tmp.toString(), "--mode", "semantic");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("error: unknown mode 'semantic' (choose vector, lexical, hybrid, full or all)");
    }

    @Test
    void unknown_model_is_a_usage_error() throws Exception {
        Run r = run("--queries", queries().toString(), "--corpus", tmp.toString(), "--model", "fp16");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("error: unknown embedding model 'fp16'");
    }

    @Test
    void missing_corpus_is_one_line() throws Exception {
        Run r = run(
                "--queries",
                queries().toString(),
                "--corpus",
                tmp.resolve("nope").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("error: corpus is not a directory: " + tmp.resolve("nope"));
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void malformed_query_file_fails_with_its_line_and_no_stack_trace() throws Exception {
        Path q = tmp.resolve("bad.jsonl");
        Files.writeString(q, "{\"id\": \"a\"}\n");
        Run r = run("--queries", q.toString(), "--corpus", tmp.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("error: " + q + ":1: missing or empty string field 'query'");
    }

    @Test
    void lexical_only_refuses_the_modes_that_need_vectors() throws Exception {
        Run r = run("--queries", queries().toString(), "--corpus", tmp.toString(), "--lexical-only", "--mode", "full");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("error: --lexical-only measures the lexical mode only; drop --mode full");
    }

    private Path historyQuestions() throws Exception {
        Path q = tmp.resolve("h.jsonl");
        Files.writeString(
                q,
                "{\"id\": \"d-added-01\", \"repo\": \"d\", \"kind\": \"added\", \"question\": \"When?\","
                        + " \"gold\": [\"" + "a".repeat(40) + "\"], \"position\": 0}\n");
        return q;
    }

    @Test
    void history_questions_are_asked_in_full_mode_only() throws Exception {
        Run r = run("--queries", historyQuestions().toString(), "--corpus", tmp.toString(), "--mode", "hybrid");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("error: history questions are asked in full mode only; drop --mode hybrid");
        Run lexical = run("--queries", historyQuestions().toString(), "--corpus", tmp.toString(), "--lexical-only");
        assertThat(lexical.code()).isEqualTo(2);
        assertThat(lexical.err().strip())
                .isEqualTo("error: history questions are asked in full mode; drop --lexical-only");
    }

    @Test
    void required_options_are_named() {
        Run r = run("--corpus", tmp.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--queries");
    }

    @Test
    void the_launcher_may_pass_the_command_name_first() throws Exception {
        Run r = run("eval", "--queries", queries().toString(), "--corpus", tmp.toString(), "--mode", "semantic");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("error: unknown mode 'semantic'");
    }

    @Test
    void help_lists_every_option() {
        Run r = run("--help");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(
                        "--queries",
                        "--corpus",
                        "--db",
                        "--model",
                        "--mode",
                        "--k",
                        "--out",
                        "--json",
                        "--limit-queries");
    }
}
