package dev.coderag.chat.answer;

import dev.coderag.retrieval.AnswerStyle;
import dev.coderag.retrieval.CallRelation;
import java.util.List;
import java.util.function.Consumer;

/**
 * Writes the answer text from the retrieved context. Implementations are thread-safe.
 *
 * <p>Contract: tokens are passed to {@code onToken} as they are produced; the return value is the whole text
 * (the concatenation of the tokens). Failure is a {@link GenerationException}; it is retried inside the
 * generator only while nothing has been streamed. Which generator runs is {@link LlmProvider}, a closed set;
 * {@code dev.coderag.chat.llm.Generators} builds them.
 */
public interface Generator {

    /** The answer when nothing relevant clears the relevance floor, word for word. */
    String REFUSAL = "I could not find this information in the repository based on the indexed files.";

    LlmProvider provider();

    String generate(GenerationInput input, Consumer<String> onToken);

    /** A previous question and answer of the same chat. */
    public record Turn(String question, String answer) {}

    /**
     * What a generator works from.
     *
     * @param blocks numbered context, most relevant first
     * @param relations call edges found for relationship questions
     * @param history earlier turns of the chat, oldest first
     * @param subject chunk id of the one definition the question names, when retrieval resolved one: the only
     *     symbol an answer may say has no callers
     * @param unplacedCallers calls of the subject's name the call graph could not tell apart from calls of its
     *     namesakes; above 0, the answer says the callers are uncertain rather than that there are none
     */
    public record GenerationInput(
            String question,
            AnswerStyle answerStyle,
            List<ContextBlock> blocks,
            List<CallRelation> relations,
            List<Turn> history,
            java.util.Optional<String> subject,
            int unplacedCallers) {
        public GenerationInput {
            blocks = List.copyOf(blocks);
            relations = List.copyOf(relations);
            history = List.copyOf(history);
            java.util.Objects.requireNonNull(subject, "subject");
        }

        /** Without a resolved subject. */
        public GenerationInput(
                String question,
                AnswerStyle answerStyle,
                List<ContextBlock> blocks,
                List<CallRelation> relations,
                List<Turn> history) {
            this(question, answerStyle, blocks, relations, history, java.util.Optional.empty(), 0);
        }

        /** With a resolved subject whose callers are all placed. */
        public GenerationInput(
                String question,
                AnswerStyle answerStyle,
                List<ContextBlock> blocks,
                List<CallRelation> relations,
                List<Turn> history,
                java.util.Optional<String> subject) {
            this(question, answerStyle, blocks, relations, history, subject, 0);
        }
    }
}
