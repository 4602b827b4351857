package dev.coderag.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Computes the static tier's common direction (rag-embed's {@code static-direction.txt}): the unit vector of the sum
 * of the mean static vector of each given set (each an {@code .fvec} of {@link RealVectorSet} {@code --vectors
 * static}, at most {@code --max} vectors of each). Every static vector lies within ~13° of it, whatever the language;
 * the static tier removes each vector's component along it (docs/STORE.md, "Two vector tiers"). Prints each set's
 * mean norm and the cosine of its mean with the direction; given sets of static-v2 vectors, a set's mean norm says
 * how crowded the tier still is.
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.StaticDirection --vectors A.fvec,B.fvec [--max 300000] --out
 * FILE}
 */
public final class StaticDirection {
    private StaticDirection() {}

    public static void main(String[] args) throws IOException {
        BenchArgs a = BenchArgs.parse(args, Set.of("--vectors", "--max", "--out"), Set.of());
        String files = a.get("--vectors", null);
        String out = a.get("--out", null);
        if (files == null || out == null) {
            throw new IllegalArgumentException("--vectors and --out are required");
        }
        int max = a.getInt("--max", 300_000);
        double[] sum = null;
        List<String> sources = new ArrayList<>();
        List<double[]> means = new ArrayList<>();
        for (String file : files.split(",")) {
            List<float[]> vectors = Fvecs.read(Path.of(file), max, 384);
            double[] mean = new double[vectors.getFirst().length];
            for (float[] v : vectors) {
                for (int d = 0; d < mean.length; d++) {
                    mean[d] += v[d] / vectors.size();
                }
            }
            if (sum == null) {
                sum = new double[mean.length];
            }
            for (int d = 0; d < mean.length; d++) {
                sum[d] += mean[d];
            }
            sources.add(Path.of(file).getFileName() + " (" + vectors.size() + ")");
            means.add(mean);
        }
        double norm = 0;
        for (double x : sum) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        StringBuilder text = new StringBuilder();
        text.append("# the static tier's common direction: unit vector of the sum of the mean static vectors of ")
                .append(String.join(", ", sources))
                .append(" (rag-bench StaticDirection)\n");
        for (double x : sum) {
            text.append(String.format(Locale.ROOT, "%.8f%n", x / norm));
        }
        Files.writeString(Path.of(out), text, StandardCharsets.UTF_8);
        // how crowded each set is (its mean's norm) and how well the one direction fits it (cosine of its mean)
        for (int i = 0; i < means.size(); i++) {
            double[] mean = means.get(i);
            double dot = 0;
            double meanNorm = 0;
            for (int d = 0; d < mean.length; d++) {
                dot += mean[d] * sum[d] / norm;
                meanNorm += mean[d] * mean[d];
            }
            meanNorm = Math.sqrt(meanNorm);
            System.out.printf(
                    Locale.ROOT,
                    "%s: mean norm %.3f, cosine with the direction %.4f%n",
                    sources.get(i),
                    meanNorm,
                    dot / meanNorm);
        }
        System.out.printf(Locale.ROOT, "wrote %s: %d dimensions%n", out, sum.length);
    }
}
