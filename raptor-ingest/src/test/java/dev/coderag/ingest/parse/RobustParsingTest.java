package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RobustParsingTest {

    @Test
    void file_with_syntax_errors_still_yields_the_definitions_around_them() {
        String java = """
                class Broken {
                    void good() {
                        ok();
                    }

                    void bad( {
                        if (x {
                    }

                    int alsoGood() {
                        return 1;
                    }
                }
                """;
        ParseResult result = Fixtures.parse("src/Broken.java", java);
        assertThat(Fixtures.names(result)).contains("Broken", "Broken.good");
        CodeChunk good = Fixtures.code(result, "Broken.good");
        assertThat(good.startLine()).isEqualTo(2);
        assertThat(good.endLine()).isEqualTo(4);

        String python = "def fine():\n    return 1\n\ndef broken(:\n    pass\n\nclass Later:\n    x = (\n";
        ParseResult py = Fixtures.parse("broken.py", python);
        assertThat(Fixtures.names(py)).contains("fine");
        assertThat(Fixtures.code(py, "fine").endLine()).isEqualTo(2);
    }

    @Test
    void multibyte_text_before_a_definition_keeps_line_ranges_and_text_exact() {
        String source = """
                // Größe und Gewicht — 重量と寸法 😀🚚
                /** Berechnet das Porto für « Pakete » in €. 📦 */
                export function porto(gewicht: number): string {
                  const label = "😀 " + gewicht + " kg — ok";
                  return label;
                }

                /** 税込み価格 */
                export const mitSteuer = (preis: number) => preis * 1.19;
                """;
        ParseResult result = Fixtures.parse("src/porto.ts", source);
        String[] lines = source.split("\n");

        CodeChunk porto = Fixtures.code(result, "porto");
        assertThat(porto.startLine()).isEqualTo(3);
        assertThat(porto.endLine()).isEqualTo(6);
        assertThat(porto.code()).isEqualTo(String.join("\n", List.of(lines).subList(2, 6)));
        assertThat(porto.docstring()).isEqualTo("Berechnet das Porto für « Pakete » in €. 📦");
        assertThat(porto.signature()).isEqualTo("export function porto(gewicht: number): string");

        CodeChunk steuer = Fixtures.code(result, "mitSteuer");
        assertThat(steuer.startLine()).isEqualTo(9);
        assertThat(steuer.docstring()).isEqualTo("税込み価格");
        assertThat(steuer.code()).isEqualTo(lines[8]);
    }

    @Test
    void windows_line_endings_and_a_byte_order_mark_give_the_same_lines() {
        String unix = "package main\n\n// Run runs.\nfunc Run() {\n\tgo()\n}\n";
        String windows = "\uFEFF" + unix.replace("\n", "\r\n");
        CodeChunk a = Fixtures.code(Fixtures.parse("main.go", unix), "Run");
        CodeChunk b = Fixtures.code(Fixtures.parse("main.go", windows), "Run");
        assertThat(b.location()).isEqualTo(a.location()).isEqualTo("main.go:4-6");
        assertThat(b.code()).isEqualTo(a.code()).doesNotContain("\r");
        assertThat(b.docstring()).isEqualTo("Run runs.");
    }

    @Test
    void unsupported_files_are_dropped_by_default_and_windowed_with_plain_text_on() {
        String script = IntStream.rangeClosed(1, 130)
                .mapToObj(i -> "print 'step " + i + "';")
                .collect(Collectors.joining("\n", "#!/usr/bin/env perl\n", "\n"));
        ParseResult off = Fixtures.parse("deploy/run.pl", script);
        assertThat(off.category()).isEqualTo(FileCategory.UNSUPPORTED);
        assertThat(off.chunks()).isEmpty();

        ChunkParser plain = ChunkParser.create(ParseOptions.DEFAULT.withPlainText(true));
        ParseResult on = plain.parse(new SourceFile("shop", "deploy/run.pl", script, "m"));
        assertThat(on.category()).isEqualTo(FileCategory.UNSUPPORTED);
        List<CodeChunk> windows = Fixtures.code(on);
        assertThat(windows).hasSize(3);
        assertThat(windows)
                .extracting(CodeChunk::location)
                .containsExactly("deploy/run.pl:1-60", "deploy/run.pl:61-120", "deploy/run.pl:121-131");
        assertThat(windows).allSatisfy(w -> {
            assertThat(w.symbol()).isEqualTo("run.pl");
            assertThat(w.symbolKind()).isEqualTo(SymbolKind.TEXT);
            assertThat(w.language()).isEqualTo(Language.TEXT);
        });
        assertThat(windows.get(2).code()).startsWith("print 'step 120';\n").endsWith("print 'step 130';");

        ParseResult toml = plain.parse(new SourceFile("shop", "config/app.toml", "[server]\nport = 8080\n", "m"));
        assertThat(Fixtures.code(toml)).singleElement().satisfies(w -> assertThat(w.language())
                .isEqualTo(Language.TOML));
    }

    @Test
    void a_grammar_that_never_finishes_is_cut_off_and_the_file_kept_as_text() {
        // Found by ParseFuzzTest#code (crash-e9c0…): tree-sitter-tsx 0.23.2 loops on these 608 characters.
        String text = Fixtures.resource("parse/tsx-hang.tsx");
        long start = System.nanoTime();
        ParseResult result = Fixtures.parse("web/view.tsx", text);
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(millis).as("cut off after about a second").isBetween(900L, 5_000L);
        assertThat(result.category()).isEqualTo(FileCategory.CODE);
        assertThat(Fixtures.code(result)).isNotEmpty().allSatisfy(c -> {
            assertThat(c.symbolKind()).isEqualTo(SymbolKind.TEXT);
            assertThat(c.language()).isEqualTo(Language.TSX);
        });
        assertThat(Fixtures.code(Fixtures.parse("web/ok.tsx", "export const A = () => <b>ok</b>;\n")))
                .as("the parser that was cut off still works")
                .extracting(CodeChunk::symbol)
                .containsExactly("A");
    }

    @Test
    void files_are_categorised_by_name_alone() {
        assertThat(ChunkParser.categorize("a/B.java")).isEqualTo(FileCategory.CODE);
        assertThat(ChunkParser.categorize("x.PY")).isEqualTo(FileCategory.CODE);
        for (String code : List.of(
                "a.rs",
                "a.go",
                "a.ts",
                "a.tsx",
                "a.js",
                "a.jsx",
                "a.mjs",
                "a.cjs",
                "a.pyi",
                "a.kt",
                "a.kts",
                "a.cs",
                "a.c",
                "a.h",
                "a.cpp",
                "a.cc",
                "a.cxx",
                "a.c++",
                "a.hpp",
                "a.hh",
                "a.hxx",
                "run.sh",
                "lib.bash")) {
            assertThat(ChunkParser.categorize(code)).as(code).isEqualTo(FileCategory.CODE);
        }
        assertThat(ChunkParser.categorize("README.md")).isEqualTo(FileCategory.DOC);
        assertThat(ChunkParser.categorize("docs/guide.markdown")).isEqualTo(FileCategory.DOC);
        for (String manifest : List.of(
                "Cargo.toml",
                "a/pom.xml",
                "web/package.json",
                "go.mod",
                "pyproject.toml",
                "build.gradle",
                "app/build.gradle.kts",
                "settings.gradle",
                "settings.gradle.kts",
                "requirements.txt",
                "requirements-dev.txt",
                "setup.cfg",
                "setup.py",
                "src/Shop/Shop.csproj",
                "CMakeLists.txt")) {
            assertThat(ChunkParser.categorize(manifest)).as(manifest).isEqualTo(FileCategory.MANIFEST);
        }
        for (String other : List.of(
                "Makefile",
                "a.toml",
                "package-lock.json",
                "b.xml",
                "run.pl",
                "a.hs",
                "A.clj",
                "notes.txt",
                "constraints.txt",
                ".csproj",
                "a.gradle",
                "a.fsproj",
                "cmake/Modules.cmake")) {
            assertThat(ChunkParser.categorize(other)).as(other).isEqualTo(FileCategory.UNSUPPORTED);
        }
    }

    @Test
    void empty_blank_and_garbage_files_never_throw() {
        assertThat(Fixtures.parse("Empty.java", "").chunks()).isEmpty();
        assertThat(Fixtures.parse("blank.py", "\n   \n\t\n").chunks()).isEmpty();
        assertThat(Fixtures.parse("README.md", "").chunks()).isEmpty();

        Random random = new Random(42);
        for (String path : List.of("g.java", "g.py", "g.rs", "g.go", "g.ts", "g.tsx", "g.js", "g.md", "Cargo.toml")) {
            byte[] bytes = new byte[1000];
            random.nextBytes(bytes);
            String garbage = new String(bytes, StandardCharsets.UTF_8);
            ParseResult result = Fixtures.parse(path, garbage);
            assertThat(result.chunks()).allSatisfy(c -> assertThat(c.endLine()).isGreaterThanOrEqualTo(c.startLine()));
        }
    }

    @Test
    void undecodable_bytes_skip_the_grammar_but_are_not_lost() {
        String junk = "int main() {}\n" + "\uFFFD".repeat(50) + "\n";
        assertThat(Fixtures.code(Fixtures.parse("junk.go", junk)))
                .singleElement()
                .satisfies(c -> assertThat(c.symbolKind()).isEqualTo(SymbolKind.TEXT));
    }

    @Test
    void comment_only_source_file_is_kept_as_text_rather_than_lost() {
        ParseResult result = Fixtures.parse("src/notes.rs", "// TODO: write the scheduler\n// see issue 12\n");
        assertThat(Fixtures.code(result)).singleElement().satisfies(c -> {
            assertThat(c.symbolKind()).isEqualTo(SymbolKind.TEXT);
            assertThat(c.language()).isEqualTo(Language.RUST);
            assertThat(c.location()).isEqualTo("src/notes.rs:1-2");
        });
    }

    @Test
    void blank_repo_or_path_is_a_caller_error() {
        assertThatThrownBy(() -> Fixtures.PARSER.parse(new SourceFile(" ", "a.java", "class A {}", "m")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("repo");
    }
}
