package dev.coderag.chat.llm;

import static dev.coderag.chat.llm.LlmProvidersTest.INPUT;
import static dev.coderag.chat.llm.LlmProvidersTest.KEY;
import static dev.coderag.chat.llm.LlmProvidersTest.config;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.chat.answer.GenerationException;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.llm.FakeLlmServer.Reply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * How the providers fail: retries that are bounded and only before anything streamed, timeouts, malformed
 * streams and errors inside the stream, each a one-line {@link GenerationException} that never carries the key
 * (nor does anything logged meanwhile).
 */
class LlmFailuresTest {

    private static Generator generator(LlmProvider p, FakeLlmServer server, String prefix, String model) {
        return Generators.of(config(p, server.baseUrl(prefix), model));
    }

    /** Runs {@code body} with System.err captured (slf4j-simple writes there) and returns what was written. */
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

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void a_429_is_retried_then_the_answer_streams() throws Exception {
        Reply tooMany = FakeLlmServer.status(
                429,
                "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}",
                Map.of("Retry-After", "0"));
        Reply ok = FakeLlmServer.sse(List.of(FakeLlmServer.openAiChunk("fine [1]"), "[DONE]"), FakeLlmServer.NO_HOOK);
        try (FakeLlmServer server = new FakeLlmServer(List.of(tooMany, ok))) {
            assertThat(generator(LlmProvider.OPENAI, server, "/v1", "m").generate(INPUT, t -> {}))
                    .isEqualTo("fine [1]");
            assertThat(server.requests).hasSize(2);
        }
    }

    @Test
    void gemini_retries_a_429_in_its_array_error_form() throws Exception {
        Reply tooMany = FakeLlmServer.status(
                429,
                "[{\"error\":{\"code\":429,\"message\":\"Resource has been exhausted\",\"status\":\"RESOURCE_EXHAUSTED\"}}]",
                Map.of());
        Reply ok = FakeLlmServer.sse(
                List.of(FakeLlmServer.geminiChunk("ok [1]"), FakeLlmServer.geminiFinish()), FakeLlmServer.NO_HOOK);
        try (FakeLlmServer server = new FakeLlmServer(List.of(tooMany, ok))) {
            assertThat(generator(LlmProvider.GEMINI, server, "/v1beta", "gemini-test")
                            .generate(INPUT, t -> {}))
                    .isEqualTo("ok [1]");
            assertThat(server.requests).hasSize(2);
        }
    }

    @Test
    void a_5xx_is_retried_a_bounded_number_of_times_without_leaking_the_key() throws Exception {
        Reply down =
                FakeLlmServer.status(503, "{\"error\":{\"message\":\"overloaded for key " + KEY + "\"}}", Map.of());
        try (FakeLlmServer server = new FakeLlmServer(List.of(down))) {
            Generator g = generator(LlmProvider.OPENAI, server, "/v1", "m");
            String logged = stderrOf(() -> assertThatThrownBy(() -> g.generate(INPUT, t -> {}))
                    .isInstanceOf(GenerationException.class)
                    .hasMessageContaining("HTTP 503 — overloaded for key ***")
                    .hasMessageContaining("after 3 attempts")
                    .hasMessageNotContaining(KEY)
                    .satisfies(e -> assertThat(causes(e)).doesNotContain(KEY)));
            assertThat(logged).doesNotContain(KEY);
            assertThat(server.requests).hasSize(3);
        }
    }

    @Test
    void each_provider_reports_its_http_error_in_one_line() throws Exception {
        record Case(LlmProvider provider, String prefix, String model, String body, String expected) {}
        List<Case> cases = List.of(
                new Case(
                        LlmProvider.ANTHROPIC,
                        "/v1",
                        "claude-test",
                        "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}",
                        "HTTP 401 — invalid x-api-key"),
                new Case(
                        LlmProvider.OLLAMA,
                        "",
                        "nope",
                        "{\"error\":\"model \\\"nope\\\" not found, try pulling it first\"}",
                        "HTTP 404 — model \"nope\" not found, try pulling it first"),
                new Case(
                        LlmProvider.MISTRAL,
                        "/v1",
                        "m",
                        "{\"message\":\"Unauthorized\",\"request_id\":\"abc\"}",
                        "HTTP 401 — Unauthorized"),
                new Case(
                        LlmProvider.AZURE,
                        "",
                        "dep",
                        "{\"error\":{\"code\":\"DeploymentNotFound\",\"message\":\"The API deployment for this resource\\n"
                                + "does not exist.\"}}",
                        "HTTP 404 — The API deployment for this resource does not exist."));
        for (Case c : cases) {
            int status = Integer.parseInt(c.expected().substring(5, 8));
            try (FakeLlmServer server = new FakeLlmServer(List.of(FakeLlmServer.status(status, c.body(), Map.of())))) {
                Generator g = generator(c.provider(), server, c.prefix(), c.model());
                assertThatThrownBy(() -> g.generate(INPUT, t -> {}))
                        .as(c.provider().id())
                        .isInstanceOf(GenerationException.class)
                        .hasMessage(c.expected());
                assertThat(server.requests).as("a 4xx is not retried").hasSize(1);
            }
        }
    }

