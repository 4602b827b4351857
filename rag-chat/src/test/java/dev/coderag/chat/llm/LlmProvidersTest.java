package dev.coderag.chat.llm;

import static dev.coderag.retrieval.TestChunks.code;
import static dev.coderag.retrieval.TestChunks.hit;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.answer.ContextBuilder;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.llm.FakeLlmServer.EventHook;
import dev.coderag.chat.llm.FakeLlmServer.Reply;
import dev.coderag.retrieval.AnswerStyle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Each provider streams an answer from a local server speaking its real wire protocol: the request the client
 * sent (method, path, auth header, model, messages) and the answer arriving token by token. The server holds back
 * the second piece of text until the client has passed on the first: only a streaming client can pass.
 */
class LlmProvidersTest {
    static final String KEY = "sk-test-secret-key-123";
    static final ObjectMapper JSON = new ObjectMapper();

    static final Generator.GenerationInput INPUT = new Generator.GenerationInput(
            "where is parse_header implemented?",
            AnswerStyle.DEFINITION,
            ContextBuilder.build(List.of(hit(code("src/http.py", "parse_header", "Parses.", 10, 24), 0.8)), 2000),
            List.of(),
            List.of(new Generator.Turn("what does the project do?", "It parses HTTP [1].")));

    static final String QUESTION_LINE = "Question: where is parse_header implemented?";
    static final String CONTEXT_LINE = "[1] src/http.py:10-24 (parse_header, python)";

