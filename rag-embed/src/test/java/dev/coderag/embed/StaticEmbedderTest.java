package dev.coderag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The static tier, distilled from the real int8 model into a fresh cache: unit vectors of the model's dimension, a
 * table cached once and read back bit for bit, and vectors that put a question near the code it asks about.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StaticEmbedderTest {
    @TempDir
    static Path cache;

    private StaticEmbedder embedder;

    @BeforeAll
    void distil() {
        embedder = StaticEmbedder.open(EmbeddingModel.BGE_SMALL_INT8, cache);
        embedder.embedQuery("warm up: distils the table into the cache");
    }

    @AfterAll
    void close() {
        embedder.close();
    }

    @Test
    void vectorsAreUnitLengthOfTheModelsDimensionAndNamedAfterItsStaticTier() {
        assertThat(embedder.modelId()).isEqualTo("BAAI/bge-small-en-v1.5-int8/static-v" + StaticEmbedder.TIER_VERSION);
        assertThat(embedder.dimension()).isEqualTo(384);
        for (float[] v :
                embedder.embedDocuments(List.of("def parse(line): return line.split(':')", "", "\u0000\u0001"))) {
            assertThat(v).hasSize(384);
            assertThat(norm(v)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
        }
    }

    @Test
    void theTableIsCachedOnceAndReadBackTheSame() throws Exception {
        Path table;
        try (Stream<Path> files = Files.walk(cache.resolve("static"))) {
            table = files.filter(p -> p.getFileName().toString().equals("tokens.f32"))
                    .findFirst()
                    .orElseThrow();
        }
        // 16 header bytes, then one row of 384 floats per vocabulary token
        assertThat(Files.size(table)).isEqualTo(16L + StaticTable.VOCABULARY * 384L * Float.BYTES);
        Files.setLastModifiedTime(table, FileTime.fromMillis(0));
        float[] before = embedder.embedQuery("how are HTTP headers parsed?");
        try (StaticEmbedder again = StaticEmbedder.open(EmbeddingModel.BGE_SMALL_INT8, cache)) {
            assertThat(again.embedQuery("how are HTTP headers parsed?")).containsExactly(before);
        }
        assertThat(Files.getLastModifiedTime(table)).isEqualTo(FileTime.fromMillis(0)); // read, not distilled again
    }

    @Test
    void aQuestionIsNearerTheCodeItAsksAboutThanToUnrelatedCode() {
        float[] q = embedder.embedQuery("how are HTTP request headers parsed?");
        List<float[]> docs = embedder.embedDocuments(List.of(
                "HeaderParser.parseHeaders: reads each header line of an HTTP request, splits name and value at the colon",
                "ConnectionPool.acquire: takes a database connection from the pool, waiting until one is free",
                "Matrix.multiply: multiplies two matrices of floating point numbers row by column"));
        double headers = dot(q, docs.get(0));
        assertThat(headers).isGreaterThan(dot(q, docs.get(1))).isGreaterThan(dot(q, docs.get(2)));
    }

    @Test
    void unrelatedTextsAreFarApartNotCrowdedIntoOneDirection() {
        // every sum of table rows shares one direction: before it was removed, a question about cooking scored 0.93
        // against code, and any two texts 0.85-1, which neither graph search nor product quantization can separate
        float[] cooking = embedder.embedQuery("How long should I bake bread at 220 degrees?");
        List<float[]> code = embedder.embedDocuments(
                List.of(
                        "public int read(byte[] buffer, int offset, int length) throws IOException { return in.read(buffer); }",
                        "fn spawn<F>(future: F) -> JoinHandle<F::Output> where F: Future + Send + 'static { runtime.spawn(future) }",
                        "def parse_headers(lines):\n    return {k.strip(): v.strip() for k, v in (l.split(':', 1) for l in lines)}"));
        for (float[] c : code) {
            assertThat(dot(cooking, c)).isLessThan(0.5);
        }
        assertThat(dot(code.get(0), code.get(1))).isLessThan(0.7);
    }

    @Test
    void aFrequentPieceWeighsLessThanARareOne() {
        int the = StaticTable.FIRST_WORD; // "the"
        assertThat(StaticTable.weight(the)).isLessThan(0.05);
        assertThat(StaticTable.weight(1010)).isLessThan(0.05); // a single character
        assertThat(StaticTable.weight(25_000)).isGreaterThan(0.9);
    }

    @Test
    void aClosedEmbedderFailsClearly() {
        StaticEmbedder closed = StaticEmbedder.open(EmbeddingModel.BGE_SMALL_INT8, cache);
        closed.embedQuery("x");
        closed.close();
        closed.close();
        assertThatThrownBy(() -> closed.embedQuery("x")).isInstanceOf(IllegalStateException.class);
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double norm(float[] v) {
        return Math.sqrt(dot(v, v));
    }
}
