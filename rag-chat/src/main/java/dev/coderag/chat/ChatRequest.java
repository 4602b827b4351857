package dev.coderag.chat;

import java.util.Objects;
import java.util.Optional;

/**
 * A question. {@code chatId} continues a stored conversation (its previous turns help retrieval); empty
 * starts a new one. {@code owner} is who asks (see {@link ChatOwners}): a new chat is theirs, and only their own
 * chat can be continued.
 */
public record ChatRequest(String query, Optional<String> repo, Optional<String> chatId, String owner) {
    public ChatRequest {
        Objects.requireNonNull(query, "query");
        repo = Objects.requireNonNullElse(repo, Optional.<String>empty()).filter(r -> !r.isBlank());
        chatId = Objects.requireNonNullElse(chatId, Optional.<String>empty()).filter(c -> !c.isBlank());
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("a question needs an owner");
        }
    }

    /** A question of this process's own user ({@link ChatOwners#LOCAL}): the CLI, MCP over stdio. */
    public ChatRequest(String query, Optional<String> repo, Optional<String> chatId) {
        this(query, repo, chatId, ChatOwners.LOCAL);
    }

    public static ChatRequest of(String query) {
        return new ChatRequest(query, Optional.empty(), Optional.empty());
    }
}