    static LlmConfig config(LlmProvider p, String url, String model) {
        return LlmConfig.of(p, url, model, KEY)
                .withRetries(2, Duration.ofMillis(5))
                .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    /** What one streamed answer gave: the tokens as they reached the sink, the whole text, the request. */
    record Streamed(List<String> tokens, String text, FakeLlmServer.Recorded request, JsonNode body) {}

    /**
     * Runs one generation against a server that answers with {@code replyFor(hook)}, where {@code hook} blocks the
     * second text piece (at index {@code secondTextAt}) until the first token reached the sink.
     */
    static Streamed stream(
            LlmProvider provider, String prefix, String model, int secondTextAt, Function<EventHook, Reply> replyFor)
            throws Exception {
        CountDownLatch firstTokenSeen = new CountDownLatch(1);
        EventHook hook = i -> {
            if (i == secondTextAt && !firstTokenSeen.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("client did not stream");
            }
        };
        try (FakeLlmServer server = new FakeLlmServer(List.of(replyFor.apply(hook)))) {
            List<String> tokens = new ArrayList<>();
            Generator g = Generators.of(config(provider, server.baseUrl(prefix), model));
            String text = g.generate(INPUT, t -> {
                tokens.add(t);
                firstTokenSeen.countDown();
            });
            assertThat(g.provider()).isEqualTo(provider);
            assertThat(server.requests).hasSize(1);
            FakeLlmServer.Recorded req = server.requests.getFirst();
            assertThat(req.method()).isEqualTo("POST");
            return new Streamed(tokens, text, req, JSON.readTree(req.body()));
        }
    }

    /** A message's text: a string, or (Mistral) an array of {@code {"type":"text","text":…}} parts. */
    static String text(JsonNode content) {
        if (!content.isArray()) {
            return content.asText();
        }
        StringBuilder sb = new StringBuilder();
        content.forEach(part -> sb.append(part.path("text").asText()));
        return sb.toString();
    }

    /** OpenAI-style {@code messages}: system prompt, the earlier turn, then the context and the question. */
    static void assertChatMessages(JsonNode messages) {
        assertThat(messages.get(0).path("role").asText()).isEqualTo("system");
        assertThat(text(messages.get(0).path("content"))).contains("citations").contains(ChatResponse.REFUSAL);
        assertThat(messages.get(1).path("role").asText()).isEqualTo("user");
        assertThat(text(messages.get(1).path("content"))).isEqualTo("what does the project do?");
        assertThat(messages.get(2).path("role").asText()).isEqualTo("assistant");
        assertThat(text(messages.get(2).path("content"))).isEqualTo("It parses HTTP [1].");
        assertThat(messages.get(3).path("role").asText()).isEqualTo("user");
        assertThat(text(messages.get(3).path("content"))).contains(CONTEXT_LINE).endsWith(QUESTION_LINE);
        assertThat(messages).hasSize(4);
    }

    @Test
    void openai_streams_chat_completion_chunks() throws Exception {
        Streamed s = stream(
                LlmProvider.OPENAI,
                "/v1/",
                "test-model",
                1,
                hook -> FakeLlmServer.sse(
                        List.of(
                                FakeLlmServer.openAiChunk("It is in "),
                                FakeLlmServer.openAiChunk("`parse_header` [1]."),
                                FakeLlmServer.openAiFinish(),
                                "[DONE]"),
                        hook));
        assertThat(s.tokens()).containsExactly("It is in ", "`parse_header` [1].");
        assertThat(s.text()).isEqualTo("It is in `parse_header` [1].");
        assertThat(s.request().path()).isEqualTo("/v1/chat/completions");
        assertThat(s.request().header("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(s.body().path("model").asText()).isEqualTo("test-model");
        assertThat(s.body().path("stream").asBoolean()).isTrue();
        assertThat(s.body().path("temperature").asDouble()).isEqualTo(0.1);
        assertChatMessages(s.body().path("messages"));
    }

    @Test
    void azure_openai_streams_from_a_deployment_with_the_key_in_an_api_key_header() throws Exception {
        // Azure's first chunk carries only the prompt filter results and no choices
        String filterChunk = "{\"choices\":[],\"created\":0,\"id\":\"\",\"model\":\"\",\"object\":\"\","
                + "\"prompt_filter_results\":[{\"prompt_index\":0,\"content_filter_results\":{}}]}";
        Streamed s = stream(
                LlmProvider.AZURE,
                "",
                "gpt4o-deploy",
                2,
                hook -> FakeLlmServer.sse(
                        List.of(
                                filterChunk,
                                FakeLlmServer.openAiChunk("Azure says "),
                                FakeLlmServer.openAiChunk("[1]."),
                                FakeLlmServer.openAiFinish(),
                                "[DONE]"),
                        hook));
        assertThat(s.tokens()).containsExactly("Azure says ", "[1].");
        assertThat(s.request().path()).isEqualTo("/openai/deployments/gpt4o-deploy/chat/completions");
        assertThat(s.request().query()).isEqualTo("api-version=" + LlmConfig.AZURE_DEFAULT_API_VERSION);
        assertThat(s.request().header("api-key")).isEqualTo(KEY);
        assertThat(s.request().header("Authorization")).isNull();
        assertThat(s.body().path("stream").asBoolean()).isTrue();
        assertChatMessages(s.body().path("messages"));
    }

    @Test
    void mistral_streams_chat_completion_chunks() throws Exception {
        String first = "{\"id\":\"cmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":"
                + "\"mistral-test\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Le \"},"
                + "\"finish_reason\":null}]}";
        String last = "{\"id\":\"cmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":"
                + "\"mistral-test\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"parser [1].\"},"
                + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":50,\"total_tokens\":54,"
                + "\"completion_tokens\":4}}";
        Streamed s = stream(
                LlmProvider.MISTRAL,
                "/v1",
                "mistral-test",
                1,
                hook -> FakeLlmServer.sse(List.of(first, last, "[DONE]"), hook));
        assertThat(s.tokens()).containsExactly("Le ", "parser [1].");
        assertThat(s.request().path()).isEqualTo("/v1/chat/completions");
        assertThat(s.request().header("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(s.body().path("model").asText()).isEqualTo("mistral-test");
        assertThat(s.body().path("stream").asBoolean()).isTrue();
        assertChatMessages(s.body().path("messages"));
    }

    @Test
    void ollama_streams_ndjson_from_its_native_chat_api() throws Exception {
        Streamed s = stream(
                LlmProvider.OLLAMA,
                "",
                "qwen-test",
                1,
                hook -> FakeLlmServer.ndjson(
                        List.of(
                                FakeLlmServer.ollamaLine("Ollama found "),
                                FakeLlmServer.ollamaLine("it [1]."),
                                FakeLlmServer.ollamaDone()),
                        hook));
        assertThat(s.tokens()).containsExactly("Ollama found ", "it [1].");
        assertThat(s.request().path()).isEqualTo("/api/chat");
        assertThat(s.request().header("Authorization")).isEqualTo("Bearer " + KEY); // e.g. behind a proxy
        assertThat(s.body().path("model").asText()).isEqualTo("qwen-test");
        assertThat(s.body().path("stream").asBoolean()).isTrue();
        assertThat(s.body().at("/options/temperature").asDouble()).isEqualTo(0.1);
        assertChatMessages(s.body().path("messages"));
    }

    @Test
    void anthropic_streams_message_events() throws Exception {
        List<FakeLlmServer.Named> events = FakeLlmServer.anthropicStream(List.of("Claude: ", "`parse_header` [1]."));
        int secondDelta = 4; // message_start, content_block_start, ping, first delta
        Streamed s = stream(
                LlmProvider.ANTHROPIC, "/v1", "claude-test", secondDelta, hook -> FakeLlmServer.namedSse(events, hook));
        assertThat(s.tokens()).containsExactly("Claude: ", "`parse_header` [1].");
        assertThat(s.request().path()).isEqualTo("/v1/messages");
        assertThat(s.request().header("x-api-key")).isEqualTo(KEY);
        assertThat(s.request().header("anthropic-version")).isNotBlank();
        assertThat(s.request().header("Authorization")).isNull();
        JsonNode body = s.body();
        assertThat(body.path("model").asText()).isEqualTo("claude-test");
        assertThat(body.path("stream").asBoolean()).isTrue();
        assertThat(body.path("max_tokens").asInt()).isEqualTo(ChatModels.ANTHROPIC_MAX_TOKENS);
        assertThat(body.path("system").toString()).contains("citations");
        JsonNode messages = body.path("messages");
        assertThat(messages).hasSize(3);
        assertThat(messages.get(0).path("role").asText()).isEqualTo("user");
        assertThat(messages.get(0).toString()).contains("what does the project do?");
        assertThat(messages.get(1).path("role").asText()).isEqualTo("assistant");
        assertThat(messages.get(2).toString()).contains(CONTEXT_LINE).contains("where is parse_header implemented?");
    }

    @Test
    void gemini_streams_generate_content_events_with_the_key_in_a_header() throws Exception {
        String thought = "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Let me think\",\"thought\":true}],"
                + "\"role\":\"model\"},\"index\":0}]}";
        Streamed s = stream(
                LlmProvider.GEMINI,
                "/v1beta",
                "gemini-test",
                2,
                hook -> FakeLlmServer.sse(
                        List.of(
                                thought,
                                FakeLlmServer.geminiChunk("Defined in "),
                                FakeLlmServer.geminiChunk("`src/http.py` [1]."),
                                FakeLlmServer.geminiFinish()),
                        hook));
        assertThat(s.tokens()).containsExactly("Defined in ", "`src/http.py` [1].");
        assertThat(s.text()).doesNotContain("Let me think");
        assertThat(s.request().path()).isEqualTo("/v1beta/models/gemini-test:streamGenerateContent");
        assertThat(s.request().query()).isEqualTo("alt=sse");
        assertThat(s.request().header("x-goog-api-key")).isEqualTo(KEY);
        JsonNode body = s.body();
        assertThat(body.at("/systemInstruction/parts/0/text").asText()).contains("citations");
        JsonNode contents = body.path("contents");
        assertThat(contents).hasSize(3);
        assertThat(contents.get(0).path("role").asText()).isEqualTo("user");
        assertThat(contents.get(0).at("/parts/0/text").asText()).isEqualTo("what does the project do?");
        assertThat(contents.get(1).path("role").asText()).isEqualTo("model");
        assertThat(contents.get(2).at("/parts/0/text").asText())
                .contains(CONTEXT_LINE)
                .endsWith(QUESTION_LINE);
        assertThat(body.at("/generationConfig/temperature").asDouble()).isEqualTo(0.1);
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

    @Test
    void every_provider_but_none_has_a_generator_and_defaults() {
        for (LlmProvider p : LlmProvider.values()) {
            LlmConfig.Defaults d = LlmConfig.defaults(p);
            if (p == LlmProvider.NONE) {
                assertThat(Generators.of(LlmConfig.NONE).provider()).isEqualTo(LlmProvider.NONE);
                continue;
            }
            String url = d.baseUrl().isEmpty() ? "https://example.openai.azure.com" : d.baseUrl();
            String model = d.model().isEmpty() ? "deployment" : d.model();
            assertThat(Generators.of(LlmConfig.of(p, url, model, KEY)).provider())
                    .isEqualTo(p);
        }
    }
}
