package dev.coderag.eval;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The bug-localization metrics of ../shared/eval/README.md (plus Hit@3 and the all-gold-in-the-sources test of
 * the natural-question set), as pure functions over ranked lists. Thread-safe.
 *
 * <p>A ranking is given as relevance flags, best first. Hit@k: some relevant item in the top k. Reciprocal
 * rank at k: 1/rank of the first relevant item within the top k, else 0. Average precision at k: the sum of
 * precision@i over the relevant ranks i ≤ k, divided by {@code min(#gold, k)}.
 */
public final class Metrics {
    private Metrics() {}

    /** The outcome of one query: {@code firstRank} is 1-based, 0 when nothing relevant is in the top k. */
    public record Score(int firstRank, double averagePrecision) {
        public Score {
            if (firstRank < 0 || !(averagePrecision >= 0 && averagePrecision <= 1)) {
                throw new IllegalArgumentException("bad score " + firstRank + " / " + averagePrecision);
            }
        }

        public boolean hitAt(int n) {
            return firstRank > 0 && firstRank <= n;
        }

        public double reciprocalRank() {
            return firstRank == 0 ? 0 : 1.0 / firstRank;
        }
    }

    /**
     * Means over queries; {@code k} is the cut-off of {@code hitK}, {@code mrrK} and {@code mapK} (10 by default).
     * All values in [0, 1]; zero when there are no queries.
     */
    public record Summary(
            int queries, int k, double hit1, double hit3, double hit5, double hitK, double mrrK, double mapK) {}

    /**
     * The number of sources a "what calls X / what does X call" answer is judged on: the first this many chunks of
     * a ranking (what chat turns into its first sources, best first).
     */
    public static final int SOURCES = 8;

    /** 1-based rank of the first relevant flag within the first {@code k}, or 0. */
    public static int firstRelevantRank(List<Boolean> relevant, int k) {
        int n = Math.min(k, relevant.size());
        for (int i = 0; i < n; i++) {
            if (relevant.get(i)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** Average precision over the top {@code k} with denominator {@code min(goldCount, k)}; 0 when goldCount is 0. */
    public static double averagePrecision(List<Boolean> relevant, int goldCount, int k) {
        int denominator = Math.min(goldCount, k);
        if (denominator <= 0) {
            return 0;
        }
        int n = Math.min(k, relevant.size());
        int found = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            if (relevant.get(i)) {
                found++;
                sum += (double) found / (i + 1);
            }
        }
        return Math.min(1.0, sum / denominator);
    }

    /** Scores one ranking. */
    public static Score score(List<Boolean> relevant, int goldCount, int k) {
        return new Score(firstRelevantRank(relevant, k), averagePrecision(relevant, goldCount, k));
    }

    /**
     * Relevance flags of a ranked file list against gold files. A file listed twice counts only the first time,
     * so the metrics stay within [0, 1] even for a ranking that is not distinct.
     */
    public static List<Boolean> fileRelevance(List<String> rankedFiles, Set<String> goldFiles) {
        Set<String> seen = new HashSet<>();
        List<Boolean> out = new ArrayList<>(rankedFiles.size());
        for (String f : rankedFiles) {
            out.add(seen.add(f) && goldFiles.contains(f));
        }
        return out;
    }

    /**
     * Relevance flags of ranked line ranges (function level) against gold ranges: an item is relevant when it
     * overlaps a gold range that no better-ranked item has matched yet, so each gold range is credited once and
     * {@code #gold} is the number of gold ranges.
     */
    public static List<Boolean> rangeRelevance(List<RankedRange> ranked, List<EvalQuery.GoldRange> gold) {
        boolean[] matched = new boolean[gold.size()];
        List<Boolean> out = new ArrayList<>(ranked.size());
        for (RankedRange r : ranked) {
            boolean relevant = false;
            for (int g = 0; g < gold.size(); g++) {
                if (!matched[g] && gold.get(g).overlaps(r.path(), r.start(), r.end())) {
                    matched[g] = true;
                    relevant = true;
                    break;
                }
            }
            out.add(relevant);
        }
        return out;
    }

    /** Lines {@code start..end} of {@code path}: one retrieved function (chunk). */
    public record RankedRange(String path, int start, int end) {}

    /**
     * Whether every gold range is overlapped by at least one of the first {@code n} ranked ranges (chunks): for a
     * question whose answer is a set of callers or callees, whether the top {@code n} sources hold all of them.
     * False when there are no gold ranges (nothing to cover is not an answer).
     */
    public static boolean allGoldCovered(List<RankedRange> ranked, List<EvalQuery.GoldRange> gold, int n) {
        if (gold.isEmpty()) {
            return false;
        }
        List<RankedRange> top = ranked.subList(0, Math.min(Math.max(n, 0), ranked.size()));
        for (EvalQuery.GoldRange g : gold) {
            if (top.stream().noneMatch(r -> g.overlaps(r.path(), r.start(), r.end()))) {
                return false;
            }
        }
        return true;
    }

    /** Means of per-query scores. */
    public static Summary summarise(List<Score> scores, int k) {
        int n = scores.size();
        if (n == 0) {
            return new Summary(0, k, 0, 0, 0, 0, 0, 0);
        }
        double h1 = 0, h3 = 0, h5 = 0, hk = 0, rr = 0, ap = 0;
        for (Score s : scores) {
            h1 += s.hitAt(1) ? 1 : 0;
            h3 += s.hitAt(3) ? 1 : 0;
            h5 += s.hitAt(5) ? 1 : 0;
            hk += s.hitAt(k) ? 1 : 0;
            rr += s.reciprocalRank();
            ap += s.averagePrecision();
        }
        return new Summary(n, k, h1 / n, h3 / n, h5 / n, hk / n, rr / n, ap / n);
    }
}
