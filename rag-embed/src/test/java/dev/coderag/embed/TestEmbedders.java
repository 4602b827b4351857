package dev.coderag.embed;

/**
 * The real models, loaded once per test JVM (loading costs ~1.5 s) and shared by the embedder test classes.
 * Never closed: the JVM's exit frees them.
 */
final class TestEmbedders {
    private static Embedder fp32;
    private static Embedder int8;

    private TestEmbedders() {}

    static synchronized Embedder fp32() {
        if (fp32 == null) {
            fp32 = Embedder.open(EmbeddingModel.BGE_SMALL_FP32);
        }
        return fp32;
    }

    static synchronized Embedder int8() {
        if (int8 == null) {
            int8 = Embedder.open(EmbeddingModel.BGE_SMALL_INT8);
        }
        return int8;
    }

    static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }

    static double maxAbsDiff(float[] a, float[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, Math.abs(a[i] - b[i]));
        }
        return m;
    }
}
