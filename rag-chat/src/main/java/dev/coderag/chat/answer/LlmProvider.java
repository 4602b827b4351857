package dev.coderag.chat.answer;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which {@link Generator} writes answers. {@link #id()} is the name used by {@code --llm} / {@code RAG_LLM}. */
public enum LlmProvider {
    /** Extractive answers from the retrieved chunks; no key, no network. The default. */
    NONE,
    /** Any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, LM Studio, llama.cpp, Ollama's /v1). */
    OPENAI,
    /** Google Gemini ({@code streamGenerateContent}). */
    GEMINI,
    /** Ollama's native API ({@code /api/chat}, newline-delimited JSON). */
    OLLAMA,
    /** Anthropic's Messages API. */
    ANTHROPIC,
    /** Azure OpenAI: a deployment's chat completions with an {@code api-key} header and an {@code api-version}. */
    AZURE,
    /** Mistral AI's chat completions. */
    MISTRAL;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@link #id()}; IllegalArgumentException naming the choices otherwise. */
    public static LlmProvider fromId(String id) {
        for (LlmProvider p : values()) {
            if (p.id().equalsIgnoreCase(id.strip())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown LLM provider '" + id + "' (choose " + choices() + ")");
    }

    /** "none, openai, …" in declaration order. */
    public static String choices() {
        return Arrays.stream(values()).map(LlmProvider::id).collect(Collectors.joining(", "));
    }
}
