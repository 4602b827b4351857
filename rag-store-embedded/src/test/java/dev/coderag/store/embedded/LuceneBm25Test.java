package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.store.embedded.lexical.LuceneIndexes;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Lucene lexical index must rank as FTS5 does — the same store searched through one store object that uses
 * Lucene and one that keeps BM25 in FTS5, over real source text (this module's own code) — and stay in step with
 * {@code store.db} through commits, other processes' readers and kills between the two commits.
 */
class LuceneBm25Test {
    @TempDir
    Path dir;

    @TempDir
    Path saved;

    private SqliteStore lucene;
    private SqliteStore fts;
    private final List<Chunk> chunks = new ArrayList<>();
    private final Random random = new Random(7);

    private static final StoreOptions SYNC = StoreOptions.DEFAULTS.withBackgroundGraph(false);

    @BeforeEach
    void fill() throws IOException {
        lucene = SqliteStore.open(dir, MODEL, DIM, SYNC);
        fts = SqliteStore.open(dir, MODEL, DIM, SYNC.withLucene(false));
        List<Path> sources;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path file : sources) {
            List<String> lines = Files.readAllLines(file);
            String name = file.getFileName().toString();
            // Two repos, two languages and two directories, so that filters have something to choose between.
            String repo = chunks.size() % 3 == 0 ? "other" : "store";
            for (int start = 0; start < lines.size(); start += 15) {
                String text = String.join("\n", lines.subList(start, Math.min(lines.size(), start + 15)));
                Language language = start % 30 == 0 ? Language.JAVA : Language.PYTHON;
                chunks.add(StoreFixtures.code(
                        repo,
                        (name.startsWith("S") ? "src/s/" : "lib/") + name + (language == Language.PYTHON ? ".py" : ""),
                        language,
                        name.replace(".java", "") + "Part" + start,
                        start % 45 == 0 ? SymbolKind.CLASS : SymbolKind.METHOD,
                        text,
                        start + 1,
                        List.of()));
            }
        }
        StoreFixtures.insertAll(
                lucene,
                chunks,
                chunks.stream().map(c -> StoreFixtures.random(random, DIM)).toList());
    }

    @AfterEach
    void close() {
        lucene.close();
        fts.close();
    }

    @Test
    void lucene_ranks_like_fts5_for_identifiers_prose_and_bug_reports() {
        assertThat(chunks).hasSizeGreaterThan(300);
        for (String query : queries()) {
            assertSameRanking(lucene, query, 20, SearchFilter.NONE);
        }
        assertThat(lucene.lexicalIndexes().rebuilds())
                .as("a new store is indexed as it is written")
                .isZero();
    }

    @Test
    void lucene_applies_every_filter_like_sql() {
        List<SearchFilter> filters = List.of(
                SearchFilter.repo("other"),
                SearchFilter.NONE.withLanguages(Set.of(Language.PYTHON)),
                SearchFilter.NONE.withSymbolKinds(Set.of(SymbolKind.CLASS)),
                SearchFilter.repo("store").withLanguages(Set.of(Language.JAVA)),
                SearchFilter.repo("no-such-repo"),
                SearchFilter.NONE.withPathGlob("src/s"),
                SearchFilter.NONE.withPathGlob("*.py"),
                SearchFilter.NONE.withPathGlob("lib/**/*.java"),
                SearchFilter.NONE.withPathGlob("src/**/S*Store*.java"),
                SearchFilter.repo("other").withPathGlob("nothing/here/**"));
        for (SearchFilter filter : filters) {
            assertSameRanking(lucene, "chunk store search filter vector", 15, filter);
            assertSameRanking(lucene, "commit transaction", 15, filter);
        }
        assertThat(lucene.lexical().search(ChunkKind.CODE, "store", 10, SearchFilter.repo("other")))
                .isNotEmpty()
                .allSatisfy(h -> assertThat(h.chunk().repo()).isEqualTo("other"));
        assertThat(lucene.lexical().search(ChunkKind.CODE, "store", 10, SearchFilter.NONE.withPathGlob("*.py")))
                .isNotEmpty()
                .allSatisfy(h -> assertThat(h.chunk().path()).endsWith(".py"));
        assertThat(lucene.lexical().search(ChunkKind.README, "store", 10, SearchFilter.NONE))
                .isEmpty();
    }

    @Test
    void commits_update_the_index_incrementally_and_other_readers_see_them() {
        try (SqliteStore reader = SqliteStore.open(dir, MODEL, DIM, SYNC)) { // another process, as far as it knows
            assertSameRanking(reader, "lexicalSearch", 10, SearchFilter.NONE);
            List<Chunk> gone = chunks.stream()
                    .filter(c -> c.embeddingText().contains("lexicalSearch"))
                    .toList();
            assertThat(gone).isNotEmpty();
            Chunk added = StoreFixtures.code(
                    "store", "src/New.java", "lexicalSearchAgain", "void lexicalSearchAgain() {}", 1, List.of());
            try (WriteTransaction tx = lucene.begin()) {
                gone.forEach(c -> tx.delete(c.id()));
                tx.insert(added, StoreFixtures.random(random, DIM));
                tx.checkpoint();
                assertThat(StoreFixtures.hitIds(
                                reader.lexical().search(ChunkKind.CODE, "lexicalSearch", 10, SearchFilter.NONE)))
                        .as("a checkpoint is visible at the reader's next search")
                        .contains(added.id())
                        .doesNotContainAnyElementsOf(StoreFixtures.ids(gone));
                tx.commit();
            }
            assertSameRanking(reader, "lexicalSearch", 10, SearchFilter.NONE);
            assertSameRanking(reader, "delete rows commit", 20, SearchFilter.NONE);
            assertThat(lucene.lexicalIndexes().rebuilds()
                            + reader.lexicalIndexes().rebuilds())
                    .as("nothing was rebuilt")
                    .isZero();
        }
    }

    @Test
    void a_kill_between_the_sqlite_and_the_lucene_commit_is_caught_up_on_the_next_open() throws IOException {
        lucene.close();
        copyIndexes(dir, saved); // the Lucene indexes as they were before the next commit
        Chunk added = StoreFixtures.code(
                "store", "src/Late.java", "commitSequenceLate", "void commitSequenceLate() {}", 1, List.of());
        try (SqliteStore writer = SqliteStore.open(dir, MODEL, DIM, SYNC)) {
            try (WriteTransaction tx = writer.begin()) {
                chunks.stream()
                        .filter(c -> c.embeddingText().contains("commit"))
                        .limit(20)
                        .forEach(c -> tx.delete(c.id()));
                tx.insert(added, StoreFixtures.random(random, DIM));
                tx.commit();
            }
        }
        replaceIndexes(saved, dir); // as if the process died after SQLite's commit, before Lucene's

        lucene = SqliteStore.open(dir, MODEL, DIM, SYNC);
        for (String query : queries()) {
            assertSameRanking(lucene, query, 20, SearchFilter.NONE);
        }
        assertThat(StoreFixtures.hitIds(
                        lucene.lexical().search(ChunkKind.CODE, "commitSequenceLate", 5, SearchFilter.NONE)))
                .first()
                .isEqualTo(added.id());
        assertThat(lucene.lexicalIndexes().rebuilds())
                .as("caught up, not rebuilt")
                .isZero();
    }

    @Test
    void a_missing_corrupt_or_foreign_index_is_rebuilt_from_the_store() throws IOException {
        lucene.close();
        Path code = LuceneIndexes.path(dir, ChunkKind.CODE);
        try (Stream<Path> files = Files.list(code)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("segments_"))
                    .toList()) {
                Files.write(f, new byte[] {1, 2, 3}); // a torn or overwritten commit point
            }
        }
        deleteTree(LuceneIndexes.path(dir, ChunkKind.README));
        lucene = SqliteStore.open(dir, MODEL, DIM, SYNC);
        for (String query : queries()) {
            assertSameRanking(lucene, query, 20, SearchFilter.NONE);
        }
        assertThat(lucene.lexicalIndexes().rebuilds()).isPositive();

        // Another store's index (same file names, another store id) is not trusted either.
        Path other = saved.resolve("other");
        try (SqliteStore foreign = SqliteStore.open(other, MODEL, DIM, SYNC)) {
            StoreFixtures.insertAll(
                    foreign,
                    List.of(StoreFixtures.code("x", "X.java", "commit", "void commit() {}", 1, List.of())),
                    List.of(StoreFixtures.random(random, DIM)));
        }
        lucene.close();
        replaceIndexes(other, dir);
        lucene = SqliteStore.open(dir, MODEL, DIM, SYNC);
        assertSameRanking(lucene, "commit", 20, SearchFilter.NONE);
    }

    @Test
    void hostile_query_text_is_plain_terms_and_runs_in_linear_time() {
        String syntax =
                "title:foo AND (bar OR baz)^3 \"phrase\" ~2 +must -not * ? \\ /regex/ {a TO b} [1 TO 2] && || !";
        assertSameRanking(lucene, syntax, 10, SearchFilter.NONE);
        String huge = "commit(".repeat(20_000) + " " + "a".repeat(100_000) + " OR ".repeat(10_000);
        long t0 = System.nanoTime();
        List<ScoredChunk> hits = lucene.lexical().search(ChunkKind.CODE, huge, 10, SearchFilter.NONE);
        assertThat(System.nanoTime() - t0).as("a 340 kB query").isLessThan(5_000_000_000L);
        assertThat(hits).isNotEmpty();
    }

    private List<String> queries() {
        List<String> queries = new ArrayList<>(List.of(
                "lexicalSearch",
                "How does the store decide which rows to delete?",
                "NullPointerException at dev.coderag.store.SqliteVectorStore.lexicalSearch(SqliteVectorStore.java:350)"
                        + " while running a query with a path glob filter after commit",
                "graph beam degree JVector build",
                "tombstones seq reader",
                "zzzz qqqq"));
        Random words = new Random(11);
        for (int i = 0; i < 40; i++) { // words drawn from random chunks
            String[] text =
                    chunks.get(words.nextInt(chunks.size())).embeddingText().split("\\W+");
            StringBuilder q = new StringBuilder();
            for (int w = 0; w < 1 + words.nextInt(12) && text.length > 0; w++) {
                q.append(text[words.nextInt(text.length)]).append(' ');
            }
            queries.add(q.toString());
        }
        return queries;
    }

    /**
     * Lucene answered (its index is at the store's commit), with FTS5's scores in FTS5's order; chunk ids equal
     * except within groups of (nearly) tied scores — Lucene sums in single precision.
     */
    private void assertSameRanking(SqliteStore store, String query, int k, SearchFilter filter) {
        List<ScoredChunk> a = store.lexical().search(ChunkKind.CODE, query, k, filter);
        List<ScoredChunk> b = fts.lexical().search(ChunkKind.CODE, query, k, filter);
        assertThat(a).as("hits for %s", query).hasSameSizeAs(b);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).score())
                    .as("score %d for %s", i, query)
                    .isCloseTo(b.get(i).score(), org.assertj.core.data.Offset.offset(1e-5));
            boolean tied = (i > 0 && Math.abs(b.get(i).score() - b.get(i - 1).score()) < 1e-5)
                    || (i + 1 < b.size()
                            && Math.abs(b.get(i).score() - b.get(i + 1).score()) < 1e-5);
            if (!tied) {
                assertThat(a.get(i).chunk().id())
                        .as("hit %d for %s", i, query)
                        .isEqualTo(b.get(i).chunk().id());
            }
        }
        assertThat(store.lexicalIndexes().answered()).as("Lucene answered").isPositive();
    }

    private static void copyIndexes(Path from, Path to) throws IOException {
        for (ChunkKind table : ChunkKind.values()) {
            Path src = LuceneIndexes.path(from, table);
            Path dst = LuceneIndexes.path(to, table);
            Files.createDirectories(dst);
            try (Stream<Path> files = Files.list(src)) {
                for (Path f : files.toList()) {
                    Files.copy(f, dst.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void replaceIndexes(Path from, Path to) throws IOException {
        for (ChunkKind table : ChunkKind.values()) {
            deleteTree(LuceneIndexes.path(to, table));
        }
        copyIndexes(from, to);
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
