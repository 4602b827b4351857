package dev.coderag.chat;

import dev.coderag.chat.answer.Generator;
import java.util.List;

/**
 * The answer to a {@link ChatRequest}; its JSON form (snake_case) is the {@code /api/chat} contract, also
 * printed by {@code ./rag ask --json}: {@code {"answer", "sources", "intent", "trace", "chat_id"}} plus
 * {@code warnings} and {@code refused}.
 *
 * @param answer Markdown; cites sources as {@code [n]}
 * @param warnings user-visible problems that did not stop the answer (e.g. the LLM failed, extractive used; a
 *     repository is still being indexed: {@link IndexNotices})
 * @param refused true when nothing relevant was found and the answer is the refusal sentence
 */
public record ChatResponse(
        String answer,
        List<Source> sources,
        IntentInfo intent,
        Trace trace,
        String chatId,
        List<String> warnings,
        boolean refused) {

    /** The answer when nothing relevant clears the relevance floor, word for word. */
    public static final String REFUSAL = Generator.REFUSAL;

    public ChatResponse {
        sources = List.copyOf(sources);
        warnings = List.copyOf(warnings);
    }
}
