package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The polyglot fixture repository that ingest, chat, eval and end-to-end tests reuse: these are the
 * facts they may rely on (paths, symbols, exact line ranges), so a change to the fixture shows here.
 */
class FixtureRepoTest {
    private static final Map<String, ParseResult> RESULTS = new TreeMap<>();

    @BeforeAll
    static void parseEveryFile() throws IOException, URISyntaxException {
        Path root = Path.of(FixtureRepoTest.class.getResource("/fixture-repo").toURI());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (Path file : files) {
            String path = root.relativize(file).toString().replace('\\', '/');
            RESULTS.put(path, Fixtures.PARSER.parse(new SourceFile("tinyroute", path, Files.readString(file), "m")));
        }
    }

    private static List<Chunk> all() {
        List<Chunk> chunks = new ArrayList<>();
        RESULTS.values().forEach(r -> chunks.addAll(r.chunks()));
        return chunks;
    }

    private static CodeChunk code(String path, String qualifiedName) {
        return Fixtures.code(RESULTS.get(path), qualifiedName);
    }

    @Test
    void fixture_repo_has_every_category_and_language() {
        Map<FileCategory, Long> counts = new TreeMap<>();
        RESULTS.values().forEach(r -> counts.merge(r.category(), 1L, Long::sum));
        assertThat(counts)
                .containsEntry(FileCategory.CODE, 15L)
                .containsEntry(FileCategory.DOC, 2L)
                .containsEntry(FileCategory.MANIFEST, 5L)
                .containsEntry(FileCategory.UNSUPPORTED, 1L);
        assertThat(all()).filteredOn(CodeChunk.class::isInstance).hasSizeGreaterThan(60);
        assertThat(all()).filteredOn(ModuleDocChunk.class::isInstance).hasSize(7);
        assertThat(all()).filteredOn(ReadmeChunk.class::isInstance).hasSize(11);
        assertThat(all()).filteredOn(ManifestChunk.class::isInstance).hasSize(5);
        assertThat(code("scripts/smoke.sh", "smoke.sh").language()).isEqualTo(Language.SHELL);
        assertThat(RESULTS.get("scripts/release.pl").category()).isEqualTo(FileCategory.UNSUPPORTED);
    }

    @Test
    void documented_functions_have_the_published_line_ranges() {
        assertThat(code("router/src/main/java/dev/tinyroute/http/HeaderParser.java", "HeaderParser.parseHeader")
                        .location())
                .isEqualTo("router/src/main/java/dev/tinyroute/http/HeaderParser.java:34-48");
        assertThat(code("router/src/main/java/dev/tinyroute/http/Router.java", "Router.matchSegments")
                        .location())
                .endsWith("Router.java:44-58");
        assertThat(code("cache/src/ttl_cache.rs", "TtlCache.evict_least_recently_used")
                        .location())
                .isEqualTo("cache/src/ttl_cache.rs:97-106");
        assertThat(code("cache/src/lib.rs", "cache_key").location()).isEqualTo("cache/src/lib.rs:13-15");
        assertThat(code("server/middleware.go", "Chain").location()).isEqualTo("server/middleware.go:14-19");
        assertThat(code("server/server.go", "Server.handleHealth").location()).isEqualTo("server/server.go:50-54");
        assertThat(code("cli/src/tinyroute/retry.py", "fetch_with_retry").location())
                .isEqualTo("cli/src/tinyroute/retry.py:28-42");
        assertThat(code("cli/src/tinyroute/cli.py", "main").location()).isEqualTo("cli/src/tinyroute/cli.py:38-43");
        assertThat(code("web/src/client.ts", "buildQueryString").location()).isEqualTo("web/src/client.ts:14-21");
        assertThat(code("web/src/RouteTable.tsx", "RouteTable").location()).isEqualTo("web/src/RouteTable.tsx:28-39");
        assertThat(code("web/src/format.js", "escapeHtml").location()).isEqualTo("web/src/format.js:25-32");
    }

    @Test
    void call_edges_connect_the_fixture_functions() {
        assertThat(code("cli/src/tinyroute/cli.py", "cmd_fetch").calls()).contains("fetch_with_retry");
        assertThat(code("router/src/main/java/dev/tinyroute/http/HeaderParser.java", "HeaderParser.parseHeaders")
                        .calls())
                .contains("parseHeader");
        assertThat(code("cache/src/ttl_cache.rs", "TtlCache.insert").calls())
                .contains("evict_expired", "evict_least_recently_used");
        assertThat(code("server/server.go", "Server.Handle").calls()).contains("Chain");
    }

    @Test
    void one_code_comment_carries_a_script_tag_for_escaping_tests() {
        CodeChunk escape = code("web/src/format.js", "escapeHtml");
        assertThat(escape.docstring()).contains("<script>alert(1)</script>");
        assertThat(all())
                .filteredOn(c -> c.embeddingText().contains("<script>alert(1)</script>"))
                .hasSize(1);
    }
}
