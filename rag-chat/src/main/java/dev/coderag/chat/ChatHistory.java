package dev.coderag.chat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.store.ChatLog;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.StoredChunks;
import dev.coderag.types.Chunk;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Chat conversations, saved in the store's {@link ChatLog} as they happen, so they survive restarts: each
 * answered question is one turn (question, answer, sources, intent, warnings, the trace, and the ids of the chunks
 * the answer cited, which a follow-up question reads back from the index). The log bounds the number of chats,
 * turns and bytes ({@link ChatLog#MAX_CHATS}, {@link ChatLog#MAX_TURNS}, {@link ChatLog#MAX_BYTES}). A cited
 * chunk that has since been re-indexed away is simply left out of a follow-up. Thread-safe (the log is).
 *
 * <p>Every chat belongs to the owner that made it (an identity the server derives from the request's credential):
 * each method takes the asking owner, and another owner's chat is as absent as one that never existed — so a
 * caller answers 404 without telling the two apart. Chats saved before owners were kept belong to no one
 * ({@link ChatLog#NO_OWNER}) and are nobody's to see; an owner is never blank.
 */
final class ChatHistory {
    static final int LIST_LIMIT = 200;
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * One answered question, with the ids of the chunks the answer cited (a follow-up reads them back with
     * {@link #citedChunks}; listing messages does not need them).
     */
    record StoredTurn(
            String question,
            String answer,
            List<Source> sources,
            IntentInfo intent,
            List<String> warnings,
            List<String> cited,
            Instant at,
            Trace trace) {
        StoredTurn {
            sources = List.copyOf(sources);
            warnings = List.copyOf(warnings);
            cited = List.copyOf(cited);
        }

        static StoredTurn of(String question, ChatResponse response, List<Chunk> cited, Instant at) {
            return new StoredTurn(
                    question,
                    response.answer(),
                    response.sources(),
                    response.intent(),
                    response.warnings(),
                    cited.stream().map(Chunk::id).toList(),
                    at,
                    response.trace());
        }
    }

    /** A turn as saved: the chunks by id; {@code trace} null in turns saved before traces were kept. */
    private record SavedTurn(
            String question,
            String answer,
            List<Source> sources,
            IntentInfo intent,
            List<String> warnings,
            List<String> cited,
            Trace trace) {}

    private final ChatLog log;
    private final StoredChunks chunks;
    private final SecureRandom random = new SecureRandom();

    ChatHistory(ChatLog log, StoredChunks chunks) {
        this.log = Objects.requireNonNull(log, "log");
        this.chunks = Objects.requireNonNull(chunks, "chunks");
    }

    ChatInfo create(Optional<String> repo, String owner) {
        byte[] bytes = new byte[9];
        random.nextBytes(bytes);
        String id = "c" + HexFormat.of().formatHex(bytes);
        Instant now = Instant.now();
        log.create(id, repo, requireOwner(owner), now);
        return new ChatInfo(id, repo.orElse(null), now.toString(), 0, "");
    }

    Optional<ChatInfo> info(String id, String owner) {
        return owned(id, owner).map(ChatHistory::info);
    }

    Optional<String> repo(String id, String owner) {
        return owned(id, owner).flatMap(ChatLog.ChatRow::repo);
    }

    /** The chat when {@code owner} made it; empty when it does not exist or is another's. */
    private Optional<ChatLog.ChatRow> owned(String id, String owner) {
        requireOwner(owner);
        return log.get(id).filter(row -> row.owner().equals(owner));
    }

    private static String requireOwner(String owner) {
        if (owner.isBlank()) {
            throw new IllegalArgumentException("a chat's owner must not be blank");
        }
        return owner;
    }

    /** Turns of a chat, oldest first; empty when the chat does not exist or is another owner's. */
    Optional<List<StoredTurn>> turns(String id, String owner) {
        if (owned(id, owner).isEmpty()) {
            return Optional.empty();
        }
        List<StoredTurn> out = new ArrayList<>();
        for (ChatLog.TurnRow row : log.turns(id)) {
            SavedTurn t = read(row.json());
            out.add(new StoredTurn(
                    t.question(), t.answer(), t.sources(), t.intent(), t.warnings(), t.cited(), row.at(), t.trace()));
        }
        return Optional.of(out);
    }

    /** Saves a turn; a chat deleted while its question was being answered keeps nothing (the answer was sent). */
    void append(String id, StoredTurn turn) {
        SavedTurn saved = new SavedTurn(
                turn.question(),
                turn.answer(),
                turn.sources(),
                turn.intent(),
                turn.warnings(),
                turn.cited(),
                turn.trace());
        try {
            log.append(id, turn.question(), JSON.writeValueAsString(saved), turn.at());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a chat turn did not serialise", e);
        }
    }

    /**
     * The chunks a turn cited, as the index holds them now; one that has since been re-indexed away is left out.
     */
    List<Chunk> citedChunks(StoredTurn turn) {
        return chunks.getAll(turn.cited()).stream().map(StoredChunk::chunk).toList();
    }

    /** Deletes a chat and its messages; false when there was none of {@code owner}'s. */
    boolean delete(String id, String owner) {
        return owned(id, owner).isPresent() && log.delete(id);
    }

    /** {@code owner}'s chats, the most recently used first. */
    List<ChatInfo> list(String owner) {
        return log.list(requireOwner(owner), LIST_LIMIT).stream()
                .map(ChatHistory::info)
                .toList();
    }

    private static ChatInfo info(ChatLog.ChatRow row) {
        return new ChatInfo(
                row.id(), row.repo().orElse(null), row.createdAt().toString(), row.turns() * 2, row.title());
    }

    private static SavedTurn read(String json) {
        try {
            SavedTurn t = JSON.readValue(json, SavedTurn.class);
            return new SavedTurn(
                    Objects.requireNonNullElse(t.question(), ""),
                    Objects.requireNonNullElse(t.answer(), ""),
                    Objects.requireNonNullElse(t.sources(), List.of()),
                    t.intent(),
                    Objects.requireNonNullElse(t.warnings(), List.of()),
                    Objects.requireNonNullElse(t.cited(), List.of()),
                    t.trace());
        } catch (JsonProcessingException e) {
            // Only this class writes turns; a damaged one reads as empty rather than failing the whole chat.
            return new SavedTurn("", "", List.of(), null, List.of(), List.of(), null);
        }
    }
}
