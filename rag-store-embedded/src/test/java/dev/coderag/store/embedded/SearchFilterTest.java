package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every filter, through both vector and lexical search, on a store where the filter excludes most chunks: the
 * results must be exactly the filtered chunks (all of them when k is large, none outside the filter).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SearchFilterTest {
    @TempDir
    static Path dir;

    private Store store;
    private final List<CodeChunk> chunks = new ArrayList<>();
    private final float[] query = StoreFixtures.random(new Random(99), DIM);

    record Case(String name, SearchFilter filter, Predicate<CodeChunk> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    void fill() {
        store = Store.open(dir, MODEL, DIM);
        String[] repos = {"alpha", "beta", "gamma"};
        String[] paths = {
            "src/main/java/Server.java",
            "src/test/java/ServerTest.java",
            "lib/util.py",
            "lib/sub/deep.py",
            "cmd/main.go",
            "README.java"
        };
        SymbolKind[] kinds = {SymbolKind.FUNCTION, SymbolKind.METHOD, SymbolKind.CLASS};
        int n = 0;
        for (String repo : repos) {
            for (String path : paths) {
                for (SymbolKind kind : kinds) {
                    Language language = Language.fromFileName(path).orElseThrow();
                    chunks.add(new CodeChunk(
                            repo,
                            path,
                            language,
                            "handler" + n,
                            kind,
                            "",
                            "",
                            "",
                            "handle the common request " + n,
                            1 + n,
                            1 + n,
                            List.of(),
                            MODEL));
                    n++;
                }
            }
        }
        Random random = new Random(5);
        StoreFixtures.insertAll(
                store,
                chunks,
                chunks.stream().map(c -> StoreFixtures.random(random, DIM)).toList());
    }

    @AfterAll
    void close() {
        store.close();
    }

    static List<Case> cases() {
        return List.of(
                new Case("repo", SearchFilter.repo("beta"), c -> c.repo().equals("beta")),
                new Case("two repos", new SearchFilter(Set.of("alpha", "gamma"), Set.of(), Set.of(), ""), c -> !c.repo()
                        .equals("beta")),
                new Case("unknown repo", SearchFilter.repo("nope"), c -> false),
                new Case(
                        "language",
                        SearchFilter.NONE.withLanguages(Set.of(Language.PYTHON)),
                        c -> c.language() == Language.PYTHON),
                new Case(
                        "symbol kind",
                        SearchFilter.NONE.withSymbolKinds(Set.of(SymbolKind.CLASS)),
                        c -> c.symbolKind() == SymbolKind.CLASS),
                new Case("path prefix", SearchFilter.NONE.withPathGlob("src/main"), c -> c.path()
                        .startsWith("src/main")),
                new Case("glob over directories", SearchFilter.NONE.withPathGlob("lib/**"), c -> c.path()
                        .startsWith("lib/")),
                new Case("glob one level", SearchFilter.NONE.withPathGlob("lib/*.py"), c -> c.path()
                        .equals("lib/util.py")),
                new Case("file name glob", SearchFilter.NONE.withPathGlob("*Test.java"), c -> c.path()
                        .endsWith("ServerTest.java")),
                new Case(
                        "everything combined",
                        SearchFilter.repo("gamma")
                                .withLanguages(Set.of(Language.JAVA))
                                .withSymbolKinds(Set.of(SymbolKind.METHOD, SymbolKind.FUNCTION))
                                .withPathGlob("src/**/*.java"),
                        c -> c.repo().equals("gamma")
                                && c.language() == Language.JAVA
                                && c.symbolKind() != SymbolKind.CLASS
                                && c.path().startsWith("src/")));
    }

    private List<Chunk> expected(Case c) {
        return chunks.stream().filter(c.expected()).map(Chunk.class::cast).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void vector_search_returns_exactly_the_filtered_chunks(Case c) {
        List<Chunk> expected = expected(c);
        List<ScoredChunk> all = store.vectors().search(ChunkKind.CODE, query, 1000, c.filter());
        assertThat(all).extracting(ScoredChunk::chunk).containsExactlyInAnyOrderElementsOf(expected);
        List<ScoredChunk> top3 = store.vectors().search(ChunkKind.CODE, query, 3, c.filter());
        assertThat(top3)
                .extracting(ScoredChunk::chunk)
                .containsExactlyElementsOf(
                        all.stream().limit(3).map(ScoredChunk::chunk).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void lexical_search_returns_exactly_the_filtered_chunks(Case c) {
        List<Chunk> expected = expected(c);
        List<ScoredChunk> all = store.lexical().search(ChunkKind.CODE, "common request handler", 1000, c.filter());
        assertThat(all).extracting(ScoredChunk::chunk).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(store.lexical().search(ChunkKind.CODE, "common request", 2, c.filter()))
                .hasSize(Math.min(2, expected.size()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void the_matcher_admits_exactly_what_the_searches_return(Case c) {
        Predicate<Chunk> matcher = c.filter().matcher();
        assertThat(chunks.stream().filter(matcher).map(Chunk.class::cast).toList())
                .containsExactlyElementsOf(expected(c));
        // a symbol-kind filter admits no chunk of the other tables; the others judge them like code
        Chunk readme = StoreFixtures.readme("gamma", "src/main/README.md", "Intro", "text");
        boolean codeLike = c.filter().repos().isEmpty() || c.filter().repos().contains("gamma");
        codeLike &= c.filter().languages().isEmpty();
        codeLike &= c.filter().pathGlob().isEmpty() || c.filter().pathGlob().equals("src/main");
        assertThat(matcher.test(readme))
                .isEqualTo(codeLike && c.filter().symbolKinds().isEmpty());
    }

    @org.junit.jupiter.api.Test
    void a_glob_the_searches_refuse_is_refused_by_the_matcher_too() {
        SearchFilter bad = SearchFilter.NONE.withPathGlob("[z-a]*.java");
        org.assertj.core.api.Assertions.assertThatThrownBy(bad::matcher).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void the_graph_path_respects_filters_too(Case c) {
        // Same store files, but a zero exact threshold: every search with candidates goes through the graph.
        try (SqliteStore annStore = SqliteStore.open(
                dir, MODEL, DIM, StoreOptions.DEFAULTS.withExactBelow(0).withBackgroundGraph(false))) {
            List<ScoredChunk> all = annStore.vectors().search(ChunkKind.CODE, query, 1000, c.filter());
            assertThat(all).extracting(ScoredChunk::chunk).containsExactlyInAnyOrderElementsOf(expected(c));
        }
    }
}
