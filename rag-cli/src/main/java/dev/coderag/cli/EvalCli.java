package dev.coderag.cli;

import static dev.coderag.cli.CliSupport.quietLibraries;

import dev.coderag.embed.EmbeddingModel;
import dev.coderag.eval.EvalException;
import dev.coderag.eval.EvalMode;
import dev.coderag.eval.EvalReport;
import dev.coderag.eval.EvalRun;
import dev.coderag.eval.HistoryEval;
import dev.coderag.ingest.IngestPhase;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.Retriever;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./rag eval}: ingests a corpus (incrementally), runs every query of a benchmark through the same
 * {@link Retriever} as {@code /api/chat} (no generation), aggregates the retrieved chunks to files and prints
 * Hit@1, Hit@3, Hit@5, Hit@k, MRR@k and MAP@k per retrieval mode (and per query kind, when the queries have one;
 * and semble's NDCG@k at chunk and file level, overall and per category, for a semble annotation file; and refusal
 * precision and recall for questions labelled {@code answerable}; for a history question file, right@3 and hit@1
 * of the gold commits among chat's sources, per question kind).
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
            "takes the rank of its best chunk) and report Hit@1, Hit@3, Hit@5, Hit@k, MRR@k and MAP@k (MAP's",
            "denominator is min(#gold, k)). When the queries carry gold_ranges: function level too, and all-gold@8,",
            "the share of queries whose first 8 chunks overlap every gold range (for 'what calls X' questions: all",
            "callers among the first 8 sources). When they carry a kind (where, how, calls, usage, overview): every",
            "metric per kind as well. A semble benchmark annotation file (MinishLab/semble benchmarks/annotations/",
            "<repo>.json: one JSON array of {query, category, relevant, secondary}) is read as well, told apart by",
            "its leading '[': then NDCG@k with semble's definition (benchmarks/metrics.py) is reported too, at chunk",
            "level (the first k chunks; semble's own level) and at file level, overall and per category",
            "(architecture, semantic, symbol). Questions that carry \"answerable\": true|false (a refusal set, e.g.",
            "rag-eval/src/test/resources/refusal/) are also asked as chat asks them (full mode, the route's own",
            "number of hits) and the retrieval's verdict is compared with the label: the report gives the share of",
            "answerable questions answered and of unanswerable ones refused, refusal precision and recall (refusal is",
            "the positive class), per kind (answerable, off-topic, missing-feature) and per repository. A history",
            "question file (rag-eval/src/test/resources/history/: lines with question, kind, gold commits and",
            "position) is asked as chat asks (full mode) and judged right when one of the first 3 sources is a gold",
            "commit: right@3, hit@1 and the first gold rank per kind (added, why, between, last); questions whose",
            "gold is older than the history the store read are counted apart. Query formats and metric",
            "definitions: ../shared/eval/README.md and docs/EVALUATION.md."
        },
        footer = {"", "Exit codes: 0 success, 1 failure (the reason is printed on one line), 2 bad usage."})
public final class EvalCli implements Callable<Integer> {
    private final PrintStream out;
    private final PrintStream err;

