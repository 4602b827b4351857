package dev.coderag.eval;

import static dev.coderag.ingest.CliSupport.oneLine;
import static dev.coderag.ingest.CliSupport.quietLibraries;

import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Retriever;
import dev.coderag.store.Embedder;
import dev.coderag.store.EmbeddingModel;
import dev.coderag.store.FileEntry;
import dev.coderag.store.StoreException;
import dev.coderag.store.VectorStore;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./rag eval}: ingests a corpus (incrementally), runs every query of a benchmark through the same
 * {@link Retriever} as {@code /api/chat} (no generation), aggregates the retrieved chunks to files and prints
 * Hit@1, Hit@5, Hit@k, MRR@k and MAP@k per retrieval mode.
 *
 * <p>Exit codes: 0 success, 1 failure (one line on stderr saying why), 2 bad usage. Progress goes to stderr;
 * results to stdout.
 */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        version = "rag-eval 0.1",
        description = {
            "Measure retrieval quality on a benchmark: ingest the corpus (only what changed since the last run),",
            "run every query through the production retriever in each mode, aggregate the chunks to files (a file",
            "takes the rank of its best chunk) and report Hit@1, Hit@5, Hit@k, MRR@k and MAP@k (MAP's denominator",
            "is min(#gold, k)); function level too when the queries carry gold_ranges. Query format and metric",
            "definitions: ../shared/eval/README.md."
        },
        footer = {"", "Exit codes: 0 success, 1 failure (the reason is printed on one line), 2 bad usage."})
public final class EvalCli implements Callable<Integer> {
    private final PrintStream out;
    private final PrintStream err;

    @Option(
            names = "--queries",
            required = true,
            paramLabel = "FILE",
            description = "JSON Lines query file: {\"id\", \"query\", \"gold_files\": [...]} per line.")
    String queries;

    @Option(
            names = "--corpus",
            required = true,
            paramLabel = "DIR",
            description = "The source tree the gold paths are relative to.")
    String corpus;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Repo name in the store (default: the corpus directory's name).")
    String name;

    @Option(
            names = "--db",
            paramLabel = "DIR",
            description = "Store directory (default: ~/.cache/coderag/eval/<name>-<model>[-lexical], kept between"
                    + " runs so re-runs only re-embed what changed).")
    String db;

    @Option(
            names = "--model",
            paramLabel = "fp32|int8",
            defaultValue = "${env:RAG_MODEL:-fp32}",
            description = "Embedding model (env RAG_MODEL; default: ${DEFAULT-VALUE}).")
    String model;

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            defaultValue = "all",
            description = "vector, lexical, hybrid, full (the /api/chat path), a comma-separated list of them, or"
                    + " all (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(
            names = "--k",
            paramLabel = "K",
            defaultValue = "10",
            description = "Cut-off for Hit@k, MRR@k and MAP@k (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(
            names = "--chunks",
            paramLabel = "N",
            description = "Chunks requested from the retriever per query, before aggregation to files (default:"
                    + " 5 x k, so that k distinct files are usually reached).")
    Integer chunks;

    @Option(names = "--limit-queries", paramLabel = "N", description = "Evaluate only the first N queries of the file.")
    Integer limitQueries;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Write the full report (settings, metrics, per-query first gold rank and top-k files per"
                    + " mode) as JSON to FILE.")
    String outFile;

    @Option(names = "--json", description = "Print the summary as JSON on stdout.")
    boolean json;

    @Option(
            names = "--lexical-only",
            description = "Measure only the lexical mode and skip embedding the corpus (minutes instead of an hour"
                    + " for a few thousand files on 2 cores). Chunks are cut with the real tokenizer, as in"
                    + " production; the store gets placeholder vectors under its own model id, so it is never"
                    + " used for vector search.")
    boolean lexicalOnly;

