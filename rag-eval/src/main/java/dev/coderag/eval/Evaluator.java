package dev.coderag.eval;

import dev.coderag.store.ScoredChunk;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Runs queries through a {@link Searcher} in each mode and scores the rankings. The scoring is pure; the only
 * side effects are the searcher's and the progress callback's.
 */
final class Evaluator {

    /** One retrieval: the ranked chunks for {@code query} in {@code mode}, best first. */
    @FunctionalInterface
    interface Searcher {
        Searched search(EvalQuery query, EvalMode mode);
    }

    /**
     * What a {@link Searcher} found: the ranking, and the intent the query was routed by when the mode routes
     * (full mode; empty otherwise).
     */
    record Searched(List<ScoredChunk> hits, Optional<String> intent) {
        static Searched unrouted(List<ScoredChunk> hits) {
            return new Searched(hits, Optional.empty());
        }
    }

    /**
     * How one query fared in one mode. {@code topFiles} are the first k files of the ranking and {@code topChunks}
     * its first k chunks; {@code allGold} says whether the first {@link Metrics#SOURCES} chunks overlap every gold
     * range (present when the query has gold ranges); {@code ndcg} is present for a semble question.
     */
    record ModeOutcome(
            Metrics.Score files,
            Optional<Metrics.Score> functions,
            Optional<Boolean> allGold,
            List<String> topFiles,
            Optional<String> intent,
            double millis,
            Optional<NdcgOutcome> ndcg,
            List<Metrics.RankedRange> topChunks) {}

    /** A semble question's NDCG@k at chunk level (semble's own) and at file level ({@link Ndcg}). */
    record NdcgOutcome(Ndcg.Score chunks, Ndcg.Score files) {}

    record QueryOutcome(
            String id,
            Optional<QueryKind> kind,
            List<String> goldFiles,
            Map<EvalMode, ModeOutcome> modes,
            Optional<SembleJudgement> semble) {
        /** The semble category, when the query is a semble question. */
        Optional<String> category() {
            return semble.map(SembleJudgement::category);
        }
    }

    /**
     * Means per mode. {@code functions} and {@code allGold} (the share of queries whose first
     * {@link Metrics#SOURCES} chunks overlap every gold range) are present when some query has gold ranges, and
     * then cover only those queries; {@code ndcg} likewise when some query is a semble question.
     */
    record ModeSummary(
            EvalMode mode,
            Metrics.Summary files,
            Optional<Metrics.Summary> functions,
            Optional<Double> allGold,
            double meanMillis,
            Optional<NdcgSummary> ndcg) {}

    /** Mean NDCG@k over {@code queries} semble questions, at chunk level and at file level. */
    record NdcgSummary(int queries, double chunks, double files) {}

    /** The summaries of the queries of one kind. */
    record KindSummary(QueryKind kind, int queries, Map<EvalMode, ModeSummary> modes) {}

    /** The summaries of the semble questions of one category. */
    record CategorySummary(String category, int queries, Map<EvalMode, ModeSummary> modes) {}

