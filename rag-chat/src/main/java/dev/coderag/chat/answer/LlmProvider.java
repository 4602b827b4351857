package dev.coderag.chat.answer;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Which {@link Generator} writes answers. {@link #id()} is the name used by {@code --llm} / {@code RAG_LLM}. */
public enum LlmProvider {
    /** Extractive answers from the retrieved chunks; no key, no network. The default. */
    NONE,
    /** Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio). */
    OPENAI,
    /** Google Gemini ({@code streamGenerateContent}). */
    GEMINI;

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
        throw new IllegalArgumentException("unknown LLM provider '" + id + "' (choose none, openai or gemini)");
    }
}
