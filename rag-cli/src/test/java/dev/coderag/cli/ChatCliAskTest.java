package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.answer.ExtractiveGenerator;
import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ask} in process over a real store of the fixture repository with the real model, no LLM. */
class ChatCliAskTest {
    @TempDir
    static Path db;

    @BeforeAll
    static void ingest() {
        Embedder embedder = SharedModel.embedder();
        try (Store store = Store.open(db, embedder.modelId(), embedder.dimension())) {
            Ingester.create(store, embedder, IngestOptions.defaults(db))
                    .ingest(
                            List.of(new IngestRequest(
                                    FixtureStore.FIXTURE.toString(), Optional.of(FixtureStore.REPO), Optional.empty())),
                            ProgressListener.NONE);
        }
    }

    private record Result(int code, String out, String err) {}

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ChatCli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("RAG_DB", db.toString()));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void ask_reports_retrieval_and_answer_time_apart_from_model_start_up() {
        Result r = run("ask", "How are HTTP headers parsed?");
        if (System.getenv("RAG_PRINT_ANSWERS") != null) {
            System.out.println(r.out());
        }

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .startsWith(ExtractiveGenerator.PREFACE)
                .contains("[1]")
                .contains("Sources:");
        String last = r.out().strip().lines().toList().getLast();
        assertThat(last)
                .matches("intent: [a-z]+ \\(\\d+%\\), retrieval \\d+ ms, answer \\d+ ms, total \\d+ ms"
                        + " \\(model start-up \\d+ ms\\)");
    }

    @Test
    void ask_json_stays_exactly_the_api_response_object() throws Exception {
        Result r = run("ask", "How are HTTP headers parsed?", "--json");

        assertThat(r.code()).as(r.err()).isZero();
        JsonNode answer = new ObjectMapper().readTree(r.out());
        assertThat(answer.has("answer")).isTrue();
        assertThat(answer.path("trace").path("timings_ms").has("total")).isTrue();
        assertThat(r.out()).doesNotContain("model start-up");
    }
}
