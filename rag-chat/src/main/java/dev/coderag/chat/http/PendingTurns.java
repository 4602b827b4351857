package dev.coderag.chat.http;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * The page's questions between {@code POST /ui/ask} and their stream, and their answers for a reconnecting
 * stream: bounded by count, by characters held and by age, oldest dropped first (a dropped turn's stream says
 * "ask again"). Thread-safe (one lock; every operation is O(1) amortised).
 */
final class PendingTurns {
    static final int MAX_TURNS = 256;
    /** Characters of questions and answer HTML held at most (about 32 MB of heap at two bytes a char). */
    static final long MAX_CHARS = 16L * 1024 * 1024;

    private static final long TTL_NANOS = TimeUnit.MINUTES.toNanos(15);

    /** A question posted from the page, answered when its SSE stream connects. */
    record Turn(
            String query,
            String chatId,
            Optional<String> repo,
            AtomicBoolean started,
            CompletableFuture<String> html,
            long createdNanos) {}

    private final LongSupplier clock;
    private final LinkedHashMap<String, Turn> turns = new LinkedHashMap<>(); // oldest first
    private final Map<String, Long> sizes = new LinkedHashMap<>();
    private long chars;

    PendingTurns(LongSupplier clock) {
        this.clock = clock;
    }

    /** Remembers a new turn under {@code id}, dropping expired and, if needed, the oldest turns. */
    synchronized Turn add(String id, String query, String chatId, Optional<String> repo) {
        long now = clock.getAsLong();
        Turn turn = new Turn(query, chatId, repo, new AtomicBoolean(), new CompletableFuture<>(), now);
        turns.put(id, turn);
        account(id, query.length());
        trim(now);
        return turn;
    }

    synchronized Optional<Turn> get(String id) {
        return Optional.ofNullable(turns.get(id));
    }

    /** Records {@code html} as the turn's answer (kept for a reconnect, within the bounds). */
    synchronized void complete(String id, Turn turn, String html) {
        turn.html().complete(html);
        if (turns.get(id) == turn) {
            account(id, html.length());
            trim(clock.getAsLong());
        }
    }

    synchronized int size() {
        return turns.size();
    }

    synchronized long chars() {
        return chars;
    }

    private void account(String id, long added) {
        sizes.merge(id, added, Long::sum);
        chars += added;
    }

    private void trim(long now) {
        Iterator<Map.Entry<String, Turn>> it = turns.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, Turn> oldest = it.next();
            boolean expired = now - oldest.getValue().createdNanos() > TTL_NANOS;
            if (!expired && turns.size() <= MAX_TURNS && chars <= MAX_CHARS) {
                return;
            }
            it.remove();
            chars -= sizes.remove(oldest.getKey());
            oldest.getValue().html().complete(null); // a waiting reconnect gives up at once
        }
    }
}
