package dev.coderag.store.solr;

import static dev.coderag.store.solr.Chunks.DIM;
import static dev.coderag.store.solr.Chunks.MODEL;
import static dev.coderag.store.solr.Chunks.code;
import static dev.coderag.store.solr.Chunks.manifest;
import static dev.coderag.store.solr.Chunks.moduleDoc;
import static dev.coderag.store.solr.Chunks.readme;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.solrit.SolrCluster;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Solr store against the embedded store: the same writes go to both (a 2-shard × 2-replica collection on the
 * local cluster, and a store in a temp dir), and every read of the {@link Store} interface must answer the same —
 * chunks by id, symbol and path, counts, the file index, call edges, the repository catalog, vector search under
 * every kind of filter (path globs included: the glob-to-regex translation is held to the embedded matcher here),
 * and lexical search.
 */
@ExtendWith(SolrCluster.class)
class SolrStoreParityIT {
    @TempDir
    static Path tmp;

    private static Store embedded;
    private static Store solr;
    private static final List<Chunk> CHUNKS = new ArrayList<>();
    private static final Map<String, float[]> VECTORS = new LinkedHashMap<>();
    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");
    private static final List<SharedChunk> SHARED =
            List.of(new SharedChunk("0123456789abcdef0123456789abcdef", 3), new SharedChunk("feedc0de", 40));

    @BeforeAll
    static void writeTheSameToBoth() {
        embedded = Store.open(tmp.resolve("embedded"), MODEL, DIM);
        solr = Store.open(new StoreLocation.Remote(SolrCluster.storeUrl("parity"), tmp.resolve("solr")), MODEL, DIM);
        Random random = new Random(7);
        List<String> paths = List.of(
                "src/main/java/dev/app/HttpParser.java",
                "src/main/java/dev/app/Router.java",
                "src/test/java/dev/app/RouterTest.java",
                "lib/cache/ttl_cache.rs",
                "lib/cache/mod.rs",
                "scripts/deploy.sh",
                "web/app.ts",
                "web/components/view.tsx",
                "README.md",
                "docs/guide.md",
                "pom.xml",
                "a b/we!rd [x]{y}.py");
        int n = 0;
        for (String repo : List.of("alpha", "beta")) {
            for (String path : paths) {
                Language lang = Language.fromFileName(path).orElse(Language.TEXT);
                if (path.endsWith(".md")) {
                    CHUNKS.add(readme(repo, path, "Usage " + n, "How to parseHttpRequest and route users " + n));
                } else if (path.endsWith(".xml")) {
                    CHUNKS.add(manifest(repo, path, "app-" + repo, "the http router", List.of("junit", "jackson")));
                } else {
                    SymbolKind kind =
                            n % 3 == 0 ? SymbolKind.CLASS : n % 3 == 1 ? SymbolKind.METHOD : SymbolKind.FUNCTION;
                    String symbol =
                            lang == Language.RUST ? "evict_oldest" : n % 2 == 0 ? "parseHttpRequest" : "route" + n;
                    CHUNKS.add(code(
                            repo,
                            path,
                            symbol,
                            kind,
                            "void " + symbol + "() {\n  readHeaderLine(buffer);\n  route" + (n + 1) + "();\n}\n",
                            10 + n,
                            List.of("this.readHeaderLine", "route" + (n + 1), "Foo::route" + (n + 1) + "()")));
                    CHUNKS.add(code(
                            repo,
                            path,
                            "readHeaderLine",
                            SymbolKind.FUNCTION,
                            "String readHeaderLine() {}",
                            2,
                            List.of()));
                }
                if (path.endsWith(".java")) {
                    CHUNKS.add(moduleDoc(repo, path, "dev.app", "The app module: parsing HTTP " + n));
                }
                n++;
            }
        }
        for (Chunk c : CHUNKS) {
            VECTORS.put(c.id(), Chunks.random(random));
        }
        for (Store s : List.of(embedded, solr)) {
            try (WriteTransaction tx = s.begin()) {
                int i = 0;
                for (Chunk c : CHUNKS) {
                    tx.insert(c, VECTORS.get(c.id()));
                    tx.putFile(c.repo(), c.path(), "hash-" + c.path().length());
                    if (++i % 17 == 0) {
                        tx.putRepo(new RepoRecord(c.repo(), "/src/" + c.repo(), "", T0, IndexState.PARTIAL, 3, ""));
                        tx.checkpoint();
                    }
                }
                tx.putRepo(new RepoRecord("alpha", "/src/alpha", "abc123", T0));
                tx.putRepo(new RepoRecord("beta", "https://example.com/beta.git", "def456", T0.plusSeconds(5)));
                tx.commit();
            }
            // a second transaction: a file deleted, a chunk deleted, a repo's file re-written
            try (WriteTransaction tx = s.begin()) {
                tx.deleteFile("beta", "lib/cache/mod.rs");
                tx.delete(CHUNKS.get(0).id());
                tx.putFile("alpha", "docs/guide.md", "hash-new");
                // a branch overlay's files with shared chunks: one kept, one re-written without, one deleted
                tx.putFile("alpha@b", "web/app.ts", "hash-b", SHARED);
                tx.putFile("alpha@b", "lib/cache/mod.rs", "hash-c", SHARED);
                tx.putFile("alpha@b", "lib/cache/mod.rs", "hash-d");
                tx.putFile("alpha@b", "scripts/deploy.sh", "hash-e", SHARED);
                tx.deleteFile("alpha@b", "scripts/deploy.sh");
                tx.commit();
            }
        }
    }

