package dev.coderag.chat.answer;

import java.util.stream.Collectors;

/** The prompt text for language models. Pure. */
public final class Prompts {
    public static final int HISTORY_TURNS = 3;
    static final int HISTORY_ANSWER_CHARS = 1500;

    private Prompts() {}

    public static final String SYSTEM = """
            You are coderag, an assistant that answers questions about source code repositories.
            Rules:
            - Use only the numbered context blocks in the user's message; do not rely on outside knowledge \
            about these repositories.
            - Support every claim with citations of the blocks it comes from: their numbers in square brackets, \
            like [1] or [2, 3].
            - Write identifiers, file paths and short code in backticks; use fenced code blocks for longer code.
            - If the context does not contain the answer, reply exactly: "%s"
            - Be concise and concrete: name the files, functions and lines.
            """.formatted(Generator.REFUSAL);

    /** The final user message: context blocks, then the question. */
    public static String user(Generator.GenerationInput input) {
        String context = input.blocks().stream().map(ContextBlock::render).collect(Collectors.joining("\n\n"));
        StringBuilder sb = new StringBuilder(context.length() + input.question().length() + 64);
        sb.append("Context:\n\n").append(context).append("\n\n");
        if (!input.relations().isEmpty()) {
            sb.append("Call graph:\n");
            input.relations().stream().limit(20).forEach(r -> sb.append("- ")
                    .append(r.callerName())
                    .append(" calls ")
                    .append(r.calleeName())
                    .append('\n'));
            sb.append('\n');
        }
        sb.append("Question: ").append(input.question());
        return sb.toString();
    }

    public static String truncateAnswer(String answer) {
        return answer.length() <= HISTORY_ANSWER_CHARS ? answer : answer.substring(0, HISTORY_ANSWER_CHARS) + " …";
    }
}
