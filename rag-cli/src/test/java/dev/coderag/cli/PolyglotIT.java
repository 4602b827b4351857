package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A repository in Kotlin, C#, C, C++ and shell with a Gradle (Kotlin DSL) build, a .csproj and a
 * settings.gradle.kts ({@code src/test/resources/polyglot-repo}, see {@code polyglot-repo.md}) through
 * {@code ./rag ingest}, {@code status} and {@code ask} with the real launcher, model and store.
 */
class PolyglotIT {
    private static final Duration T = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURE = Proc.ROOT.resolve("rag-cli/src/test/resources/polyglot-repo");

    @TempDir
    static Path tmp;

    static Path db;
    static JsonNode ingest;

    @BeforeAll
    static void ingest_the_polyglot_repo() throws IOException {
        Path repo = Proc.copyTree(FIXTURE, tmp.resolve("stockroom"));
        db = tmp.resolve("store");
        Proc.Result r = Proc.runRag(tmp, Map.of(), T, "ingest", repo.toString(), "--db", db.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        ingest = JSON.readTree(r.out());
    }

    @Test
    void every_file_is_indexed_and_none_is_skipped_as_unsupported() {
        assertThat(ingest.path("files").path("new").asInt()).isEqualTo(10);
        assertThat(ingest.path("files").path("skipped").asInt()).isZero();
    }

    @Test
    void status_lists_each_language_with_code_chunks_and_the_build_files_as_manifests() throws IOException {
        Proc.Result r = Proc.runRag(tmp, Map.of(), T, "status", "--db", db.toString(), "--json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode repo = JSON.readTree(r.out()).path("repos").get(0);
        assertThat(repo.path("name").asText()).isEqualTo("stockroom");
        JsonNode languages = repo.path("languages");
        assertThat(fieldNames(languages)).containsExactlyInAnyOrder("kotlin", "csharp", "c", "cpp", "shell");
        for (String language : List.of("kotlin", "csharp", "c", "cpp", "shell")) {
            assertThat(languages.path(language).asInt()).as(language).isPositive();
        }
        assertThat(repo.path("chunks").path("manifest").asInt())
                .as("build.gradle.kts, settings.gradle.kts, Stockroom.Api.csproj")
                .isEqualTo(3);
    }

    @Test
    void a_question_about_a_kotlin_function_is_answered_with_its_file_and_lines() throws IOException {
        JsonNode answer = ask("How is the reorder quantity computed from daily demand and the supplier's lead time?");

        assertThat(answer.path("refused").asBoolean()).isFalse();
        JsonNode best = answer.path("sources").get(0);
        assertThat(best.path("path").asText()).isEqualTo("src/main/kotlin/stockroom/Reorder.kt");
        assertThat(best.path("symbol").asText()).isEqualTo("reorderQuantity");
        assertThat(best.path("language").asText()).isEqualTo("kotlin");
        assertThat(best.path("start_line").asInt()).isEqualTo(17);
        assertThat(best.path("end_line").asInt()).isEqualTo(21);
        assertThat(answer.path("answer").asText())
                .contains("`reorderQuantity` (`src/main/kotlin/stockroom/Reorder.kt:17-21`) [1]");
    }

    @Test
    void the_gradle_build_is_a_manifest_source_with_its_dependencies() throws IOException {
        JsonNode answer = ask("Which libraries does the Gradle build in build.gradle.kts depend on?");

        assertThat(answer.path("refused").asBoolean()).isFalse();
        JsonNode gradle = null;
        for (JsonNode source : answer.path("sources")) {
            if (source.path("path").asText().equals("build.gradle.kts")) {
                gradle = source;
            }
        }
        assertThat(gradle).as(answer.toString()).isNotNull();
        assertThat(gradle.path("kind").asText()).isEqualTo("manifest");
        assertThat(gradle.path("start_line").asInt()).isEqualTo(1);
        assertThat(gradle.path("end_line").asInt()).isEqualTo(16);
    }

    @Test
    void questions_about_the_csharp_c_and_cpp_code_find_it() throws IOException {
        assertThat(ask("Which HTTP endpoint returns the units on hand for a SKU?")
                        .path("sources")
                        .get(0)
                        .path("path")
                        .asText())
                .isEqualTo("dotnet/Stockroom.Api/StockController.cs");
        assertThat(ask("How is the EAN-13 barcode check digit calculated?")
                        .path("sources")
                        .get(0)
                        .path("path")
                        .asText())
                .startsWith("native/")
                .contains("barcode.");
        assertThat(ask("How are boxes placed on a shelf when it is nearly full?")
                        .path("sources")
                        .get(0)
                        .path("path")
                        .asText())
                .isEqualTo("native/src/shelf.cpp");
    }

    private static JsonNode ask(String question) throws IOException {
        Proc.Result r = Proc.runRag(tmp, Map.of(), T, "ask", question, "--json", "--db", db.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        return JSON.readTree(r.out());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