    @AfterAll
    static void close() {
        if (embedded != null) {
            embedded.close();
        }
        if (solr != null) {
            solr.close();
        }
    }

    @Test
    void chunk_reads_agree() {
        List<String> ids = CHUNKS.stream().map(Chunk::id).toList();
        assertThat(solr.chunks().getAll(ids)).isEqualTo(embedded.chunks().getAll(ids));
        assertThat(solr.chunks().get(ids.get(3))).isEqualTo(embedded.chunks().get(ids.get(3)));
        assertThat(solr.chunks().get(ids.get(0))).isEmpty();
        assertThat(solr.chunks().counts()).isEqualTo(embedded.chunks().counts());
        for (String symbol : List.of("parseHttpRequest", "readHeaderLine", "route3", "evict_oldest", "nope")) {
            for (Optional<String> repo : List.of(Optional.<String>empty(), Optional.of("beta"))) {
                assertThat(solr.chunks().bySymbol(symbol, repo))
                        .as(symbol + " " + repo)
                        .isEqualTo(embedded.chunks().bySymbol(symbol, repo));
            }
        }
        for (String path : List.of(
                "Router.java",
                "dev/app/Router.java",
                "./README.md",
                "/cache/mod.rs",
                "mod.rs",
                "outer.java",
                "a b/we!rd [x]{y}.py",
                "")) {
            assertThat(solr.chunks().byPath(path, Optional.empty()))
                    .as(path)
                    .isEqualTo(embedded.chunks().byPath(path, Optional.empty()));
        }
    }

    @Test
    void file_index_calls_and_catalog_agree() {
        for (String repo : List.of("alpha", "beta", "gamma")) {
            assertThat(solr.files().entries(repo))
                    .as(repo)
                    .isEqualTo(embedded.files().entries(repo));
            assertThat(solr.files().hashes(repo)).isEqualTo(embedded.files().hashes(repo));
            assertThat(solr.files().entries(repo, List.of("README.md", "lib/cache/mod.rs", "missing")))
                    .isEqualTo(embedded.files().entries(repo, List.of("README.md", "lib/cache/mod.rs", "missing")));
        }
        for (Chunk c : CHUNKS) {
            assertThat(solr.calls().callees(c.id()))
                    .as(c.location())
                    .isEqualTo(embedded.calls().callees(c.id()));
            assertThat(solr.calls().callers(c.id()))
                    .as(c.location())
                    .isEqualTo(embedded.calls().callers(c.id()));
        }
        assertThat(embedded.files().shared("alpha@b")).isEqualTo(Map.of("web/app.ts", SHARED));
        assertThat(solr.files().shared("alpha@b")).isEqualTo(embedded.files().shared("alpha@b"));
        assertThat(solr.files().shared("alpha")).isEmpty();
        assertThat(solr.repos().list()).isEqualTo(embedded.repos().list());
        assertThat(solr.repos().get("beta")).isEqualTo(embedded.repos().get("beta"));
        assertThat(solr.repos().get("gamma")).isEmpty();
    }

