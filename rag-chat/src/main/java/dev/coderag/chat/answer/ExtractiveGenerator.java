package dev.coderag.chat.answer;

import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The default generator: no model, no network. It composes a short answer from the retrieved chunks, per
 * {@link dev.coderag.retrieval.AnswerStyle} (which each intent's route names): for an implementation question
 * what the best match is and does, with its callers and callees when the call graph shows them
 * ({@link DefinitionAnswer}); for a relationship question the callers, product code first
 * ({@link RelationsAnswer}); for usage and overview what the docs say and their steps quoted
 * ({@link DocsAnswer}); for a comparison one sentence per side and what differs ({@link ComparisonAnswer}); for a
 * question about the history the commit that answers it, with its id, date, author and message
 * ({@link HistoryAnswer}).
 *
 * <p>Contract: the text starts with {@link #PREFACE}; every statement taken from a source carries its
 * {@code [n]}; the first citation in the text is {@code [1]}, the best match (retrieval's order is kept: for
 * "how do I install it" the routing brings the README section first, and re-sorting would name another source);
 * with no sources the text is the refusal. Quoted text is bounded in lines and characters and cannot open HTML
 * (the Markdown is rendered with escaping). Deterministic, linear in the sources' text; thread-safe.
 */
public final class ExtractiveGenerator implements Generator {
    public static final String PREFACE =
            "Extractive answer (no language model configured): composed from the indexed code and docs it cites.";

    private static final Pattern PIECE = Pattern.compile("\\S+\\s*|\\s+");

    @Override
    public LlmProvider provider() {
        return LlmProvider.NONE;
    }

    @Override
    public String generate(GenerationInput input, Consumer<String> onToken) {
        String text = compose(input);
        // Stream word by word so clients see the same incremental protocol as with a model.
        Matcher m = PIECE.matcher(text);
        StringBuilder piece = new StringBuilder();
        int words = 0;
        while (m.find()) {
            piece.append(m.group());
            if (++words == 4) {
                onToken.accept(piece.toString());
                piece.setLength(0);
                words = 0;
            }
        }
        if (!piece.isEmpty()) {
            onToken.accept(piece.toString());
        }
        return text;
    }

    static String compose(GenerationInput input) {
        StringBuilder sb = new StringBuilder();
        sb.append(PREFACE).append("\n\n");
        if (input.blocks().isEmpty()) {
            return sb.append(Generator.REFUSAL).toString();
        }
        String body =
                switch (input.answerStyle()) {
                    case DEFINITION -> DefinitionAnswer.compose(input);
                    case DOCS_FIRST -> DocsAnswer.compose(input);
                    case RELATIONS -> RelationsAnswer.compose(input);
                    case COMPARISON -> ComparisonAnswer.compose(input);
                    case HISTORY -> HistoryAnswer.compose(input);
                };
        Set<Integer> cited = Citations.cited(body);
        if (cited.isEmpty() || cited.iterator().next() != 1) {
            // e.g. "who calls X" where X is not the best match: name the best match first, as source [1]
            body = "The best match: "
                    + Evidence.end(Evidence.describe(input.blocks().getFirst())) + "\n\n" + body;
        }
        return sb.append(body.strip()).toString();
    }
}
