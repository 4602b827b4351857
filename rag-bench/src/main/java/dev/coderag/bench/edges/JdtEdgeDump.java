package dev.coderag.bench.edges;

import dev.coderag.ingest.resolve.JavaReferences;
import dev.coderag.ingest.resolve.Reference;
import dev.coderag.store.ReferenceKind;
import dev.coderag.ingest.resolve.ReferenceTarget;
import dev.coderag.store.Resolution;
import dev.coderag.ingest.resolve.ResolveOptions;
import dev.coderag.ingest.resolve.ResolvedReferences;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.core.dom.AST;
import org.eclipse.jdt.core.dom.ASTParser;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.FileASTRequestor;

/**
 * Runs coderag's JDT reference resolver ({@link JavaReferences}) over a repository's {@code .java} files and writes
 * the references as edges ({@link EdgeJsonl}), printing edges and unresolved sites per kind, seconds and peak heap.
 *
 * <pre>
 * JdtEdgeDump --repo DIR --out EDGES.jsonl [--runs N] [--batch N] [--threads N] [--no-statements-recovery]
 *             [--parse-only]
 * </pre>
 *
 * {@code --runs N} resolves N times in one JVM (the first run is cold, the later ones warm) and writes the last
 * run's edges. {@code --parse-only} also times JDT parsing the same files without bindings, to tell parsing from
 * binding resolution. Skips {@code target}, {@code build}, {@code bin}, {@code .git} and {@code module-info.java}.
 */
public final class JdtEdgeDump {
    private static final Set<String> SKIPPED_DIRS = Set.of("target", "build", "bin", ".git");

    private JdtEdgeDump() {}

    public static void main(String[] args) throws IOException {
        Path repo = null;
        Path out = null;
        int runs = 1;
        boolean parseOnly = false;
        ResolveOptions options = ResolveOptions.DEFAULTS;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--repo" -> repo = Path.of(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--batch" -> options = options.withBatchSize(Integer.parseInt(args[++i]));
                case "--threads" -> options = options.withThreads(Integer.parseInt(args[++i]));
                case "--no-statements-recovery" -> options = options.withStatementsRecovery(false);
                case "--parse-only" -> parseOnly = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (repo == null || out == null) {
            System.err.println("usage: JdtEdgeDump --repo DIR --out EDGES.jsonl [--runs N] [--batch N] [--threads N]"
                    + " [--no-statements-recovery] [--parse-only]");
            System.exit(2);
        }
        Path root = repo.toAbsolutePath().normalize();
        List<Path> files = javaFiles(root);
        System.out.printf(
                "%s: %d .java files; batch %d, threads %d, statements recovery %s%n",
                root, files.size(), options.batchSize(), options.threads(), options.statementsRecovery());
        if (parseOnly) {
            for (int r = 1; r <= runs; r++) {
                resetPeaks();
                long t0 = System.nanoTime();
                int n = parseWithoutBindings(files);
                System.out.printf(
                        "parse only (no bindings), run %d: %d files, %.2f s, peak heap %d MB%n",
                        r, n, (System.nanoTime() - t0) / 1e9, peakHeapMb());
            }
        }
        ResolvedReferences last = null;
        for (int r = 1; r <= runs; r++) {
            resetPeaks();
            long t0 = System.nanoTime();
            last = JavaReferences.resolve(root, files, Duration.ofHours(1), options);
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf(
                    "run %d: %.2f s, peak heap %d MB, %d files resolved, %d skipped, %d not reached%n",
                    r, seconds, peakHeapMb(), last.filesResolved(), last.filesSkipped(), last.filesNotReached());
        }
        Set<Edge> edges = new LinkedHashSet<>();
        Map<ReferenceKind, int[]> perKind = new EnumMap<>(ReferenceKind.class);
        Map<Resolution, Integer> perResolution = new EnumMap<>(Resolution.class);
        for (Reference ref : last.references()) {
            // Two references can make one edge (the same site and target, found twice): count edges.
            if (edges.add(edge(ref))) {
                int[] c = perKind.computeIfAbsent(ref.kind(), k -> new int[2]);
                c[ref.target() instanceof ReferenceTarget.InRepo ? 0 : 1]++;
            }
            perResolution.merge(ref.resolution(), 1, Integer::sum);
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        EdgeJsonl.write(out, edges);
        System.out.printf("%-9s %8s %8s %8s %10s%n", "kind", "edges", "in-repo", "external", "unresolved");
        for (ReferenceKind k : ReferenceKind.values()) {
            int[] c = perKind.getOrDefault(k, new int[2]);
            System.out.printf(
                    "%-9s %8d %8d %8d %10d%n",
                    k, c[0] + c[1], c[0], c[1], last.unresolved().get(k));
        }
        System.out.printf(
                "total     %8d edges (%d references: %s); unresolved %d + %d names of unknown kind%n",
                edges.size(),
                last.references().size(),
                perResolution,
                last.unresolvedTotal() - last.unresolvedNames(),
                last.unresolvedNames());
        System.out.println("wrote " + out);
    }

    static Edge edge(Reference r) {
        Edge.Target target =
                switch (r.target()) {
                    case ReferenceTarget.InRepo in -> new Edge.InRepo(in.file(), in.line());
                    case ReferenceTarget.External x -> new Edge.External(x.name());
                };
        return new Edge(kind(r.kind()), r.site().file(), r.site().line(), target);
    }

    private static Edge.Kind kind(ReferenceKind k) {
        return switch (k) {
            case CALL -> Edge.Kind.CALL;
            case TYPE -> Edge.Kind.TYPE;
            case FIELD -> Edge.Kind.FIELD;
            case OVERRIDE -> Edge.Kind.OVERRIDE;
            case SUPERTYPE -> Edge.Kind.SUPERTYPE;
            case IMPORT -> Edge.Kind.IMPORT;
        };
    }

    static List<Path> javaFiles(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(p -> Files.isRegularFile(p)
                            && p.getFileName().toString().endsWith(".java")
                            && !p.getFileName().toString().equals("module-info.java"))
                    .filter(p -> {
                        for (Path part : root.relativize(p)) {
                            if (SKIPPED_DIRS.contains(part.toString())) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .sorted()
                    .forEach(files::add);
        }
        return files;
    }

    /** JDT's parse of the same files in one batch, without bindings: the parsing share of resolution. */
    private static int parseWithoutBindings(List<Path> files) {
        ASTParser parser = ASTParser.newParser(AST.getJLSLatest());
        parser.setKind(ASTParser.K_COMPILATION_UNIT);
        parser.setResolveBindings(false);
        Map<String, String> o = JavaCore.getOptions();
        JavaCore.setComplianceOptions(JavaCore.latestSupportedJavaVersion(), o);
        o.put(JavaCore.COMPILER_DOC_COMMENT_SUPPORT, JavaCore.DISABLED);
        parser.setCompilerOptions(o);
        parser.setEnvironment(new String[0], new String[0], new String[0], true);
        int[] n = {0};
        parser.createASTs(
                files.stream().map(Path::toString).toArray(String[]::new),
                null,
                new String[0],
                new FileASTRequestor() {
                    @Override
                    public void acceptAST(String sourceFilePath, CompilationUnit ast) {
                        n[0]++;
                    }
                },
                null);
        return n[0];
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    /** The sum of the heap pools' peaks since the last reset (an upper bound of the peak of their sum). */
    private static long peakHeapMb() {
        long bytes = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                bytes += p.getPeakUsage().getUsed();
            }
        }
        return bytes >> 20;
    }
}
