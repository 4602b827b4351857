package dev.coderag.eval;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of a history evaluation, per question kind and overall. Pure.
 *
 * <p>Questions whose gold is older than the history the store holds ({@link HistoryJudge.Judged#beyondDepth()})
 * can never be answered right: they are counted apart and left out of right@3 and hit@1, which are shares of the
 * other ({@code judged}) questions.
 */
final class HistoryMetrics {
    private HistoryMetrics() {}

    /**
     * The figures of some questions.
     *
     * @param questions how many questions
     * @param beyondDepth how many of them have their gold beyond the store's history (not judged)
     * @param right how many judged questions have a gold commit among the first {@link HistoryJudge#SOURCES} sources
     * @param hit1 how many judged questions have a gold commit as the first source
     * @param found how many judged questions have a gold commit anywhere among the sources
     * @param reciprocalRanks the sum over judged questions of 1 / the first gold rank (0 when none)
     */
    record Summary(int questions, int beyondDepth, int right, int hit1, int found, double reciprocalRanks) {
        /** The questions judged: all but those beyond the depth. */
        int judged() {
            return questions - beyondDepth;
        }

        /** The share of judged questions answered right (a gold commit among the first 3 sources); 0 for none. */
        double rightShare() {
            return share(right);
        }

        double hit1Share() {
            return share(hit1);
        }

        double foundShare() {
            return share(found);
        }

        /** The mean reciprocal rank of the first gold commit over the judged questions, at any depth. */
        double mrr() {
            return judged() == 0 ? 0 : reciprocalRanks / judged();
        }

        private double share(int n) {
            return judged() == 0 ? 0 : (double) n / judged();
        }
    }

    /** The overall figures and those of each kind that occurs, in {@link HistoryKind} order. */
    record Result(Summary overall, Map<HistoryKind, Summary> byKind, List<HistoryJudge.Judged> perQuestion) {
        Result {
            byKind = Collections.unmodifiableMap(new EnumMap<>(byKind));
            perQuestion = List.copyOf(perQuestion);
        }
    }

    static Result of(List<HistoryJudge.Judged> judged) {
        Map<HistoryKind, Summary> byKind = new EnumMap<>(HistoryKind.class);
        for (HistoryKind kind : HistoryKind.values()) {
            List<HistoryJudge.Judged> ofKind =
                    judged.stream().filter(j -> j.question().kind() == kind).toList();
            if (!ofKind.isEmpty()) {
                byKind.put(kind, summarise(ofKind));
            }
        }
        return new Result(summarise(judged), byKind, judged);
    }

    static Summary summarise(List<HistoryJudge.Judged> judged) {
        int beyond = 0;
        int right = 0;
        int hit1 = 0;
        int found = 0;
        double rr = 0;
        for (HistoryJudge.Judged j : judged) {
            if (j.beyondDepth()) {
                beyond++;
                continue;
            }
            right += j.right() ? 1 : 0;
            hit1 += j.hit1() ? 1 : 0;
            if (j.firstGoldRank() > 0) {
                found++;
                rr += 1.0 / j.firstGoldRank();
            }
        }
        return new Summary(judged.size(), beyond, right, hit1, found, rr);
    }
}
