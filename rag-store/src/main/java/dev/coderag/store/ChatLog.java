package dev.coderag.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Chats and their turns, kept beside the index so that they survive restarts — in their own SQLite file
 * ({@code chats.db} in the store directory), so that saving a turn never waits for an ingest's write transaction
 * and a rebuild of the index ({@code --full}, another model) keeps them. A turn is an opaque JSON document written
 * by the chat module.
 *
 * <p>Bounded: at most {@link #MAX_CHATS} chats (the least recently used go first), {@link #MAX_TURNS} turns per
 * chat (the oldest go first) and {@link #MAX_BYTES} of turn text in all (whole chats go, least recently used
 * first). Thread-safe; failures are {@link StoreException}s.
 *
 * <p>Every chat has an owner: an opaque identity the server derives from a request's credential (a browser's
 * session, an API token), so that one owner's chats are not another's to list, read, continue or delete. The log
 * stores and filters by it; what it means is the chat module's. Chats saved before owners were kept belong to
 * {@link #NO_OWNER}.
 */
public interface ChatLog {
    int MAX_CHATS = 1_000;
    int MAX_TURNS = 100;
    long MAX_BYTES = 256L << 20;

    /** The owner of chats made without one (and of those saved before owners were kept): no one. */
    String NO_OWNER = "";

    /**
     * A chat.
     *
     * @param repo the repository it is restricted to, if any
     * @param turns its number of turns (questions answered)
     * @param updatedAt when its last turn was saved (its creation when it has none)
     * @param title what the chat is about: its first turn's title ("" before the first turn)
     * @param owner who made it ({@link #NO_OWNER} for no one)
     */
    record ChatRow(
            String id,
            Optional<String> repo,
            Instant createdAt,
            Instant updatedAt,
            int turns,
            String title,
            String owner) {}

    /** One saved turn: its JSON and when it was saved. */
    record TurnRow(String json, Instant at) {}

    /** Creates a chat owned by {@code owner}; an existing id is left as it is (owner and all). */
    void create(String id, Optional<String> repo, String owner, Instant at);

    /** Creates a chat that belongs to no one ({@link #NO_OWNER}). */
    default void create(String id, Optional<String> repo, Instant at) {
        create(id, repo, NO_OWNER, at);
    }

    /**
     * Appends a turn to a chat; false (nothing saved) when the chat does not exist (deleted or pruned). The first
     * turn's {@code title} (e.g. its question, at most 200 characters kept) becomes the chat's title.
     */
    boolean append(String chatId, String title, String json, Instant at);

    /** The chat, if it exists. */
    Optional<ChatRow> get(String id);

    /** The most recently updated chats first, at most {@code limit}, whoever owns them. */
    List<ChatRow> list(int limit);

    /**
     * The chats {@code owner} made, the most recently updated first, at most {@code limit}.
     *
     * @param owner not blank ({@link #NO_OWNER} is nobody's to list)
     */
    List<ChatRow> list(String owner, int limit);

    /** A chat's turns, oldest first; empty when the chat does not exist or has none. */
    List<TurnRow> turns(String chatId);

    /** Deletes a chat and every turn of it; false when there was no such chat. */
    boolean delete(String id);
}
