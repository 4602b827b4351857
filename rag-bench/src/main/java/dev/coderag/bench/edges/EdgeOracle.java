package dev.coderag.bench.edges;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes a repository's true navigation edges as javac sees them ({@link JavacOracle}):
 *
 * <pre>EdgeOracle --repo &lt;dir&gt; --out &lt;edges.jsonl&gt; [--unknown &lt;unknown.jsonl&gt;]</pre>
 *
 * and prints the edges and unknown sites per kind, the files compiled and dropped, javac's error count and the
 * wall time.
 */
public final class EdgeOracle {
    private EdgeOracle() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> a;
        try {
            a = options(args, "--repo", "--out", "--unknown");
            if (!a.containsKey("--repo") || !a.containsKey("--out")) {
                throw new IllegalArgumentException("--repo and --out are required");
            }
            if (!Files.isDirectory(Path.of(a.get("--repo")))) {
                throw new IllegalArgumentException("not a directory: " + a.get("--repo"));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("EdgeOracle: " + e.getMessage()
                    + " (usage: EdgeOracle --repo <dir> --out <edges.jsonl> [--unknown <unknown.jsonl>])");
            System.exit(2);
            return;
        }
        JavacOracle.Result r = JavacOracle.run(Path.of(a.get("--repo")));
        EdgeJsonl.write(Path.of(a.get("--out")), r.edges());
        if (a.containsKey("--unknown")) {
            Site.write(Path.of(a.get("--unknown")), r.unknown());
        }
        var edges = JavacOracle.countByKind(r.edges().stream().map(Edge::kind).toList());
        var unknown =
                JavacOracle.countByKind(r.unknown().stream().map(Site::kind).toList());
        System.out.printf("%-10s %9s %9s %9s%n", "kind", "edges", "in-repo", "unknown");
        for (Edge.Kind k : Edge.Kind.values()) {
            long inRepo = r.edges().stream()
                    .filter(e -> e.kind() == k && e.target() instanceof Edge.InRepo)
                    .count();
            System.out.printf("%-10s %9d %9d %9d%n", k, edges.get(k), inRepo, unknown.get(k));
        }
        long inRepo = r.edges().stream()
                .filter(e -> e.target() instanceof Edge.InRepo)
                .count();
        System.out.printf(
                "%-10s %9d %9d %9d%n",
                "all", r.edges().size(), inRepo, r.unknown().size());
        System.out.printf(
                "files %d, dropped as duplicate classes %d, javac errors %d, walks broken off %d, %.1f s%n",
                r.files(), r.dropped().size(), r.javacErrors(), r.failures(), r.millis() / 1000.0);
        r.guesses().forEach((why, n) -> System.out.printf("unknown sites javac resolved by a guess: %d, %s%n", n, why));
        if (!r.hiddenModules().isEmpty()) {
            System.out.println("JDK modules left out (the repository declares their packages): " + r.hiddenModules());
        }
        for (String f : r.failureSamples()) {
            System.out.println("broken off: " + f);
        }
        for (String d : r.dropped()) {
            System.out.println("dropped " + d);
        }
    }

    /** {@code --name value} pairs; an unknown name or a missing value is an IllegalArgumentException. */
    static Map<String, String> options(String[] args, String... names) {
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!java.util.List.of(names).contains(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i]);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            out.put(args[i], args[++i]);
        }
        return out;
    }
}
