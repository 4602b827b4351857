package dev.coderag.chat.llm;

import static dev.coderag.retrieval.TestChunks.code;
import static dev.coderag.retrieval.TestChunks.hit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.answer.ContextBuilder;
import dev.coderag.chat.answer.GenerationException;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.llm.FakeLlmServer.Reply;
import dev.coderag.retrieval.AnswerStyle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The OpenAI-compatible and Gemini generators against local servers speaking their wire protocols. */
class LlmGeneratorsTest {
    private static final String KEY = "sk-test-secret-key-123";

    private static final Generator.GenerationInput INPUT = new Generator.GenerationInput(
            "where is parse_header implemented?",
            AnswerStyle.DEFINITION,
            ContextBuilder.build(List.of(hit(code("src/http.py", "parse_header", "Parses.", 10, 24), 0.8)), 2000),
            List.of(),
            List.of(new Generator.Turn("what does the project do?", "It parses HTTP [1].")));

    private static LlmConfig config(LlmProvider p, String url) {
        return LlmConfig.of(p, url, p == LlmProvider.GEMINI ? "gemini-test" : "test-model", KEY)
                .withRetries(2, Duration.ofMillis(5))
                .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    @Test
    void openai_streams_tokens_as_they_arrive() throws Exception {
        CountDownLatch firstTokenSeen = new CountDownLatch(1);
        // the server holds back the second chunk until the client has delivered the first: only a streaming
        // client can pass
        Reply reply = FakeLlmServer.sse(
                List.of(
                        FakeLlmServer.openAiChunk("It is in "),
                        FakeLlmServer.openAiChunk("`parse_header` [1]."),
                        "{\"id\":\"x\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}",
                        "[DONE]"),
                i -> {
                    if (i == 1 && !firstTokenSeen.await(10, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("client did not stream");
                    }
                });
        try (FakeLlmServer server = new FakeLlmServer(List.of(reply))) {
            List<String> tokens = new ArrayList<>();
            Generator g = Generators.of(config(LlmProvider.OPENAI, server.baseUrl("/v1/")));
            String text = g.generate(INPUT, t -> {
                tokens.add(t);
                firstTokenSeen.countDown();
            });
            assertThat(text).isEqualTo("It is in `parse_header` [1].");
            assertThat(tokens).containsExactly("It is in ", "`parse_header` [1].");

            FakeLlmServer.Recorded req = server.requests.getFirst();
            assertThat(req.method()).isEqualTo("POST");
            assertThat(req.path()).isEqualTo("/v1/chat/completions");
            assertThat(req.header("Authorization")).isEqualTo("Bearer " + KEY);
            JsonNode body = LlmHttp.JSON.readTree(req.body());
            assertThat(body.path("model").asText()).isEqualTo("test-model");
            assertThat(body.path("stream").asBoolean()).isTrue();
            JsonNode messages = body.path("messages");
            assertThat(messages.get(0).path("role").asText()).isEqualTo("system");
            assertThat(messages.get(0).path("content").asText())
                    .contains("citations")
                    .contains(ChatResponse.REFUSAL);
            // history, then the question with its numbered context
            assertThat(messages.get(1).path("content").asText()).isEqualTo("what does the project do?");
            assertThat(messages.get(2).path("role").asText()).isEqualTo("assistant");
            String user = messages.get(3).path("content").asText();
            assertThat(user)
                    .contains("[1] src/http.py:10-24 (parse_header, python)")
                    .endsWith("Question: where is parse_header implemented?");
        }
    }

    @Test
    void openai_retries_a_429_then_succeeds() throws Exception {
        Reply tooMany = FakeLlmServer.status(
                429,
                "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}",
                Map.of("Retry-After", "0"));
        Reply ok = FakeLlmServer.sse(List.of(FakeLlmServer.openAiChunk("fine [1]"), "[DONE]"), FakeLlmServer.NO_HOOK);
        try (FakeLlmServer server = new FakeLlmServer(List.of(tooMany, ok))) {
            String text = Generators.of(config(LlmProvider.OPENAI, server.baseUrl("/v1")))
                    .generate(INPUT, t -> {});
            assertThat(text).isEqualTo("fine [1]");
            assertThat(server.requests).hasSize(2);
        }
    }

    @Test
    void openai_gives_up_after_bounded_retries_on_5xx_without_leaking_the_key() throws Exception {
        Reply down =
                FakeLlmServer.status(503, "{\"error\":{\"message\":\"overloaded for key " + KEY + "\"}}", Map.of());
        try (FakeLlmServer server = new FakeLlmServer(List.of(down))) {
            Generator g = Generators.of(config(LlmProvider.OPENAI, server.baseUrl("/v1")));
            assertThatThrownBy(() -> g.generate(INPUT, t -> {}))
                    .isInstanceOf(GenerationException.class)
                    .hasMessageContaining("HTTP 503")
                    .hasMessageContaining("after 3 attempts")
                    .hasMessageNotContaining(KEY);
            assertThat(server.requests).hasSize(3);
        }
    }

    @Test
    void client_errors_are_not_retried() throws Exception {
        Reply unauthorized = FakeLlmServer.status(401, "{\"error\":{\"message\":\"Incorrect API key\"}}", Map.of());
        try (FakeLlmServer server = new FakeLlmServer(List.of(unauthorized))) {
            Generator g = Generators.of(config(LlmProvider.OPENAI, server.baseUrl("/v1")));
            assertThatThrownBy(() -> g.generate(INPUT, t -> {})).hasMessageContaining("HTTP 401 — Incorrect API key");
            assertThat(server.requests).hasSize(1);
        }
    }

    @Test
    void openai_accepts_a_non_streaming_json_reply() throws Exception {
        Reply json = FakeLlmServer.json(
                "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"whole [1]\"}}]}");
        try (FakeLlmServer server = new FakeLlmServer(List.of(json))) {
            assertThat(Generators.of(config(LlmProvider.OPENAI, server.baseUrl("/v1")))
                            .generate(INPUT, t -> {}))
                    .isEqualTo("whole [1]");
        }
    }

    @Test
    void a_stream_that_goes_silent_times_out() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Reply stall = FakeLlmServer.sse(
                List.of(FakeLlmServer.openAiChunk("partial"), FakeLlmServer.openAiChunk("never")), i -> {
                    if (i == 1) {
                        release.await(30, TimeUnit.SECONDS);
                    }
                });
        try (FakeLlmServer server = new FakeLlmServer(List.of(stall))) {
            LlmConfig cfg = config(LlmProvider.OPENAI, server.baseUrl("/v1"))
                    .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofMillis(300));
            List<String> tokens = new ArrayList<>();
            assertThatThrownBy(() -> Generators.of(cfg).generate(INPUT, tokens::add))
                    .hasMessageContaining("went silent");
            assertThat(tokens).containsExactly("partial");
            assertThat(server.requests).hasSize(1); // something streamed: no retry
        } finally {
            release.countDown();
        }
    }

