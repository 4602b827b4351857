package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Scope;
import dev.coderag.store.StoreLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history harness end to end: a real git repository made with the git command line, its history ingested by
 * the real ingester with the real ONNX model into a real store, two questions asked through the real retriever.
 * Retrieval need not answer history questions yet, so this checks the mechanics (the store's history read, every
 * question judged per kind, commit sources read and ranked, the report's shape), not a score.
 */
class HistoryEvalTest {
    private static Embedder embedder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void model() {
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
    }

    @AfterAll
    static void close() {
        embedder.close();
    }

    private static final String V1 = "class Parser {\n  int parse(String s) {\n    return s.length();\n  }\n}\n";
    private static final String V2 = "class Parser {\n  int parse(String s) {\n    return s.length();\n  }\n\n"
            + "  int parseHeader(String s) {\n    return s.indexOf(':');\n  }\n}\n";
    private static final String V3 = V2.replace("s.indexOf(':')", "s.indexOf(\": \")");

    /**
     * Asks in hybrid mode with the history's table in scope (every table merged by score), so that commit sources
     * reach the judge whatever the full mode's routing gives them.
     */
    private static final HistoryEval.Asker WITH_HISTORY = (retriever, repo, q) ->
            retriever.retrieve(q.question(), Scope.repo(Optional.of(repo)).withHistory(), RetrievalMode.HYBRID, 10);

    @Test
    void the_history_is_ingested_every_question_is_judged_and_the_report_lists_commit_sources() throws Exception {
        Path repo = tmp.resolve("demo");
        Files.createDirectories(repo);
        git(repo, "init", "-q");
        git(repo, "config", "user.email", "test@example.com");
        git(repo, "config", "user.name", "Test");
        git(repo, "config", "commit.gpgsign", "false");
        write(repo, "src/Parser.java", V1);
        write(repo, "README.md", "# Demo\n\nA tiny parser.\n");
        String c1 = commit(repo, 1, "Start the parser");
        write(repo, "src/Parser.java", V2);
        String c2 = commit(repo, 2, "Add parseHeader\n\nHeaders come before the body, so read them first.");
        write(repo, "src/Parser.java", V3);
        String c3 = commit(repo, 3, "Split headers on colon and space\n\nHTTP puts a space after the colon.");
        Path questions = tmp.resolve("demo.jsonl");
        Files.writeString(
                questions,
                line("demo-added-01", "added", "Which commit added `parseHeader`?", c2, 1)
                        + line("demo-why-01", "why", "Why are headers split on a colon and a space?", c3, 0),
                StandardCharsets.UTF_8);
        assertThat(HistoryEval.isHistoryFile(questions)).isTrue();

        EvalRun.Settings settings = new EvalRun.Settings(
                questions,
                repo,
                "demo",
                tmp.resolve("db"),
                EmbeddingModel.BGE_SMALL_INT8,
                List.of(EvalMode.FULL),
                10,
                50,
                Optional.empty(),
                false);
        List<IngestSummary> ingested = new ArrayList<>();
        List<String> log = new ArrayList<>();
        StoreLocation store = new StoreLocation.Directory(settings.db());
        HistoryEval.Outcome production = HistoryEval.run(
                settings, store, embedder, HistoryEval.CHAT, ProgressListener.NONE, ingested::add, log::add);
        assertThat(ingested).singleElement().extracting(IngestSummary::commits).isEqualTo(3);
        assertThat(production.mark()).hasValueSatisfying(m -> {
            assertThat(m.head()).isEqualTo(c3);
            assertThat(m.commits()).isEqualTo(3);
        });
        assertThat(production.result().perQuestion()).hasSize(2).allSatisfy(j -> {
            assertThat(j.goldStored()).as("the gold commit is in the store").isTrue();
            assertThat(j.beyondDepth()).isFalse();
        });
        assertThat(production.result().byKind()).containsOnlyKeys(HistoryKind.ADDED, HistoryKind.WHY);
        assertThat(log).noneMatch(l -> l.startsWith("warning"));

        HistoryEval.Outcome widened = HistoryEval.run(
                settings, store, embedder, WITH_HISTORY, ProgressListener.NONE, ingested::add, log::add);
        assertThat(ingested.getLast().commits())
                .as("a second run reads no commit again")
                .isZero();
        Set<String> shas7 = Set.of(c1.substring(0, 7), c2.substring(0, 7), c3.substring(0, 7));
        assertThat(widened.result().perQuestion())
                .as("commit sources are read")
                .anySatisfy(j -> assertThat(j.commitSources()).isPositive());
        for (HistoryJudge.Judged j : widened.result().perQuestion()) {
            List<HistoryJudge.Source> commits =
                    j.top().stream().filter(s -> s.kind().equals("commit")).toList();
            assertThat(commits).allSatisfy(s -> assertThat(shas7).contains(s.sha7()));
            if (j.firstGoldRank() >= 1 && j.firstGoldRank() <= HistoryJudge.REPORTED) {
                assertThat(j.top().get(j.firstGoldRank() - 1).sha7())
                        .as("the rank judged is the gold commit's place among the sources")
                        .isEqualTo(j.question().gold().getFirst().substring(0, 7));
            }
            assertThat(j.right()).isEqualTo(j.firstGoldRank() >= 1 && j.firstGoldRank() <= 3);
        }

        Path report = tmp.resolve("reports/demo.json");
        widened.writeReport(report);
        JsonNode written = ReportJson.JSON.readTree(Files.readString(report));
        assertThat(written.get("questions").asInt()).isEqualTo(2);
        assertThat(written.get("history").get("commits").asInt()).isEqualTo(3);
        assertThat(written.get("by_kind").fieldNames()).toIterable().containsExactly("added", "why");
        assertThat(written.get("by_kind").get("added").get("questions").asInt()).isEqualTo(1);
        assertThat(written.get("settings").get("mode").asText()).isEqualTo("full");
        JsonNode perQuery = written.get("per_query");
        assertThat(perQuery).hasSize(2);
        assertThat(perQuery.get(0).get("id").asText()).isEqualTo("demo-added-01");
        assertThat(perQuery.get(0).get("gold").get(0).asText()).isEqualTo(c2.substring(0, 7));
        JsonNode commitSource = StreamSupport.stream(perQuery.spliterator(), false)
                .flatMap(q -> StreamSupport.stream(q.get("top").spliterator(), false))
                .filter(s -> s.get("kind").asText().equals("commit"))
                .findFirst()
                .orElseThrow();
        assertThat(commitSource.fieldNames())
                .toIterable()
                .containsExactly("rank", "kind", "sha7", "subject", "path", "start", "end");
        assertThat(commitSource.get("subject").asText()).isNotBlank();

        JsonNode summary = ReportJson.JSON.readTree(widened.summaryJson());
        assertThat(summary.has("per_query")).isFalse();
        assertThat(summary.get("overall").get("questions").asInt()).isEqualTo(2);
        assertThat(widened.table())
                .startsWith("2 history questions, repo demo")
                .contains("3 commits to " + c3.substring(0, 7))
                .containsPattern("(?m)^added +1 +0 +1 ")
                .containsPattern("(?m)^why +1 +0 +1 ")
                .containsPattern("(?m)^all +2 +0 +2 ");
    }

    private static String line(String id, String kind, String question, String gold, int position) {
        return "{\"id\": \"" + id + "\", \"repo\": \"demo\", \"kind\": \"" + kind + "\", \"question\": \"" + question
                + "\", \"gold\": [\"" + gold + "\"], \"path\": \"src/Parser.java\", \"position\": " + position + "}\n";
    }

    private static void write(Path dir, String rel, String content) throws IOException {
        Path file = dir.resolve(rel);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    /** A commit with author date 2024-01-{day}: the order the store reads a file's history in. */
    private static String commit(Path repo, int day, String message) {
        String date = "2024-01-%02dT12:00:00Z".formatted(day);
        git(repo, "add", "-A");
        git(repo, "-c", "core.hooksPath=/dev/null", "commit", "-q", "--date", date, "-m", message);
        return git(repo, "rev-parse", "HEAD").strip();
    }

    private static String git(Path dir, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException(cmd + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
