package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.coderag.ingest.parse.manifest.ManifestParser;
import dev.coderag.ingest.parse.text.MarkdownChunker;
import dev.coderag.types.Chunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ReadmeChunk;
import java.util.List;

/**
 * Fuzzes the parsers that read a repository's files, all untrusted text: {@link ManifestParser} (every format
 * it reads, picked by file name), {@link MarkdownChunker} and {@link ChunkParser} with its tree-sitter grammars
 * (every language, picked by extension; a {@code .h} header goes to C or C++ by its text). Contract: no exception escapes (the one documented, a blank repo or path, is never
 * provoked here), every chunk's line range lies within the file, and parsing takes bounded time.
 *
 * <p>{@code ./mvnw verify} fuzzes each method for a fixed time; other runs replay
 * {@code ParseFuzzTestInputs/<method>/}.
 */
class ParseFuzzTest {
    private static final String[] MANIFESTS = {
        "Cargo.toml",
        "pyproject.toml",
        "package.json",
        "go.mod",
        "pom.xml",
        "build.gradle",
        "build.gradle.kts",
        "settings.gradle",
        "settings.gradle.kts",
        "requirements.txt",
        "requirements-dev.txt",
        "setup.cfg",
        "setup.py",
        "App.csproj",
        "CMakeLists.txt",
        "composer.json",
        "Gemfile",
        "shop.gemspec",
        "build.sbt",
        "Package.swift",
        "shop-1.0-1.rockspec"
    };
    private static final String[] CODE = {
        "src/A.java",
        "pkg/mod.py",
        "cmd/main.go",
        "src/lib.rs",
        "web/app.ts",
        "web/view.tsx",
        "web/app.js",
        "src/Main.kt",
        "src/Program.cs",
        "src/buf.c",
        "include/buf.h",
        "src/cache.cpp",
        "include/cache.hpp",
        "scripts/run.sh",
        "lib/shop.rb",
        "src/Shop.php",
        "src/main/scala/Shop.scala",
        "Sources/Shop/Shop.swift",
        "lua/shop/init.lua"
    };
    private static final long BUDGET_NANOS = 2_000_000_000L;
    private static final ChunkParser PARSER = ChunkParser.create(ParseOptions.DEFAULT);

    static {
        // Load every grammar's native library once before any input is timed: the budget is for parsing an input,
        // and the first parse of a language loads its library (3.7 s for an empty .tsx on a loaded machine in a
        // 10-minute run, which failed on the first input, not on anything the fuzzer found).
        for (String path : CODE) {
            PARSER.parse(new SourceFile("repo", path, "x\n", "m"));
        }
    }

    @FuzzTest(maxDuration = "20s")
    void manifest(FuzzedDataProvider data) {
        String path = "sub/" + data.pickValue(MANIFESTS);
        String text = data.consumeRemainingAsString();
        SourceFile file = new SourceFile("repo", path, text, "m");
        SourceText src = SourceText.of(text);

        ManifestChunk chunk = timed(text, () -> ManifestParser.parse(file, src));
        assertThat(chunk.name()).isNotBlank();
        assertThat(chunk.startLine()).isEqualTo(1);
        assertThat(chunk.endLine()).isEqualTo(src.rowCount());
        assertThat(chunk.dependencies()).doesNotContainNull();

        ParseResult viaParser = timed(text, () -> PARSER.parse(file));
        assertThat(viaParser.category()).isEqualTo(FileCategory.MANIFEST);
        assertThat(viaParser.chunks()).containsExactly(chunk);
    }

    @FuzzTest(maxDuration = "20s")
    void markdown(FuzzedDataProvider data) {
        String path = data.pickValue(new String[] {"README.md", "docs/guide.markdown"});
        String text = data.consumeRemainingAsString();
        SourceFile file = new SourceFile("repo", path, text, "m");
        SourceText src = SourceText.of(text);

        List<ReadmeChunk> chunks = timed(text, () -> MarkdownChunker.chunk(file, src));
        withinFile(chunks, src.rowCount());
        for (ReadmeChunk c : chunks) {
            assertThat(c.headingPath()).doesNotContainNull();
        }
        if (!src.text().isBlank()) { // after SourceText's normalising (a leading BOM is dropped)
            assertThat(chunks).as("non-blank Markdown gives at least one chunk").isNotEmpty();
        }
        ParseResult viaParser = timed(text, () -> PARSER.parse(file));
        assertThat(viaParser.category()).isEqualTo(FileCategory.DOC);
        assertThat(viaParser.chunks()).isEqualTo(chunks);
    }

    @FuzzTest(maxDuration = "30s")
    void code(FuzzedDataProvider data) {
        String path = data.pickValue(CODE);
        String text = data.consumeRemainingAsString();
        SourceFile file = new SourceFile("repo", path, text, "m");

        ParseResult result = timed(text, () -> PARSER.parse(file));
        assertThat(result.category()).isEqualTo(FileCategory.CODE);
        SourceText src = SourceText.of(text);
        withinFile(result.chunks(), src.rowCount());
        if (!src.text().isBlank()) { // after SourceText's normalising (a leading BOM is dropped)
            assertThat(result.chunks()).as("non-blank source is never lost").isNotEmpty();
        }
    }

    private static void withinFile(List<? extends Chunk> chunks, int rows) {
        for (Chunk c : chunks) {
            assertThat(c.startLine()).as("%s", c).isBetween(1, rows);
            assertThat(c.endLine()).as("%s", c).isBetween(c.startLine(), rows);
            assertThat(c.repo()).isEqualTo("repo");
        }
    }

    private static <T> T timed(String input, java.util.function.Supplier<T> work) {
        long start = System.nanoTime();
        T result = work.get();
        long took = System.nanoTime() - start;
        assertThat(took)
                .as("took %d ms on %d chars", took / 1_000_000, input.length())
                .isLessThan(BUDGET_NANOS);
        return result;
    }
}
