package dev.coderag.chat.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.chat.answer.GenerationException;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.answer.Prompts;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Map;
import java.util.function.Consumer;

/**
 * OpenAI-compatible {@code POST {base}/chat/completions} with {@code "stream": true}: OpenAI, Ollama, llama.cpp
 * server, vLLM, LM Studio. Reads {@code choices[0].delta.content} from each SSE chunk until {@code [DONE]};
 * accepts a non-streaming JSON reply too.
 */
public final class OpenAiGenerator implements Generator {
    private final LlmConfig config;
    private final HttpClient client;
    private final URI uri;

    OpenAiGenerator(LlmConfig config, HttpClient client) {
        this.config = config;
        this.client = client;
        this.uri = URI.create(LlmHttp.stripTrailingSlash(config.baseUrl()) + "/chat/completions");
    }

    @Override
    public LlmProvider provider() {
        return LlmProvider.OPENAI;
    }

    @Override
    public String generate(GenerationInput input, Consumer<String> onToken) {
        Map<String, String> auth =
                config.apiKey().isEmpty() ? Map.of() : Map.of("Authorization", "Bearer " + config.apiKey());
        return LlmHttp.stream(client, config, uri, auth, body(input), onToken, out -> new LlmHttp.BodyHandler() {
            private boolean done;

            @Override
            public void event(SseParser.Event event) {
                if (done) {
                    return;
                }
                String data = event.data().strip();
                if (data.equals("[DONE]")) {
                    done = true;
                    return;
                }
                JsonNode chunk = LlmHttp.parse(data);
                if (chunk.has("error")) {
                    throw new GenerationException(
                            "the model reported an error" + LlmHttp.errorDetail(data, config.apiKey()), false);
                }
                JsonNode content = chunk.path("choices").path(0).path("delta").path("content");
                if (content.isTextual()) {
                    out.accept(content.asText());
                }
            }

            @Override
            public void whole(String body) {
                JsonNode content = LlmHttp.parse(body)
                        .path("choices")
                        .path(0)
                        .path("message")
                        .path("content");
                if (!content.isTextual()) {
                    throw new GenerationException("the reply has no choices[0].message.content", false);
                }
                out.accept(content.asText());
            }
        });
    }

    String body(GenerationInput input) {
        ObjectNode root = LlmHttp.JSON.createObjectNode();
        root.put("model", config.model());
        root.put("stream", true);
        root.put("temperature", 0.1);
        ArrayNode messages = root.putArray("messages");
        messages.addObject().put("role", "system").put("content", Prompts.SYSTEM);
        input.history().stream()
                .skip(Math.max(0, input.history().size() - Prompts.HISTORY_TURNS))
                .forEach(t -> {
                    messages.addObject().put("role", "user").put("content", t.question());
                    messages.addObject().put("role", "assistant").put("content", Prompts.truncateAnswer(t.answer()));
                });
        messages.addObject().put("role", "user").put("content", Prompts.user(input));
        return root.toString();
    }
}
