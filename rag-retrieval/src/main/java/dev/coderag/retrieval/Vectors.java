package dev.coderag.retrieval;

/** Small vector helpers; inputs are unit length, so the dot product is the cosine. */
final class Vectors {
    private Vectors() {}

    static double dot(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("dimension mismatch: " + a.length + " vs " + b.length);
        }
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** Cosine clamped to [0, 1], the range of every relevance in this module. */
    static double relevance(float[] a, float[] b) {
        return Math.max(0, Math.min(1, dot(a, b)));
    }
}
