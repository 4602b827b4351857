package dev.coderag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.eval.Metrics;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Retriever;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.Store;
import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.loader.FileSystemDocumentLoader;
import dev.langchain4j.data.document.parser.TextDocumentParser;
import dev.langchain4j.data.document.splitter.DocumentSplitters;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.HuggingFaceTokenCountEstimator;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.output.Response;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingStoreIngestor;
import dev.langchain4j.store.embedding.IngestionResult;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Cold ingest of a real repository, ours ({@link Ingester}: tree-sitter chunks, DJL embedder, SQLite + FTS5 +
 * vectors) against an ingest written the LangChain4j Easy-RAG way (FileSystemDocumentLoader, recursive splitter
 * 300 tokens / 30 overlap counted with LangChain4j's HuggingFace token estimator as Easy-RAG does, the same
 * bge-small-en-v1.5 model on both sides ({@code --model int8}, the default of both coderag and
 * {@code langchain4j-easy-rag}, which pulls in {@code BgeSmallEnV15QuantizedEmbeddingModel}; or {@code fp32}:
 * LangChain4j's {@code BgeSmallEnV15EmbeddingModel}), an
 * {@code InMemoryEmbeddingStore}, {@code EmbeddingStoreIngestor}), in one JVM, one after the other; then the
 * retrieval quality of both on the same BLIZZARD queries (file level, rag-eval's {@link Metrics}): ours through
 * the production retriever ({@code full} mode, and {@code vector} alone), Easy-RAG by ranking files by their best
 * segment.
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.EasyRagBench [--corpus DIR] [--queries FILE.jsonl]
 * [--max-files N] [--work DIR] [--k 10] [--order ours,easy] [--model int8|fp32]}. With {@code --max-files N} (0 = all) the corpus is cut
 * to N files: the gold files of the first queries (up to half of N; those queries are the ones evaluated) plus a
 * seeded random sample of the other files, copied to {@code WORK/corpus-N} so both sides read the same tree.
 */
public final class EasyRagBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CHUNKS_PER_QUERY = 50; // as rag-eval: 5 × k chunks, aggregated to files
    private static final int SEGMENTS_PER_QUERY = 100;

    private EasyRagBench() {}

    record Query(String id, String text, Set<String> gold) {}

    record Quality(Metrics.Summary summary, double msPerQuery) {}

    public static void main(String[] args) throws Exception {
        BenchArgs a;
        try {
            a = BenchArgs.parse(
                    args,
                    Set.of(
                            "--corpus",
                            "--queries",
                            "--max-files",
                            "--work",
                            "--k",
                            "--order",
                            "--limit-queries",
                            "--model"),
                    Set.of());
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        run(a);
        System.exit(0);
    }

    private static void run(BenchArgs a) throws Exception {
        Path corpus = Path.of(a.get("--corpus", "/work/corpora/jdt")).toRealPath();
        Path queryFile = Path.of(a.get("--queries", "/work/shared/eval/blizzard/eclipse.jdt.debug.queries.jsonl"));
        int maxFiles = a.getInt("--max-files", 0);
        int limitQueries = a.getInt("--limit-queries", 0);
        Path work = Path.of(a.get("--work", "rag-bench/target/easy-rag")).toAbsolutePath();
        int k = a.getInt("--k", 10);
        List<String> order = List.of(a.get("--order", "ours,easy").split(","));
        EmbeddingModel model = EmbeddingModel.fromName(a.get("--model", EmbeddingModel.DEFAULT.shortName()));
        Files.createDirectories(work);
        String repo = corpus.getFileName().toString();
        System.out.println("EasyRagBench: " + Machine.describe());

        List<String> allFiles = listFiles(corpus);
        List<Query> allQueries = readQueries(queryFile);
        Path dir;
        List<Query> queries;
        if (maxFiles > 0 && maxFiles < allFiles.size()) {
            Subset s = subset(allFiles, allQueries, maxFiles);
            dir = work.resolve("corpus-" + maxFiles);
            ChatLatencyBench.deleteTree(dir);
            for (String f : s.files()) {
                Path to = dir.resolve(f);
                Files.createDirectories(to.getParent());
                Files.copy(corpus.resolve(f), to, StandardCopyOption.REPLACE_EXISTING);
            }
            queries = s.queries();
        } else {
            dir = corpus;
            queries = allQueries;
        }
        if (limitQueries > 0 && queries.size() > limitQueries) {
            queries = queries.subList(0, limitQueries);
        }
        long bytes = 0;
        List<String> files = listFiles(dir);
        for (String f : files) {
            bytes += Files.size(dir.resolve(f));
        }
        System.out.printf(
                Locale.ROOT,
                "corpus %s: %d files, %.1f MB%s; %d queries from %s; k=%d; order %s; model %s on both sides%n",
                dir,
                files.size(),
                bytes / 1e6,
                dir.equals(corpus) ? "" : " (subset of " + allFiles.size() + " files of " + corpus + ")",
                queries.size(),
                queryFile,
                k,
                order,
                model.shortName());

        Map<String, Double> ingestSeconds = new LinkedHashMap<>();
        Map<String, Double> loadSeconds = new LinkedHashMap<>();
        Map<String, Quality> quality = new LinkedHashMap<>();
        if (order.stream().map(String::strip).toList().equals(List.of("easy", "ours"))) {
            // ONNX Runtime has one environment per process and DJL creates it with its own thread settings, which
            // fails once LangChain4j has created it; so our engine starts first (LangChain4j then shares it).
            Embedder.open(model).close();
        }
        for (String side : order) {
            System.gc();
            System.out.println(side.strip() + ": starting, load " + Machine.load());
            switch (side.strip()) {
                case "ours" -> ours(dir, repo, work, queries, k, model, ingestSeconds, loadSeconds, quality);
                case "easy" -> easy(dir, queries, k, model, ingestSeconds, loadSeconds, quality);
                default -> throw new IllegalArgumentException("--order takes ours and easy, not " + side);
            }
        }

        System.out.println();
        if (ingestSeconds.containsKey("ours") && ingestSeconds.containsKey("easy")) {
            System.out.printf(
                    Locale.ROOT,
                    "cold ingest: ours %.1f s, Easy-RAG %.1f s -> ours is %.2fx faster (model load excluded: ours %.1f s,"
                            + " Easy-RAG %.1f s); with model load %.2fx; load %s%n",
                    ingestSeconds.get("ours"),
                    ingestSeconds.get("easy"),
                    ingestSeconds.get("easy") / ingestSeconds.get("ours"),
                    loadSeconds.get("ours"),
                    loadSeconds.get("easy"),
                    (ingestSeconds.get("easy") + loadSeconds.get("easy"))
                            / (ingestSeconds.get("ours") + loadSeconds.get("ours")),
                    Machine.load());
        }
        System.out.printf(
                Locale.ROOT,
                "%-14s %7s %7s %7s %7s %7s %9s%n",
                "quality",
                "hit@1",
                "hit@5",
                "hit@" + k,
                "mrr@" + k,
                "map@" + k,
                "ms/query");
        quality.forEach((name, q) -> System.out.printf(
                Locale.ROOT,
                "%-14s %7.3f %7.3f %7.3f %7.3f %7.3f %9.1f%n",
                name,
                q.summary().hit1(),
                q.summary().hit5(),
                q.summary().hitK(),
                q.summary().mrrK(),
                q.summary().mapK(),
                q.msPerQuery()));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Ours

    private static void ours(
            Path dir,
            String repo,
            Path work,
            List<Query> queries,
            int k,
            EmbeddingModel model,
            Map<String, Double> ingestSeconds,
            Map<String, Double> loadSeconds,
            Map<String, Quality> quality)
            throws IOException {
        Path storeDir = work.resolve("ours-store");
        ChatLatencyBench.deleteTree(storeDir);
        long t0 = System.nanoTime();
        try (Embedder embedder = Embedder.open(model)) {
            embedder.embedDocuments(List.of("warm up")); // the first call initialises ONNX Runtime
            double load = secs(t0);
            try (Store store = Store.open(storeDir, embedder.modelId(), embedder.dimension())) {
                long t1 = System.nanoTime();
                IngestSummary s = Ingester.create(store, embedder, IngestOptions.defaults(storeDir))
                        .ingest(
                                List.of(new IngestRequest(dir.toString(), Optional.of(repo), Optional.empty())),
                                ProgressListener.NONE);
                double ingest = secs(t1);
                loadSeconds.put("ours", load);
                ingestSeconds.put("ours", ingest);
                System.out.printf(
                        Locale.ROOT,
                        "ours: model load %.1f s; cold ingest %.1f s: %d files, %d chunks (%d embedded) = %.1f chunks/s;"
                                + " stages parse %.1f s, embed %.1f s, write %.1f s; load %s%n",
                        load,
                        ingest,
                        s.files().newFiles(),
                        s.chunks().inserted(),
                        s.chunks().embedded(),
                        s.chunks().embedded() / ingest,
                        s.seconds().parse(),
                        s.seconds().embed(),
                        s.seconds().write(),
                        Machine.load());

                // Tokens the model saw (texts truncated to its window), counted after the timed ingest.
                long tokens = 0;
                for (var f : store.files().entries(repo).values()) {
                    for (var c : store.chunks().getAll(f.chunkIds())) {
                        tokens += Math.min(
                                embedder.maxTokens(),
                                embedder.countTokens(c.chunk().embeddingText()));
                    }
                }
                System.out.printf(
                        Locale.ROOT,
                        "ours: %d tokens embedded (%.0f per chunk) = %.0f tokens/s%n",
                        tokens,
                        (double) tokens / Math.max(1, s.chunks().inserted()),
                        tokens / ingest);

                Retriever retriever = Retriever.create(store, embedder);
                for (RetrievalMode mode : List.of(RetrievalMode.FULL, RetrievalMode.VECTOR)) {
                    Quality q = evaluate(
                            queries,
                            k,
                            text -> retriever.retrieve(text, Optional.of(repo), mode, CHUNKS_PER_QUERY).hits().stream()
                                    .map(ScoredChunk::chunk)
                                    .map(c -> c.path())
                                    .toList());
                    quality.put("ours " + mode.name().toLowerCase(Locale.ROOT), q);
                    System.out.println("ours " + mode + ": " + q);
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Easy-RAG

    private static void easy(
            Path dir,
            List<Query> queries,
            int k,
            EmbeddingModel ourModel,
            Map<String, Double> ingestSeconds,
            Map<String, Double> loadSeconds,
            Map<String, Quality> quality) {
        long t0 = System.nanoTime();
        dev.langchain4j.model.embedding.EmbeddingModel model = ourModel == EmbeddingModel.BGE_SMALL_INT8
                ? new BgeSmallEnV15QuantizedEmbeddingModel()
                : new BgeSmallEnV15EmbeddingModel();
        model.embed("warm up");
        double load = secs(t0);
        CountingModel counting = new CountingModel(model);

        long t1 = System.nanoTime();
        List<Document> documents = FileSystemDocumentLoader.loadDocumentsRecursively(dir, new TextDocumentParser());
        InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
        IngestionResult result = EmbeddingStoreIngestor.builder()
                .documentSplitter(DocumentSplitters.recursive(300, 30, new HuggingFaceTokenCountEstimator()))
                .embeddingModel(counting)
                .embeddingStore(store)
                .build()
                .ingest(documents);
        double ingest = secs(t1);
        loadSeconds.put("easy", load);
        ingestSeconds.put("easy", ingest);
        System.out.printf(
                Locale.ROOT,
                "Easy-RAG: model load %.1f s; cold ingest %.1f s: %d documents, %d segments embedded = %.1f segments/s;"
                        + " %s tokens embedded (LangChain4j's count) = %.0f tokens/s; load %s%n",
                load,
                ingest,
                documents.size(),
                counting.segments.get(),
                counting.segments.get() / ingest,
                result.tokenUsage() == null ? "?" : result.tokenUsage().inputTokenCount(),
                result.tokenUsage() == null || result.tokenUsage().inputTokenCount() == null
                        ? Double.NaN
                        : result.tokenUsage().inputTokenCount() / ingest,
                Machine.load());

        Quality q = evaluate(queries, k, text -> {
            Embedding e = model.embed(text).content();
            List<EmbeddingMatch<TextSegment>> matches = store.search(EmbeddingSearchRequest.builder()
                            .queryEmbedding(e)
                            .maxResults(SEGMENTS_PER_QUERY)
                            .build())
                    .matches();
            List<String> paths = new ArrayList<>();
            for (EmbeddingMatch<TextSegment> m : matches) {
                var meta = m.embedded().metadata();
                Path file =
                        Path.of(meta.getString(Document.ABSOLUTE_DIRECTORY_PATH), meta.getString(Document.FILE_NAME));
                paths.add(dir.relativize(file).toString().replace('\\', '/'));
            }
            return paths; // best segment first, so a file's first appearance is its best segment
        });
        quality.put("easy-rag", q);
        System.out.println("Easy-RAG: " + q);
    }

    /** Counts the segments the ingestor embeds; everything else is LangChain4j's model. */
    private static final class CountingModel implements dev.langchain4j.model.embedding.EmbeddingModel {
        final dev.langchain4j.model.embedding.EmbeddingModel delegate;
        final AtomicInteger segments = new AtomicInteger();

        CountingModel(dev.langchain4j.model.embedding.EmbeddingModel delegate) {
            this.delegate = delegate;
        }

        @Override
        public Response<List<Embedding>> embedAll(List<TextSegment> textSegments) {
            segments.addAndGet(textSegments.size());
            return delegate.embedAll(textSegments);
        }

        @Override
        public int dimension() {
            return delegate.dimension();
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Quality

    /** Runs every query; {@code search} returns file paths of ranked hits, best first (duplicates allowed). */
    static Quality evaluate(List<Query> queries, int k, Function<String, List<String>> search) {
        List<Metrics.Score> scores = new ArrayList<>();
        long t0 = System.nanoTime();
        for (Query q : queries) {
            List<String> files = new ArrayList<>(new LinkedHashSet<>(search.apply(q.text())));
            scores.add(Metrics.score(
                    Metrics.fileRelevance(files, q.gold()), q.gold().size(), k));
        }
        double ms = queries.isEmpty() ? 0 : (System.nanoTime() - t0) / 1e6 / queries.size();
        return new Quality(Metrics.summarise(scores, k), ms);
    }

    static List<Query> readQueries(Path file) throws IOException {
        List<Query> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            Set<String> gold = new LinkedHashSet<>();
            n.path("gold_files").forEach(g -> gold.add(g.asText().replace('\\', '/')));
            out.add(new Query(n.path("id").asText(), n.path("query").asText(), gold));
        }
        return out;
    }

    record Subset(List<String> files, List<Query> queries) {}

    /**
     * Up to {@code maxFiles} files: the gold files of queries in file order while they fit in half the budget
     * (queries whose gold files are not all in the corpus are skipped), then a seeded random sample of the rest.
     */
    static Subset subset(List<String> all, List<Query> queries, int maxFiles) {
        Set<String> existing = new LinkedHashSet<>(all);
        Set<String> chosen = new LinkedHashSet<>();
        List<Query> kept = new ArrayList<>();
        for (Query q : queries) {
            if (!existing.containsAll(q.gold())) {
                continue;
            }
            Set<String> union = new LinkedHashSet<>(chosen);
            union.addAll(q.gold());
            if (union.size() > maxFiles / 2) {
                continue;
            }
            chosen = union;
            kept.add(q);
        }
        List<String> rest = new ArrayList<>(all);
        rest.removeAll(chosen);
        Collections.shuffle(rest, new Random(42));
        for (String f : rest) {
            if (chosen.size() >= maxFiles) {
                break;
            }
            chosen.add(f);
        }
        return new Subset(chosen.stream().sorted().toList(), List.copyOf(kept));
    }

    static List<String> listFiles(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    private static double secs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
