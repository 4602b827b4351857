package dev.coderag.eval;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.Retrieval;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Retriever;
import dev.coderag.store.FileEntry;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.VectorTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One evaluation: ingests a corpus (incrementally) with the production ingester, runs every query through the
 * same {@link Retriever} as {@code /api/chat} (no generation) once per mode, and scores the file rankings.
 * The command line ({@code ./rag eval}) only parses options into {@link Settings} and prints the outcome.
 */
public final class EvalRun {
    private EvalRun() {}

    /**
     * What to evaluate.
     *
     * @param queries the JSON Lines query file
     * @param corpus the source tree the gold paths are relative to (absolute, an existing directory)
     * @param repo the repo name in the store
     * @param db the store directory
     * @param model the embedding model
     * @param modes the retrieval modes to measure, in report order
     * @param k the cut-off of Hit@k, MRR@k and MAP@k (at least 1)
     * @param chunksPerQuery chunks requested per query before aggregation to files (at least 1)
     * @param limitQueries evaluate only the first N queries, when present
     * @param lexicalOnly skip embedding the corpus (placeholder vectors under their own model id)
     * @param vectors the last vector tier the ingest builds ({@code --vectors}): {@link VectorTier#STATIC} measures
     *     a store of static-tier vectors alone (docs/STORE.md, "Two vector tiers")
     */
    public record Settings(
            Path queries,
            Path corpus,
            String repo,
            Path db,
            EmbeddingModel model,
            List<EvalMode> modes,
            int k,
            int chunksPerQuery,
            Optional<Integer> limitQueries,
            boolean lexicalOnly,
            VectorTier vectors) {
        public Settings {
            Objects.requireNonNull(vectors, "vectors");
            if (lexicalOnly && vectors == VectorTier.STATIC) {
                throw new IllegalArgumentException("a lexical-only evaluation has no vector tier to choose");
            }
            Objects.requireNonNull(queries, "queries");
            Objects.requireNonNull(corpus, "corpus");
            Objects.requireNonNull(repo, "repo");
            Objects.requireNonNull(db, "db");
            Objects.requireNonNull(model, "model");
            modes = List.copyOf(modes);
            if (k < 1 || chunksPerQuery < 1 || limitQueries.filter(n -> n < 1).isPresent()) {
                throw new IllegalArgumentException("k, chunks per query and the query limit must be at least 1");
            }
        }

        /** Settings of a full-tier evaluation ({@link VectorTier#FULL}). */
        public Settings(
                Path queries,
                Path corpus,
                String repo,
                Path db,
                EmbeddingModel model,
                List<EvalMode> modes,
                int k,
                int chunksPerQuery,
                Optional<Integer> limitQueries,
                boolean lexicalOnly) {
            this(
                    queries,
                    corpus,
                    repo,
                    db,
                    model,
                    modes,
                    k,
                    chunksPerQuery,
                    limitQueries,
                    lexicalOnly,
                    VectorTier.FULL);
        }

        /**
         * {@code ~/.cache/coderag/eval/<name>-<model>[-static]}: a static-tier store apart, since an ingest with
         * {@code --vectors static} never takes a store's chunks back from the full tier.
         */
        public static Path defaultDb(String repoName, EmbeddingModel model, VectorTier vectors) {
            return defaultDb(repoName, model, false)
                    .resolveSibling(repoName + "-" + model.shortName()
                            + switch (vectors) {
                                case FULL -> "";
                                case STATIC -> "-static";
                            });
        }

        /** {@code ~/.cache/coderag/eval/<name>-<model>[-lexical]} (or under {@code $XDG_CACHE_HOME}). */
        public static Path defaultDb(String repoName, EmbeddingModel model, boolean lexicalOnly) {
            String xdg = System.getenv("XDG_CACHE_HOME");
            Path cache =
                    xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
            return cache.resolve("coderag")
                    .resolve("eval")
                    .resolve(repoName + "-" + model.shortName() + (lexicalOnly ? "-lexical" : ""));
        }
    }

    /**
     * The scores and the settings they were measured with (as the report records them): the ranking of the queries
     * with gold files, and the refusals of the questions labelled {@code answerable} when there are any.
     */
    public record Outcome(Evaluator.Result result, Optional<Refusals.Result> refusals, Map<String, String> settings)
            implements EvalReport {
        public Outcome {
            Objects.requireNonNull(refusals, "refusals");
            settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        }

        @Override
        public String summaryJson() {
            return ReportJson.write(ReportJson.summary(result, refusals));
        }

        /** The whole report (settings, metrics, per-query first gold rank and top files) written to {@code file}. */
        @Override
        public void writeReport(Path file) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(
                        file,
                        ReportJson.write(ReportJson.report(result, refusals, settings)) + "\n",
                        StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new EvalException("cannot write report " + file + ": " + e.getMessage(), e);
            }
        }

