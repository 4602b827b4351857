package dev.coderag.chat;

import java.util.List;

/**
 * One message of a stored chat, as {@code GET /api/chats/{id}/messages} returns it.
 *
 * @param role who wrote it
 * @param content the question, or the answer's Markdown
 * @param sources for assistant messages, the answer's sources (empty for user messages)
 * @param intent for assistant messages, the classified intent (null for user messages)
 * @param createdAt ISO-8601 instant
 * @param trace for assistant messages, how the answer was produced (null for user messages and for answers saved
 *     before traces were kept)
 */
public record ChatMessage(
        MessageRole role,
        String content,
        List<Source> sources,
        IntentInfo intent,
        List<String> warnings,
        String createdAt,
        Trace trace) {
    public ChatMessage {
        sources = List.copyOf(sources);
        warnings = List.copyOf(warnings);
    }
}
