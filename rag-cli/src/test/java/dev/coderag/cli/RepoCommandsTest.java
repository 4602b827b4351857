package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./rag reindex} and {@code ./rag skipped} through {@link Main}, end to end: the real model and parser, a
 * real store on disk, a repository indexed by {@code ingest} first.
 */
class RepoCommandsTest {
    private static final String CALC = "class Calc {\n    int add(int a, int b) {\n        return a + b;\n    }\n}\n";

    @TempDir
    Path tmp;

    private Path repo;
    private Path db;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void an_indexed_repository_with_skipped_files() throws IOException {
        repo = tmp.resolve("tinyroute");
        write(repo.resolve("src/Calc.java"), CALC);
        write(repo.resolve("web/route.ts"), "export function route(path: string): string {\n  return path;\n}\n");
        Files.write(repo.resolve("src/blob.py"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13, 0, 1});
        write(repo.resolve("notes.unknownext"), "just some notes\n");
        db = tmp.resolve("db");
        assertThat(run("ingest", repo.toString(), "--db", db.toString()))
                .as(stderr())
                .isZero();
        err.reset();
    }

    @Test
    void reindex_indexes_a_repository_again_from_its_recorded_source_incrementally() throws IOException {
        write(repo.resolve("src/Calc.java"), CALC.replace("a + b", "b + a"));
        write(repo.resolve("src/Extra.java"), "class Extra {\n    int one() {\n        return 1;\n    }\n}\n");

        assertThat(run("reindex", "tinyroute", "--db", db.toString(), "--json"))
                .as(stderr())
                .isZero();

        JsonNode summary = json();
        assertThat(summary.path("repos").get(0).path("name").asText()).isEqualTo("tinyroute");
        assertThat(summary.path("files").path("new").asInt()).isEqualTo(1);
        assertThat(summary.path("files").path("changed").asInt()).isEqualTo(1);
        assertThat(summary.path("files").path("unchanged").asInt()).isEqualTo(1);
        try (Store store = Store.open(db, EmbeddingModel.DEFAULT.modelId(), 384)) {
            assertThat(store.files().entries("tinyroute")).containsKeys("src/Calc.java", "src/Extra.java");
            assertThat(store.repos().list()).hasSize(1); // under its own name, not a second repository
        }

        assertThat(run("reindex", "tinyroute", "--db", db.toString(), "--json"))
                .as(stderr())
                .isZero();
        assertThat(json().path("files").path("unchanged").asInt()).isEqualTo(3);
        assertThat(json().path("chunks").path("embedded").asInt()).isZero();
    }

    @Test
    void an_unknown_name_or_one_without_a_recorded_source_fails_on_one_line_before_anything_is_indexed()
            throws IOException {
        write(repo.resolve("src/Extra.java"), "class Extra {\n}\n");

        assertThat(run("reindex", "tinyroute", "nope", "--db", db.toString())).isEqualTo(1);
        assertThat(stderr()).isEqualTo("error: no repository named 'nope' in " + db + " (indexed: tinyroute)\n");
        try (Store store = Store.open(db, EmbeddingModel.DEFAULT.modelId(), 384)) {
            assertThat(store.files().entries("tinyroute")).doesNotContainKey("src/Extra.java");
            try (WriteTransaction tx = store.begin()) {
                tx.putRepo(new RepoRecord("legacy", "", "", Instant.now()));
                tx.commit();
            }
        }

        err.reset();
        assertThat(run("reindex", "legacy", "--db", db.toString())).isEqualTo(1);
        assertThat(stderr())
                .isEqualTo("error: repository 'legacy' has no recorded source to index again; ingest it with a path"
                        + " or URL\n");

        err.reset();
        assertThat(run("reindex", "tinyroute", "--db", tmp.resolve("no-store").toString()))
                .isEqualTo(1);
        assertThat(stderr()).startsWith("error: no store in ").hasLineCount(1);
        err.reset();
        assertThat(run("reindex", "--db", db.toString())).isEqualTo(2);
        assertThat(stderr()).contains("NAME");
    }

    @Test
    void skipped_lists_the_left_out_files_with_why_as_a_table_or_as_the_apis_json() throws IOException {
        assertThat(run("skipped", "tinyroute", "--db", db.toString()))
                .as(stderr())
                .isZero();
        String table = stdout();
        assertThat(table.lines().findFirst().orElseThrow()).matches("PATH +REASON");
        assertThat(table)
                .containsPattern("src/blob\\.py +binary\n")
                .containsPattern("notes\\.unknownext +unsupported\n")
                .endsWith("2 files skipped by the last ingest of tinyroute.\n")
                .doesNotContain("Calc.java");

        assertThat(run("skipped", "tinyroute", "--json", "--db", db.toString())).isZero();
        JsonNode json = json();
        assertThat(json.path("name").asText()).isEqualTo("tinyroute");
        assertThat(json.path("skipped").toString())
                .isEqualTo("[{\"path\":\"notes.unknownext\",\"reason\":\"unsupported\"},"
                        + "{\"path\":\"src/blob.py\",\"reason\":\"binary\"}]");

        assertThat(run("skipped", "nope", "--db", db.toString())).isEqualTo(1);
        assertThat(stderr()).isEqualTo("error: no repository named 'nope' in " + db + " (indexed: tinyroute)\n");
    }

    @Test
    void a_repository_that_skipped_nothing_says_so_and_a_hostile_path_prints_without_control_characters() {
        assertThat(RepoCommands.skippedTable("r", java.util.List.of()))
                .isEqualTo("The last ingest of r skipped no files.\n");
        String table = RepoCommands.skippedTable(
                "r", java.util.List.of(new dev.coderag.store.SkippedFile("evil\n\u001b[2Jname.bin", "binary")));
        assertThat(table).contains("evil??[2Jname.bin  binary\n").doesNotContain("\u001b");
        assertThat(table.lines()).hasSize(3);
    }

    @Test
    void both_commands_have_help() {
        assertThat(run("reindex", "--help")).isZero();
        assertThat(stdout())
                .startsWith("Usage: raptor-ingest reindex")
                .contains("recorded")
                .contains("Exit codes");
        assertThat(run("skipped", "--help")).isZero();
        assertThat(stdout())
                .startsWith("Usage: raptor-ingest skipped")
                .contains("--json")
                .contains("Exit codes");
    }

    private int run(String... args) {
        out.reset();
        return Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private JsonNode json() throws IOException {
        return new ObjectMapper().readTree(stdout());
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
