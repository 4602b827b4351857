package dev.coderag.chat;

import dev.coderag.retrieval.AnswerStyle;
import dev.coderag.retrieval.CallRelation;
import java.util.List;
import java.util.function.Consumer;

/**
 * Writes the answer text from the retrieved context. Implementations are thread-safe.
 *
 * <p>Contract: tokens are passed to {@code onToken} as they are produced; the return value is the whole text
 * (the concatenation of the tokens). Failure is a {@link GenerationException}; it is retried inside the
 * generator only while nothing has been streamed.
 */
sealed interface Generator permits ExtractiveGenerator, OpenAiGenerator, GeminiGenerator {

    LlmProvider provider();

    String generate(GenerationInput input, Consumer<String> onToken);

    /** The generator a configuration asks for. */
    static Generator of(LlmConfig config) {
        return switch (config.provider()) {
            case NONE -> new ExtractiveGenerator();
            case OPENAI -> new OpenAiGenerator(config, LlmHttp.client(config));
            case GEMINI -> new GeminiGenerator(config, LlmHttp.client(config));
        };
    }

    /** A previous question and answer of the same chat. */
    record Turn(String question, String answer) {}

    /**
     * What a generator works from.
     *
     * @param blocks numbered context, most relevant first
     * @param relations call edges found for relationship questions
     * @param history earlier turns of the chat, oldest first
     */
    record GenerationInput(
            String question,
            AnswerStyle answerStyle,
            List<ContextBlock> blocks,
            List<CallRelation> relations,
            List<Turn> history) {
        public GenerationInput {
            blocks = List.copyOf(blocks);
            relations = List.copyOf(relations);
            history = List.copyOf(history);
        }
    }
}
