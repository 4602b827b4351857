package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.IndexState;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./rag migrate} between two embedded stores (real store files; the Solr side is rag-solr-it's MigrateIT). */
class MigrateCliTest {
    private static final String MODEL = "test/model";
    private static final int DIM = 384; // migrate opens both sides with the shipped models' dimension

    @TempDir
    Path tmp;

    @Test
    void a_store_with_static_tier_vectors_is_copied_with_them_in_the_same_tier() {
        Path from = tmp.resolve("from");
        Path to = tmp.resolve("to");
        CodeChunk full = chunk("src/A.java", "a", MODEL);
        CodeChunk fast = chunk("src/B.java", "b", MODEL + VectorTier.STATIC_SUFFIX + "-v1");
        try (Store s = Store.open(from, MODEL, DIM);
                WriteTransaction tx = s.begin()) {
            tx.insert(full, axis(0));
            tx.insert(fast, axis(1));
            tx.putFile("app", "src/A.java", "ha");
            tx.putFile("app", "src/B.java", "hb");
            tx.putRepo(new RepoRecord("app", "/src/app", "abc", Instant.parse("2026-11-28T10:00:00Z")));
            tx.commit();
        }

        migrate(from, to);
        try (Store s = Store.open(to, MODEL, DIM)) {
            assertThat(s.chunks().getAll(List.of(full.id(), fast.id()))).hasSize(2);
            assertThat(s.vectors(VectorTier.FULL).byContentHash(List.of(full.contentHash())))
                    .containsKey(full.contentHash());
            assertThat(s.vectors(VectorTier.STATIC).byContentHash(List.of(fast.contentHash())))
                    .hasEntrySatisfying(fast.contentHash(), v -> assertThat(v).containsExactly(axis(1)));
            assertThat(s.staticChunkIds("app", 10)).containsExactly(fast.id());
        }
    }

    @Test
    void a_branch_overlay_is_copied_with_the_base_chunks_it_shares() {
        Path from = tmp.resolve("from");
        Path to = tmp.resolve("to");
        CodeChunk base = chunk("src/A.java", "a", MODEL);
        List<SharedChunk> shared = List.of(new SharedChunk(base.id(), 12));
        try (Store s = Store.open(from, MODEL, DIM);
                WriteTransaction tx = s.begin()) {
            tx.insert(base, axis(0));
            tx.putFile("app", "src/A.java", "ha");
            tx.putFile("app@dev", "src/A.java", "hb", shared);
            tx.putRepo(new RepoRecord("app", "/src/app", "abc", Instant.parse("2026-11-28T10:00:00Z")));
            tx.putRepo(new RepoRecord(
                    "app@dev",
                    "/src/app",
                    "def",
                    Instant.parse("2026-11-28T10:00:00Z"),
                    IndexState.COMPLETE,
                    0,
                    "dev"));
            tx.commit();
        }

        migrate(from, to);
        try (Store s = Store.open(to, MODEL, DIM)) {
            assertThat(s.files().shared("app@dev")).isEqualTo(Map.of("src/A.java", shared));
        }
    }

    /** {@code ./rag migrate --from from --to to}, which must succeed. */
    private static void migrate(Path from, Path to) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(
                new String[] {"migrate", "--from", from.toString(), "--to", to.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    }

    private static CodeChunk chunk(String path, String symbol, String model) {
        String code = "void " + symbol + "() {}";
        return new CodeChunk(
                "app", path, Language.JAVA, symbol, SymbolKind.METHOD, "", code, "", code, 1, 1, List.of(), model);
    }

    private static float[] axis(int i) {
        float[] v = new float[DIM];
        v[i] = 1;
        return v;
    }
}
