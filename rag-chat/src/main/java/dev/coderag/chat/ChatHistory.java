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
 * Chat conversations, in memory (they do not survive a restart; the index does). Bounded by count and by
 * size: the least recently used chats are dropped beyond {@link #MAX_CHATS} or when all turns together hold
 * more than {@link #MAX_CHARS} characters (questions, answers, cited chunks), the oldest turns of a chat beyond
 * {@link #MAX_TURNS}. Thread-safe (every method is synchronised; all are O(1) amortised or O(turns)).
 */
final class ChatHistory {
    static final int MAX_CHATS = 1_000;
    static final int MAX_TURNS = 100;
    /** About 64 MB of heap at two bytes a character. */
    static final long MAX_CHARS = 32L * 1024 * 1024;

    private final long maxChars;
    private long chars;

    /** One answered question, with the chunks the answer cited (for follow-ups). */
    record StoredTurn(String question, ChatResponse response, List<Chunk> citedChunks, Instant at) {
        StoredTurn {
            citedChunks = List.copyOf(citedChunks);
        }

        /** Characters this turn keeps in memory (an estimate that grows with everything a client controls). */
        long chars() {
            long n = question.length() + (long) response.answer().length();
            for (Chunk c : citedChunks) {
                n += c.embeddingText().length();
            }
            for (String w : response.warnings()) {
                n += w.length();
            }
            return n + 256L * response.sources().size();
        }
    }

    private static final class State {
        final String id;
        final Optional<String> repo;
        final Instant createdAt;
        final List<StoredTurn> turns = new ArrayList<>();
        final List<Long> turnChars = new ArrayList<>();
        long chars;

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
            if (size() > MAX_CHATS) {
                chars -= eldest.getValue().chars;
                return true;
            }
            return false;
        }
    };

    ChatHistory() {
        this(MAX_CHARS);
    }

    /** A history bounded to {@code maxChars} characters in all (tests use a small bound). */
    ChatHistory(long maxChars) {
        this.maxChars = maxChars;
    }

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
        long size = turn.chars();
        s.turns.add(turn);
        s.turnChars.add(size);
        s.chars += size;
        chars += size;
        if (s.turns.size() > MAX_TURNS) {
            dropOldestTurn(s);
        }
        // over the size bound: whole chats go, least recently used first; this chat last, oldest turns first
        var it = chats.values().iterator();
        while (chars > maxChars && it.hasNext()) {
            State eldest = it.next();
            if (eldest != s) {
                chars -= eldest.chars;
                it.remove();
            }
        }
        while (chars > maxChars && !s.turns.isEmpty()) {
            dropOldestTurn(s);
        }
    }

    private void dropOldestTurn(State s) {
        s.turns.removeFirst();
        long size = s.turnChars.removeFirst();
        s.chars -= size;
        chars -= size;
    }

    /** Characters held by all chats; for tests. */
    synchronized long chars() {
        return chars;
    }

    synchronized List<ChatInfo> list() {
        List<ChatInfo> out = new ArrayList<>();
        chats.values().forEach(s -> out.add(s.info()));
        return out.reversed();
    }
}
