package dev.coderag.bench.edges;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Scores a tested edge file against the oracle's:
 *
 * <pre>EdgeCompare --truth &lt;oracle.jsonl&gt; --unknown &lt;unknown.jsonl&gt; --test &lt;tested.jsonl&gt; [--examples N]</pre>
 *
 * prints truth, tested, matched, unjudged, precision and recall per kind (and per target category), then up to N
 * false positives and N false negatives per kind, picked at random with a fixed seed.
 */
public final class EdgeCompare {
    private EdgeCompare() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> a;
        int examples;
        try {
            a = EdgeOracle.options(args, "--truth", "--unknown", "--test", "--examples");
            for (String req : List.of("--truth", "--unknown", "--test")) {
                if (!a.containsKey(req)) {
                    throw new IllegalArgumentException(req + " is required");
                }
                if (!Files.isRegularFile(Path.of(a.get(req)))) {
                    throw new IllegalArgumentException("no file " + a.get(req));
                }
            }
            examples = Integer.parseInt(a.getOrDefault("--examples", "5"));
        } catch (IllegalArgumentException e) {
            System.err.println("EdgeCompare: " + e.getMessage()
                    + " (usage: EdgeCompare --truth <oracle.jsonl> --unknown <unknown.jsonl> --test <tested.jsonl>"
                    + " [--examples N])");
            System.exit(2);
            return;
        }
        EdgeScore.Report r;
        try {
            r = EdgeScore.score(
                    EdgeJsonl.read(Path.of(a.get("--truth"))),
                    Site.read(Path.of(a.get("--unknown"))),
                    EdgeJsonl.read(Path.of(a.get("--test"))));
        } catch (IOException e) {
            System.err.println("EdgeCompare: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.print(table(r));
        Random random = new Random(32);
        for (Edge.Kind k : Edge.Kind.values()) {
            print("false positives", k, r.falsePositives(), examples, random);
            print("false negatives", k, r.falseNegatives(), examples, random);
        }
    }

    static String table(EdgeScore.Report r) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                "%-20s %9s %9s %9s %9s %9s %7s%n",
                "kind", "truth", "tested", "matched", "unjudged", "precision", "recall"));
        for (Edge.Kind k : Edge.Kind.values()) {
            row(b, k.name(), r.byKind().get(k));
            for (EdgeScore.Category c : EdgeScore.Category.values()) {
                row(
                        b,
                        "  " + c.name().toLowerCase(java.util.Locale.ROOT),
                        r.byCategory().get(k).get(c));
            }
        }
        row(b, "all", r.overall());
        return b.toString();
    }

    private static void row(StringBuilder b, String name, EdgeScore.Counts c) {
        b.append(String.format(
                "%-20s %9d %9d %9d %9d %9s %7s%n",
                name, c.truth(), c.tested(), c.matched(), c.unjudged(), ratio(c.precision()), ratio(c.recall())));
    }

    private static String ratio(double v) {
        return Double.isNaN(v) ? "-" : String.format("%.3f", v);
    }

    private static void print(String what, Edge.Kind k, List<Edge> all, int n, Random random) {
        List<Edge> ofKind =
                new ArrayList<>(all.stream().filter(e -> e.kind() == k).toList());
        if (ofKind.isEmpty() || n <= 0) {
            return;
        }
        Collections.shuffle(ofKind, random);
        System.out.printf("%n%s %s (%d, %d shown):%n", k, what, ofKind.size(), Math.min(n, ofKind.size()));
        for (Edge e : ofKind.subList(0, Math.min(n, ofKind.size()))) {
            System.out.println("  " + EdgeJsonl.line(e));
        }
    }
}
