package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Reads test resources and picks chunks out of parse results. */
public final class Fixtures {
    public static final String REPO = "shop";
    public static final String MODEL = "test-model";
    public static final ChunkParser PARSER = ChunkParser.create(ParseOptions.DEFAULT);

    private Fixtures() {}

    public static String resource(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses the resource {@code parse/<name>} as if it lived at {@code path} in the repo. */
    public static ParseResult parseResource(String name, String path) {
        return PARSER.parse(new SourceFile(REPO, path, resource("parse/" + name), MODEL));
    }

    /**
     * Parses {@code real/<project>/<path>}, an unmodified file of a real open-source project (sources and
     * licences in {@code real/README.md}), at its own path.
     */
    public static ParseResult parseReal(String project, String path) {
        return PARSER.parse(new SourceFile(REPO, path, resource("real/" + project + "/" + path), MODEL));
    }

    public static ParseResult parse(String path, String text) {
        return PARSER.parse(new SourceFile(REPO, path, text, MODEL));
    }

    public static List<CodeChunk> code(ParseResult result) {
        return result.chunks().stream()
                .filter(CodeChunk.class::isInstance)
                .map(CodeChunk.class::cast)
                .toList();
    }

    /** The one code chunk with this qualified name. */
    public static CodeChunk code(ParseResult result, String qualifiedName) {
        List<CodeChunk> matching = code(result).stream()
                .filter(c -> c.qualifiedName().equals(qualifiedName))
                .toList();
        assertThat(matching)
                .as("chunks named %s among %s", qualifiedName, names(result))
                .hasSize(1);
        return matching.getFirst();
    }

    /** Every code chunk with this qualified name (overloads, parts), in file order. */
    public static List<CodeChunk> all(ParseResult result, String qualifiedName) {
        return code(result).stream()
                .filter(c -> c.qualifiedName().equals(qualifiedName))
                .toList();
    }

    public static List<String> names(ParseResult result) {
        return code(result).stream().map(CodeChunk::qualifiedName).toList();
    }

    public static <T extends Chunk> List<T> ofType(ParseResult result, Class<T> type) {
        return result.chunks().stream().filter(type::isInstance).map(type::cast).toList();
    }
}