    private EvalCli(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one evaluation.
     *
     * @param args the options, optionally preceded by the command name {@code eval} (as the launcher passes them)
     * @return the exit code: 0 success, 1 failure, 2 bad usage
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0 && args[0].equals("eval")) {
            args = java.util.Arrays.copyOfRange(args, 1, args.length);
        }
        quietLibraries();
        CommandLine cmd = new CommandLine(new EvalCli(out, err));
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        cmd.setParameterExceptionHandler((ex, a) -> {
            err.println("error: " + oneLine(ex.getMessage()));
            err.println("try: eval --help");
            return 2;
        });
        cmd.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("error: " + describe(ex));
            return ex instanceof UsageException ? 2 : 1;
        });
        return cmd.execute(args);
    }

    @Override
    public Integer call() {
        EmbeddingModel embeddingModel = parseModel(model);
        List<EvalMode> modes = usage(() -> EvalMode.parseList(mode));
        if (lexicalOnly) {
            if (modes.stream().anyMatch(m -> m != EvalMode.LEXICAL)
                    && !mode.strip().equals("all")) {
                throw new UsageException("--lexical-only measures the lexical mode only; drop --mode " + mode);
            }
            modes = List.of(EvalMode.LEXICAL);
        }
        if (k < 1) {
            throw new UsageException("--k must be at least 1");
        }
        int perQuery = chunks == null ? 5 * k : chunks;
        if (perQuery < 1) {
            throw new UsageException("--chunks must be at least 1");
        }
        if (limitQueries != null && limitQueries < 1) {
            throw new UsageException("--limit-queries must be at least 1");
        }
        Path corpusDir = path(corpus).toAbsolutePath().normalize();
        if (!Files.isDirectory(corpusDir)) {
            throw new UsageException("corpus is not a directory: " + corpus);
        }
        String repoName = name != null ? name : corpusDir.getFileName().toString();
        Path dbDir = db != null ? path(db) : defaultDb(repoName, embeddingModel, lexicalOnly);
        Optional<Path> reportPath = Optional.ofNullable(outFile).map(EvalCli::path);

        List<EvalQuery> all = QueryFile.read(path(queries));
        List<EvalQuery> selected = limitQueries == null ? all : all.subList(0, Math.min(limitQueries, all.size()));

        try (Embedder embedder = lexicalOnly
                        ? new LexicalOnlyEmbedder(Embedder.open(embeddingModel))
                        : Embedder.open(embeddingModel);
                VectorStore store = VectorStore.open(dbDir, embedder.modelId(), embedder.dimension())) {
            err.println("eval: " + selected.size() + " queries, corpus " + corpusDir + " as repo '" + repoName
                    + "', store " + dbDir + ", model " + embeddingModel.shortName());
            IngestSummary summary = Ingester.create(store, embedder, IngestOptions.defaults(dbDir))
                    .ingest(
                            List.of(new IngestRequest(corpusDir.toString(), Optional.of(repoName), Optional.empty())),
                            new ProgressLines(err));
            err.printf(
                    Locale.ROOT,
                    "ingest: %d new, %d changed, %d unchanged, %d deleted files; %d chunks embedded in %.1f s%n",
                    summary.files().newFiles(),
                    summary.files().changed(),
                    summary.files().unchanged(),
                    summary.files().deleted(),
                    summary.chunks().embedded(),
                    summary.seconds().total());
            warnAboutMissingGold(store.fileIndex(repoName), selected);

            Retriever retriever = Retriever.create(store, embedder);
            Evaluator.Searcher searcher = (q, m) -> retriever
                    .retrieve(q.query(), Optional.of(q.repo().orElse(repoName)), retrievalMode(m), perQuery)
                    .hits();
            Evaluator.Result result = Evaluator.run(selected, modes, k, searcher, line -> err.println("eval: " + line));

            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("queries_file", path(queries).toAbsolutePath().toString());
            settings.put("corpus", corpusDir.toString());
            settings.put("repo", repoName);
            settings.put("store", dbDir.toAbsolutePath().toString());
            settings.put("model", embeddingModel.shortName() + (lexicalOnly ? " (lexical only)" : ""));
            settings.put("chunks_per_query", Integer.toString(perQuery));
            settings.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            settings.put("java", System.getProperty("java.version"));
            settings.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
            if (reportPath.isPresent()) {
                writeReport(reportPath.get(), ReportJson.write(ReportJson.report(result, settings)));
                err.println("eval: report written to " + reportPath.get());
            }
            out.print(json ? ReportJson.write(ReportJson.summary(result)) + "\n" : table(result, settings));
            out.flush();
            return 0;
        }
    }

    /** The mapping is exhaustive on purpose: a new eval mode fails to compile until it is wired. */
    static RetrievalMode retrievalMode(EvalMode mode) {
        return switch (mode) {
            case VECTOR -> RetrievalMode.VECTOR;
            case LEXICAL -> RetrievalMode.LEXICAL;
            case HYBRID -> RetrievalMode.HYBRID;
            case FULL -> RetrievalMode.FULL;
        };
    }

    /** {@code ~/.cache/coderag/eval/<name>-<model>[-lexical]} (or under {@code $XDG_CACHE_HOME}). */
    static Path defaultDb(String repoName, EmbeddingModel model, boolean lexicalOnly) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("coderag")
                .resolve("eval")
                .resolve(repoName + "-" + model.shortName() + (lexicalOnly ? "-lexical" : ""));
    }

    static String table(Evaluator.Result result, Map<String, String> settings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%d queries, repo %s, model %s, k=%d%n",
                result.queries(),
                settings.get("repo"),
                settings.get("model"),
                result.k()));
        appendTable(sb, "file level", result, false);
        if (result.modes().values().stream().anyMatch(m -> m.functions().isPresent())) {
            appendTable(sb, "function level", result, true);
        }
        return sb.toString();
    }

    private static void appendTable(StringBuilder sb, String title, Evaluator.Result result, boolean functions) {
        int k = result.k();
        sb.append(String.format(
                Locale.ROOT,
                "%-16s %7s %7s %7s %7s %7s %9s%n",
                title,
                "hit@1",
                "hit@5",
                "hit@" + k,
                "mrr@" + k,
                "map@" + k,
                "ms/query"));
        for (Evaluator.ModeSummary m : result.modes().values()) {
            Optional<Metrics.Summary> s = functions ? m.functions() : Optional.of(m.files());
            if (s.isEmpty()) {
                continue;
            }
            Metrics.Summary v = s.get();
            sb.append(String.format(
                    Locale.ROOT,
                    "%-16s %7.3f %7.3f %7.3f %7.3f %7.3f %9.1f%n",
                    m.mode().id(),
                    v.hit1(),
                    v.hit5(),
                    v.hitK(),
                    v.mrrK(),
                    v.mapK(),
                    m.meanMillis()));
        }
    }

    /** Gold files the ingester did not index can never be found: say so, they cap every metric. */
    private void warnAboutMissingGold(Map<String, FileEntry> index, List<EvalQuery> queries) {
        long missing = queries.stream()
                .flatMap(q -> q.goldFiles().stream())
                .distinct()
                .filter(g -> !index.containsKey(g))
                .count();
        if (missing > 0) {
            err.println("eval: warning: " + missing + " gold file(s) are not indexed (wrong --corpus, or skipped by"
                    + " the ingester); queries whose gold is all missing can only score 0");
        }
    }

    private static void writeReport(Path file, String text) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EvalException("cannot write report " + file + ": " + e.getMessage(), e);
        }
    }

    private static EmbeddingModel parseModel(String name) {
        try {
            return EmbeddingModel.fromName(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static <T> T usage(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (EvalException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static Path path(String p) {
        try {
            return Path.of(p);
        } catch (InvalidPathException e) {
            throw new UsageException("not a valid path: " + p);
        }
    }

    /** The one line a user sees for a failure: our own messages as they are, anything else by its type. */
    static String describe(Throwable ex) {
        return switch (ex) {
            case EvalException e -> oneLine(e.getMessage());
            case UsageException e -> oneLine(e.getMessage());
            case IngestException e -> oneLine(e.getMessage());
            case StoreException e -> oneLine(e.getMessage());
            case OutOfMemoryError e -> "out of memory; give the JVM more heap (-Xmx)";
            default -> oneLine(ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage()));
        };
    }

    /** Bad usage detected after parsing (exit code 2). */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** Plain progress lines on stderr: one per phase change and at most one every 10 seconds. */
    private static final class ProgressLines implements ProgressListener {
        private static final long INTERVAL_NANOS = 10_000_000_000L;
        private final PrintStream err;
        private String phase = "";
        private long last;

        ProgressLines(PrintStream err) {
            this.err = err;
        }

        @Override
        public void onProgress(ProgressListener.IngestProgress p) {
            long now = System.nanoTime();
            if (p.phase().equals(phase) && now - last < INTERVAL_NANOS) {
                return;
            }
            phase = p.phase();
            last = now;
            err.printf(
                    Locale.ROOT,
                    "ingest: %s %s files %d/%d chunks %d/%d%n",
                    p.repo(),
                    p.phase(),
                    p.filesDone(),
                    p.filesTotal(),
                    p.chunksDone(),
                    p.chunksTotal());
        }
    }
}
