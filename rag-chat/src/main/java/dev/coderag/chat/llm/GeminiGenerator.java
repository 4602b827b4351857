package dev.coderag.chat.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.chat.answer.GenerationException;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.answer.Prompts;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Google Gemini {@code POST {base}/models/{model}:streamGenerateContent?alt=sse}. The key travels in the
 * {@code x-goog-api-key} header, never in the URL (URLs end up in logs). Reads
 * {@code candidates[0].content.parts[*].text} from each SSE event; accepts the non-SSE JSON array form too.
 */
public final class GeminiGenerator implements Generator {
    private final LlmConfig config;
    private final HttpClient client;
    private final URI uri;

    GeminiGenerator(LlmConfig config, HttpClient client) {
        this.config = config;
        this.client = client;
        this.uri = URI.create(LlmHttp.stripTrailingSlash(config.baseUrl()) + "/models/"
                + URLEncoder.encode(config.model(), StandardCharsets.UTF_8) + ":streamGenerateContent?alt=sse");
    }

    @Override
    public LlmProvider provider() {
        return LlmProvider.GEMINI;
    }

    @Override
    public String generate(GenerationInput input, Consumer<String> onToken) {
        Map<String, String> auth = config.apiKey().isEmpty() ? Map.of() : Map.of("x-goog-api-key", config.apiKey());
        return LlmHttp.stream(client, config, uri, auth, body(input), onToken, out -> new LlmHttp.BodyHandler() {
            @Override
            public void event(SseParser.Event event) {
                emit(LlmHttp.parse(event.data()), out);
            }

            @Override
            public void whole(String body) {
                JsonNode root = LlmHttp.parse(body);
                if (root.isArray()) {
                    root.forEach(r -> emit(r, out));
                } else {
                    emit(root, out);
                }
            }
        });
    }

    private void emit(JsonNode response, Consumer<String> out) {
        if (response.has("error")) {
            throw new GenerationException(
                    "the model reported an error" + LlmHttp.errorDetail(response.toString(), config.apiKey()), false);
        }
        String blocked = response.path("promptFeedback").path("blockReason").asText("");
        if (!blocked.isEmpty()) {
            throw new GenerationException("the model refused the prompt (" + blocked + ")", false);
        }
        for (JsonNode part : response.path("candidates").path(0).path("content").path("parts")) {
            if (part.path("text").isTextual() && !part.path("thought").asBoolean(false)) {
                out.accept(part.path("text").asText());
            }
        }
    }

    String body(GenerationInput input) {
        ObjectNode root = LlmHttp.JSON.createObjectNode();
        root.putObject("systemInstruction").putArray("parts").addObject().put("text", Prompts.SYSTEM);
        ArrayNode contents = root.putArray("contents");
        input.history().stream()
                .skip(Math.max(0, input.history().size() - Prompts.HISTORY_TURNS))
                .forEach(t -> {
                    contents.addObject()
                            .put("role", "user")
                            .putArray("parts")
                            .addObject()
                            .put("text", t.question());
                    contents.addObject()
                            .put("role", "model")
                            .putArray("parts")
                            .addObject()
                            .put("text", Prompts.truncateAnswer(t.answer()));
                });
        contents.addObject().put("role", "user").putArray("parts").addObject().put("text", Prompts.user(input));
        root.putObject("generationConfig").put("temperature", 0.1);
        return root.toString();
    }
}