        /**
         * The human-readable table: file level, and function level when the queries carry gold ranges; the refusals
         * when some question is labelled.
         */
        @Override
        public String table() {
            return EvalTable.of(result, settings)
                    + refusals.map(RefusalTable::of).orElse("");
        }
    }

    /**
     * Runs one evaluation.
     *
     * @param progress receives the ingest's progress
     * @param ingested receives the ingest's summary once the corpus is in the store
     * @param log receives one-line status messages (what is evaluated, warnings, running scores)
     * @throws EvalException for an unreadable query file or report; StoreException / IngestException from below
     */
    public static Outcome run(
            Settings s, ProgressListener progress, Consumer<IngestSummary> ingested, Consumer<String> log) {
        return run(s, new StoreLocation.Directory(s.db()), progress, ingested, log);
    }

    /**
     * As {@link #run(Settings, ProgressListener, Consumer, Consumer)}, with the store at {@code store} (e.g. a
     * {@code solr://} URL; {@code s.db()} then only holds git clones) instead of the embedded store in
     * {@code s.db()}.
     */
    public static Outcome run(
            Settings s,
            StoreLocation store,
            ProgressListener progress,
            Consumer<IngestSummary> ingested,
            Consumer<String> log) {
        try (Embedder embedder =
                s.lexicalOnly() ? new LexicalOnlyEmbedder(Embedder.open(s.model())) : Embedder.openTwoTier(s.model())) {
            return run(s, store, embedder, progress, ingested, log);
        }
    }

    /**
     * As {@link #run(Settings, StoreLocation, ProgressListener, Consumer, Consumer)}, with an embedder the caller
     * opened (and closes) for {@code s.model()}: several evaluations in one process load the model once. Its static
     * tier ({@code Embedder.openTwoTier}), as in production, is written by the ingest's lexical pass and searched
     * while the store holds such vectors; a static-tier evaluation needs it.
     */
    public static Outcome run(
            Settings s,
            StoreLocation store,
            Embedder embedder,
            ProgressListener progress,
            Consumer<IngestSummary> ingested,
            Consumer<String> log) {
        List<EvalQuery> all = QueryFile.read(s.queries());
        List<EvalQuery> selected = s.limitQueries()
                .map(n -> all.subList(0, Math.min(n, all.size())))
                .orElse(all);
        try (Store opened = Store.open(store, embedder.modelId(), embedder.dimension())) {
            log.accept(selected.size() + " queries, corpus " + s.corpus() + " as repo '" + s.repo() + "', store "
                    + store.describe() + ", model " + s.model().shortName());
            ingested.accept(ingest(s, opened, embedder, progress));
            warnAboutMissingGold(opened.files().entries(s.repo()), selected, log);

            Retriever retriever = Retriever.create(opened, embedder);
            List<EvalQuery> ranked = selected.stream().filter(EvalQuery::ranked).toList();
            Evaluator.Searcher searcher = (q, m) -> {
                Retrieval r = retriever.retrieve(
                        q.query(), Optional.of(q.repo().orElse(s.repo())), retrievalMode(m), s.chunksPerQuery());
                return new Evaluator.Searched(
                        r.hits(), m == EvalMode.FULL ? Optional.of(r.intent()) : Optional.empty());
            };
            Evaluator.Result result = Evaluator.run(ranked, s.modes(), s.k(), searcher, log);
            Optional<Refusals.Result> refusals =
                    selected.stream().anyMatch(q -> q.refusal().isPresent())
                            ? Optional.of(Refusals.run(selected, s.repo(), q -> judge(retriever, q, s.repo()), log))
                            : Optional.empty();
            return new Outcome(result, refusals, settings(s, store));
        }
    }

    /**
     * Brings the corpus into the store with the production ingester and its defaults (incrementally: only what
     * changed since the last run; the git history to the default depth when the corpus is a git work tree).
     */
    static IngestSummary ingest(Settings s, Store opened, Embedder embedder, ProgressListener progress) {
        IngestOptions options = IngestOptions.defaults(s.db()).withVectors(s.vectors());
        return Ingester.create(opened, embedder, options)
                .ingest(
                        List.of(new IngestRequest(s.corpus().toString(), Optional.of(s.repo()), Optional.empty())),
                        progress);
    }

    /** The question as chat retrieves it (full mode, the route's own number of hits) and the verdict it reaches. */
    private static Refusals.Judged judge(Retriever retriever, EvalQuery q, String repo) {
        Retrieval r = retriever.retrieve(q.query(), Optional.of(q.repo().orElse(repo)), RetrievalMode.FULL, 0);
        List<String> sources = r.hits().stream()
                .limit(REPORTED_SOURCES)
                .map(h -> h.chunk().location())
                .toList();
        return new Refusals.Judged(r.verdict(), r.evidence(), sources);
    }

    /** How many of chat's sources the report lists per refusal question. */
    private static final int REPORTED_SOURCES = 3;

    /** The mapping is exhaustive on purpose: a new eval mode fails to compile until it is wired. */
    static RetrievalMode retrievalMode(EvalMode mode) {
        return switch (mode) {
            case VECTOR -> RetrievalMode.VECTOR;
            case LEXICAL -> RetrievalMode.LEXICAL;
            case HYBRID -> RetrievalMode.HYBRID;
            case FULL -> RetrievalMode.FULL;
        };
    }

    static Map<String, String> settings(Settings s, StoreLocation store) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("queries_file", s.queries().toAbsolutePath().toString());
        settings.put("corpus", s.corpus().toString());
        settings.put("repo", s.repo());
        settings.put(
                "store",
                store instanceof StoreLocation.Remote r
                        ? r.url()
                        : s.db().toAbsolutePath().toString());
        settings.put("model", s.model().shortName() + (s.lexicalOnly() ? " (lexical only)" : ""));
        settings.put("vectors", s.vectors().name().toLowerCase(java.util.Locale.ROOT));
        settings.put("chunks_per_query", Integer.toString(s.chunksPerQuery()));
        settings.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        settings.put("java", System.getProperty("java.version"));
        settings.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        return settings;
    }

    /** Gold files the ingester did not index can never be found: say so, they cap every metric. */
    private static void warnAboutMissingGold(
            Map<String, FileEntry> index, List<EvalQuery> queries, Consumer<String> log) {
        long missing = queries.stream()
                .flatMap(q -> q.goldFiles().stream())
                .distinct()
                .filter(g -> !index.containsKey(g))
                .count();
        if (missing > 0) {
            log.accept("warning: " + missing + " gold file(s) are not indexed (wrong --corpus, or skipped by"
                    + " the ingester); queries whose gold is all missing can only score 0");
        }
    }
}
