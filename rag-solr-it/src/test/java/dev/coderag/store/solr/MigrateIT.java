package dev.coderag.store.solr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.cli.Main;
import dev.coderag.solrit.SolrCluster;
import dev.coderag.store.ChatLog;
import dev.coderag.store.IndexState;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.References;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.Resolution;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.SymbolKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./rag migrate} (in-process, through {@link Main}) from an embedded store to a Solr collection: chunks,
 * their vectors, the file index, call edges, current resolved references, repository records and chats arrive
 * unchanged; a second run after the
 * source changed copies only what changed and deletes what the source no longer has.
 */
@ExtendWith(SolrCluster.class)
class MigrateIT {
    private static final int DIM = 384; // migrate opens both sides with the shipped models' dimension
    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");
    private static final ResolvedFile RESOLVED_F2 = new ResolvedFile(
            "src/F2.java",
            List.of(new ResolvedFile.Declared("LF2;.run2()V", 1, "F2#run2", "()")),
            List.of(
                    new ResolvedFile.Referenced(ReferenceKind.CALL, 1, "LF3;.run3()V", "", "", Resolution.EXACT),
                    new ResolvedFile.Referenced(ReferenceKind.CALL, 1, "", "", "java.util.List#of()", Resolution.EXACT),
                    new ResolvedFile.Referenced(ReferenceKind.TYPE, 1, "LF3;", "", "", Resolution.INFERRED)));

    @TempDir
    Path tmp;

    @Test
    void a_store_is_copied_with_its_vectors_and_a_second_run_brings_the_copy_up_to_date() {
        Path source = tmp.resolve("embedded");
        String url = SolrCluster.storeUrl("migrate");
        Random random = new Random(5);
        List<Chunk> chunks = new ArrayList<>();
        for (int f = 0; f < 30; f++) {
            String path = "src/F" + f + ".java";
            chunks.add(code(path, "run" + f, List.of("run" + (f + 1), "helper")));
            chunks.add(code(path, "helper" + (f % 3 == 0 ? "" : f), List.of()));
        }
        chunks.add(Chunks.readme("app", "README.md", "Usage", "How to run it"));
        try (Store s = Store.open(source, Chunks.MODEL, DIM);
                WriteTransaction tx = s.begin()) {
            Map<String, float[]> byText = new java.util.HashMap<>(); // the same text has the same vector
            for (Chunk c : chunks) {
                tx.insert(c, byText.computeIfAbsent(c.contentHash(), h -> unit(random)));
                tx.putFile(c.repo(), c.path(), "h-" + c.path());
            }
            // the compiler's references: F2's are current (its hash), F3's were resolved from an older content
            tx.putResolved("app", "h-src/F2.java", RESOLVED_F2);
            tx.putResolved("app", "h-older", new ResolvedFile("src/F3.java", List.of(), List.of()));
            tx.putRepo(new RepoRecord("app", "/src/app", "abc", T0, IndexState.PARTIAL, 4, "main"));
            tx.putSkipped(
                    "app", List.of(new SkippedFile("vendor/big.js", "too large"), new SkippedFile("a.bin", "binary")));
            tx.commit();
            s.chats().create("chat-1", Optional.of("app"), T0);
            s.chats().append("chat-1", "What runs first?", "{\"n\":1}", T0.plusSeconds(1));
            s.chats().append("chat-1", "and then?", "{\"n\":2}", T0.plusSeconds(2));
        }

        String first = migrate(source, url);
        assertThat(first)
                .contains("migrated 1 repositories: 31 files copied (61 chunks, no re-embedding), 0 already"
                        + " there, 1 chats");
        assertSameStore(source, url);

        try (Store s = Store.open(source, Chunks.MODEL, DIM);
                WriteTransaction tx = s.begin()) {
            tx.deleteFile("app", "src/F0.java");
            Chunk changed = code("src/F1.java", "runFaster", List.of("helper"));
            for (Chunk c : chunks) {
                if (c.path().equals("src/F1.java")) {
                    tx.delete(c.id());
                }
            }
            tx.insert(changed, unit(random));
            tx.putFile("app", "src/F1.java", "h-new");
            tx.putRepo(new RepoRecord("app", "/src/app", "def", T0.plusSeconds(60), IndexState.COMPLETE, 0, "main"));
            tx.commit();
        }
        String second = migrate(source, url);
        assertThat(second).contains("1 files copied (1 chunks, no re-embedding), 29 already there, 0 chats");
        assertSameStore(source, url);
    }

    private void assertSameStore(Path source, String url) {
        try (Store a = Store.open(source, Chunks.MODEL, DIM);
                Store b = Store.open(new StoreLocation.Remote(url, tmp.resolve("local")), Chunks.MODEL, DIM)) {
            assertThat(b.repos().list()).isEqualTo(a.repos().list());
            assertThat(b.repos().get("app").orElseThrow().branch()).isEqualTo("main");
            assertThat(b.repos().skipped("app", 10))
                    .isEqualTo(a.repos().skipped("app", 10))
                    .extracting(SkippedFile::path)
                    .containsExactly("a.bin", "vendor/big.js");
            assertThat(b.files().entries("app")).isEqualTo(a.files().entries("app"));
            List<String> ids = new ArrayList<>();
            a.files().entries("app").values().forEach(e -> ids.addAll(e.chunkIds()));
            assertThat(b.chunks().getAll(ids)).isEqualTo(a.chunks().getAll(ids));
            for (String id : ids) {
                assertThat(b.calls().callees(id)).isEqualTo(a.calls().callees(id));
                assertThat(b.calls().callers(id)).isEqualTo(a.calls().callers(id));
            }
            List<String> hashes = a.chunks().getAll(ids).stream()
                    .map(c -> c.chunk().contentHash())
                    .toList();
            Map<String, float[]> va = a.vectors().byContentHash(hashes);
            Map<String, float[]> vb = b.vectors().byContentHash(hashes);
            assertThat(vb.keySet()).isEqualTo(va.keySet());
            va.forEach((h, v) -> assertThat(vb.get(h)).containsExactly(v));
            // current resolutions arrive as they were put (the copy's next ingest resolves nothing again); a stale
            // one is not copied (it would be resolved again anyway)
            assertThat(b.references().stored("app", "src/F2.java"))
                    .contains(new References.Stored("h-src/F2.java", RESOLVED_F2));
            assertThat(b.references().resolvedHashes("app")).doesNotContainKey("src/F3.java");
            assertThat(a.references().resolvedHashes("app")).containsKey("src/F3.java");
            assertThat(b.chats().list(10)).isEqualTo(a.chats().list(10));
            assertThat(b.chats().turns("chat-1"))
                    .extracting(ChatLog.TurnRow::json)
                    .containsExactly("{\"n\":1}", "{\"n\":2}");
        }
    }

    private String migrate(Path source, String url) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(
                new String[] {
                    "migrate",
                    "--from",
                    source.toString(),
                    "--to",
                    url,
                    "--db",
                    tmp.resolve("local").toString()
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Chunk code(String path, String symbol, List<String> calls) {
        return Chunks.code("app", path, symbol, SymbolKind.METHOD, "void " + symbol + "() {}", symbol.length(), calls);
    }

    private static float[] unit(Random random) {
        float[] v = new float[DIM];
        double norm = 0;
        for (int i = 0; i < DIM; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        for (int i = 0; i < DIM; i++) {
            v[i] /= (float) Math.sqrt(norm);
        }
        return v;
    }
}
