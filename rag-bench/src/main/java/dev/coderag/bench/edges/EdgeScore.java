package dev.coderag.bench.edges;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Precision and recall of a tested edge set against the oracle's. A tested edge is matched when the oracle has
 * the same edge; an unmatched tested edge at one of the oracle's unknown sites (same kind, file and line) is
 * unjudged: it counts neither for nor against precision. Recall is over all the oracle's edges. Pure: the same
 * inputs give the same report.
 */
final class EdgeScore {
    private EdgeScore() {}

    /** Where an edge's target is. */
    enum Category {
        IN_REPO,
        EXTERNAL;

        static Category of(Edge e) {
            return switch (e.target()) {
                case Edge.InRepo r -> IN_REPO;
                case Edge.External x -> EXTERNAL;
            };
        }
    }

    /**
     * The counts of one slice.
     *
     * @param truth the oracle's edges
     * @param tested the tested edges
     * @param matched tested edges the oracle also has
     * @param unjudged tested edges not matched but at an unknown site
     */
    record Counts(int truth, int tested, int matched, int unjudged) {
        static final Counts ZERO = new Counts(0, 0, 0, 0);

        /** matched over the judged tested edges; NaN when none was judged. */
        double precision() {
            int judged = tested - unjudged;
            return judged == 0 ? Double.NaN : (double) matched / judged;
        }

        /** matched over the oracle's edges; NaN when the oracle has none. */
        double recall() {
            return truth == 0 ? Double.NaN : (double) matched / truth;
        }

        Counts plus(Counts o) {
            return new Counts(truth + o.truth, tested + o.tested, matched + o.matched, unjudged + o.unjudged);
        }
    }

    /**
     * The whole comparison.
     *
     * @param byKind the counts per kind (every kind present)
     * @param byCategory the counts per kind and target category (every pair present)
     * @param overall all kinds together
     * @param falsePositives judged tested edges the oracle does not have
     * @param falseNegatives the oracle's edges the tested set does not have
     * @param unjudged the tested edges left unjudged
     */
    record Report(
            Map<Edge.Kind, Counts> byKind,
            Map<Edge.Kind, Map<Category, Counts>> byCategory,
            Counts overall,
            List<Edge> falsePositives,
            List<Edge> falseNegatives,
            List<Edge> unjudged) {}

    static Report score(Collection<Edge> truth, Collection<Site> unknown, Collection<Edge> tested) {
        Set<Edge> t = new LinkedHashSet<>(truth);
        Set<Edge> x = new LinkedHashSet<>(tested);
        Set<Site> u = new HashSet<>(unknown);
        Map<Edge.Kind, Map<Category, int[]>> n = new EnumMap<>(Edge.Kind.class);
        for (Edge.Kind k : Edge.Kind.values()) {
            Map<Category, int[]> m = new EnumMap<>(Category.class);
            for (Category c : Category.values()) {
                m.put(c, new int[4]);
            }
            n.put(k, m);
        }
        List<Edge> fp = new ArrayList<>();
        List<Edge> fn = new ArrayList<>();
        List<Edge> uj = new ArrayList<>();
        for (Edge e : t) {
            n.get(e.kind()).get(Category.of(e))[0]++;
            if (!x.contains(e)) {
                fn.add(e);
            }
        }
        for (Edge e : x) {
            int[] c = n.get(e.kind()).get(Category.of(e));
            c[1]++;
            if (t.contains(e)) {
                c[2]++;
            } else if (u.contains(Site.of(e))) {
                c[3]++;
                uj.add(e);
            } else {
                fp.add(e);
            }
        }
        Map<Edge.Kind, Counts> byKind = new EnumMap<>(Edge.Kind.class);
        Map<Edge.Kind, Map<Category, Counts>> byCategory = new EnumMap<>(Edge.Kind.class);
        Counts overall = Counts.ZERO;
        for (Edge.Kind k : Edge.Kind.values()) {
            Counts sum = Counts.ZERO;
            Map<Category, Counts> cats = new EnumMap<>(Category.class);
            for (Category c : Category.values()) {
                int[] a = n.get(k).get(c);
                Counts counts = new Counts(a[0], a[1], a[2], a[3]);
                cats.put(c, counts);
                sum = sum.plus(counts);
            }
            byKind.put(k, sum);
            byCategory.put(k, cats);
            overall = overall.plus(sum);
        }
        return new Report(byKind, byCategory, overall, List.copyOf(fp), List.copyOf(fn), List.copyOf(uj));
    }
}
