package dev.coderag.store.solr;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Random;

/** Chunks and synthetic unit vectors for store tests (no embedder). */
final class Chunks {
    private Chunks() {}

    static final String MODEL = "test/model";
    static final int DIM = 16;

    static CodeChunk code(
            String repo, String path, String symbol, SymbolKind kind, String code, int start, List<String> calls) {
        int lines = (int) code.lines().count();
        return new CodeChunk(
                repo,
                path,
                Language.fromFileName(path).orElse(Language.TEXT),
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

    static float[] random(Random random) {
        float[] v = new float[DIM];
        double norm = 0;
        for (int i = 0; i < DIM; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        float n = (float) Math.sqrt(norm);
        for (int i = 0; i < DIM; i++) {
            v[i] /= n;
        }
        return v;
    }
}
