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
 */
public interface ChatLog {
    int MAX_CHATS = 1_000;
    int MAX_TURNS = 100;
    long MAX_BYTES = 256L << 20;

    /**
     * A chat.
     *
     * @param repo the repository it is restricted to, if any
     * @param turns its number of turns (questions answered)
     * @param updatedAt when its last turn was saved (its creation when it has none)
     * @param title what the chat is about: its first turn's title ("" before the first turn)
     */
    record ChatRow(String id, Optional<String> repo, Instant createdAt, Instant updatedAt, int turns, String title) {}

    /** One saved turn: its JSON and when it was saved. */
    record TurnRow(String json, Instant at) {}

    /** Creates a chat; an existing id is left as it is. */
    void create(String id, Optional<String> repo, Instant at);

    /**
     * Appends a turn to a chat; false (nothing saved) when the chat does not exist (deleted or pruned). The first
     * turn's {@code title} (e.g. its question, at most 200 characters kept) becomes the chat's title.
     */
    boolean append(String chatId, String title, String json, Instant at);

    /** The chat, if it exists. */
    Optional<ChatRow> get(String id);

    /** The most recently updated chats first, at most {@code limit}. */
    List<ChatRow> list(int limit);

    /** A chat's turns, oldest first; empty when the chat does not exist or has none. */
    List<TurnRow> turns(String chatId);

    /** Deletes a chat and every turn of it; false when there was no such chat. */
    boolean delete(String id);
}
