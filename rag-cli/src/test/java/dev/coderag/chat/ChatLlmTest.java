package dev.coderag.chat;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.chat.answer.ExtractiveGenerator;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.http.ChatServer;
import dev.coderag.chat.http.HttpHelper;
import dev.coderag.chat.http.ServerOptions;
import dev.coderag.chat.llm.FakeLlmServer;
import dev.coderag.chat.llm.FakeLlmServer.Reply;
import dev.coderag.chat.llm.LlmConfig;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The chat pipeline with a language model (a local fake speaking the real protocols) over the real store. */
class ChatLlmTest {
    private static final String KEY = "sk-never-show-me-0123456789";
    private static Store store;

    @BeforeAll
    static void load() {
        store = FixtureStore.store();
    }

    private static ChatService service(LlmConfig llm) {
        return ChatService.create(
                store, SharedModel.embedder(), ChatOptions.defaults().withLlm(llm));
    }

    private static LlmConfig openai(FakeLlmServer server) {
        return LlmConfig.of(LlmProvider.OPENAI, server.baseUrl("/v1"), "test-model", KEY)
                .withRetries(1, Duration.ofMillis(5))
                .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(10));
    }

    @Test
    void the_model_answers_from_the_context_and_citations_to_nothing_are_removed() throws Exception {
        Reply reply = FakeLlmServer.sse(
                List.of(
                        FakeLlmServer.openAiChunk("`parseHeader` in `HeaderParser.java` parses one line [1]"),
                        FakeLlmServer.openAiChunk(", unlike what [42] says."),
                        "[DONE]"),
                FakeLlmServer.NO_HOOK);
        try (FakeLlmServer llm = new FakeLlmServer(List.of(reply))) {
            ChatResponse r = service(openai(llm)).ask(ChatRequest.of("where is parseHeader implemented?"));
            assertThat(r.answer())
                    .isEqualTo("`parseHeader` in `HeaderParser.java` parses one line [1], unlike what says.");
            assertThat(r.trace().generator().id()).isEqualTo("openai");
            assertThat(r.sources().getFirst().cited()).isTrue();
            assertThat(r.warnings()).isEmpty();
            String prompt = llm.requests.getFirst().body();
            assertThat(prompt).contains("HeaderParser.java:34-48").contains("where is parseHeader implemented?");
        }
    }

    @Test
    void an_answer_that_cites_nothing_marks_no_source_cited_and_says_so() throws Exception {
        Reply reply = FakeLlmServer.sse(
                List.of(FakeLlmServer.openAiChunk("It parses headers somewhere, trust me."), "[DONE]"),
                FakeLlmServer.NO_HOOK);
        try (FakeLlmServer llm = new FakeLlmServer(List.of(reply))) {
            ChatResponse r = service(openai(llm)).ask(ChatRequest.of("where is parseHeader implemented?"));
            assertThat(r.answer()).isEqualTo("It parses headers somewhere, trust me.");
            assertThat(r.sources()).isNotEmpty().noneMatch(s -> s.cited());
            assertThat(r.warnings()).containsExactly(ChatService.UNCITED_WARNING);
        }
    }

    @Test
    void when_the_model_fails_the_user_gets_the_extractive_answer_and_a_warning_without_the_key() throws Exception {
        Reply down = FakeLlmServer.status(500, "{\"error\":{\"message\":\"boom " + KEY + "\"}}", Map.of());
        try (FakeLlmServer llm = new FakeLlmServer(List.of(down))) {
            ChatResponse[] answered = new ChatResponse[1];
            String logged = stderrOf(
                    () -> answered[0] = service(openai(llm)).ask(ChatRequest.of("where is parseHeader implemented?")));
            ChatResponse r = answered[0];
            assertThat(logged).contains("The language model (openai) failed").doesNotContain(KEY);
            assertThat(r.answer()).startsWith(ExtractiveGenerator.PREFACE).contains("parseHeader");
            assertThat(r.trace().generator().id()).isEqualTo("none");
            assertThat(r.warnings()).singleElement().satisfies(w -> assertThat(w)
                    .contains("The language model (openai) failed: HTTP 500")
                    .contains("extractive")
                    .doesNotContain(KEY));
            assertThat(llm.requests).hasSize(2); // one retry, bounded
            assertThat(llm.requests.getFirst().header("Authorization")).isEqualTo("Bearer " + KEY);
        }
    }

    @Test
    void a_model_that_stalls_mid_answer_is_replaced_by_the_extractive_answer_after_a_reset() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Reply stall = FakeLlmServer.sse(
                List.of(FakeLlmServer.openAiChunk("Half an ans"), FakeLlmServer.openAiChunk("wer")), i -> {
                    if (i == 1) {
                        release.await(30, TimeUnit.SECONDS);
                    }
                });
        try (FakeLlmServer llm = new FakeLlmServer(List.of(stall))) {
            LlmConfig cfg =
                    openai(llm).withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofMillis(300));
            List<String> events = new ArrayList<>();
            ChatResponse r = service(cfg)
                    .ask(ChatRequest.of("where is parseHeader implemented?"), new AnswerListener() {
                        @Override
                        public void onToken(String token) {
                            events.add("token:" + token);
                        }

                        @Override
                        public void onReset(String warning) {
                            events.add("reset");
                        }
                    });
            assertThat(events.getFirst()).isEqualTo("token:Half an ans");
            assertThat(events.get(1)).isEqualTo("reset");
            assertThat(r.answer()).startsWith(ExtractiveGenerator.PREFACE);
            assertThat(r.warnings().getFirst()).contains("went silent");
        } finally {
            release.countDown();
        }
    }

    @Test
    void without_fallback_a_failing_model_is_a_502() throws Exception {
        Reply down = FakeLlmServer.status(503, "{}", Map.of());
        try (FakeLlmServer llm = new FakeLlmServer(List.of(down))) {
            LlmConfig cfg = openai(llm).withFallback(false);
            assertThatThrownBy(() -> service(cfg).ask(ChatRequest.of("where is parseHeader implemented?")))
                    .isInstanceOfSatisfying(ChatException.class, e -> assertThat(e.reason())
                            .isEqualTo(ChatException.Reason.LLM_UNAVAILABLE));
            try (ChatServer server = ChatServer.start(
                    store,
                    SharedModel.embedder(),
                    new IngesterIndexer(store, SharedModel.embedder(), List.of(Path.of("/"))),
                    ServerOptions.defaults()
                            .withPort(0)
                            .withChat(ChatOptions.defaults().withLlm(cfg)))) {
                HttpHelper.Response r = new HttpHelper(server)
                        .postJson("/api/chat", body("query", "where is parseHeader implemented?"));
                assertThat(r.status()).isEqualTo(502);
                assertThat(r.json().path("error").asText()).contains("HTTP 503").doesNotContain(KEY);
            }
        }
    }

    @Test
    void a_refusal_never_calls_the_model() throws Exception {
        Reply never = FakeLlmServer.json("{\"choices\":[{\"message\":{\"content\":\"Paris [1]\"}}]}");
        try (FakeLlmServer llm = new FakeLlmServer(List.of(never))) {
            ChatResponse r = service(openai(llm)).ask(ChatRequest.of("what is the capital of France?"));
            assertThat(r.answer()).isEqualTo(ChatResponse.REFUSAL);
            assertThat(llm.requests).isEmpty();
        }
    }

    @Test
    void ollama_tokens_reach_the_sse_endpoint_as_the_model_sends_them() throws Exception {
        CountDownLatch firstTokenRelayed = new CountDownLatch(1);
        // the model holds back its second piece until the browser-side client has read the first token event
        Reply ndjson = FakeLlmServer.ndjson(
                List.of(
                        FakeLlmServer.ollamaLine("`parseHeader` parses "),
                        FakeLlmServer.ollamaLine("one header line [1]."),
                        FakeLlmServer.ollamaDone()),
                i -> {
                    if (i == 1 && !firstTokenRelayed.await(20, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the first token never reached the SSE client");
                    }
                });
        try (FakeLlmServer llm = new FakeLlmServer(List.of(ndjson));
                ChatServer server = ChatServer.start(
                        store,
                        SharedModel.embedder(),
                        new IngesterIndexer(store, SharedModel.embedder(), List.of(Path.of("/"))),
                        ServerOptions.defaults()
                                .withPort(0)
                                .withChat(ChatOptions.defaults()
                                        .withLlm(LlmConfig.of(LlmProvider.OLLAMA, llm.baseUrl(""), "qwen-test", "")
                                                .withTimeouts(
                                                        Duration.ofSeconds(2),
                                                        Duration.ofSeconds(30),
                                                        Duration.ofSeconds(30)))))) {
            HttpResponse<java.util.stream.Stream<String>> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(new HttpHelper(server).base() + "/api/chat"))
                                    .header("Content-Type", "application/json")
                                    .header("Accept", "text/event-stream")
                                    .POST(HttpRequest.BodyPublishers.ofString(
                                            body("query", "where is parseHeader implemented?")))
                                    .build(),
                            HttpResponse.BodyHandlers.ofLines());
            List<String> tokens = new ArrayList<>();
            String event = "";
            try (java.util.stream.Stream<String> lines = response.body()) {
                for (String line : (Iterable<String>) lines::iterator) {
                    if (line.startsWith("event:")) {
                        event = line.substring(6).strip();
                    } else if (line.startsWith("data:") && event.equals("token")) {
                        tokens.add(HttpHelper.JSON
                                .readTree(line.substring(5).strip())
                                .path("text")
                                .asText());
                        firstTokenRelayed.countDown();
                    } else if (line.startsWith("data:") && event.equals("done")) {
                        assertThat(HttpHelper.JSON
                                        .readTree(line.substring(5).strip())
                                        .path("answer")
                                        .asText())
                                .isEqualTo("`parseHeader` parses one header line [1].");
                    }
                }
            }
            assertThat(tokens).containsExactly("`parseHeader` parses ", "one header line [1].");
            assertThat(llm.requests.getFirst().path()).isEqualTo("/api/chat");
        }
    }

    @Test
    void gemini_answers_stream_through_the_same_pipeline() throws Exception {
        Reply ok = FakeLlmServer.sse(
                List.of(FakeLlmServer.geminiChunk("It retries with backoff "), FakeLlmServer.geminiChunk("[1].")),
                FakeLlmServer.NO_HOOK);
        try (FakeLlmServer llm = new FakeLlmServer(List.of(ok))) {
            LlmConfig cfg = LlmConfig.of(LlmProvider.GEMINI, llm.baseUrl("/v1beta"), "gemini-test", KEY);
            List<String> tokens = new ArrayList<>();
            ChatResponse r = service(cfg).ask(ChatRequest.of("where is fetch_with_retry implemented?"), tokens::add);
            assertThat(tokens).containsExactly("It retries with backoff ", "[1].");
            assertThat(r.answer()).isEqualTo("It retries with backoff [1].");
            assertThat(r.trace().generator().id()).isEqualTo("gemini");
        }
    }

    /** Runs {@code body} with System.err captured (slf4j-simple writes the log there) and returns what was written. */
    private static String stderrOf(ThrowingRunnable body) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
