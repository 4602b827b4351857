package dev.coderag.chat.llm;

import dev.coderag.chat.answer.ExtractiveGenerator;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;

/** Builds the {@link Generator} a configuration asks for: one per {@link LlmProvider}. */
public final class Generators {
    private Generators() {}

    /** The generator {@code config} asks for; the LLM clients share nothing with each other. */
    public static Generator of(LlmConfig config) {
        return switch (config.provider()) {
            case NONE -> new ExtractiveGenerator();
            case OPENAI -> new OpenAiGenerator(config, LlmHttp.client(config));
            case GEMINI -> new GeminiGenerator(config, LlmHttp.client(config));
        };
    }
}
