package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quality floor of the build: the whole eval (real ingest of the fixture repository, the real ONNX model,
 * the production retriever) on a handful of hand-written questions with known answers. A retrieval change
 * that drops below the floor fails {@code ./mvnw verify}. One model load for the whole class.
 */
class FixtureEvalTest {
    private static final Path FIXTURE = Path.of("../raptor-ingest/src/test/resources/fixture-repo");
    private static final Path QUERIES = Path.of("src/test/resources/fixture.queries.jsonl");

    @TempDir
    Path tmp;

    @Test
    void production_retrieval_finds_the_fixture_answers_above_the_floor() throws Exception {
        Path report = tmp.resolve("report.json");
        List<String> log = new ArrayList<>();
        EvalRun.Outcome outcome = EvalRun.run(
                new EvalRun.Settings(
                        QUERIES,
                        FIXTURE.toAbsolutePath().normalize(),
                        "fixture-repo",
                        tmp.resolve("db"),
                        EmbeddingModel.BGE_SMALL_FP32,
                        EvalMode.parseList("all"),
                        10,
                        50,
                        Optional.empty(),
                        false),
                ProgressListener.NONE,
                summary -> log.add("ingested " + summary.chunks().embedded()),
                log::add);
        outcome.writeReport(report);

        JsonNode summary = ReportJson.JSON.readTree(outcome.summaryJson());
        assertThat(summary.get("queries").asInt()).isEqualTo(9);
        assertThat(summary.get("modes").fieldNames())
                .toIterable()
                .containsExactly("vector", "lexical", "hybrid", "full");
        JsonNode full = summary.get("modes").get("full");
        // Floors, set below what the production path measured when this test was written (see
        // docs/EVALUATION.md): a regression that loses a query or two fails here.
        assertThat(full.get("hit@5").asDouble()).as(full.toString()).isGreaterThanOrEqualTo(FULL_HIT5_FLOOR);
        assertThat(full.get("mrr@10").asDouble()).as(full.toString()).isGreaterThanOrEqualTo(FULL_MRR_FLOOR);
        assertThat(summary.get("modes").get("hybrid").get("hit@5").asDouble())
                .isGreaterThanOrEqualTo(HYBRID_HIT5_FLOOR);
        assertThat(summary.get("function_level").get("full").get("hit@10").asDouble())
                .isGreaterThanOrEqualTo(FULL_FUNCTION_HIT10_FLOOR);

        JsonNode written = ReportJson.JSON.readTree(Files.readString(report));
        assertThat(written.get("per_query")).hasSize(9);
        assertThat(written.get("per_query").get(0).get("top").get("full")).isNotEmpty();
        assertThat(log).anyMatch(l -> l.startsWith("ingested "));
    }

    private static final double FULL_HIT5_FLOOR = 0.85;
    private static final double FULL_MRR_FLOOR = 0.75;
    private static final double HYBRID_HIT5_FLOOR = 0.75;
    private static final double FULL_FUNCTION_HIT10_FLOOR = 0.75;
}
