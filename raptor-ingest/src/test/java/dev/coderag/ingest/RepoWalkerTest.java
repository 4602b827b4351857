package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.ingest.parse.SourceFile;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepoWalkerTest {
    @TempDir
    Path repo;

    @TempDir
    Path outside;

    @Test
    void nested_gitignores_negation_directory_patterns_and_ragignore_are_respected() throws IOException {
        write(".gitignore", "*.log\ngenerated/\n/only-root.java\n");
        write("a.java", "x");
        write("debug.log", "x");
        write("only-root.java", "x");
        write("sub/only-root.java", "x");
        write("generated/G.java", "x");
        write("src/generated", "a file, not a directory: directory patterns do not match it");
        write("sub/.gitignore", "!important.log\nsecret*.java\n");
        write("sub/important.log", "x");
        write("sub/other.log", "x");
        write("sub/secretA.java", "x");
        write("sub/deep/secretB.java", "x");
        write("secretC.java", "x");
        write(".ragignore", "docs/\n*.snap\n");
        write("docs/d.md", "x");
        write("t/x.snap", "x");
        write(".git/info/exclude", "excluded-by-info.java\n");
        write("excluded-by-info.java", "x");

        assertThat(walk())
                .containsExactly(
                        ".gitignore",
                        ".ragignore",
                        "a.java",
                        "secretC.java",
                        "src/generated",
                        "sub/.gitignore",
                        "sub/important.log",
                        "sub/only-root.java");
    }

    @Test
    void default_excludes_and_virtualenvs_are_not_walked() throws IOException {
        for (String dir : List.of(
                ".git",
                "vendor",
                "node_modules",
                "target",
                "build",
                "dist",
                "bin",
                "__pycache__",
                ".venv",
                "venv",
                ".rag")) {
            write(dir + "/f.py", "x");
        }
        write("env/pyvenv.cfg", "home = /usr/bin");
        write("env/lib/site.py", "x");
        write("env2/real.py", "x");
        write("pkg/build.py", "a file named like an excluded directory is fine");

        assertThat(walk()).containsExactly("env2/real.py", "pkg/build.py");
    }

    @Test
    void symlinks_never_escape_the_repo_nor_loop() throws IOException {
        write("src/A.java", "class A {}");
        write(outside.resolve("Secret.java"), "class Secret {}");
        Files.createSymbolicLink(repo.resolve("src/loop"), repo.resolve("src")); // directory loop
        Files.createSymbolicLink(repo.resolve("self"), repo.resolve("self")); // symlink to itself
        Files.createSymbolicLink(repo.resolve("escape.java"), outside.resolve("Secret.java"));
        Files.createSymbolicLink(repo.resolve("outdir"), outside);
        Files.createSymbolicLink(repo.resolve("alias.java"), repo.resolve("src/A.java")); // inside: read

        RepoWalker.Result result = new RepoWalker(repo, 1 << 20, p -> true, Set.of()).walk();

        assertThat(result.files()).extracting(RepoWalker.Candidate::path).containsExactly("alias.java", "src/A.java");
        assertThat(result.skipped()).isEqualTo(Map.of(SkipReason.SYMLINK, 4));
    }

    @Test
    void oversized_and_unsupported_files_are_counted_without_being_read() throws IOException {
        write("big.java", "x".repeat(2000));
        write("small.java", "x");
        write("picture.xyz", "x");

        RepoWalker.Result result = new RepoWalker(repo, 1000, p -> !p.endsWith(".xyz"), Set.of()).walk();

        assertThat(result.files()).extracting(RepoWalker.Candidate::path).containsExactly("small.java");
        assertThat(result.skipped()).isEqualTo(Map.of(SkipReason.TOO_LARGE, 1, SkipReason.UNSUPPORTED, 1));
    }

    @Test
    void content_checks_count_binary_minified_and_unparsable_files_and_decode_bad_utf8_leniently() throws IOException {
        write("Ok.java", "class Ok {\n    void f() {}\n}\n");
        Files.write(repo.resolve("Bin.java"), new byte[] {'c', 'l', 0, 'a', 's', 's'});
        write("Min.java", "var a=1;".repeat(400) + "\n");
        write("Boom.java", "class Boom\n@@explode@@\n");
        Files.write(repo.resolve("Latin1.java"), "class Caf\u00e9 {}\n".getBytes(StandardCharsets.ISO_8859_1));
        write("big.java", "x\n".repeat(3000));
        write("notes.xyz", "unsupported");
        write("README.md", "# " + "long prose line without wrapping ".repeat(60) + "\n");

        RepoScanner.Scan scan = new RepoScanner(
                        failingOn("@@explode@@"), IngestOptions.defaults(repo).withMaxFileBytes(5000), "m", Set.of())
                .scan("r", repo, Map.of(), Optional.empty(), Long.MAX_VALUE, (d, t, c) -> {});

        assertThat(scan.current()).containsOnlyKeys("Ok.java", "Latin1.java", "README.md");
        assertThat(scan.skipped())
                .isEqualTo(Map.of(
                        SkipReason.BINARY, 1,
                        SkipReason.MINIFIED, 1,
                        SkipReason.UNPARSABLE, 1,
                        SkipReason.TOO_LARGE, 1,
                        SkipReason.UNSUPPORTED, 1));
        var latin =
                (dev.coderag.types.CodeChunk) scan.parsed().get("Latin1.java").getFirst();
        assertThat(latin.code()).isEqualTo("class Caf\uFFFD {}");
    }

    @Test
    void one_long_literal_does_not_make_a_source_file_minified() {
        String normal = "class A {\n" + "  int x;\n".repeat(300) + "  String s = \"" + "y".repeat(1500) + "\";\n}\n";
        assertThat(TextFiles.isMinified(normal)).isFalse();
        assertThat(TextFiles.isMinified("a".repeat(5000))).isTrue();
        assertThat(TextFiles.isMinified(("b".repeat(350) + "\n").repeat(10))).isTrue();
    }

    @Test
    void file_hash_ignores_line_ending_style() {
        byte[] lf = "a\nb\n".getBytes(StandardCharsets.UTF_8);
        byte[] crlf = "a\r\nb\r\n".getBytes(StandardCharsets.UTF_8);
        byte[] cr = "a\rb\r".getBytes(StandardCharsets.UTF_8);
        assertThat(TextFiles.fileHash(crlf)).isEqualTo(TextFiles.fileHash(lf)).isEqualTo(TextFiles.fileHash(cr));
        assertThat(TextFiles.fileHash("a\nc\n".getBytes(StandardCharsets.UTF_8)))
                .isNotEqualTo(TextFiles.fileHash(lf));
    }

    /** The real parser, except that it throws on files containing {@code marker} (a parser bug stand-in). */
    private static FileParser failingOn(String marker) {
        FileParser real = DefaultParser.create(ParseOptions.DEFAULT);
        return new FileParser() {
            @Override
            public FileCategory categorize(String path) {
                return real.categorize(path);
            }

            @Override
            public ParseResult parse(SourceFile file) {
                if (file.text().contains(marker)) {
                    throw new IllegalStateException("parser bug");
                }
                return real.parse(file);
            }
        };
    }

    @Test
    void a_gigabyte_sparse_root_gitignore_is_never_read_and_fails_the_walk_at_once() throws IOException {
        write("a.java", "x");
        try (RandomAccessFile f =
                new RandomAccessFile(repo.resolve(".gitignore").toFile(), "rw")) {
            f.setLength(1_200_000_000L); // sparse: no disk used; read whole it would be 1.2 GB of heap
        }
        long start = System.nanoTime();
        assertThatThrownBy(this::walk).isInstanceOfSatisfying(IngestException.class, e -> {
            assertThat(e.reason()).isEqualTo(IngestException.Reason.BAD_SOURCE);
            assertThat(e.getMessage()).contains(".gitignore").doesNotContain("\n");
        });
        assertThat(System.nanoTime() - start).as("never read").isLessThan(5_000_000_000L);
    }

    @Test
    void a_nested_ignore_file_over_the_limits_leaves_its_directory_out_whole_with_a_reason() throws IOException {
        write("a.java", "x");
        write("big/.gitignore", "x".repeat((int) RepoWalker.MAX_IGNORE_BYTES + 1));
        write("big/.env.java", "the file the huge ignore file might have listed");
        StringBuilder many = new StringBuilder();
        for (int i = 0; i <= RepoWalker.MAX_RULES_IN_EFFECT; i++) {
            many.append("rule").append(i).append('\n');
        }
        write("many/.ragignore", many.toString());
        write("many/b.java", "x");
        write("fine/.gitignore", "*.log\n");
        write("fine/c.java", "x");

        RepoWalker.Result result = new RepoWalker(repo, 1 << 20, p -> true, Set.of()).walk();

        assertThat(result.files())
                .extracting(RepoWalker.Candidate::path)
                .containsExactly("a.java", "fine/.gitignore", "fine/c.java");
        assertThat(result.skippedFiles())
                .extracting(f -> f.path() + " " + f.reason())
                .contains("big ignore_limit", "many ignore_limit");
        assertThat(result.skipped()).containsEntry(SkipReason.IGNORE_LIMIT, 2);
    }

    @Test
    void a_walk_stops_when_asked_between_entries() throws IOException {
        for (int i = 0; i < 50; i++) {
            write("d" + i + "/f.java", "x");
        }
        int[] asked = {0};
        assertThatThrownBy(
                        () -> new RepoWalker(repo, 1 << 20, p -> true, Set.of()).walk(c -> {}, () -> ++asked[0] > 10))
                .isInstanceOfSatisfying(
                        IngestException.class, e -> assertThat(e.reason()).isEqualTo(IngestException.Reason.STOPPED));
        assertThat(asked[0]).isEqualTo(11);
    }

    private List<String> walk() throws IOException {
        return new RepoWalker(repo, 1 << 20, p -> true, Set.of())
                .walk().files().stream().map(RepoWalker.Candidate::path).toList();
    }

    private void write(String rel, String content) throws IOException {
        write(repo.resolve(rel), content);
    }

    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