    /**
     * {@code byKind} holds the kinds that occur, in {@link QueryKind} order; empty when no query has a kind.
     * {@code byCategory} holds the semble categories that occur, by name; empty when no query is a semble question.
     */
    record Result(
            int queries,
            int k,
            Map<EvalMode, ModeSummary> modes,
            Map<QueryKind, KindSummary> byKind,
            Map<String, CategorySummary> byCategory,
            List<QueryOutcome> perQuery) {}

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
                Searched found = searcher.search(q, mode);
                double millis = (System.nanoTime() - t0) / 1e6;
                byMode.put(mode, score(q, found, k, millis));
            }
            outcomes.add(new QueryOutcome(q.id(), q.kind(), q.goldFiles(), byMode, q.semble()));
            done++;
            if (done % 25 == 0 || done == queries.size()) {
                double secs = (System.nanoTime() - started) / 1e9;
                progress.accept(String.format(
                        "queries %d/%d (%.1f s)%s", done, queries.size(), secs, runningSummary(outcomes, modes, k)));
            }
        }
        Map<QueryKind, KindSummary> byKind = new EnumMap<>(QueryKind.class);
        for (QueryKind kind : QueryKind.values()) {
            List<QueryOutcome> ofKind = outcomes.stream()
                    .filter(o -> o.kind().equals(Optional.of(kind)))
                    .toList();
            if (!ofKind.isEmpty()) {
                byKind.put(kind, new KindSummary(kind, ofKind.size(), summariseModes(ofKind, modes, k)));
            }
        }
        Map<String, CategorySummary> byCategory = new TreeMap<>();
        for (String category :
                outcomes.stream().flatMap(o -> o.category().stream()).collect(Collectors.toCollection(TreeSet::new))) {
            List<QueryOutcome> ofCategory = outcomes.stream()
                    .filter(o -> o.category().equals(Optional.of(category)))
                    .toList();
            byCategory.put(
                    category, new CategorySummary(category, ofCategory.size(), summariseModes(ofCategory, modes, k)));
        }
        return new Result(
                queries.size(),
                k,
                summariseModes(outcomes, modes, k),
                Collections.unmodifiableMap(byKind),
                Collections.unmodifiableMap(byCategory),
                List.copyOf(outcomes));
    }

    private static Map<EvalMode, ModeSummary> summariseModes(List<QueryOutcome> outcomes, List<EvalMode> modes, int k) {
        Map<EvalMode, ModeSummary> summaries = new LinkedHashMap<>();
        for (EvalMode mode : modes) {
            summaries.put(mode, summarise(outcomes, mode, k));
        }
        return Collections.unmodifiableMap(summaries);
    }

    /** Scores one ranking of one query. Pure. */
    static ModeOutcome score(EvalQuery q, Searched found, int k, double millis) {
        List<ScoredChunk> hits = found.hits();
        List<String> files = FileRanking.paths(FileRanking.files(hits));
        Set<String> gold = new HashSet<>(q.goldFiles());
        Metrics.Score fileScore = Metrics.score(Metrics.fileRelevance(files, gold), gold.size(), k);
        Optional<Metrics.Score> fnScore = Optional.empty();
        Optional<Boolean> allGold = Optional.empty();
        List<Metrics.RankedRange> ranges = FileRanking.ranges(hits);
        if (!q.goldRanges().isEmpty()) {
            List<Boolean> rel = Metrics.rangeRelevance(ranges, q.goldRanges());
            fnScore = Optional.of(Metrics.score(rel, q.goldRanges().size(), k));
            allGold = Optional.of(Metrics.allGoldCovered(ranges, q.goldRanges(), Metrics.SOURCES));
        }
        Optional<NdcgOutcome> ndcg = q.semble()
                .map(j -> new NdcgOutcome(Ndcg.chunks(ranges, j.targets(), k), Ndcg.files(files, j.targets(), k)));
        return new ModeOutcome(
                fileScore,
                fnScore,
                allGold,
                List.copyOf(files.subList(0, Math.min(k, files.size()))),
                found.intent(),
                millis,
                ndcg,
                List.copyOf(ranges.subList(0, Math.min(k, ranges.size()))));
    }

    static ModeSummary summarise(List<QueryOutcome> outcomes, EvalMode mode, int k) {
        List<Metrics.Score> files = new ArrayList<>();
        List<Metrics.Score> functions = new ArrayList<>();
        int judged = 0;
        int allGold = 0;
        double millis = 0;
        int sembleQueries = 0;
        double chunkNdcg = 0;
        double fileNdcg = 0;
        for (QueryOutcome o : outcomes) {
            ModeOutcome m = o.modes().get(mode);
            if (m == null) {
                continue;
            }
            files.add(m.files());
            m.functions().ifPresent(functions::add);
            if (m.allGold().isPresent()) {
                judged++;
                allGold += m.allGold().get() ? 1 : 0;
            }
            millis += m.millis();
            if (m.ndcg().isPresent()) {
                sembleQueries++;
                chunkNdcg += m.ndcg().get().chunks().value();
                fileNdcg += m.ndcg().get().files().value();
            }
        }
        return new ModeSummary(
                mode,
                Metrics.summarise(files, k),
                functions.isEmpty() ? Optional.empty() : Optional.of(Metrics.summarise(functions, k)),
                judged == 0 ? Optional.empty() : Optional.of((double) allGold / judged),
                files.isEmpty() ? 0 : millis / files.size(),
                sembleQueries == 0
                        ? Optional.empty()
                        : Optional.of(
                                new NdcgSummary(sembleQueries, chunkNdcg / sembleQueries, fileNdcg / sembleQueries)));
    }

    private static String runningSummary(List<QueryOutcome> outcomes, List<EvalMode> modes, int k) {
        StringBuilder sb = new StringBuilder();
        for (EvalMode mode : modes) {
            ModeSummary m = summarise(outcomes, mode, k);
            Metrics.Summary s = m.files();
            sb.append(String.format("  %s hit@%d=%.3f mrr=%.3f", mode.id(), k, s.hitK(), s.mrrK()));
            m.ndcg().ifPresent(n -> sb.append(String.format(" ndcg=%.3f", n.chunks())));
        }
        return sb.toString();
    }
}