    @Test
    void a_stream_that_goes_silent_times_out_and_is_not_retried_once_something_streamed() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Reply stall = FakeLlmServer.sse(
                List.of(FakeLlmServer.openAiChunk("partial"), FakeLlmServer.openAiChunk("never")), i -> {
                    if (i == 1) {
                        release.await(30, TimeUnit.SECONDS);
                    }
                });
        try (FakeLlmServer server = new FakeLlmServer(List.of(stall))) {
            LlmConfig cfg = config(LlmProvider.OPENAI, server.baseUrl("/v1"), "m")
                    .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofMillis(300));
            List<String> tokens = new ArrayList<>();
            assertThatThrownBy(() -> Generators.of(cfg).generate(INPUT, tokens::add))
                    .hasMessage("the model went silent for 0.3 s while streaming");
            assertThat(tokens).containsExactly("partial");
            assertThat(server.requests).hasSize(1);
        } finally {
            release.countDown();
        }
    }

    @Test
    void silence_before_the_first_token_is_retried() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (FakeLlmServer server = new FakeLlmServer(List.of(FakeLlmServer.silentAfterHeaders(release)))) {
            LlmConfig cfg = config(LlmProvider.OLLAMA, server.baseUrl(""), "m")
                    .withRetries(1, Duration.ofMillis(1))
                    .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofMillis(300));
            assertThatThrownBy(() -> Generators.of(cfg).generate(INPUT, t -> {}))
                    .hasMessage("the model went silent for 0.3 s while streaming (after 2 attempts)");
            assertThat(server.requests).hasSize(2);
        } finally {
            release.countDown();
        }
    }

    @Test
    void no_response_headers_within_the_first_token_timeout() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (FakeLlmServer server = new FakeLlmServer(List.of(FakeLlmServer.noHeaders(release)))) {
            LlmConfig cfg = config(LlmProvider.ANTHROPIC, server.baseUrl("/v1"), "claude-test")
                    .withRetries(0, Duration.ofMillis(1))
                    .withTimeouts(Duration.ofSeconds(2), Duration.ofMillis(300), Duration.ofSeconds(5));
            assertThatThrownBy(() -> Generators.of(cfg).generate(INPUT, t -> {}))
                    .isInstanceOf(GenerationException.class)
                    .hasMessageStartingWith("no response from http://127.0.0.1:")
                    .hasMessageEndingWith("/v1 within 0.3 s (after 1 attempts)");
        } finally {
            release.countDown();
        }
    }

    @Test
    void an_unreachable_endpoint_fails_with_a_one_line_reason() {
        LlmConfig cfg =
                config(LlmProvider.MISTRAL, "http://127.0.0.1:9/v1", "m").withRetries(1, Duration.ofMillis(1));
        assertThatThrownBy(() -> Generators.of(cfg).generate(INPUT, t -> {}))
                .isInstanceOf(GenerationException.class)
                .hasMessage("cannot connect to http://127.0.0.1:9/v1 (after 2 attempts)");
    }

    /** message_start, content_block_start, ping, one delta ("half "), and the rest. */
    private static final List<FakeLlmServer.Named> ANTHROPIC_HALF = FakeLlmServer.anthropicStream(List.of("half "));

    @Test
    void malformed_streams_fail_without_retry() throws Exception {
        record Case(LlmProvider provider, String prefix, Reply reply) {}
        List<Case> cases = List.of(
                new Case(
                        LlmProvider.OPENAI,
                        "/v1",
                        FakeLlmServer.sse(
                                List.of(FakeLlmServer.openAiChunk("half "), "{\"choices\":[{\"delta\":", "[DONE]"),
                                FakeLlmServer.NO_HOOK)),
                new Case(
                        LlmProvider.OLLAMA,
                        "",
                        FakeLlmServer.ndjson(
                                List.of(FakeLlmServer.ollamaLine("half "), "{\"message\": nope"),
                                FakeLlmServer.NO_HOOK)),
                new Case(
                        LlmProvider.ANTHROPIC,
                        "/v1",
                        FakeLlmServer.namedSse(
                                List.of(
                                        ANTHROPIC_HALF.get(0),
                                        ANTHROPIC_HALF.get(1),
                                        ANTHROPIC_HALF.get(3),
                                        new FakeLlmServer.Named("content_block_delta", "{\"type\":")),
                                FakeLlmServer.NO_HOOK)),
                new Case(
                        LlmProvider.GEMINI,
                        "/v1beta",
                        FakeLlmServer.sse(
                                List.of(FakeLlmServer.geminiChunk("half "), "{\"candidates\": ["),
                                FakeLlmServer.NO_HOOK)));
        for (Case c : cases) {
            try (FakeLlmServer server = new FakeLlmServer(List.of(c.reply()))) {
                Generator g = generator(c.provider(), server, c.prefix(), "m");
                List<String> tokens = new ArrayList<>();
                assertThatThrownBy(() -> g.generate(INPUT, tokens::add))
                        .as(c.provider().id())
                        .isInstanceOf(GenerationException.class)
                        .hasMessage("the model sent a malformed stream")
                        .hasMessageNotContaining("\n")
                        .satisfies(e -> assertThat(((GenerationException) e).retryable())
                                .isFalse());
                assertThat(tokens).as(c.provider().id()).containsExactly("half ");
                assertThat(server.requests).hasSize(1);
            }
        }
    }

    @Test
    void errors_sent_inside_the_stream_are_reported() throws Exception {
        Reply anthropic = FakeLlmServer.namedSse(
                List.of(new FakeLlmServer.Named(
                        "error",
                        "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}")),
                FakeLlmServer.NO_HOOK);
        try (FakeLlmServer server = new FakeLlmServer(List.of(anthropic))) {
            assertThatThrownBy(() ->
                            generator(LlmProvider.ANTHROPIC, server, "/v1", "c").generate(INPUT, t -> {}))
                    .hasMessageContaining("Overloaded");
        }
        Reply ollama =
                FakeLlmServer.ndjson(List.of("{\"error\":\"out of memory " + KEY + "\"}"), FakeLlmServer.NO_HOOK);
        try (FakeLlmServer server = new FakeLlmServer(List.of(ollama))) {
            assertThatThrownBy(
                            () -> generator(LlmProvider.OLLAMA, server, "", "q").generate(INPUT, t -> {}))
                    .hasMessageContaining("out of memory ***")
                    .hasMessageNotContaining(KEY);
        }
    }

    @Test
    void gemini_reports_a_blocked_prompt() throws Exception {
        Reply blocked =
                FakeLlmServer.sse(List.of("{\"promptFeedback\":{\"blockReason\":\"SAFETY\"}}"), FakeLlmServer.NO_HOOK);
        try (FakeLlmServer server = new FakeLlmServer(List.of(blocked))) {
            Generator g = generator(LlmProvider.GEMINI, server, "/v1beta", "gemini-test");
            assertThatThrownBy(() -> g.generate(INPUT, t -> {}))
                    .isInstanceOf(GenerationException.class)
                    .satisfies(e ->
                            assertThat(((GenerationException) e).retryable()).isFalse());
        }
    }

    @Test
    void an_oversized_error_body_is_cut() throws Exception {
        String huge = "{\"error\":{\"message\":\"" + "x".repeat(100_000) + "\"}}";
        try (FakeLlmServer server = new FakeLlmServer(List.of(FakeLlmServer.status(400, huge, Map.of())))) {
            assertThatThrownBy(() ->
                            generator(LlmProvider.OPENAI, server, "/v1", "m").generate(INPUT, t -> {}))
                    .hasMessage("HTTP 400");
        }
    }

    private static String causes(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            sb.append(t).append('\n');
        }
        return sb.toString();
    }
}
