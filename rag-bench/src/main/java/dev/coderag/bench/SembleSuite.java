package dev.coderag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.eval.EvalMode;
import dev.coderag.eval.EvalRun;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.VectorTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The semble development set in one process: every repository's questions through the production retriever with
 * one loaded model, pooled as semble pools them (the mean over repositories of each repository's mean; per
 * category over the repositories that have it), at chunk and file level. The corpora and stores are the ones
 * {@code rag-eval/src/test/resources/semble/run-dev} uses; this is its fast loop for tuning ranking, nothing more
 * (the reports it writes are run-dev's, so {@code combine} reads them too).
 *
 * <pre>
 * rag-bench/run dev.coderag.bench.SembleSuite [--corpora /work/corpora/semble] [--stores /work/stores]
 *     [--repos rag-eval/src/test/resources/semble/dev-repos.txt] [--mode full,hybrid] [--out DIR]
 *     [--vectors full|static]
 * </pre>
 *
 * A retrieval data directory given as {@code -Dcoderag.retrieval.data=DIR} (docs/EVALUATION.md) replaces the
 * shipped routing and ranking tables for the run.
 */
public final class SembleSuite {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> CATEGORIES = List.of("architecture", "semantic", "symbol");

    private SembleSuite() {}

    public static void main(String[] argv) throws IOException {
        BenchArgs a = BenchArgs.parse(
                argv, Set.of("--corpora", "--stores", "--repos", "--mode", "--out", "--extra", "--vectors"), Set.of());
        Path corpora = Path.of(a.get("--corpora", "/work/corpora/semble"));
        Path stores = Path.of(a.get("--stores", "/work/stores"));
        List<String> repos =
                Files.readAllLines(Path.of(a.get("--repos", "rag-eval/src/test/resources/semble/dev-repos.txt")))
                        .stream()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                        .toList();
        List<EvalMode> modes = EvalMode.parseList(a.get("--mode", "full,hybrid"));
        Optional<Path> out = Optional.ofNullable(a.get("--out", null)).map(Path::of);
        Map<String, JsonNode> summaries = new LinkedHashMap<>();
        List<String> extras = new ArrayList<>();
        long start = System.nanoTime();
        VectorTier vectors = VectorTier.valueOf(a.get("--vectors", "full").toUpperCase(Locale.ROOT));
        String suffix =
                switch (vectors) {
                    case FULL -> "";
                    case STATIC -> "-static";
                };
        try (Embedder embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8)) {
            Embedders both = new Embedders(embedder, vectors);
            for (String repo : repos) {
                summaries.put(
                        repo,
                        evaluate(
                                both,
                                corpora.resolve("annotations").resolve(repo + ".json"),
                                corpora.resolve(repo),
                                stores.resolve("semble-" + repo + "-int8" + suffix),
                                modes,
                                out.map(o -> o.resolve(repo + ".json"))));
                System.err.printf(Locale.ROOT, "%s: %s%n", repo, ndcgLine(summaries.get(repo), modes));
            }
            for (String extra : a.all("--extra", List.of())) {
                String[] f = extra.split("\\|");
                if (f.length != 4) {
                    throw new IllegalArgumentException("--extra NAME|QUERIES|CORPUS|DB, not " + extra);
                }
                JsonNode summary = evaluate(
                        both,
                        Path.of(f[1]),
                        Path.of(f[2]),
                        Path.of(f[3] + suffix),
                        modes,
                        out.map(o -> o.resolve(f[0] + ".json")));
                for (EvalMode m : modes) {
                    JsonNode fm = summary.path("modes").path(m.id());
                    extras.add(String.format(
                            Locale.ROOT,
                            "%-8s %-7s hit@1 %.3f hit@3 %.3f hit@10 %.3f mrr@10 %.3f map@10 %.3f all-gold@8 %s",
                            f[0],
                            m.id(),
                            fm.path("hit@1").asDouble(),
                            fm.path("hit@3").asDouble(),
                            fm.path("hit@10").asDouble(),
                            fm.path("mrr@10").asDouble(),
                            fm.path("map@10").asDouble(),
                            summary.path("all_gold@8").path(m.id()).asText("-")));
                }
            }
        }
        System.out.println(table(summaries, modes));
        extras.forEach(System.out::println);
        System.out.printf(Locale.ROOT, "%d repositories in %.0f s%n", repos.size(), (System.nanoTime() - start) / 1e9);
    }

    /** The loaded embedders and the tier the stores are built to. */
    private record Embedders(Embedder embedder, VectorTier vectors) {}

    /** One repository through {@link EvalRun#run} with the shared embedder; its summary, its report written if asked. */
    private static JsonNode evaluate(
            Embedders embedders, Path queries, Path corpus, Path db, List<EvalMode> modes, Optional<Path> report)
            throws IOException {
        EvalRun.Settings s = new EvalRun.Settings(
                queries,
                corpus,
                corpus.getFileName().toString(),
                db,
                EmbeddingModel.BGE_SMALL_INT8,
                modes,
                10,
                50,
                Optional.empty(),
                false,
                embedders.vectors());
        EvalRun.Outcome o =
                EvalRun.run(s, new StoreLocation.Directory(db), embedders.embedder(), p -> {}, sum -> {}, line -> {});
        if (report.isPresent()) {
            o.writeReport(report.get());
        }
        return JSON.readTree(o.summaryJson());
    }

    private static String ndcgLine(JsonNode summary, List<EvalMode> modes) {
        StringBuilder sb = new StringBuilder();
        for (EvalMode m : modes) {
            JsonNode n = summary.path("ndcg@10").path(m.id());
            sb.append(String.format(
                    Locale.ROOT,
                    "%s %.3f/%.3f  ",
                    m.id(),
                    n.path("chunks").asDouble(),
                    n.path("files").asDouble()));
        }
        return sb.toString().strip();
    }

    /** Mean of per-repository means, overall and per category, at chunk and file level, per mode. */
    static String table(Map<String, JsonNode> summaries, List<EvalMode> modes) {
        StringBuilder sb = new StringBuilder("mode      level    all    architecture semantic symbol\n");
        for (EvalMode m : modes) {
            for (String level : List.of("chunks", "files")) {
                sb.append(
                        String.format(Locale.ROOT, "%-9s %-6s %.3f", m.id(), level, pooled(summaries, m, level, null)));
                for (String c : CATEGORIES) {
                    sb.append(String.format(Locale.ROOT, "   %.3f     ", pooled(summaries, m, level, c)));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static double pooled(Map<String, JsonNode> summaries, EvalMode m, String level, String category) {
        List<Double> perRepo = new ArrayList<>();
        for (JsonNode s : summaries.values()) {
            JsonNode scope = category == null ? s : s.path("by_category").path(category);
            JsonNode v = scope.path("ndcg@10").path(m.id()).path(level);
            if (!v.isMissingNode()) {
                perRepo.add(v.asDouble());
            }
        }
        return perRepo.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
