package dev.coderag.store.embedded;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Random;

/** Chunks and synthetic unit vectors for store tests (no embedder involved). */
public final class StoreFixtures {
    private StoreFixtures() {}

    public static final String MODEL = "test/model";
    public static final int DIM = 16;

    public static CodeChunk code(String repo, String path, String symbol, String code, int start, List<String> calls) {
        return code(
                repo,
                path,
                Language.fromFileName(path).orElse(Language.TEXT),
                symbol,
                SymbolKind.FUNCTION,
                code,
                start,
                calls);
    }

    public static CodeChunk code(
            String repo,
            String path,
            Language language,
            String symbol,
            SymbolKind kind,
            String code,
            int start,
            List<String> calls) {
        int lines = (int) code.lines().count();
        return new CodeChunk(
                repo,
                path,
                language,
                symbol,
                kind,
                "",
                code.lines().findFirst().orElse(""),
                "",
                code,
                start,
                start + Math.max(0, lines - 1),
                calls,
                MODEL);
    }

    public static ReadmeChunk readme(String repo, String path, String heading, String text) {
        return new ReadmeChunk(repo, path, List.of("Project", heading), text, 1, 5, MODEL);
    }

    public static ManifestChunk manifest(String repo, String path, String name, String description, List<String> deps) {
        return new ManifestChunk(repo, path, name, description, deps, 1, 20, MODEL);
    }

    public static ModuleDocChunk moduleDoc(String repo, String path, String module, String text) {
        return new ModuleDocChunk(repo, path, Language.JAVA, module, text, 1, 3, MODEL);
    }

    /** The unit vector along axis {@code i}, slightly tilted towards axis {@code i+1} by {@code tilt}. */
    public static float[] axis(int i, float tilt) {
        float[] v = new float[DIM];
        v[i % DIM] = 1f;
        v[(i + 1) % DIM] = tilt;
        return normalize(v);
    }

    public static float[] axis(int i) {
        return axis(i, 0f);
    }

    public static float[] random(Random random, int dim) {
        float[] v = new float[dim];
        for (int i = 0; i < dim; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return normalize(v);
    }

    public static float[] normalize(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        float n = (float) Math.sqrt(norm);
        for (int i = 0; i < v.length; i++) {
            v[i] /= n;
        }
        return v;
    }

    /** Inserts and commits. */
    public static void insertAll(Store store, List<? extends Chunk> chunks, List<float[]> vectors) {
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < chunks.size(); i++) {
                tx.insert(chunks.get(i), vectors.get(i));
            }
            tx.commit();
        }
    }

    public static List<String> ids(List<? extends Chunk> chunks) {
        return chunks.stream().map(Chunk::id).toList();
    }

    /** A chunk as the store gives it back: with the id it is stored under, its own. */
    public static StoredChunk stored(Chunk chunk) {
        return new StoredChunk(chunk.id(), chunk);
    }

    /** The stored ids of the hits, in rank order. */
    public static List<String> hitIds(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::id).toList();
    }

    /** Drops a table of the store's database (the store closed), as a store made before that table existed. */
    public static void dropTable(java.nio.file.Path dir, String table) {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("store.db"));
                java.sql.Statement st = c.createStatement()) {
            st.execute("DROP TABLE " + table);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
