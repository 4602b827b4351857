package dev.coderag.eval;

import dev.coderag.store.ScoredChunk;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs queries through a {@link Searcher} in each mode and scores the rankings. The scoring is pure; the only
 * side effects are the searcher's and the progress callback's.
 */
final class Evaluator {

    /** One retrieval: the ranked chunks for {@code query} in {@code mode}, best first. */
    @FunctionalInterface
    interface Searcher {
        List<ScoredChunk> search(EvalQuery query, EvalMode mode);
    }

    /** How one query fared in one mode. {@code topFiles} are the first k files of the ranking. */
    record ModeOutcome(Metrics.Score files, Optional<Metrics.Score> functions, List<String> topFiles, double millis) {}

    record QueryOutcome(String id, List<String> goldFiles, Map<EvalMode, ModeOutcome> modes) {}

    /**
     * Means per mode. {@code functions} is present when some query has gold ranges and then covers only those
     * queries.
     */
    record ModeSummary(EvalMode mode, Metrics.Summary files, Optional<Metrics.Summary> functions, double meanMillis) {}

    record Result(int queries, int k, Map<EvalMode, ModeSummary> modes, List<QueryOutcome> perQuery) {}

    private Evaluator() {}

    /**
     * Evaluates every query in every mode.
     *
     * @param progress receives a short line now and then (never null; may ignore)
     */
    static Result run(
            List<EvalQuery> queries, List<EvalMode> modes, int k, Searcher searcher, Consumer<String> progress) {
        if (k < 1) {
            throw new EvalException("--k must be at least 1");
        }
        List<QueryOutcome> outcomes = new ArrayList<>(queries.size());
        int done = 0;
        long started = System.nanoTime();
        for (EvalQuery q : queries) {
            Map<EvalMode, ModeOutcome> byMode = new EnumMap<>(EvalMode.class);
            for (EvalMode mode : modes) {
                long t0 = System.nanoTime();
                List<ScoredChunk> hits = searcher.search(q, mode);
                double millis = (System.nanoTime() - t0) / 1e6;
                byMode.put(mode, score(q, hits, k, millis));
            }
            outcomes.add(new QueryOutcome(q.id(), q.goldFiles(), byMode));
            done++;
            if (done % 25 == 0 || done == queries.size()) {
                double secs = (System.nanoTime() - started) / 1e9;
                progress.accept(String.format(
                        "queries %d/%d (%.1f s)%s", done, queries.size(), secs, runningSummary(outcomes, modes, k)));
            }
        }
        Map<EvalMode, ModeSummary> summaries = new LinkedHashMap<>();
        for (EvalMode mode : modes) {
            summaries.put(mode, summarise(outcomes, mode, k));
        }
        return new Result(queries.size(), k, summaries, List.copyOf(outcomes));
    }

    /** Scores one ranking of one query. Pure. */
    static ModeOutcome score(EvalQuery q, List<ScoredChunk> hits, int k, double millis) {
        List<String> files = FileRanking.paths(FileRanking.files(hits));
        Set<String> gold = new HashSet<>(q.goldFiles());
        Metrics.Score fileScore = Metrics.score(Metrics.fileRelevance(files, gold), gold.size(), k);
        Optional<Metrics.Score> fnScore = Optional.empty();
        if (!q.goldRanges().isEmpty()) {
            List<Boolean> rel = Metrics.rangeRelevance(FileRanking.ranges(hits), q.goldRanges());
            fnScore = Optional.of(Metrics.score(rel, q.goldRanges().size(), k));
        }
        return new ModeOutcome(fileScore, fnScore, List.copyOf(files.subList(0, Math.min(k, files.size()))), millis);
    }

    static ModeSummary summarise(List<QueryOutcome> outcomes, EvalMode mode, int k) {
        List<Metrics.Score> files = new ArrayList<>();
        List<Metrics.Score> functions = new ArrayList<>();
        double millis = 0;
        for (QueryOutcome o : outcomes) {
            ModeOutcome m = o.modes().get(mode);
            if (m == null) {
                continue;
            }
            files.add(m.files());
            m.functions().ifPresent(functions::add);
            millis += m.millis();
        }
        return new ModeSummary(
                mode,
                Metrics.summarise(files, k),
                functions.isEmpty() ? Optional.empty() : Optional.of(Metrics.summarise(functions, k)),
                files.isEmpty() ? 0 : millis / files.size());
    }

    private static String runningSummary(List<QueryOutcome> outcomes, List<EvalMode> modes, int k) {
        StringBuilder sb = new StringBuilder();
        for (EvalMode mode : modes) {
            Metrics.Summary s = summarise(outcomes, mode, k).files();
            sb.append(String.format("  %s hit@%d=%.3f mrr=%.3f", mode.id(), k, s.hitK(), s.mrrK()));
        }
        return sb.toString();
    }
}
