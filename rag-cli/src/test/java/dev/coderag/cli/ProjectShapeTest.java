package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The product code stays in rooms a reader can hold (issue 29): no package over 40 files, no file over 400 lines, no
 * method, constructor or lambda over 80 lines, in every module's {@code src/main/java} but rag-bench's (benchmark
 * harnesses are scripts in Java).
 */
class ProjectShapeTest {
    static final int MAX_PACKAGE_FILES = 40;
    static final int MAX_FILE_LINES = 400;
    static final int MAX_METHOD_LINES = 80;

    @Test
    void no_product_package_file_or_method_is_over_its_limit() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<Path> sources;
        try (Stream<Path> modules = Files.list(root)) {
            sources = modules.filter(m -> !m.getFileName().toString().equals("rag-bench"))
                    .map(m -> m.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .sorted()
                    .toList();
        }
        assertThat(sources).as("the modules' sources").hasSizeGreaterThan(10);

        List<SourceShape.Finding> over =
                SourceShape.findings(root, sources, MAX_PACKAGE_FILES, MAX_FILE_LINES, MAX_METHOD_LINES);

        assertThat(over)
                .as("packages over 40 files, files over 400 lines, methods over 80 lines")
                .isEmpty();
    }

    @Test
    void an_oversized_method_file_and_package_are_each_reported(@TempDir Path dir) throws IOException {
        Path pkg = Files.createDirectories(dir.resolve("src/main/java/a"));
        StringBuilder body = new StringBuilder("class Big {\n  void big() {\n");
        body.append("    int x = 0;\n".repeat(85));
        body.append("  }\n  Runnable r = () -> {\n")
                .append("    int y = 0;\n".repeat(5))
                .append("  };\n}\n");
        Files.writeString(pkg.resolve("Big.java"), body);
        Files.writeString(pkg.resolve("Small.java"), "class Small {}\n");

        List<SourceShape.Finding> over = SourceShape.findings(dir, List.of(dir.resolve("src/main/java")), 1, 90, 80);

        assertThat(over)
                .containsExactlyInAnyOrder(
                        new SourceShape.Finding("src/main/java/a/Big.java", 96),
                        new SourceShape.Finding("src/main/java/a/Big.java big:2", 87),
                        new SourceShape.Finding("src/main/java/a", 2));
    }
}
