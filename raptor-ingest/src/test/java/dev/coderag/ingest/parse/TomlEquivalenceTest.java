package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.coderag.types.ManifestChunk;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The hand-written TomlReader against jackson-dataformat-toml (TomlTables), before the former is deleted: the
 * same tables, in the same order, and the same manifest chunks for every valid Cargo.toml and pyproject.toml
 * in the test resources (the fixture repo and real-world manifests), and the manifests of ManifestParserTest.
 */
class TomlEquivalenceTest {
    @Test
    void every_valid_manifest_gives_the_same_tables_and_chunk_with_either_parser() throws IOException {
        List<Path> manifests = manifests();
        assertThat(manifests).hasSizeGreaterThanOrEqualTo(12);
        for (Path manifest : manifests) {
            String text = Files.readString(manifest, StandardCharsets.UTF_8);
            SourceFile file = new SourceFile("r", root().relativize(manifest).toString(), text, "m");

            // TomlTables.parse throws on anything that is not valid TOML: no manifest here takes the fallback
            assertThat(ordered(TomlTables.parse(text))).as(file.path()).isEqualTo(ordered(TomlReader.parse(text)));
            ManifestChunk before = ManifestParser.parse(file, SourceText.of(text), TomlReader::parse);
            ManifestChunk after = ManifestParser.parse(file, SourceText.of(text));
            assertThat(after).as(file.path()).isEqualTo(before);
        }
    }

    @Test
    void the_inline_manifests_of_the_parser_test_give_the_same_chunks() throws IOException {
        for (String[] pathAndText : List.of(
                new String[] {"crates/shop/Cargo.toml", """
                        [package]
                        name = "shop-core"   # the crate
                        description = "Core types of the shop"
                        edition = "2021"

                        [dependencies]
                        serde = { version = "1.0", features = ["derive"] }
                        tokio = "1"
                        local = { path = "../local" }

                        [dependencies.regex]
                        version = "1.10"

                        [dev-dependencies]
                        proptest = "1.4"

                        [target.'cfg(unix)'.dependencies]
                        libc = "0.2"
                        """},
                new String[] {"pyproject.toml", """
                        [project]
                        name = 'shop'
                        description = \"\"\"
                        Shop service,
                        in Python.\"\"\"
                        dependencies = [
                          "requests>=2.31",  # HTTP
                          'pydantic>=2',
                        ]

                        [project.optional-dependencies]
                        test = ["pytest"]
                        """},
                new String[] {"tools/pyproject.toml", """
                        [tool.poetry]
                        name = "shop-tools"
                        description = "Admin tools"

                        [tool.poetry.dependencies]
                        python = "^3.11"
                        click = "^8.1"
                        httpx = { version = "^0.27", extras = ["http2"] }

                        [tool.poetry.group.dev.dependencies]
                        ruff = "^0.4"
                        """},
                new String[] {"pyproject.toml", ""},
                new String[] {"Cargo.toml", "# only a comment\n"})) {
            SourceFile file = new SourceFile("r", pathAndText[0], pathAndText[1], "m");
            SourceText src = SourceText.of(pathAndText[1]);
            assertThat(ManifestParser.parse(file, src))
                    .as(file.path())
                    .isEqualTo(ManifestParser.parse(file, src, TomlReader::parse));
        }
    }

    @Test
    void scalars_that_are_not_strings_become_their_text_as_before() throws IOException {
        String text = "a = 42\nb = true\nc = 1979-05-27\nd = 07:32:00\ne = [1, 2.5]\n";

        assertThat(ordered(TomlTables.parse(text))).isEqualTo(ordered(TomlReader.parse(text)));
    }

    @Test
    void numbers_in_other_notations_become_their_value_where_the_old_reader_kept_the_raw_text() throws IOException {
        String text = "hex = 0xDEAD_beef\noct = 0o755\nbin = 0b1101\nbig = 1_000_000\nplus = +42\n"
                + "exp = 1e06\nsmall = -2E-2\ngrouped = 224_617.445_991\ninf = inf\nnan = nan\n";

        assertThat(TomlReader.parse(text))
                .containsEntry("hex", "0xDEAD_beef")
                .containsEntry("big", "1_000_000")
                .containsEntry("exp", "1e06");
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
    void malformed_manifests_still_give_a_chunk_named_after_the_file() {
        for (String text : List.of(
                "[package\nname = ",
                "[package]\nname = \"unterminated\ndescription = \"x\"\n",
                "[package]\nname = \"a\"\nname = \"b\"\n",
                "[package]\nname = \"a\"\nthis is not toml\n",
                "[dependencies]\nx = \"1\"\n[dependencies]\ny = \"2\"\n",
                "[package]\nname = \"esc\\x41\"\n",
                "[dependencies]\nx = { version = \"1\", }\n",
                "[dependencies]\nx = {\n  version = \"1\"\n}\n")) {
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

    /** The tables with their key order made visible (Map.equals ignores order). */
    private static String ordered(Map<String, Object> tables) {
        return tables.toString();
    }

    private static List<Path> manifests() throws IOException {
        try (Stream<Path> walk = Files.walk(root())) {
            return new ArrayList<>(walk.filter(p -> p.endsWith("Cargo.toml") || p.endsWith("pyproject.toml"))
                    .sorted()
                    .toList());
        }
    }

    private static Path root() {
        try {
            return Path.of(TomlEquivalenceTest.class.getResource("/manifests").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
