package dev.coderag.chat;

import dev.coderag.chat.answer.Generator;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answer to a {@link ChatRequest}; its JSON form (snake_case) is the {@code /api/chat} contract, also
 * printed by {@code ./rag ask --json}: {@code {"answer", "sources", "intent", "trace", "chat_id"}} plus
 * {@code warnings}, {@code refused} and {@code freshness}.
 *
 * @param answer Markdown; cites sources as {@code [n]}
 * @param warnings user-visible problems that did not stop the answer (e.g. the LLM failed, extractive used; a
 *     repository is still being indexed: {@link IndexNotices})
 * @param refused true when nothing relevant was found and the answer is the refusal sentence, or when a
 *     repository it would draw on is stale and the server refuses such answers ({@link StalePolicy#REFUSE})
 * @param freshness how fresh the index of each repository its sources come from is, by name, for a server that
 *     watches them ({@link IndexNotices#freshness}); empty otherwise
 */
public record ChatResponse(
        String answer,
        List<Source> sources,
        IntentInfo intent,
        Trace trace,
        String chatId,
        List<String> warnings,
        boolean refused,
        Map<String, Freshness> freshness) {

    /** The answer when nothing relevant clears the relevance floor, word for word. */
    public static final String REFUSAL = Generator.REFUSAL;

    public ChatResponse {
        sources = List.copyOf(sources);
        warnings = List.copyOf(warnings);
        freshness = freshness == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(freshness));
    }

    /** An answer without freshness (no watcher). */
    public ChatResponse(
            String answer,
            List<Source> sources,
            IntentInfo intent,
            Trace trace,
            String chatId,
            List<String> warnings,
            boolean refused) {
        this(answer, sources, intent, trace, chatId, warnings, refused, Map.of());
    }
}