    @Test
    void vector_search_agrees_under_every_filter() {
        List<SearchFilter> filters = new ArrayList<>(List.of(
                SearchFilter.NONE,
                SearchFilter.repo("beta"),
                SearchFilter.NONE.withLanguages(Set.of(Language.JAVA, Language.RUST)),
                SearchFilter.NONE.withSymbolKinds(Set.of(SymbolKind.METHOD))));
        for (String glob : List.of(
                "src/main",
                "src/**/*.java",
                "*.rs",
                "**/*.ts*",
                "lib/*/mod.rs",
                "web/{app,x}.ts",
                "src/[mt]*/**",
                "src/[!m]*/**",
                "**",
                "*",
                "?EADME.md",
                "a b/*",
                "a b/we!rd \\[x]*",
                "*.{rs,sh}",
                "{src,lib}/**/R*",
                "./README.md",
                "/docs/*.md",
                "web/**/view.tsx",
                "**/cache/**",
                "src/main/java/dev/app/Router.java")) {
            filters.add(SearchFilter.NONE.withPathGlob(glob));
        }
        Random random = new Random(11);
        for (ChunkKind table : ChunkKind.values()) {
            for (SearchFilter filter : filters) {
                float[] q = Chunks.random(random);
                List<ScoredChunk> expected = embedded.vectors().search(table, q, 200, filter);
                List<ScoredChunk> actual = solr.vectors().search(table, q, 200, filter);
                assertThat(ids(actual)).as(table + " " + filter).isEqualTo(ids(expected));
                for (int i = 0; i < actual.size(); i++) {
                    assertThat(actual.get(i).score())
                            .isCloseTo(expected.get(i).score(), org.assertj.core.data.Offset.offset(1e-4));
                }
                assertThat(ids(solr.vectors().search(table, q, 3, filter)))
                        .isEqualTo(ids(expected.subList(0, Math.min(3, expected.size()))));
            }
        }
        Set<String> hashes = Set.of(CHUNKS.get(5).contentHash(), CHUNKS.get(9).contentHash(), "absent");
        Map<String, float[]> a = solr.vectors().byContentHash(hashes);
        Map<String, float[]> b = embedded.vectors().byContentHash(hashes);
        assertThat(a.keySet()).isEqualTo(b.keySet());
        a.forEach((h, v) -> assertThat(v).containsExactly(b.get(h)));
    }

    @Test
    void lexical_search_finds_the_same_chunks() {
        for (String query : List.of(
                "parseHttpRequest",
                "parse http request",
                "readHeaderLine buffer",
                "evict oldest",
                "jackson",
                "route5",
                "how do I route users?",
                "the a of",
                "")) {
            for (ChunkKind table : ChunkKind.values()) {
                List<String> expected = ids(embedded.lexical().search(table, query, 100, SearchFilter.NONE));
                List<String> actual = ids(solr.lexical().search(table, query, 100, SearchFilter.NONE));
                assertThat(actual).as(table + " '" + query + "'").containsExactlyInAnyOrderElementsOf(expected);
            }
        }
        // a distinctive identifier ranks the same chunk first in both
        String first = ids(embedded.lexical().search(ChunkKind.CODE, "route7", 5, SearchFilter.NONE))
                .getFirst();
        assertThat(ids(solr.lexical().search(ChunkKind.CODE, "route7", 5, SearchFilter.NONE))
                        .getFirst())
                .isEqualTo(first);
        assertThat(solr.lexical().search(ChunkKind.CODE, "parseHttpRequest", 100, SearchFilter.repo("beta")))
                .allMatch(h -> h.chunk().repo().equals("beta"))
                .isNotEmpty();
    }

    private static List<String> ids(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::id).toList();
    }
}
