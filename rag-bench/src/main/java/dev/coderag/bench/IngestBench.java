package dev.coderag.bench;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestPhase;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.FileEntry;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Ingest speed as ratios measured in one run:
 *
 * <ol>
 *   <li>cold ingest of a corpus into an empty store, time split by stage;
 *   <li>raw embedding of the same distinct chunk texts ({@code Embedder.embedDocuments}, one call) — the
 *       ceiling for the cold ingest; reported as ingest chunks/s ÷ raw chunks/s;
 *   <li>no-change re-ingest vs {@code sha256sum} over the same files (alternating rounds, medians);
 *   <li>a one-function edit (in a copy of the corpus ingested under another name, removed afterwards):
 *       how many chunks get embedded.
 * </ol>
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.IngestBench --corpus DIR --store DIR [--model fp32|int8]
 * [--rounds N] [--skip-cold] [--raw-sample FRACTION]}; {@code --raw-sample} embeds a uniform random share of
 * the texts for the raw baseline (default 1.0: all of them). The store directory must not exist unless {@code --skip-cold} (then it must hold
 * the corpus already, and the cold/raw figures are not measured).
 */
public final class IngestBench {
    private IngestBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = parseArgs(args);
        Path corpus = Path.of(a.getOrDefault("--corpus", "/work/corpora/ecf")).toRealPath();
        Path storeDir = Path.of(a.getOrDefault("--store", "/work/stores/ecf-fp32"));
        EmbeddingModel model = EmbeddingModel.fromName(a.getOrDefault("--model", "fp32"));
        int rounds = Integer.parseInt(a.getOrDefault("--rounds", "3"));
        boolean skipCold = a.containsKey("--skip-cold");
        double rawSample = Double.parseDouble(a.getOrDefault("--raw-sample", "1.0"));
        if (!skipCold && Files.exists(storeDir)) {
            System.err.println("error: " + storeDir + " exists; remove it or pass --skip-cold");
            System.exit(1);
        }
        String repo = corpus.getFileName().toString();
        System.out.printf(
                Locale.ROOT,
                "IngestBench: corpus %s, store %s, model %s, %d cores, JDK %s, %s%n",
                corpus,
                storeDir,
                model.modelId(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                LocalDate.now());

        IngestOptions options = IngestOptions.defaults(storeDir);
        try (Embedder embedder = Embedder.open(model);
                Store store = Store.open(storeDir, embedder.modelId(), embedder.dimension())) {
            Ingester ingester = Ingester.create(store, embedder, options);
            List<IngestRequest> request = List.of(IngestRequest.of(corpus.toString()));

            if (!skipCold) {
                IngestSummary cold = ingester.ingest(request, progress());
                print("cold ingest", cold);
                List<String> texts = distinctTexts(store, repo);
                if (rawSample < 1.0) {
                    // A uniform random sample has the same length mix, so the same expected chunks/s.
                    java.util.Collections.shuffle(texts, new java.util.Random(42));
                    texts = new ArrayList<>(texts.subList(0, (int) Math.ceil(texts.size() * rawSample)));
                }
                long t0 = System.nanoTime();
                List<float[]> vectors = embedder.embedDocuments(texts);
                double raw = (System.nanoTime() - t0) / 1e9;
                double ingestRate = cold.chunks().embedded() / cold.seconds().total();
                double rawRate = vectors.size() / raw;
                System.out.printf(
                        Locale.ROOT,
                        "raw embedding (sample %.2f): %d distinct texts in %.1f s = %.2f chunks/s; cold ingest embedded %d in"
                                + " %.1f s = %.2f chunks/s; ratio ingest/raw = %.3f%n",
                        rawSample,
                        vectors.size(),
                        raw,
                        rawRate,
                        cold.chunks().embedded(),
                        cold.seconds().total(),
                        ingestRate,
                        ingestRate / rawRate);
            }

            // No change: re-ingest vs sha256sum over the indexed files, alternating, medians.
            List<Path> files = store.files().entries(repo).keySet().stream()
                    .sorted()
                    .map(corpus::resolve)
                    .toList();
            long bytes = 0;
            for (Path f : files) {
                bytes += Files.size(f);
            }
            ingester.ingest(request, ProgressListener.NONE); // warm-up: JIT, page cache
            sha256sum(files);
            double[] reingest = new double[rounds];
            double[] sha = new double[rounds];
            IngestSummary last = null;
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                last = ingester.ingest(request, ProgressListener.NONE);
                reingest[r] = (System.nanoTime() - t0) / 1e9;
                sha[r] = sha256sum(files);
                if (last.chunks().embedded() != 0 || last.chunks().inserted() != 0) {
                    throw new IllegalStateException("no-change re-ingest changed something: " + last);
                }
            }
            double medReingest = median(reingest);
            double medSha = median(sha);
            print("no-change re-ingest (last round)", last);
            System.out.printf(
                    Locale.ROOT,
                    "no-change re-ingest (warm JVM, in process): %d files, %.1f MB; re-ingest median %.3f s %s;"
                            + " sha256sum median %.3f s %s; ratio of medians = %.2f, of minimums = %.2f%n",
                    files.size(),
                    bytes / 1e6,
                    medReingest,
                    Arrays.toString(round(reingest)),
                    medSha,
                    Arrays.toString(round(sha)),
                    medReingest / medSha,
                    Arrays.stream(reingest).min().orElseThrow()
                            / Arrays.stream(sha).min().orElseThrow());

            oneFunctionEdit(corpus, repo, store, ingester);
        }
    }

    /** Ingests a copy under another name (vectors reused), edits one method body line, re-ingests, cleans up. */
    private static void oneFunctionEdit(Path corpus, String repo, Store store, Ingester ingester) throws IOException {
        Path tmp = Files.createTempDirectory("ingest-bench");
        Path copy = tmp.resolve(repo + "-edit");
        copyTree(corpus, copy);
        String name = repo + "-edit";
        IngestRequest request = new IngestRequest(copy.toString(), Optional.of(name), Optional.empty());
        try {
            IngestSummary first = ingester.ingest(List.of(request), ProgressListener.NONE);
            print("copy ingested as " + name, first);

            CodeChunk target = pickMethod(store, name);
            Path file = copy.resolve(target.path());
            List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
            int line = target.startLine() + (target.endLine() - target.startLine()) / 2; // inside the body
            lines.set(line - 1, lines.get(line - 1) + " // edited by IngestBench");
            Files.write(file, lines, StandardCharsets.UTF_8);

            IngestSummary edit = ingester.ingest(List.of(request), ProgressListener.NONE);
            print("one-function edit of " + target.location() + " (" + target.qualifiedName() + ")", edit);
            System.out.printf(
                    Locale.ROOT,
                    "one-function edit: files changed %d, chunks embedded %d, reused %d, inserted %d, deleted %d,"
                            + " total %.2f s%n",
                    edit.files().changed(),
                    edit.chunks().embedded(),
                    edit.chunks().reused(),
                    edit.chunks().inserted(),
                    edit.chunks().deleted(),
                    edit.seconds().total());
        } finally {
            try (WriteTransaction tx = store.begin()) {
                tx.deleteRepo(name);
                tx.commit();
            }
            deleteTree(tmp);
        }
    }

    /** A mid-sized method of a mid-sized file, so that the edit is typical. */
    private static CodeChunk pickMethod(Store store, String repo) {
        List<CodeChunk> methods = new ArrayList<>();
        for (FileEntry f : store.files().entries(repo).values()) {
            if (f.chunkIds().size() < 8 || f.chunkIds().size() > 40) {
                continue;
            }
            for (Chunk c : chunksOf(store.chunks().getAll(f.chunkIds()))) {
                if (c instanceof CodeChunk cc
                        && cc.symbolKind() == SymbolKind.METHOD
                        && cc.endLine() - cc.startLine() >= 6
                        && cc.endLine() - cc.startLine() <= 40) {
                    methods.add(cc);
                }
            }
            if (methods.size() > 200) {
                break;
            }
        }
        if (methods.isEmpty()) {
            throw new IllegalStateException("no method chunk to edit in " + repo);
        }
        methods.sort(Comparator.comparing(Chunk::location));
        return methods.get(methods.size() / 2);
    }

    private static List<String> distinctTexts(Store store, String repo) {
        Map<String, String> byHash = new LinkedHashMap<>();
        List<String> ids = new ArrayList<>();
        store.files().entries(repo).values().forEach(f -> ids.addAll(f.chunkIds()));
        for (int i = 0; i < ids.size(); i += 1000) {
            for (Chunk c : chunksOf(store.chunks().getAll(ids.subList(i, Math.min(ids.size(), i + 1000))))) {
                byHash.putIfAbsent(c.contentHash(), c.embeddingText());
            }
        }
        return new ArrayList<>(byHash.values());
    }

    private static double sha256sum(List<Path> files) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add("sha256sum");
        files.forEach(f -> cmd.add(f.toString()));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("sha256sum failed");
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    private static ProgressListener progress() {
        long[] last = {0};
        return p -> {
            long now = System.nanoTime();
            if (now - last[0] > 30_000_000_000L || p.phase() == IngestPhase.DONE) {
                last[0] = now;
                System.err.printf(
                        Locale.ROOT,
                        "  [%s] %s files %d/%d chunks %d/%d%n",
                        p.repo(),
                        p.phase(),
                        p.filesDone(),
                        p.filesTotal(),
                        p.chunksDone(),
                        p.chunksTotal());
            }
        };
    }

    private static void print(String label, IngestSummary s) {
        System.out.printf(
                Locale.ROOT,
                "%s: files new %d changed %d unchanged %d deleted %d skipped %d %s; chunks inserted %d deleted %d"
                        + " embedded %d reused %d; seconds parse %.1f embed %.1f write %.1f total %.1f%n",
                label,
                s.files().newFiles(),
                s.files().changed(),
                s.files().unchanged(),
                s.files().deleted(),
                s.files().skipped(),
                s.files().skippedByReason(),
                s.chunks().inserted(),
                s.chunks().deleted(),
                s.chunks().embedded(),
                s.chunks().reused(),
                s.seconds().parse(),
                s.seconds().embed(),
                s.seconds().write(),
                s.seconds().total());
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double[] round(double[] xs) {
        return Arrays.stream(xs).map(x -> Math.round(x * 1000) / 1000.0).toArray();
    }

    private static Map<String, String> parseArgs(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--skip-cold")) {
                m.put(args[i], "");
            } else if (i + 1 < args.length) {
                m.put(args[i], args[++i]);
            } else {
                throw new IngestException(IngestException.Reason.BAD_SOURCE, "missing value for " + args[i]);
            }
        }
        return m;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            walk.forEach(src -> {
                Path dst = to.resolve(from.relativize(src).toString());
                try {
                    if (Files.isDirectory(src)) {
                        Files.createDirectories(dst);
                    } else {
                        Files.copy(src, dst, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static List<Chunk> chunksOf(List<StoredChunk> stored) {
        return stored.stream().map(StoredChunk::chunk).toList();
    }
}
