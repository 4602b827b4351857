package dev.coderag.chat.llm;

import dev.coderag.chat.answer.ExtractiveGenerator;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;

/** Builds the {@link Generator} a configuration asks for: one per {@link LlmProvider}. */
public final class Generators {
    private Generators() {}

    /**
     * The generator {@code config} asks for: extractive for NONE, otherwise the provider's LangChain4j chat model.
     *
     * @throws IllegalArgumentException when the provider's module refuses the settings (e.g. a missing key)
     */
    public static Generator of(LlmConfig config) {
        return switch (config.provider()) {
            case NONE -> new ExtractiveGenerator();
            case OPENAI, GEMINI, OLLAMA, ANTHROPIC, AZURE, MISTRAL ->
                new ChatModelGenerator(config, ChatModels.of(config));
        };
    }
}