    @Option(
            names = "--queries",
            required = true,
            paramLabel = "FILE",
            description = "JSON Lines query file: {\"id\", \"query\", \"gold_files\": [...]} per line; optional"
                    + " \"repo\", \"gold_ranges\" and \"kind\"; a line with \"answerable\": true|false is a refusal"
                    + " question (its kind answerable, off-topic or missing-feature; gold_files optional). Or a semble"
                    + " annotation file: a JSON array of"
                    + " {\"query\", \"category\", \"relevant\", \"secondary\"}, each target a path or {\"path\","
                    + " \"start_line\", \"end_line\"} (detected by its leading '['). Or a history question file:"
                    + " {\"id\", \"repo\", \"kind\", \"question\", \"gold\": [commit ids], \"position\"} per"
                    + " line (detected by its fields).")
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
            names = "--store",
            paramLabel = "URL",
            description = "Evaluate on a remote store instead, e.g. solr://host:8983/solr?collection=eval (the corpus"
                    + " is ingested into it; RAG_STORE is not read here, so that an eval never writes its corpus"
                    + " into the store your team serves from). See docs/SCALE.md.")
    String store;

    @Option(
            names = "--model",
            paramLabel = "fp32|int8",
            defaultValue = "${env:RAG_MODEL}",
            description = "Embedding model (env RAG_MODEL; default: the model of the store in --db or --store,"
                    + " else int8).")
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
            description = "Write the full report (settings, metrics, per-query first gold rank, top-k files and"
                    + " top-k chunks per mode; category, targets and NDCG for semble questions; verdict, evidence and"
                    + " first sources per refusal question) as JSON to FILE.")
    String outFile;

    @Option(names = "--json", description = "Print the summary as JSON on stdout.")
    boolean json;

    @Option(
            names = "--vectors",
            paramLabel = "TIER",
            description = "The vector tier to build and measure: full (default: every chunk embedded with the model)"
                    + " or static (the static tier alone: a table look-up per chunk, seconds instead of minutes; its own"
                    + " default store, <name>-<model>-static). See docs/STORE.md, \"Two vector tiers\".")
    String vectors = "full";

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
        return CliSupport.commandLine(new EvalCli(out, err), out, err).execute(args);
    }

    @Override
    public Integer call() {
        if (model != null && !model.isBlank()) {
            CliSupport.model(model); // bad usage before anything else is checked
        }
        List<EvalMode> modes = usage(() -> EvalMode.parseList(mode));
        VectorTier tier = CliSupport.vectors(vectors);
        if (lexicalOnly && tier == VectorTier.STATIC) {
            throw new UsageException("--lexical-only builds no vectors; drop --vectors static");
        }
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
        Path queriesFile = CliSupport.path(queries, "--queries");
        boolean history = history(queriesFile);
        Path corpusDir = CliSupport.path(corpus, "corpus").toAbsolutePath().normalize();
        if (!Files.isDirectory(corpusDir)) {
            throw new UsageException("corpus is not a directory: " + corpus);
        }
        String repoName = name != null ? name : corpusDir.getFileName().toString();
        // A store named on the command line keeps its model; lexical-only stores hold placeholder vectors.
        Optional<String> storedModel = (db != null || store != null) && !lexicalOnly
                ? Store.storedModelId(StoreSelection.of(store, CliSupport.path(db != null ? db : ".", "--db")))
                : Optional.empty();
        EmbeddingModel embeddingModel = CliSupport.chooseModel(model, storedModel);
        Path dbDir = db != null
                ? CliSupport.path(db, "--db")
                : lexicalOnly
                        ? EvalRun.Settings.defaultDb(repoName, embeddingModel, true)
                        : EvalRun.Settings.defaultDb(repoName, embeddingModel, tier);
        Optional<Path> reportPath = Optional.ofNullable(outFile).map(f -> CliSupport.path(f, "--out"));
        EvalRun.Settings settings = new EvalRun.Settings(
                queriesFile,
                corpusDir,
                repoName,
                dbDir,
                embeddingModel,
                modes,
                k,
                perQuery,
                Optional.ofNullable(limitQueries),
                lexicalOnly,
                tier);
        Consumer<IngestSummary> ingested = this::printIngest;
        Consumer<String> log = line -> err.println("eval: " + line);
        EvalReport outcome = history
                ? HistoryEval.run(settings, StoreSelection.of(store, dbDir), new ProgressLines(err), ingested, log)
                : EvalRun.run(settings, StoreSelection.of(store, dbDir), new ProgressLines(err), ingested, log);
        if (reportPath.isPresent()) {
            outcome.writeReport(reportPath.get());
            err.println("eval: report written to " + reportPath.get());
        }
        out.print(json ? outcome.summaryJson() + "\n" : outcome.table());
        out.flush();
        return 0;
    }

    /**
     * Whether {@code file} holds history questions, which are asked in full mode only: a usage error for the
     * options that choose another.
     */
    private boolean history(Path file) {
        boolean history = HistoryEval.isHistoryFile(file);
        if (history && lexicalOnly) {
            throw new UsageException("history questions are asked in full mode; drop --lexical-only");
        }
        if (history && !List.of("all", "full").contains(mode.strip())) {
            throw new UsageException("history questions are asked in full mode only; drop --mode " + mode);
        }
        return history;
    }

    /** The ingest's one line on stderr (the semble scripts read its first part: keep it). */
    private void printIngest(IngestSummary summary) {
        err.printf(
                Locale.ROOT,
                "ingest: %d new, %d changed, %d unchanged, %d deleted files; %d chunks embedded in %.1f s; %d"
                        + " commits of history read%n",
                summary.files().newFiles(),
                summary.files().changed(),
                summary.files().unchanged(),
                summary.files().deleted(),
                summary.chunks().embedded(),
                summary.seconds().total(),
                summary.commits());
    }

    private static <T> T usage(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (EvalException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Plain progress lines on stderr: one per phase change and at most one every 10 seconds. */
    private static final class ProgressLines implements ProgressListener {
        private static final long INTERVAL_NANOS = 10_000_000_000L;
        private final PrintStream err;
        private IngestPhase phase;
        private long last;

        ProgressLines(PrintStream err) {
            this.err = err;
        }

        @Override
        public void onProgress(ProgressListener.IngestProgress p) {
            long now = System.nanoTime();
            if (p.phase() == phase && now - last < INTERVAL_NANOS) {
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
