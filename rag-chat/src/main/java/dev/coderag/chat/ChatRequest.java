package dev.coderag.chat;

import java.util.Objects;
import java.util.Optional;

/**
 * A question. {@code chatId} continues a stored conversation (its previous turns help retrieval); empty
 * starts a new one.
 */
public record ChatRequest(String query, Optional<String> repo, Optional<String> chatId) {
    public ChatRequest {
        Objects.requireNonNull(query, "query");
        repo = Objects.requireNonNullElse(repo, Optional.<String>empty()).filter(r -> !r.isBlank());
        chatId = Objects.requireNonNullElse(chatId, Optional.<String>empty()).filter(c -> !c.isBlank());
    }

    public static ChatRequest of(String query) {
        return new ChatRequest(query, Optional.empty(), Optional.empty());
    }
}
