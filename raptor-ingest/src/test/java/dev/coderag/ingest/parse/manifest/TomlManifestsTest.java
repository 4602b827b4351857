package dev.coderag.ingest.parse.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.ManifestChunk;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cargo.toml and pyproject.toml through jackson-dataformat-toml ({@link TomlTables}). The expected chunks in
 * {@code manifests/expected-chunks.jsonl} were recorded with the hand-written reader this replaced (commit
 * 06f8145, where a side-by-side test also compared the parsed tables key by key).
 */
class TomlManifestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void real_world_manifests_give_the_chunks_recorded_with_the_former_reader() throws IOException {
        List<String> lines = Files.readAllLines(root().resolve("manifests/expected-chunks.jsonl"));
        assertThat(lines).hasSizeGreaterThanOrEqualTo(14);
        for (String line : lines) {
            JsonNode expected = JSON.readTree(line);
            String path = expected.get("path").asText();
            String text = Files.readString(root().resolve(path), StandardCharsets.UTF_8);

            ManifestChunk chunk = ManifestParser.parse(new SourceFile("r", path, text, "m"), SourceText.of(text));

            assertThat(chunk.name()).as(path).isEqualTo(expected.get("name").asText());
            assertThat(chunk.description())
                    .as(path)
                    .isEqualTo(expected.get("description").asText());
            List<String> dependencies = new ArrayList<>();
            expected.get("dependencies").forEach(d -> dependencies.add(d.asText()));
            assertThat(chunk.dependencies()).as(path).containsExactlyElementsOf(dependencies);
            assertThat(chunk.startLine())
                    .as(path)
                    .isEqualTo(expected.get("startLine").asInt());
            assertThat(chunk.endLine())
                    .as(path)
                    .isEqualTo(expected.get("endLine").asInt());
        }
    }

    @Test
    void tables_keep_file_order_and_scalars_that_are_not_strings_become_text() throws IOException {
        String text = """
                z = "last letter, first key"
                [t]
                b = true
                a = 42
                d = 1979-05-27
                e = [1, 2.5, "s"]
                inline = { y = 1, x = { deep = "yes" } }
                [[arr]]
                n = 1
                [[arr]]
                n = 2
                """;

        Map<String, Object> tables = TomlTables.parse(text);

        assertThat(tables.toString())
                .isEqualTo("{z=last letter, first key, t={b=true, a=42, d=1979-05-27, e=[1, 2.5, s],"
                        + " inline={y=1, x={deep=yes}}}, arr=[{n=1}, {n=2}]}");
        assertThat(TomlTables.at(tables, "t", "inline", "x", "deep")).isEqualTo("yes");
        assertThat(TomlTables.at(tables, "t", "missing", "x")).isNull();
        assertThat(TomlTables.at(tables, "z", "not-a-table")).isNull();
    }

    @Test
    void numbers_in_other_notations_become_their_value() throws IOException {
        String text = "hex = 0xDEAD_beef\noct = 0o755\nbin = 0b1101\nbig = 1_000_000\nplus = +42\n"
                + "exp = 1e06\nsmall = -2E-2\ngrouped = 224_617.445_991\ninf = inf\nnan = nan\n";

        // The former reader kept these as written ("0xDEAD_beef"); no manifest field reads a number.
        assertThat(TomlTables.parse(text))
                .containsExactly(
                        Map.entry("hex", "3735928559"),
                        Map.entry("oct", "493"),
                        Map.entry("bin", "13"),
                        Map.entry("big", "1000000"),
                        Map.entry("plus", "42"),
                        Map.entry("exp", "1E+6"),
                        Map.entry("small", "-0.02"),
                        Map.entry("grouped", "224617.445991"),
                        Map.entry("inf", "Infinity"),
                        Map.entry("nan", "NaN"));
    }

    @Test
    void an_empty_or_comment_only_file_is_an_empty_table() throws IOException {
        assertThat(TomlTables.parse("")).isEmpty();
        assertThat(TomlTables.parse("# nothing\n\n")).isEmpty();
    }

    @Test
    void malformed_manifests_still_give_a_chunk_named_after_the_file() {
        for (String text : List.of(
                "[package\nname = ",
                "[package]\nname = \"unterminated\ndescription = \"x\"\n",
                "[package]\nname = \"a\"\nname = \"b\"\n",
                "[package]\nname = \"a\"\nthis is not toml\n",
                "[dependencies]\nx = \"1\"\n[dependencies]\ny = \"2\"\n",
                "[package]\nname = \"esc\\x41\"\n",
                "[dependencies]\nx = { version = \"1\", }\n",
                "[dependencies]\nx = {\n  version = \"1\"\n}\n",
                "a = [" + "[".repeat(5000) + "]".repeat(5001) + "\n")) {
            for (String name : List.of("Cargo.toml", "pyproject.toml")) {
                SourceFile file = new SourceFile("r", "m/" + name, text, "m");
                assertThatCode(() -> ManifestParser.parse(file, SourceText.of(text)))
                        .doesNotThrowAnyException();
                ManifestChunk chunk = ManifestParser.parse(file, SourceText.of(text));
                assertThat(chunk.name()).as(text).isEqualTo(name);
                assertThat(chunk.dependencies()).as(text).isEmpty();
                assertThat(chunk.startLine()).isEqualTo(1);
                assertThat(chunk.endLine()).isEqualTo(SourceText.of(text).rowCount());
            }
        }
    }

    private static Path root() {
        try {
            return Path.of(TomlManifestsTest.class.getResource("/manifests").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
