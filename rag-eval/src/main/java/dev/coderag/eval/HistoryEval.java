package dev.coderag.eval;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.Retrieval;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Retriever;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.types.Chunk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * An evaluation over history questions (issue 34; {@code rag-eval/src/test/resources/history/}): ingests the corpus
 * with its git history as {@link EvalRun} does, asks every question as chat asks it (the {@link Retriever} in full
 * mode, scoped to the repository, with the number of hits its route gives) and judges the sources in order
 * ({@link HistoryJudge}): right when one of the first three is a commit chunk of a gold commit. Questions whose gold
 * is older than the history the store read are counted apart ({@link HistoryMetrics}).
 */
public final class HistoryEval {
    private HistoryEval() {}

    /** How often the log gets a running figure. */
    private static final int PROGRESS_EVERY = 10;

    /**
     * Whether {@code queries} is a history question file (its first line has {@code question} and {@code gold}
     * rather than {@code query}); false when it cannot be read, so that the regular reader reports that.
     */
    public static boolean isHistoryFile(Path queries) {
        return HistoryFile.detect(queries);
    }

    /**
     * Runs one history evaluation; {@code s.modes()}, {@code s.k()} and {@code s.chunksPerQuery()} are not read
     * (full mode, the route's own number of hits).
     *
     * @param progress receives the ingest's progress
     * @param ingested receives the ingest's summary once the corpus and its history are in the store
     * @param log receives one-line status messages (what is evaluated, warnings, running figures)
     * @throws EvalException for an unreadable question file, a lexical-only evaluation or an unwritable report;
     *     StoreException / IngestException from below
     */
    public static EvalReport run(
            EvalRun.Settings s,
            StoreLocation store,
            ProgressListener progress,
            Consumer<IngestSummary> ingested,
            Consumer<String> log) {
        if (s.lexicalOnly()) {
            throw new EvalException(
                    "history questions are asked in full mode, which needs vectors; drop" + " --lexical-only");
        }
        try (Embedder embedder = Embedder.openTwoTier(s.model())) {
            return run(s, store, embedder, CHAT, progress, ingested, log);
        }
    }

    /**
     * How a question is put to the retriever: {@link #CHAT} in production; a test may widen the scope to see the
     * harness judge commit sources before retrieval routes to them.
     */
    @FunctionalInterface
    interface Asker {
        Retrieval ask(Retriever retriever, String repo, HistoryQuestion q);
    }

    /** As chat asks: full mode, scoped to the repository, the route's own number of hits. */
    static final Asker CHAT =
            (retriever, repo, q) -> retriever.retrieve(q.question(), Optional.of(repo), RetrievalMode.FULL, 0);

    /**
     * As {@link #run(EvalRun.Settings, StoreLocation, ProgressListener, Consumer, Consumer)} with an open embedder,
     * asking each question with {@code asker}.
     */
    static Outcome run(
            EvalRun.Settings s,
            StoreLocation store,
            Embedder embedder,
            Asker asker,
            ProgressListener progress,
            Consumer<IngestSummary> ingested,
            Consumer<String> log) {
        List<HistoryQuestion> all = HistoryFile.read(s.queries());
        List<HistoryQuestion> selected = s.limitQueries()
                .map(n -> all.subList(0, Math.min(n, all.size())))
                .orElse(all);
        try (Store opened = Store.open(store, embedder.modelId(), embedder.dimension())) {
            log.accept(selected.size() + " history questions, corpus " + s.corpus() + " as repo '" + s.repo()
                    + "', store " + store.describe() + ", model " + s.model().shortName());
            ingested.accept(EvalRun.ingest(s, opened, embedder, progress));
            Optional<HistoryMark> mark = opened.history().mark(s.repo());
            warnAboutRepos(selected, s.repo(), log);
            Retriever retriever = Retriever.create(opened, embedder);
            List<HistoryJudge.Judged> judged = new ArrayList<>(selected.size());
            for (HistoryQuestion q : selected) {
                judged.add(ask(asker, retriever, opened, s.repo(), q, mark));
                if (judged.size() % PROGRESS_EVERY == 0 || judged.size() == selected.size()) {
                    HistoryMetrics.Summary sum = HistoryMetrics.summarise(judged);
                    log.accept(String.format(
                            java.util.Locale.ROOT,
                            "questions %d/%d  right@%d=%d/%d",
                            judged.size(),
                            selected.size(),
                            HistoryJudge.SOURCES,
                            sum.right(),
                            sum.judged()));
                }
            }
            warnAboutGold(judged, log);
            return new Outcome(HistoryMetrics.of(judged), mark, settings(s, store));
        }
    }

    /** One question asked and judged, with whether the store holds a gold commit at all. */
    private static HistoryJudge.Judged ask(
            Asker asker, Retriever retriever, Store store, String repo, HistoryQuestion q, Optional<HistoryMark> mark) {
        long t0 = System.nanoTime();
        Retrieval r = asker.ask(retriever, repo, q);
        double millis = (System.nanoTime() - t0) / 1e6;
        List<Chunk> sources = r.hits().stream().map(ScoredChunk::chunk).toList();
        boolean stored = q.gold().stream()
                .anyMatch(g -> !store.history().commit(repo, g, 1).isEmpty());
        return HistoryJudge.judge(
                q, sources, new HistoryJudge.Context(mark, stored, r.intent(), r.answerable(), millis));
    }

    /** The questions are asked of {@code repo} whatever their own {@code repo} says: say so when they differ. */
    private static void warnAboutRepos(List<HistoryQuestion> questions, String repo, Consumer<String> log) {
        long other = questions.stream().filter(q -> !q.repo().equals(repo)).count();
        if (other > 0) {
            log.accept("warning: " + other + " question(s) are about another repository than '" + repo
                    + "' (--name); they are asked of '" + repo + "'");
        }
    }

    /** Gold commits the store lacks can never be found: say how many, and how many of those the depth explains. */
    private static void warnAboutGold(List<HistoryJudge.Judged> judged, Consumer<String> log) {
        long missing = judged.stream().filter(j -> !j.goldStored()).count();
        long beyond =
                judged.stream().filter(j -> !j.goldStored() && j.beyondDepth()).count();
        if (missing > 0) {
            log.accept("warning: " + missing + " question(s) have no gold commit in the store (" + beyond
                    + " of them beyond the history depth; the others: wrong --corpus, or the corpus is not at the"
                    + " set's pin)");
        }
    }

    private static Map<String, String> settings(EvalRun.Settings s, StoreLocation store) {
        Map<String, String> settings = new LinkedHashMap<>(EvalRun.settings(s, store));
        settings.remove("chunks_per_query");
        settings.put("mode", "full");
        settings.put("sources", "the route's own number of hits, as chat");
        return settings;
    }

    /** The figures of a history evaluation, the store's history mark and the settings they were measured with. */
    record Outcome(HistoryMetrics.Result result, Optional<HistoryMark> mark, Map<String, String> settings)
            implements EvalReport {
        Outcome {
            settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        }

        @Override
        public String summaryJson() {
            return ReportJson.write(HistoryReport.summary(result, mark));
        }

        @Override
        public void writeReport(Path file) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(
                        file,
                        ReportJson.write(HistoryReport.report(result, mark, settings)) + "\n",
                        StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new EvalException("cannot write report " + file + ": " + e.getMessage(), e);
            }
        }

        @Override
        public String table() {
            return HistoryReport.table(result, mark, settings);
        }
    }
}
