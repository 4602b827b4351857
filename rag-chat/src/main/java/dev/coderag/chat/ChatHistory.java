package dev.coderag.chat;

import dev.coderag.types.Chunk;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Chat conversations, in memory (they do not survive a restart; the index does). Bounded: the least recently
 * used chats are dropped beyond {@link #MAX_CHATS}, the oldest turns beyond {@link #MAX_TURNS}. Thread-safe
 * (every method is synchronised; all are O(1) or O(turns)).
 */
final class ChatHistory {
    static final int MAX_CHATS = 1_000;
    static final int MAX_TURNS = 100;

    /** One answered question, with the chunks the answer cited (for follow-ups). */
    record StoredTurn(String question, ChatResponse response, List<Chunk> citedChunks, Instant at) {
        StoredTurn {
            citedChunks = List.copyOf(citedChunks);
        }
    }

    private static final class State {
        final String id;
        final Optional<String> repo;
        final Instant createdAt;
        final List<StoredTurn> turns = new ArrayList<>();

        State(String id, Optional<String> repo, Instant createdAt) {
            this.id = id;
            this.repo = repo;
            this.createdAt = createdAt;
        }

        ChatInfo info() {
            return new ChatInfo(id, repo.orElse(null), createdAt.toString(), turns.size() * 2);
        }
    }

    private final SecureRandom random = new SecureRandom();
    private final LinkedHashMap<String, State> chats = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, State> eldest) {
            return size() > MAX_CHATS;
        }
    };

    synchronized ChatInfo create(Optional<String> repo) {
        byte[] bytes = new byte[9];
        random.nextBytes(bytes);
        String id = "c" + HexFormat.of().formatHex(bytes);
        State s = new State(id, repo, Instant.now());
        chats.put(id, s);
        return s.info();
    }

    synchronized Optional<ChatInfo> info(String id) {
        State s = chats.get(id);
        return s == null ? Optional.empty() : Optional.of(s.info());
    }

    synchronized Optional<String> repo(String id) {
        State s = chats.get(id);
        return s == null ? Optional.empty() : s.repo;
    }

    /** Turns of a chat, oldest first; empty when the chat does not exist. */
    synchronized Optional<List<StoredTurn>> turns(String id) {
        State s = chats.get(id);
        return s == null ? Optional.empty() : Optional.of(List.copyOf(s.turns));
    }

    synchronized void append(String id, StoredTurn turn) {
        State s = chats.get(id);
        if (s == null) {
            return; // evicted while answering: the answer was still returned
        }
        s.turns.add(turn);
        if (s.turns.size() > MAX_TURNS) {
            s.turns.removeFirst();
        }
    }

    synchronized List<ChatInfo> list() {
        List<ChatInfo> out = new ArrayList<>();
        chats.values().forEach(s -> out.add(s.info()));
        return out.reversed();
    }
}
