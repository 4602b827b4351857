package dev.coderag.cli;

import static dev.coderag.cli.CliSupport.quietLibraries;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.RepoSources;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code raptor-ingest} command line: {@code ingest <path-or-url>...} and {@code status}. The product
 * launcher ({@code ./rag ingest …}, {@code ./rag status …}) calls {@link #run}.
 *
 * <p>Exit codes: 0 success, 1 failure (one line on stderr saying why), 2 bad usage. Never a stack trace.
 */
@Command(
        name = "raptor-ingest",
        mixinStandardHelpOptions = true,
        version = "raptor-ingest 0.1",
        description = "Index repositories into a coderag store, and show what it holds.",
        subcommands = {
            IngestCli.IngestCommand.class,
            IngestCli.StatusCommand.class,
            IngestCli.RemoveCommand.class,
            RepoCommands.ReindexCommand.class,
            RepoCommands.SkippedCommand.class
        },
        footer = {"", "Exit codes: 0 success, 1 failure (the reason is printed on one line), 2 bad usage."})
public final class IngestCli implements Runnable {
    /** Every store made with the shipped models has this many dimensions (bge-small-en-v1.5). */
    static final int STORE_DIMENSION = 384;

    final PrintStream out;
    final PrintStream err;

    private IngestCli(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs one command.
     *
     * @param args {@code ingest …} or {@code status …} (or {@code --help})
     * @return the exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        quietLibraries();
        return CliSupport.commandLine(new IngestCli(out, err), out, err).execute(args);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(out);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** The store directory option of every command. */
    static final class StoreDir {
        @Option(
                names = "--db",
                paramLabel = "DIR",
                defaultValue = "${env:RAG_DB:-.rag}",
                description = "Store directory (env RAG_DB; default: ${DEFAULT-VALUE}).")
        String db;

        @Option(
                names = "--store",
                paramLabel = "URL",
                defaultValue = "${env:RAG_STORE:-}",
                description = StoreSelection.HELP)
        String store;

        StoreLocation location() {
            return StoreSelection.of(store, CliSupport.path(db, "--db"));
        }
    }

    @Command(
            name = "ingest",
            mixinStandardHelpOptions = true,
            description = {
                "Index repositories (local directories or git URLs) into the store, embedding only what changed"
                        + " since the last run. Each repo is kept under its own name; re-ingesting one never touches"
                        + " another. Git URLs (https://, ssh://, git@host:path, file://) are cloned shallowly into"
                        + " <db>/repos/<name> and updated on the next run.",
                "Respects .gitignore, .git/info/exclude and .ragignore; skips binary, oversized and minified files"
                        + " and counts them by reason.",
                ""
            },
            footer = {"", "Exit codes: 0 success, 1 failure (the reason is printed on one line), 2 bad usage."})
    static final class IngestCommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        IngestCli cli;

        @Parameters(paramLabel = "<path-or-url>", arity = "1..*", description = "Directories or git URLs.")
        List<String> sources = new ArrayList<>();

        @Mixin
        StoreDir store;

        @Option(
                names = "--name",
                paramLabel = "NAME",
                description = "Repo name (one source only); default: the directory or URL's repo name.")
        String name;

        @Option(names = "--branch", paramLabel = "B", description = "Branch or tag to clone (git URLs only).")
        String branch;

        @Option(
                names = "--full",
                description = "Re-embed every chunk of the repos. On a store built with another model, rebuilds the"
                        + " whole store (every repo in it, from its recorded source) with the selected model, beside"
                        + " the old one, which keeps serving until the rebuild is swapped in at the end.")
        boolean full;

        @Option(names = "--dry-run", description = "Compute and print the plan; write and embed nothing.")
        boolean dryRun;

        @Option(names = "--json", description = "Print the summary as JSON on stdout.")
        boolean json;

        @Option(
                names = "--model",
                paramLabel = "fp32|int8",
                defaultValue = "${env:RAG_MODEL}",
                description = "Embedding model (env RAG_MODEL; default: the store's model, else int8).")
        String model;

        @Option(
                names = "--max-file-size",
                paramLabel = "BYTES",
                defaultValue = "1048576",
                description = "Skip files larger than this (default: ${DEFAULT-VALUE}).")
        long maxFileSize;

        @Option(names = "--plain-text", description = "Chunk files in languages without a grammar as plain text.")
        boolean plainText;

        @Mixin
        HistoryFlags history;

        @Option(
                names = "--no-resolve",
                description = "Do not resolve Java references with the compiler after writing (call edges are then"
                        + " matched by name).")
        boolean noResolve;

        @Option(
                names = "--vectors",
                paramLabel = "TIER",
                defaultValue = "full",
                description = "The last vector tier to build: full (default) embeds every chunk with the model;"
                        + " static stops once every chunk has a static-tier vector (a table look-up: seconds, not"
                        + " minutes; the summary's 'embedded' then counts the texts given a static vector). A later"
                        + " ingest without it adds the full tier without parsing again.")
        String vectors;

        @Override
        public Integer call() {
            return cli.ingest(this);
        }
    }

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description = "Show the store's model and, per repo: source, commit, time indexed, chunks per table and"
                    + " per language.",
            footer = {"", "Exit codes: 0 success, 1 failure (the reason is printed on one line), 2 bad usage."})
    static final class StatusCommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        IngestCli cli;

        @Mixin
        StoreDir store;

        @Option(names = "--json", description = "Print the status as JSON on stdout.")
        boolean json;

        @Override
        public Integer call() {
            return cli.status(this);
        }
    }

    @Command(
            name = "remove",
            mixinStandardHelpOptions = true,
            description = {
                "Remove repositories from the store: their chunks, vectors, lexical entries, call edges, file index"
                        + " and skipped-file list (one commit per repository), then the clone of a git URL under"
                        + " <db>/repos/<name>. A local directory that was indexed is never touched. Needs no model.",
                ""
            },
            footer = {
                "",
                "Exit codes: 0 success, 1 failure (e.g. an unknown name; the reason is printed on one line),"
                        + " 2 bad usage."
            })
    static final class RemoveCommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        IngestCli cli;

        @Mixin
        StoreDir store;

        @Parameters(arity = "1..*", paramLabel = "NAME", description = "Repository names (see status).")
        List<String> names;

        @Override
        public Integer call() {
            return cli.remove(this);
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private int remove(RemoveCommand c) {
        Path dir = CliSupport.path(c.store.db, "--db");
        Optional<String> modelId = Store.storedModelId(dir);
        if (modelId.isEmpty()) {
            throw new IngestException(IngestException.Reason.IO, "no store in " + dir);
        }
        IngestOptions options = IngestOptions.defaults(dir);
        int missing = 0;
        try (Store store = Store.open(dir, modelId.get(), STORE_DIMENSION)) {
            for (String name : c.names) {
                if (Ingester.remove(store, options, name)) {
                    out.println("removed " + name);
                } else {
                    err.println("no repository named '" + RepoSources.redact(name) + "' in " + dir);
                    missing++;
                }
            }
        }
        out.flush();
        return missing == 0 ? 0 : 1;
    }

    private int ingest(IngestCommand c) {
        Path dir = CliSupport.path(c.store.db, "--db");
        StoreLocation location = c.store.location();
        String asked = c.model;
        if (asked != null && !asked.isBlank()) {
            CliSupport.model(asked); // bad usage before anything else is checked
        }
        if (c.maxFileSize <= 0) {
            throw new UsageException("--max-file-size must be positive");
        }
        if (c.name != null && c.sources.size() > 1) {
            throw new UsageException("--name applies to one source; ingest the sources one by one");
        }
        IngestOptions options = IngestOptions.defaults(dir)
                .withVectors(CliSupport.vectors(c.vectors))
                .withFull(c.full)
                .withDryRun(c.dryRun)
                .withMaxFileBytes(c.maxFileSize)
                .withPlainText(c.plainText)
                .withResolve(!c.noResolve)
                .withHistory(c.history.options());
        List<IngestRequest> requests = new ArrayList<>();
        for (String source : c.sources) {
            IngestRequest request =
                    new IngestRequest(source, Optional.ofNullable(c.name), Optional.ofNullable(c.branch));
            Ingester.check(request, options); // fail fast, before the model loads
            requests.add(request);
        }
        return ingest(location, asked, options, requests, c.json);
    }

    /**
     * Ingests {@code requests} into the store at {@code location} and prints the summary: {@code ingest} and
     * {@code reindex} (which asks for the recorded sources). On a store of another model only with {@link
     * IngestOptions#full()}: then every repository is rebuilt with the new model.
     *
     * @param asked the {@code --model} asked for, or null
     */
    int ingest(
            StoreLocation location, String asked, IngestOptions options, List<IngestRequest> requests, boolean json) {
        Optional<String> storedModel = Store.storedModelId(location);
        EmbeddingModel model = CliSupport.chooseModel(asked, storedModel);
        boolean mismatch = storedModel.isPresent() && !storedModel.get().equals(model.modelId());
        if (mismatch && !options.full()) {
            throw new IngestException(
                    IngestException.Reason.MODEL_MISMATCH,
                    "the store in " + location.describe() + " was built with model " + storedModel.get() + ", not "
                            + model.modelId()
                            + "; re-run with --full to rebuild it (all repos), or pass --model "
                            + CliSupport.modelOption(storedModel.get()));
        }
        if (mismatch && !options.dryRun()) {
            requests.addAll(carriedOver(location, storedModel.get(), requests));
        }
        ProgressPrinter progress = new ProgressPrinter(err, CliSupport.isTerminal(), System::nanoTime);
        try (Embedder embedder = Embedder.openTwoTier(model)) {
            IngestSummary summary;
            if (options.dryRun() && (storedModel.isEmpty() || mismatch)) {
                // Nothing to compare with (or it would be rebuilt): plan against an empty index, create nothing.
                summary = Ingester.planOnly(embedder, options).ingest(requests, progress);
            } else {
                // Another model: the new index is built beside the old one, which keeps serving, and swapped in
                // at the end (Store.publish); a stopped or killed rebuild is resumed by the next one.
                try (Store store = mismatch
                                ? Store.rebuild(location, embedder.modelId(), embedder.dimension())
                                : Store.open(location, embedder.modelId(), embedder.dimension());
                        StopSignals signals = StopSignals.install(err)) {
                    Ingester ingester = Ingester.create(store, embedder, options);
                    signals.onStop(ingester::requestStop);
                    try {
                        summary = ingester.ingest(requests, progress);
                        store.publish();
                    } catch (IngestException e) {
                        if (e.reason() != IngestException.Reason.STOPPED) {
                            throw e;
                        }
                        progress.finishBar();
                        err.println(CliSupport.describe(e));
                        return signals.exitCode();
                    }
                }
            }
            progress.finishBar();
            out.print(
                    json
                            ? Reports.ingestJson(summary, options.dryRun()) + "\n"
                            : Reports.ingestHuman(summary, options.dryRun()));
            out.flush();
            return 0;
        } finally {
            progress.finishBar();
        }
    }

    /**
     * The repos of the old store that a rebuild must ingest again besides those named: each from its recorded
     * source, under its own name (repos without a recorded source cannot be rebuilt and are left out).
     */
    private List<IngestRequest> carriedOver(StoreLocation location, String storedModel, List<IngestRequest> named) {
        List<IngestRequest> more = new ArrayList<>();
        try (Store old = Store.open(location, storedModel, STORE_DIMENSION)) {
            for (RepoInfo r : old.repos().list()) {
                boolean asked = named.stream()
                        .anyMatch(q -> q.name().map(r.name()::equals).orElse(false)
                                || q.source().equals(r.source()));
                if (!asked && !r.source().isEmpty()) {
                    more.add(RepoCommands.recorded(r));
                }
            }
        }
        return more;
    }

    /** The model the store at {@code location} was built with; a one-line failure when there is no store. */
    static String storedModel(StoreLocation location) {
        return Store.storedModelId(location)
                .orElseThrow(() -> new IngestException(
                        IngestException.Reason.IO,
                        "no store in " + location.describe() + " (run: ingest <path-or-url>"
                                + (location instanceof StoreLocation.Remote
                                        ? " --store URL"
                                        : " --db " + location.describe())
                                + ")"));
    }

    private int status(StatusCommand c) {
        StoreLocation location = c.store.location();
        String modelId = storedModel(location);
        List<RepoInfo> repos;
        try (Store store = Store.open(location, modelId, STORE_DIMENSION)) {
            repos = store.repos().list();
        }
        out.print(
                c.json
                        ? Reports.statusJson(modelId, repos) + "\n"
                        : Reports.statusHuman(location.describe(), modelId, repos));
        out.flush();
        return 0;
    }
}
