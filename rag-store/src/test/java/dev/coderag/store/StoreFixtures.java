package dev.coderag.store;

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
final class StoreFixtures {
    private StoreFixtures() {}

    static final String MODEL = "test/model";
    static final int DIM = 16;

    static CodeChunk code(String repo, String path, String symbol, String code, int start, List<String> calls) {
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

    static CodeChunk code(
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

    static ReadmeChunk readme(String repo, String path, String heading, String text) {
        return new ReadmeChunk(repo, path, List.of("Project", heading), text, 1, 5, MODEL);
    }

    static ManifestChunk manifest(String repo, String path, String name, String description, List<String> deps) {
        return new ManifestChunk(repo, path, name, description, deps, 1, 20, MODEL);
    }

    static ModuleDocChunk moduleDoc(String repo, String path, String module, String text) {
        return new ModuleDocChunk(repo, path, Language.JAVA, module, text, 1, 3, MODEL);
    }

    /** The unit vector along axis {@code i}, slightly tilted towards axis {@code i+1} by {@code tilt}. */
    static float[] axis(int i, float tilt) {
        float[] v = new float[DIM];
        v[i % DIM] = 1f;
        v[(i + 1) % DIM] = tilt;
        return normalize(v);
    }

    static float[] axis(int i) {
        return axis(i, 0f);
    }

    static float[] random(Random random, int dim) {
        float[] v = new float[dim];
        for (int i = 0; i < dim; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return normalize(v);
    }

    static float[] normalize(float[] v) {
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
    static void insertAll(Store store, List<? extends Chunk> chunks, List<float[]> vectors) {
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < chunks.size(); i++) {
                tx.insert(chunks.get(i), vectors.get(i));
            }
            tx.commit();
        }
    }

    static List<String> ids(List<? extends Chunk> chunks) {
        return chunks.stream().map(Chunk::id).toList();
    }

    /** A chunk as the store gives it back: with the id it is stored under, its own. */
    static StoredChunk stored(Chunk chunk) {
        return new StoredChunk(chunk.id(), chunk);
    }

    /** The stored ids of the hits, in rank order. */
    static List<String> hitIds(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::id).toList();
    }
}
