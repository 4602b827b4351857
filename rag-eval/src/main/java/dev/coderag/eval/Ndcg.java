package dev.coderag.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * NDCG@k as the semble benchmark computes it ({@code benchmarks/metrics.py}, {@code run_benchmark.py}), as pure
 * functions. Thread-safe.
 *
 * <ul>
 *   <li>Gains are binary. Each target is hit at the rank of the <em>first</em> result that matches it; a result
 *       that is the first match of several targets counts once (metrics.py sets {@code relevances[rank - 1] = 1}).
 *   <li>A result matches a target when the paths match ({@link #pathMatches}: equal, or either a suffix of the
 *       other at a {@code /}) and, when the target has lines, the result's lines overlap them.
 *   <li>The ideal DCG is that of {@code min(k, n)} hits at the top, where {@code n} is the number of targets,
 *       relevant and secondary together and duplicates included ({@code len(task.all_relevant)}).
 * </ul>
 *
 * <p>Two levels. <b>Chunk level</b> ({@link #chunks}) is semble's own: the ranked results are chunks, so one file
 * may take several of the k places and a target with lines is hit only by a chunk that overlaps them. <b>File
 * level</b> ({@link #files}) ranks distinct files (a file at the place of its best chunk) and matches by path
 * alone, as semble's {@code file_rank} does for its file-level baselines (ripgrep); two targets in one file are
 * then hit at the same rank and count once.
 */
public final class Ndcg {
    private Ndcg() {}

    /**
     * One question's NDCG@k and, per target (in {@link SembleJudgement#targets()} order), the 1-based rank of the
     * first result that matches it anywhere in the ranking given, or 0 when none does (ranks beyond k are kept
     * for the report; they add nothing to the score).
     */
    public record Score(double value, List<Integer> targetRanks) {
        public Score {
            if (!(value >= 0 && value <= 1 + 1e-12)) {
                throw new IllegalArgumentException("NDCG out of [0, 1]: " + value);
            }
            targetRanks = List.copyOf(targetRanks);
        }
    }

    /** {@code data.py}'s {@code path_matches}: equal, or either path ends with {@code "/" + the other}. */
    public static boolean pathMatches(String filePath, String targetPath) {
        String f = filePath.replace('\\', '/');
        String t = targetPath.replace('\\', '/');
        return f.equals(t) || f.endsWith("/" + t) || t.endsWith("/" + f);
    }

    /** {@code data.py}'s {@code target_matches_location}: the path matches and, if the target has lines, they overlap. */
    public static boolean matches(String path, int startLine, int endLine, SembleTarget target) {
        if (!pathMatches(path, target.path())) {
            return false;
        }
        return !target.hasLines() || !(endLine < target.startLine() || startLine > target.endLine());
    }

    /** {@code metrics.py}'s {@code dcg} over binary gains at ranks 1..n. */
    static double dcg(boolean[] gains) {
        double sum = 0;
        for (int i = 0; i < gains.length; i++) {
            if (gains[i]) {
                sum += 1 / log2(i + 2);
            }
        }
        return sum;
    }

    /**
     * {@code metrics.py}'s {@code ndcg_at_k}: binary gains at the given 1-based ranks (ranks outside 1..k and
     * repeated ranks add nothing more), over the DCG of {@code min(k, relevantCount)} hits at the top; 0 when
     * there is nothing relevant.
     */
    public static double ndcgAtK(List<Integer> relevantRanks, int relevantCount, int k) {
        if (relevantCount <= 0 || k <= 0) {
            return 0;
        }
        boolean[] gains = new boolean[k];
        for (int rank : relevantRanks) {
            if (rank >= 1 && rank <= k) {
                gains[rank - 1] = true;
            }
        }
        boolean[] ideal = new boolean[Math.min(k, relevantCount)];
        java.util.Arrays.fill(ideal, true);
        return dcg(gains) / dcg(ideal);
    }

    /** Chunk level: {@code chunks} in rank order, each target hit by the first chunk that {@link #matches} it. */
    public static Score chunks(List<Metrics.RankedRange> chunks, List<SembleTarget> targets, int k) {
        List<Integer> ranks = new ArrayList<>(targets.size());
        for (SembleTarget t : targets) {
            int rank = 0;
            for (int i = 0; i < chunks.size(); i++) {
                Metrics.RankedRange c = chunks.get(i);
                if (matches(c.path(), c.start(), c.end(), t)) {
                    rank = i + 1;
                    break;
                }
            }
            ranks.add(rank);
        }
        return new Score(ndcgAtK(ranks, targets.size(), k), ranks);
    }

    /** File level: distinct {@code files} in rank order, each target hit by the first file whose path matches. */
    public static Score files(List<String> files, List<SembleTarget> targets, int k) {
        List<Integer> ranks = new ArrayList<>(targets.size());
        for (SembleTarget t : targets) {
            int rank = 0;
            for (int i = 0; i < files.size(); i++) {
                if (pathMatches(files.get(i), t.path())) {
                    rank = i + 1;
                    break;
                }
            }
            ranks.add(rank);
        }
        return new Score(ndcgAtK(ranks, targets.size(), k), ranks);
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
