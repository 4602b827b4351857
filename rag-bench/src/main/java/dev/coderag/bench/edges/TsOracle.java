package dev.coderag.bench.edges;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Writes a repository's true navigation edges as the TypeScript compiler sees them, like {@link EdgeOracle} does
 * for Java:
 *
 * <pre>TsOracle --repo &lt;dir&gt; --out &lt;edges.jsonl&gt; [--unknown &lt;unknown.jsonl&gt;]</pre>
 *
 * It runs {@code node oracle.js} of {@code rag-bench/src/main/ts-oracle} (the TypeScript compiler API, the exact
 * {@code typescript} version its package-lock.json pins; install it with {@code npm ci} there), which writes the
 * edges in {@link EdgeJsonl}'s format and the unknown sites in {@link Site}'s, and prints the edges and unknown
 * sites per kind. The sites and targets TypeScript adds to {@link Edge}'s definition are in that folder's
 * README.md and docs/EVALUATION.md, "Navigation edges: TypeScript".
 */
public final class TsOracle {
    /** The script's folder, relative to the repository root or to the rag-bench module (tests run there). */
    static final List<Path> SCRIPT_DIRS =
            List.of(Path.of("rag-bench/src/main/ts-oracle"), Path.of("src/main/ts-oracle"));

    private static final Duration DEADLINE = Duration.ofMinutes(30);

    private TsOracle() {}

    /** What a run printed and how it ended. */
    record Run(int exitCode, String out, String err) {}

    public static void main(String[] args) throws IOException, InterruptedException {
        Map<String, String> a;
        try {
            a = EdgeOracle.options(args, "--repo", "--out", "--unknown");
            if (!a.containsKey("--repo") || !a.containsKey("--out")) {
                throw new IllegalArgumentException("--repo and --out are required");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("TsOracle: " + e.getMessage()
                    + " (usage: TsOracle --repo <dir> --out <edges.jsonl> [--unknown <unknown.jsonl>])");
            System.exit(2);
            return;
        }
        Path unknown = a.containsKey("--unknown") ? Path.of(a.get("--unknown")) : null;
        Run r = run(Path.of(a.get("--repo")), Path.of(a.get("--out")), unknown);
        System.out.print(r.out());
        System.err.print(r.err());
        System.exit(r.exitCode());
    }

    /** The folder holding oracle.js and its installed node_modules, or empty when none is found. */
    static java.util.Optional<Path> scriptDir() {
        return SCRIPT_DIRS.stream()
                .filter(d -> Files.isDirectory(d.resolve("node_modules/typescript")))
                .findFirst();
    }

    /**
     * Runs the oracle over {@code repo}; the unknown sites go to {@code unknown} when it is not null.
     *
     * @throws IllegalStateException when the script or its installed typescript package is missing, or the run
     *     passes its deadline (it is then killed)
     */
    static Run run(Path repo, Path out, Path unknown) throws IOException, InterruptedException {
        Path dir = scriptDir()
                .orElseThrow(
                        () -> new IllegalStateException(
                                "no rag-bench/src/main/ts-oracle/node_modules/typescript (cd rag-bench/src/main/ts-oracle && npm ci)"));
        List<String> cmd = new java.util.ArrayList<>(List.of(
                "node", dir.resolve("oracle.js").toString(), "--repo", repo.toString(), "--out", out.toString()));
        if (unknown != null) {
            cmd.addAll(List.of("--unknown", unknown.toString()));
        }
        Path err = Files.createTempFile("ts-oracle", ".err");
        Path stdout = Files.createTempFile("ts-oracle", ".out");
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectOutput(stdout.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!p.waitFor(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("the TypeScript oracle ran past " + DEADLINE + " on " + repo);
            }
            return new Run(
                    p.exitValue(),
                    Files.readString(stdout, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(err);
            Files.deleteIfExists(stdout);
        }
    }
}