    @Test
    void an_unreachable_endpoint_fails_with_a_one_line_reason() {
        LlmConfig cfg = config(LlmProvider.OPENAI, "http://127.0.0.1:9/v1").withRetries(1, Duration.ofMillis(1));
        assertThatThrownBy(() -> Generators.of(cfg).generate(INPUT, t -> {}))
                .isInstanceOf(GenerationException.class)
                .hasMessageContaining("127.0.0.1:9")
                .hasMessageNotContaining("\n");
    }

    @Test
    void gemini_streams_with_the_key_in_a_header_and_retries_a_429() throws Exception {
        CountDownLatch firstTokenSeen = new CountDownLatch(1);
        Reply tooMany = FakeLlmServer.status(
                429,
                "[{\"error\":{\"code\":429,\"message\":\"Resource has been exhausted\",\"status\":\"RESOURCE_EXHAUSTED\"}}]",
                Map.of());
        Reply ok = FakeLlmServer.sse(
                List.of(FakeLlmServer.geminiChunk("Defined in "), FakeLlmServer.geminiChunk("`src/http.py` [1].")),
                i -> {
                    if (i == 1 && !firstTokenSeen.await(10, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("client did not stream");
                    }
                });
        try (FakeLlmServer server = new FakeLlmServer(List.of(tooMany, ok))) {
            Generator g = Generators.of(config(LlmProvider.GEMINI, server.baseUrl("/v1beta")));
            List<String> tokens = new ArrayList<>();
            String text = g.generate(INPUT, t -> {
                tokens.add(t);
                firstTokenSeen.countDown();
            });
            assertThat(text).isEqualTo("Defined in `src/http.py` [1].");
            assertThat(tokens).hasSize(2);
            assertThat(server.requests).hasSize(2);
            FakeLlmServer.Recorded req = server.requests.get(1);
            assertThat(req.path()).isEqualTo("/v1beta/models/gemini-test:streamGenerateContent");
            assertThat(req.query()).isEqualTo("alt=sse");
            assertThat(req.header("x-goog-api-key")).isEqualTo(KEY);
            assertThat(req.query()).doesNotContain(KEY);
            JsonNode body = LlmHttp.JSON.readTree(req.body());
            assertThat(body.at("/systemInstruction/parts/0/text").asText()).contains("[1]");
            JsonNode contents = body.path("contents");
            assertThat(contents.get(0).path("role").asText()).isEqualTo("user");
            assertThat(contents.get(1).path("role").asText()).isEqualTo("model");
            assertThat(contents.get(2).at("/parts/0/text").asText()).contains("[1] src/http.py:10-24");
        }
    }

    @Test
    void gemini_reports_a_blocked_prompt() throws Exception {
        Reply blocked =
                FakeLlmServer.sse(List.of("{\"promptFeedback\":{\"blockReason\":\"SAFETY\"}}"), FakeLlmServer.NO_HOOK);
        try (FakeLlmServer server = new FakeLlmServer(List.of(blocked))) {
            Generator g = Generators.of(config(LlmProvider.GEMINI, server.baseUrl("/v1beta")));
            assertThatThrownBy(() -> g.generate(INPUT, t -> {})).hasMessageContaining("SAFETY");
        }
    }

    @Test
    void config_to_string_never_shows_the_key() {
        LlmConfig cfg = LlmConfig.of(LlmProvider.OPENAI, "https://user:pw@example.com/v1?k=secret", "m", KEY);
        assertThat(cfg.toString())
                .doesNotContain(KEY)
                .doesNotContain("pw")
                .doesNotContain("secret")
                .contains("(set)");
    }
}
