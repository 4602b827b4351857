package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Language;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a file becomes by its name, from the {@link Language} registry: the extensions that were the parser's own
 * handler table before the registry owned them, and the documentation and data files around them.
 */
class CategorizeTest {
    private static final List<String> CODE = List.of(
            ".java", ".py", ".pyi", ".rs", ".go", ".ts", ".mts", ".cts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".kt",
            ".kts", ".cs", ".c", ".h", ".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".sh", ".bash",
            ".rb", ".rake", ".php", ".scala", ".sc", ".swift", ".lua");

    @Test
    void every_extension_of_a_code_language_is_code_in_any_case() {
        for (String ext : CODE) {
            assertThat(ChunkParser.categorize("src/a" + ext)).as(ext).isEqualTo(FileCategory.CODE);
            assertThat(ChunkParser.categorize("src/A" + ext.toUpperCase()))
                    .as(ext)
                    .isEqualTo(FileCategory.CODE);
        }
    }

    @Test
    void markdown_is_doc_and_data_or_unknown_files_are_not_code() {
        assertThat(ChunkParser.categorize("docs/a.md")).isEqualTo(FileCategory.DOC);
        assertThat(ChunkParser.categorize("docs/a.markdown")).isEqualTo(FileCategory.DOC);
        for (String path : List.of("a.toml", "a.xml", "a.json", "a.txt", "Makefile", "Rakefile", "a.yml", "a.sbt")) {
            assertThat(ChunkParser.categorize(path)).as(path).isEqualTo(FileCategory.UNSUPPORTED);
        }
    }

    @Test
    void ruby_php_scala_swift_and_lua_manifests_are_manifests_by_name_though_some_are_code_by_extension() {
        for (String path : List.of(
                "Gemfile", "rack.gemspec", "composer.json", "build.sbt", "Package.swift", "busted-scm-1.rockspec")) {
            assertThat(ChunkParser.categorize("sub/" + path)).as(path).isEqualTo(FileCategory.MANIFEST);
        }
        assertThat(ChunkParser.categorize("Gemfile.lock")).isEqualTo(FileCategory.UNSUPPORTED);
        assertThat(ChunkParser.categorize(".gemspec"))
                .as("a name that is all extension")
                .isNotEqualTo(FileCategory.MANIFEST);
        assertThat(ChunkParser.categorize("Sources/App/Package.swift.orig")).isEqualTo(FileCategory.UNSUPPORTED);
    }

    @Test
    void only_the_extension_counts_not_a_name_that_is_all_extension() {
        assertThat(ChunkParser.categorize(".java")).isEqualTo(FileCategory.UNSUPPORTED);
        assertThat(ChunkParser.categorize("dir/.bash")).isEqualTo(FileCategory.UNSUPPORTED);
        assertThat(ChunkParser.categorize("a.java.txt")).isEqualTo(FileCategory.UNSUPPORTED);
    }
}
