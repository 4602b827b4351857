package dev.coderag.store;

import static dev.coderag.store.StoreFixtures.DIM;
import static dev.coderag.store.StoreFixtures.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-memory BM25 index must rank exactly as FTS5 does: the same store is searched through one store object
 * that uses it and one that keeps BM25 in FTS5, over real source text (this module's own code).
 */
class MemoryBm25Test {
    @TempDir
    Path dir;

    private SqliteStore memory;
    private SqliteStore fts;
    private final List<Chunk> chunks = new ArrayList<>();
    private final Random random = new Random(7);

    @BeforeEach
    void fill() throws IOException {
        StoreOptions base = StoreOptions.DEFAULTS.withBackgroundGraph(false);
        memory = SqliteStore.open(dir, MODEL, DIM, base.withMemoryBm25Above(0));
        fts = SqliteStore.open(dir, MODEL, DIM, base.withMemoryBm25Above(Integer.MAX_VALUE));
        List<Path> sources;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path file : sources) {
            List<String> lines = Files.readAllLines(file);
            String name = file.getFileName().toString();
            // Two repos and two languages, so that filters have something to choose between.
            String repo = chunks.size() % 3 == 0 ? "other" : "store";
            for (int start = 0; start < lines.size(); start += 15) {
                String text = String.join("\n", lines.subList(start, Math.min(lines.size(), start + 15)));
                Language language = start % 30 == 0 ? Language.JAVA : Language.PYTHON;
                chunks.add(StoreFixtures.code(
                        repo,
                        "src/" + name + (language == Language.PYTHON ? ".py" : ""),
                        language,
                        name.replace(".java", "") + "Part" + start,
                        start % 45 == 0 ? SymbolKind.CLASS : SymbolKind.METHOD,
                        text,
                        start + 1,
                        List.of()));
            }
        }
        StoreFixtures.insertAll(
                memory,
                chunks,
                chunks.stream().map(c -> StoreFixtures.random(random, DIM)).toList());
    }

    @AfterEach
    void close() {
        memory.close();
        fts.close();
    }

    @Test
    void memory_index_ranks_like_fts5_for_identifiers_prose_and_bug_reports() {
        assertThat(chunks).hasSizeGreaterThan(300);
        List<String> queries = new ArrayList<>(List.of(
                "lexicalSearch",
                "How does the store decide which rows to delete?",
                "NullPointerException at dev.coderag.store.SqliteVectorStore.lexicalSearch(SqliteVectorStore.java:350)"
                        + " while running a query with a path glob filter after commit",
                "graph beam degree JVector build",
                "tombstones seq reader",
                "zzzz qqqq"));
        for (int i = 0; i < 40; i++) { // words drawn from random chunks
            String[] words =
                    chunks.get(random.nextInt(chunks.size())).embeddingText().split("\\W+");
            StringBuilder q = new StringBuilder();
            for (int w = 0; w < 1 + random.nextInt(12) && words.length > 0; w++) {
                q.append(words[random.nextInt(words.length)]).append(' ');
            }
            queries.add(q.toString());
        }
        for (String query : queries) {
            assertSameRanking(query, 20, SearchFilter.NONE);
        }
    }

    @Test
    void memory_index_applies_repo_language_and_symbol_kind_filters_like_sql() {
        List<SearchFilter> filters = List.of(
                SearchFilter.repo("other"),
                SearchFilter.NONE.withLanguages(Set.of(Language.PYTHON)),
                SearchFilter.NONE.withSymbolKinds(Set.of(SymbolKind.CLASS)),
                SearchFilter.repo("store").withLanguages(Set.of(Language.JAVA)),
                SearchFilter.repo("no-such-repo"));
        for (SearchFilter filter : filters) {
            assertSameRanking("chunk store search filter vector", 15, filter);
            assertSameRanking("commit transaction", 15, filter);
        }
        assertThat(memory.lexical().search(ChunkKind.CODE, "store", 10, SearchFilter.repo("other")))
                .isNotEmpty()
                .allSatisfy(h -> assertThat(h.chunk().repo()).isEqualTo("other"));
    }

    @Test
    void memory_index_follows_commits() {
        assertSameRanking("lexicalSearch", 10, SearchFilter.NONE);
        // Delete every chunk that mentions lexicalSearch and add one that does.
        List<Chunk> gone = chunks.stream()
                .filter(c -> c.embeddingText().contains("lexicalSearch"))
                .toList();
        Chunk added = StoreFixtures.code(
                "store", "src/New.java", "lexicalSearchAgain", "void lexicalSearchAgain() {}", 1, List.of());
        try (WriteTransaction tx = memory.begin()) {
            gone.forEach(c -> tx.delete(c.id()));
            tx.insert(added, StoreFixtures.random(random, DIM));
            tx.commit();
        }
        List<ScoredChunk> hits = memory.lexical().search(ChunkKind.CODE, "lexicalSearch", 10, SearchFilter.NONE);
        assertThat(StoreFixtures.hitIds(hits))
                .contains(added.id())
                .doesNotContainAnyElementsOf(StoreFixtures.ids(gone));
        assertSameRanking("lexicalSearch", 10, SearchFilter.NONE);
        assertSameRanking("delete rows commit", 20, SearchFilter.NONE);
    }

    @Test
    void background_copy_starts_with_a_tables_second_search_and_then_serves() throws Exception {
        try (SqliteStore background = SqliteStore.open(
                dir, MODEL, DIM, StoreOptions.DEFAULTS.withMemoryBm25Above(0).withBackgroundGraph(true))) {
            List<ScoredChunk> first = background.lexical().search(ChunkKind.CODE, "commit", 10, SearchFilter.NONE);
            background.lexicalIndexes().awaitBuilds();
            assertThat(background.lexicalIndexes().current(ChunkKind.CODE))
                    .as("one search builds nothing")
                    .isNull();
            assertThat(background.lexical().search(ChunkKind.CODE, "commit", 10, SearchFilter.NONE))
                    .as("FTS5 answers while the copy is built")
                    .hasSameSizeAs(first);
            background.lexicalIndexes().awaitBuilds();
            LexicalIndex built = background.lexicalIndexes().current(ChunkKind.CODE);
            assertThat(built).isNotNull();
            assertThat(built.size()).isEqualTo(chunks.size());
            assertThat(StoreFixtures.hitIds(
                            background.lexical().search(ChunkKind.CODE, "commit", 10, SearchFilter.NONE)))
                    .isEqualTo(StoreFixtures.hitIds(first));
        }
    }

    @Test
    void copies_stay_within_a_quarter_of_the_heap() {
        // ./rag serves with -Xmx2g: tables up to ~260k chunks get a copy, larger ones keep BM25 in FTS5.
        assertThat(LexicalIndexes.maxRows(2L << 30)).isEqualTo(262_144);
        assertThat(LexicalIndexes.maxRows(8L << 30)).isEqualTo(1_048_576);
    }

    /** Same scores in the same order; chunk ids equal except within groups of tied scores. */
    private void assertSameRanking(String query, int k, SearchFilter filter) {
        List<ScoredChunk> a = memory.lexical().search(ChunkKind.CODE, query, k, filter);
        List<ScoredChunk> b = fts.lexical().search(ChunkKind.CODE, query, k, filter);
        assertThat(a).as("hits for %s", query).hasSameSizeAs(b);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).score())
                    .as("score %d for %s", i, query)
                    .isCloseTo(b.get(i).score(), within());
            boolean tied = (i > 0 && Math.abs(a.get(i).score() - a.get(i - 1).score()) < 1e-12)
                    || (i + 1 < a.size()
                            && Math.abs(a.get(i).score() - a.get(i + 1).score()) < 1e-12);
            if (!tied) {
                assertThat(a.get(i).chunk().id())
                        .as("hit %d for %s", i, query)
                        .isEqualTo(b.get(i).chunk().id());
            }
        }
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-12);
    }
}
