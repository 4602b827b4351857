package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.axis;
import static dev.coderag.store.embedded.StoreFixtures.code;
import static dev.coderag.store.embedded.StoreFixtures.hitIds;
import static dev.coderag.store.embedded.StoreFixtures.ids;
import static dev.coderag.store.embedded.StoreFixtures.manifest;
import static dev.coderag.store.embedded.StoreFixtures.moduleDoc;
import static dev.coderag.store.embedded.StoreFixtures.readme;
import static dev.coderag.store.embedded.StoreFixtures.stored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.store.CallEdge;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreRoundTripTest {
    @TempDir
    Path dir;

    private final CodeChunk parse = code(
            "web",
            "src/http/Parser.java",
            "parseHttpRequest",
            "Request parseHttpRequest(String raw) {\n  return readHeaders(raw);\n}",
            10,
            List.of("readHeaders"));
    private final ReadmeChunk install = readme("web", "README.md", "Install", "Run make install to build it.");
    private final ManifestChunk pom =
            manifest("web", "pom.xml", "web-server", "A small web server", List.of("org.slf4j:slf4j-api"));
    private final ModuleDocChunk pkg = moduleDoc("web", "src/http/package-info.java", "http", "HTTP parsing.");

    private SqliteStore open() {
        return SqliteStore.open(dir, MODEL, DIM, StoreOptions.DEFAULTS);
    }

    private void insertFour(Store store) {
        try (WriteTransaction tx = store.begin()) {
            tx.putFile("web", parse.path(), "h1");
            tx.insert(parse, axis(0));
            tx.insert(install, axis(1));
            tx.insert(pom, axis(2));
            tx.insert(pkg, axis(3));
            tx.putRepo(new RepoRecord("web", "/src/web", "abc123", Instant.ofEpochMilli(1_700_000_000_000L)));
            tx.commit();
        }
    }

    @Test
    void every_chunk_kind_survives_a_round_trip_through_disk() {
        try (Store store = open()) {
            insertFour(store);
            assertFourStored(store);
        }
        try (Store reopened = open()) {
            assertFourStored(reopened);
        }
    }

    private void assertFourStored(Store store) {
        List<Chunk> all = List.of(parse, install, pom, pkg);
        for (int i = 0; i < all.size(); i++) {
            Chunk chunk = all.get(i);
            List<ScoredChunk> hits = store.vectors().search(chunk.kind(), axis(i), 5, SearchFilter.NONE);
            assertThat(hits).hasSize(1);
            assertThat(hits.getFirst().chunk()).isEqualTo(chunk);
            assertThat(hits.getFirst().score()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
            assertThat(store.chunks().get(chunk.id())).contains(stored(chunk));
        }
        assertThat(store.chunks().getAll(List.of(pkg.id(), "missing", parse.id())))
                .containsExactly(stored(pkg), stored(parse));
        assertThat(store.chunks().counts())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        ChunkKind.CODE,
                        1,
                        ChunkKind.README,
                        1,
                        ChunkKind.MANIFEST,
                        1,
                        ChunkKind.MODULE_DOC,
                        1,
                        ChunkKind.COMMIT,
                        0));
        assertThat(store.lexical().search(ChunkKind.README, "install", 5, SearchFilter.NONE))
                .extracting(ScoredChunk::chunk)
                .containsExactly(install);
    }

    @Test
    void hits_and_reads_carry_the_id_each_chunk_is_stored_under() {
        try (Store store = open()) {
            insertFour(store);
            List<Chunk> all = List.of(parse, install, pom, pkg);
            for (int i = 0; i < all.size(); i++) {
                Chunk chunk = all.get(i);
                assertThat(store.vectors().search(chunk.kind(), axis(i), 5, SearchFilter.NONE))
                        .extracting(ScoredChunk::id)
                        .containsExactly(chunk.id());
                assertThat(store.chunks().get(chunk.id()))
                        .get()
                        .extracting(StoredChunk::id)
                        .isEqualTo(chunk.id());
            }
            List<ScoredChunk> lexical = new ArrayList<>();
            lexical.addAll(store.lexical().search(ChunkKind.CODE, "parseHttpRequest", 5, SearchFilter.NONE));
            lexical.addAll(store.lexical().search(ChunkKind.README, "install", 5, SearchFilter.NONE));
            lexical.addAll(store.lexical().search(ChunkKind.MANIFEST, "web server", 5, SearchFilter.NONE));
            lexical.addAll(store.lexical().search(ChunkKind.MODULE_DOC, "http parsing", 5, SearchFilter.NONE));
            assertThat(lexical).hasSize(4).allSatisfy(hit -> assertThat(hit.id())
                    .isEqualTo(hit.chunk().id()));
            List<StoredChunk> reads = new ArrayList<>();
            reads.addAll(store.chunks().getAll(ids(all)));
            reads.addAll(store.chunks().bySymbol("parseHttpRequest", Optional.empty()));
            reads.addAll(store.chunks().byPath("README.md", Optional.of("web")));
            assertThat(reads).hasSize(6).allSatisfy(read -> assertThat(read.id())
                    .isEqualTo(read.chunk().id()));
        }
    }

    @Test
    void search_ranks_by_cosine_and_clamps_negative_similarity_to_zero() {
        try (Store store = open()) {
            CodeChunk near = code("r", "a.py", "near", "def near(): pass", 1, List.of());
            CodeChunk far = code("r", "b.py", "far", "def far(): pass", 1, List.of());
            CodeChunk opposite = code("r", "c.py", "opposite", "def opposite(): pass", 1, List.of());
            float[] minusAxis0 = axis(0);
            for (int i = 0; i < minusAxis0.length; i++) {
                minusAxis0[i] = -minusAxis0[i];
            }
            StoreFixtures.insertAll(
                    store, List.of(near, far, opposite), List.of(axis(0, 0.1f), axis(0, 1f), minusAxis0));
            List<ScoredChunk> hits = store.vectors().search(ChunkKind.CODE, axis(0), 3, SearchFilter.NONE);
            assertThat(hitIds(hits)).containsExactly(near.id(), far.id(), opposite.id());
            assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
            assertThat(hits.get(2).score()).isZero();
            assertThat(store.vectors().search(ChunkKind.CODE, axis(0), 1, SearchFilter.NONE))
                    .hasSize(1);
            assertThat(store.vectors().search(ChunkKind.CODE, axis(0), 0, SearchFilter.NONE))
                    .isEmpty();
        }
    }

    @Test
    void delete_removes_a_chunk_from_search_get_and_lexical_search() {
        try (Store store = open()) {
            insertFour(store);
            try (WriteTransaction tx = store.begin()) {
                tx.delete(parse.id());
                tx.delete("no-such-id");
                tx.commit();
            }
            assertThat(store.chunks().get(parse.id())).isEmpty();
            assertThat(store.vectors().search(ChunkKind.CODE, axis(0), 5, SearchFilter.NONE))
                    .isEmpty();
            assertThat(store.lexical().search(ChunkKind.CODE, "parseHttpRequest", 5, SearchFilter.NONE))
                    .isEmpty();
            assertThat(store.calls().callees(parse.id())).isEmpty();
        }
        try (Store reopened = open()) {
            assertThat(reopened.vectors().search(ChunkKind.CODE, axis(0), 5, SearchFilter.NONE))
                    .isEmpty();
            assertThat(reopened.chunks().get(install.id())).contains(stored(install));
        }
    }

    @Test
    void a_store_is_empty_until_a_chunk_is_committed_and_again_once_the_last_is_deleted() {
        try (Store store = open()) {
            assertThat(store.chunks().isEmpty()).isTrue();
            StoreFixtures.insertAll(store, List.of(install), List.of(axis(1)));
            assertThat(store.chunks().isEmpty()).isFalse();
            try (WriteTransaction tx = store.begin()) {
                tx.delete(install.id());
                tx.commit();
            }
            assertThat(store.chunks().isEmpty()).isTrue();
        }
    }

    @Test
    void inserting_an_existing_id_replaces_the_chunk_and_its_vector() {
        try (Store store = open()) {
            StoreFixtures.insertAll(store, List.of(parse), List.of(axis(0)));
            StoreFixtures.insertAll(store, List.of(parse), List.of(axis(5)));
            assertThat(store.chunks().counts()).containsEntry(ChunkKind.CODE, 1);
            List<ScoredChunk> hits = store.vectors().search(ChunkKind.CODE, axis(5), 5, SearchFilter.NONE);
            assertThat(hits).hasSize(1);
            assertThat(hits.getFirst().score()).isGreaterThan(0.999);
            assertThat(store.lexical().search(ChunkKind.CODE, "parse", 5, SearchFilter.NONE))
                    .hasSize(1);
            assertThat(store.calls().callees(parse.id())).hasSize(1);
        }
    }

    @Test
    void delete_file_removes_its_chunks_edges_and_file_entry() {
        try (Store store = open()) {
            CodeChunk other = code(
                    "web",
                    "src/Other.java",
                    "other",
                    "void other() { parseHttpRequest(x); }",
                    1,
                    List.of("parseHttpRequest"));
            try (WriteTransaction tx = store.begin()) {
                tx.putFile("web", parse.path(), "h1");
                tx.putFile("web", other.path(), "h2");
                tx.insert(parse, axis(0));
                tx.insert(other, axis(1));
                tx.commit();
            }
            try (WriteTransaction tx = store.begin()) {
                tx.deleteFile("web", parse.path());
                tx.commit();
            }
            assertThat(store.files().entries("web")).containsOnlyKeys(other.path());
            assertThat(store.chunks().byPath("Parser.java", Optional.empty())).isEmpty();
            assertThat(store.vectors().search(ChunkKind.CODE, axis(0), 5, SearchFilter.NONE))
                    .extracting(ScoredChunk::chunk)
                    .containsExactly(other);
            assertThat(store.calls().callees(parse.id())).isEmpty();
            // the call from other remains, now unresolved
            assertThat(store.calls().callees(other.id()))
                    .containsExactly(new CallEdge(other.id(), "parseHttpRequest", Optional.empty()));
        }
    }

    @Test
    void delete_repo_removes_that_repo_only() {
        try (Store store = open()) {
            insertFour(store);
            CodeChunk keep = code("lib", "lib.py", "helper", "def helper(): pass", 1, List.of());
            try (WriteTransaction tx = store.begin()) {
                tx.putFile("lib", "lib.py", "h3");
                tx.insert(keep, axis(0));
                tx.putRepo(new RepoRecord("lib", "", "", Instant.now()));
                tx.commit();
            }
            try (WriteTransaction tx = store.begin()) {
                tx.deleteRepo("web");
                tx.commit();
            }
            assertThat(store.repos().list()).extracting(RepoInfo::name).containsExactly("lib");
            assertThat(store.files().entries("web")).isEmpty();
            assertThat(store.vectors().search(ChunkKind.CODE, axis(0), 5, SearchFilter.NONE))
                    .extracting(ScoredChunk::chunk)
                    .containsExactly(keep);
            for (ChunkKind kind : List.of(ChunkKind.README, ChunkKind.MANIFEST, ChunkKind.MODULE_DOC)) {
                assertThat(store.vectors().search(kind, axis(1), 5, SearchFilter.NONE))
                        .isEmpty();
            }
            assertThat(store.chunks().counts()).containsEntry(ChunkKind.CODE, 1).containsEntry(ChunkKind.README, 0);
        }
    }

    @Test
    void delete_repo_leaves_no_row_of_it_in_any_table_nor_in_vector_or_lexical_search() throws Exception {
        try (Store store = open()) {
            insertFour(store);
            CodeChunk caller = code(
                    "web",
                    "src/http/Server.java",
                    "serve",
                    "void serve() { parseHttpRequest(r); }",
                    3,
                    List.of("parseHttpRequest"));
            CodeChunk keep = code(
                    "lib", "lib.py", "helper", "def helper(): parse_http_request()", 1, List.of("parse_http_request"));
            try (WriteTransaction tx = store.begin()) {
                tx.insert(caller, axis(5));
                tx.putSkipped("web", List.of(new SkippedFile("logo.png", "binary")));
                tx.putFile("web", "src/http/Server.java", "h9", List.of(new SharedChunk(caller.id(), 7)));
                tx.putRepo(new RepoRecord(
                        "web", "https://example.com/web.git", "abc", Instant.now(), IndexState.COMPLETE, 0, "dev"));
                tx.putFile("lib", "lib.py", "h3");
                tx.insert(keep, axis(0));
                tx.putSkipped("lib", List.of(new SkippedFile("big.bin", "too_large")));
                tx.putRepo(new RepoRecord("lib", "", "", Instant.now()));
                tx.commit();
            }
            assertThat(store.calls().callers(parse.id())).isNotEmpty();
            try (WriteTransaction tx = store.begin()) {
                tx.deleteRepo("web");
                tx.commit();
            }

            try (java.sql.Connection c = java.sql.DriverManager.getConnection(
                    "jdbc:sqlite:" + store.directory().resolve(SqliteStore.DB_FILE))) {
                List<String> tables = new ArrayList<>();
                try (var rs = c.createStatement()
                        .executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE"
                                + " 'CREATE VIRTUAL%'")) {
                    while (rs.next()) {
                        tables.add(rs.getString(1));
                    }
                }
                assertThat(tables).contains("chunks", "vectors", "files", "edges", "repos", "skipped", "shared");
                for (String table : tables) {
                    List<String> columns = new ArrayList<>();
                    try (var rs =
                            c.createStatement().executeQuery("SELECT name FROM pragma_table_info('" + table + "')")) {
                        while (rs.next()) {
                            columns.add(rs.getString(1));
                        }
                    }
                    for (String column : List.of("repo", "name")) {
                        if (columns.contains(column) && !table.equals("meta")) {
                            try (var rs = c.createStatement()
                                    .executeQuery("SELECT count(*) FROM " + table + " WHERE " + column + " = 'web'")) {
                                assertThat(rs.getInt(1))
                                        .as(table + "." + column)
                                        .isZero();
                            }
                        }
                    }
                }
                // the lexical index: one document per remaining chunk of each table
                for (ChunkKind kind : ChunkKind.values()) {
                    try (var rs =
                            c.createStatement().executeQuery("SELECT count(*) FROM fts_" + kind.table() + "_docsize")) {
                        assertThat(rs.getInt(1)).as(kind.table()).isEqualTo(kind == ChunkKind.CODE ? 1 : 0);
                    }
                }
                try (var rs = c.createStatement().executeQuery("SELECT count(*) FROM edges")) {
                    assertThat(rs.getInt(1)).isEqualTo(1); // lib's own call
                }
            }
            for (ChunkKind kind : ChunkKind.values()) {
                assertThat(store.lexical()
                                .search(kind, "parseHttpRequest install web server http", 10, SearchFilter.NONE))
                        .extracting(h -> h.chunk().repo())
                        .doesNotContain("web");
                assertThat(store.vectors().search(kind, axis(kind.ordinal()), 10, SearchFilter.NONE))
                        .extracting(h -> h.chunk().repo())
                        .doesNotContain("web");
            }
            assertThat(store.repos().skipped("web", 100)).isEmpty();
            assertThat(store.repos().skipped("lib", 100)).containsExactly(new SkippedFile("big.bin", "too_large"));
            assertThat(store.repos().get("web")).isEmpty();
        }
    }

    @Test
    void branch_and_skipped_files_are_stored_per_repo_and_replaced_by_the_next_ingest() {
        try (Store store = open()) {
            try (WriteTransaction tx = store.begin()) {
                tx.putRepo(new RepoRecord(
                        "web",
                        "https://example.com/web.git",
                        "abc",
                        Instant.now(),
                        IndexState.COMPLETE,
                        0,
                        "release/2"));
                tx.putSkipped("web", List.of(new SkippedFile("b.bin", "binary"), new SkippedFile("a.png", "binary")));
                tx.commit();
            }
            assertThat(store.repos().get("web").orElseThrow().branch()).isEqualTo("release/2");
            assertThat(store.repos().skipped("web", 10))
                    .containsExactly(new SkippedFile("a.png", "binary"), new SkippedFile("b.bin", "binary"));
            assertThat(store.repos().skipped("web", 1)).containsExactly(new SkippedFile("a.png", "binary"));
            List<SkippedFile> many = new ArrayList<>();
            for (int i = 0; i < RepoCatalog.MAX_SKIPPED + 5; i++) {
                many.add(new SkippedFile(String.format("gen/f%06d.min.js", i), "minified"));
            }
            try (WriteTransaction tx = store.begin()) {
                tx.putRepo(new RepoRecord("web", "https://example.com/web.git", "abd", Instant.now()));
                tx.putSkipped("web", many);
                tx.commit();
            }
            assertThat(store.repos().get("web").orElseThrow().branch()).isEmpty();
            List<SkippedFile> kept = store.repos().skipped("web", RepoCatalog.MAX_SKIPPED);
            assertThat(kept).hasSize(RepoCatalog.MAX_SKIPPED).doesNotContain(new SkippedFile("a.png", "binary"));
            assertThat(kept.getLast().path()).isEqualTo(String.format("gen/f%06d.min.js", RepoCatalog.MAX_SKIPPED - 1));
            assertThatThrownBy(() -> store.repos().skipped("web", RepoCatalog.MAX_SKIPPED + 1))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void a_transaction_closed_without_commit_leaves_no_trace() {
        try (Store store = open()) {
            insertFour(store);
            try (WriteTransaction tx = store.begin()) {
                tx.insert(code("web", "x.py", "x", "def x(): pass", 1, List.of()), axis(7));
                tx.deleteRepo("web");
            }
            assertThat(store.chunks().counts()).containsEntry(ChunkKind.CODE, 1);
            assertThat(store.vectors().search(ChunkKind.CODE, axis(7), 5, SearchFilter.NONE))
                    .extracting(ScoredChunk::chunk)
                    .containsExactly(parse);
            // the lock was released: a new transaction can start
            store.begin().close();
        }
    }

    @Test
    void repos_report_counts_languages_files_and_the_last_ingest() {
        try (Store store = open()) {
            insertFour(store);
            CodeChunk py = code("web", "tools/gen.py", "gen", "def gen(): pass", 1, List.of());
            StoreFixtures.insertAll(store, List.of(py), List.of(axis(4)));
            List<RepoInfo> repos = store.repos().list();
            assertThat(repos).hasSize(1);
            RepoInfo web = repos.getFirst();
            assertThat(web.name()).isEqualTo("web");
            assertThat(web.source()).isEqualTo("/src/web");
            assertThat(web.commit()).isEqualTo("abc123");
            assertThat(web.indexedAt()).contains(Instant.ofEpochMilli(1_700_000_000_000L));
            assertThat(web.chunks())
                    .containsExactlyInAnyOrderEntriesOf(Map.of(
                            ChunkKind.CODE,
                            2,
                            ChunkKind.README,
                            1,
                            ChunkKind.MANIFEST,
                            1,
                            ChunkKind.MODULE_DOC,
                            1,
                            ChunkKind.COMMIT,
                            0));
            assertThat(web.languages()).containsExactlyInAnyOrderEntriesOf(Map.of("java", 1, "python", 1));
            assertThat(web.files()).isEqualTo(1);
            assertThat(store.repos().get("web")).contains(web);
            assertThat(store.repos().get("nope")).isEmpty();
        }
    }

    @Test
    void stored_vectors_are_found_by_content_hash() {
        try (Store store = open()) {
            insertFour(store);
            Map<String, float[]> found =
                    store.vectors().byContentHash(List.of(parse.contentHash(), pom.contentHash(), "0000"));
            assertThat(found).containsOnlyKeys(parse.contentHash(), pom.contentHash());
            assertThat(found.get(pom.contentHash())).containsExactly(axis(2));
        }
    }

    @Test
    void bad_vectors_and_foreign_model_chunks_are_rejected_with_a_clear_message() {
        try (Store store = open();
                WriteTransaction tx = store.begin()) {
            assertThatThrownBy(() -> tx.insert(parse, new float[DIM - 1]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("dimensions");
            assertThatThrownBy(() -> tx.insert(parse, new float[DIM]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("unit length");
            CodeChunk foreign = new CodeChunk(
                    "web",
                    "x.java",
                    Language.JAVA,
                    "x",
                    SymbolKind.METHOD,
                    "",
                    "",
                    "",
                    "x",
                    1,
                    1,
                    List.of(),
                    "other/model");
            assertThatThrownBy(() -> tx.insert(foreign, axis(0)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("other/model");
            assertThatThrownBy(() -> store.vectors().search(ChunkKind.CODE, new float[3], 5, SearchFilter.NONE))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
