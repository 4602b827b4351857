package dev.coderag.bench.edges;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What resolution costs in an ingest, and after a one-file edit: copies a corpus to a temporary directory, ingests
 * it into a new static-tier store (the summary's parse and resolve seconds), then, in the same JVM, edits one Java
 * file at a time ({@code --edits} of them, a comment line appended: its declarations stay, so it alone is resolved
 * again) and re-ingests, printing each run's resolve seconds; the first edits pay for a cold JIT, the later ones are
 * what a long-running server sees. The copy and the store are deleted afterwards.
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.edges.ResolveEditBench --corpus DIR [--edits N]
 * [--file REL]...} (default 6 edits of files spread over the corpus by size).
 */
public final class ResolveEditBench {
    private ResolveEditBench() {}

    public static void main(String[] args) throws IOException {
        Path corpus = null;
        int edits = 6;
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--corpus" -> corpus = Path.of(args[++i]).toRealPath();
                case "--edits" -> edits = Integer.parseInt(args[++i]);
                case "--file" -> chosen.add(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (corpus == null) {
            System.err.println("usage: ResolveEditBench --corpus DIR [--edits N] [--file REL]...");
            System.exit(2);
        }
        Path tmp = Files.createTempDirectory("resolve-edit-");
        Path repo = tmp.resolve(corpus.getFileName().toString());
        copy(corpus, repo);
        List<Path> files = chosen.isEmpty()
                ? spread(repo, edits)
                : chosen.stream().map(repo::resolve).toList();
        try (Embedder embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
                Store store = Store.open(tmp.resolve("store"), embedder.modelId(), embedder.dimension())) {
            IngestOptions options = IngestOptions.defaults(store.directory()).withVectors(VectorTier.STATIC);
            Ingester ingester = Ingester.create(store, embedder, options);
            IngestSummary first = ingest(ingester, repo);
            System.out.printf(
                    Locale.ROOT,
                    "%s: first ingest, %d files: parse %.2f s, write %.2f s, resolve %.2f s (%.2fx parse), total"
                            + " %.2f s%n",
                    corpus.getFileName(),
                    first.files().newFiles(),
                    first.seconds().parse(),
                    first.seconds().write(),
                    first.seconds().resolve(),
                    first.seconds().resolve() / first.seconds().parse(),
                    first.seconds().total());
            int n = 0;
            for (Path f : files) {
                Files.writeString(
                        f, "// edit " + (++n) + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
                IngestSummary s = ingest(ingester, repo);
                System.out.printf(
                        Locale.ROOT,
                        "edit %d: %s (%d lines): %d changed, parse %.3f s, resolve %.3f s, total %.3f s%n",
                        n,
                        repo.relativize(f),
                        Files.readAllLines(f, StandardCharsets.ISO_8859_1).size(),
                        s.files().changed(),
                        s.seconds().parse(),
                        s.seconds().resolve(),
                        s.seconds().total());
            }
        } finally {
            delete(tmp);
        }
    }

    private static IngestSummary ingest(Ingester ingester, Path repo) {
        return ingester.ingest(
                List.of(new IngestRequest(repo.toString(), Optional.of("bench"), Optional.empty())),
                ProgressListener.NONE);
    }

    /** {@code n} Java files from the smallest to the largest, evenly spaced by size rank. */
    private static List<Path> spread(Path repo, int n) throws IOException {
        List<Path> java;
        try (Stream<Path> s = Files.walk(repo)) {
            java = s.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p))
                    .sorted(Comparator.comparingLong(ResolveEditBench::size).thenComparing(Path::toString))
                    .toList();
        }
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n && !java.isEmpty(); i++) {
            out.add(java.get((int) ((long) i * (java.size() - 1) / Math.max(1, n - 1))));
        }
        return out;
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
