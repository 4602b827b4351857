package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.Store;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ingest} and {@code status} end to end: the real model, the real parser, a real store on disk. */
class IngestCliStoreTest {
    private static final int BGE_SMALL_DIMENSION = 384;

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void json_output_follows_the_contract_and_status_reports_the_repo() throws IOException {
        Path repo = tmp.resolve("tinyroute");
        write(
                repo.resolve("src/Calc.java"),
                "class Calc {\n    int add(int a, int b) {\n        return a + b;\n    }\n}\n");
        write(repo.resolve("web/src/route.ts"), "export function route(path: string): string {\n  return path;\n}\n");
        Path db = tmp.resolve("db");
        assertThat(run("ingest", repo.toString(), "--db", db.toString(), "--json"))
                .as(stderr())
                .isZero();
        int firstFiles = json().path("files").path("new").asInt();
        assertThat(firstFiles).isEqualTo(2);

        write(repo.resolve("web/src/extra.ts"), "export function extra(): number {\n  return 1;\n}\n");
        assertThat(run("ingest", repo.toString(), "--name", "tinyroute", "--db", db.toString(), "--json"))
                .as(stderr())
                .isZero();

        JsonNode json = json();
        assertThat(fieldNames(json.get("files"))).contains("new", "changed", "unchanged", "deleted", "skipped");
        assertThat(fieldNames(json.get("chunks"))).contains("inserted", "deleted", "embedded", "reused");
        assertThat(fieldNames(json.get("seconds"))).contains("parse", "embed", "write", "total");
        assertThat(json.get("files").get("new").asInt()).isEqualTo(1);
        assertThat(json.get("files").get("unchanged").asInt()).isEqualTo(firstFiles);
        assertThat(json.get("chunks").get("embedded").asInt()).isEqualTo(1);
        assertThat(json.get("repos").get(0).get("name").asText()).isEqualTo("tinyroute");
        assertThat(stderr()).doesNotContain("Exception");

        assertThat(run("status", "--db", db.toString(), "--json")).isZero();
        JsonNode status = json();
        assertThat(status.get("model").asText()).isEqualTo(EmbeddingModel.DEFAULT.modelId());
        JsonNode r = status.get("repos").get(0);
        assertThat(r.get("name").asText()).isEqualTo("tinyroute");
        assertThat(fieldNames(r)).contains("commit", "indexed_at");
        assertThat(fieldNames(r.get("chunks")))
                .containsExactlyInAnyOrder("code", "readme", "manifest", "module_doc", "commit");
        assertThat(r.get("languages").get("java").asInt()).isPositive();
        assertThat(r.get("branch").asText()).isEmpty();

        // remove: no model needed; the repo is gone and the next remove of it fails with one line
        assertThat(run("remove", "tinyroute", "--db", db.toString()))
                .as(stderr())
                .isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("removed tinyroute");
        assertThat(run("status", "--db", db.toString(), "--json")).isZero();
        assertThat(json().get("repos")).isEmpty();
        assertThat(Files.exists(repo.resolve("src/Calc.java")))
                .as("the source directory stays")
                .isTrue();
        assertThat(run("remove", "tinyroute", "--db", db.toString())).isEqualTo(1);
        assertThat(stderr()).contains("no repository named 'tinyroute'").doesNotContain("Exception");
    }

    @Test
    void a_new_store_gets_the_default_model_and_an_existing_one_keeps_its_own() throws IOException {
        Path small = tmp.resolve("small");
        write(
                small.resolve("Calc.java"),
                "class Calc {\n    int add(int a, int b) {\n        return a + b;\n    }\n}\n");
        Path fresh = tmp.resolve("fresh");
        assertThat(run("ingest", small.toString(), "--db", fresh.toString()))
                .as(stderr())
                .isZero();
        assertThat(Store.storedModelId(fresh)).contains(EmbeddingModel.BGE_SMALL_INT8.modelId());

        Path older = tmp.resolve("older");
        Store.open(older, EmbeddingModel.BGE_SMALL_FP32.modelId(), BGE_SMALL_DIMENSION)
                .close();
        assertThat(run("ingest", small.toString(), "--db", older.toString()))
                .as(stderr())
                .isZero();
        assertThat(Store.storedModelId(older)).contains(EmbeddingModel.BGE_SMALL_FP32.modelId());
        try (Store store = Store.open(older, EmbeddingModel.BGE_SMALL_FP32.modelId(), BGE_SMALL_DIMENSION)) {
            assertThat(store.files().entries("small")).containsOnlyKeys("Calc.java");
        }
    }

    @Test
    void refuses_a_store_of_another_model_without_full_and_rebuilds_it_with_full() throws IOException {
        Path db = tmp.resolve("other-store");
        Store.open(db, "some/other-model", BGE_SMALL_DIMENSION).close();
        Path small = tmp.resolve("small");
        write(
                small.resolve("Calc.java"),
                "class Calc {\n    int add(int a, int b) {\n        return a + b;\n    }\n}\n");

        assertThat(run("ingest", small.toString(), "--db", db.toString())).isEqualTo(1);
        assertThat(stderr())
                .startsWith("error: the store in " + db + " was built with model some/other-model")
                .contains("--full")
                .hasLineCount(1);

        err.reset();
        assertThat(run("ingest", small.toString(), "--full", "--json", "--db", db.toString()))
                .as(stderr())
                .isZero();
        assertThat(Store.storedModelId(db)).contains(EmbeddingModel.DEFAULT.modelId());
        try (Store store = Store.open(db, EmbeddingModel.DEFAULT.modelId(), BGE_SMALL_DIMENSION)) {
            assertThat(store.files().entries("small")).containsOnlyKeys("Calc.java");
        }
    }

    private int run(String... args) {
        out.reset();
        return IngestCli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private JsonNode json() throws IOException {
        return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
