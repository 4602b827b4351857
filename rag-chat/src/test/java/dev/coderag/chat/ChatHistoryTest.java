package dev.coderag.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.store.Store;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChatHistoryTest {
    private static final String ME = ChatOwners.session("mine");
    private static final String OTHER = ChatOwners.session("theirs");

    @TempDir
    Path dir;

    private static ChatHistory.StoredTurn turn(String question, String answer) {
        Source source = new Source(
                1, "code", "web", "src/A.java", 3, 9, "A.run", "java", 0.8, 80, true, 0.75, List.of("lexical", "pin"));
        IntentInfo intent = new IntentInfo("implementation", 0.9);
        Trace trace = new Trace(
                intent,
                Map.of("code", 1),
                Map.of("vector", 3, "pin", 1),
                Map.of("total", 12.5),
                "run",
                List.of("src/A.java:3-9"),
                LlmProvider.NONE,
                "definition");
        ChatResponse response = new ChatResponse(answer, List.of(source), intent, trace, "c", List.of("w"), false);
        return ChatHistory.StoredTurn.of(question, response, List.of(), Instant.parse("2026-11-24T10:00:00Z"));
    }

    /** The trace and each source's score and provenance come back with the turn (the page's trace panel). */
    @Test
    void a_chat_with_its_turns_survives_a_restart() {
        String id;
        try (Store store = Store.open(dir, "m", 4)) {
            ChatHistory history = new ChatHistory(store.chats(), store.chunks());
            id = history.create(Optional.of("web"), ME).id();
            history.append(id, turn("How does A run?", "It runs [1]."));
        }
        try (Store store = Store.open(dir, "m", 4)) {
            ChatHistory history = new ChatHistory(store.chats(), store.chunks());
            assertThat(history.list(ME)).singleElement().satisfies(c -> {
                assertThat(c.id()).isEqualTo(id);
                assertThat(c.repo()).isEqualTo("web");
                assertThat(c.messages()).isEqualTo(2);
                assertThat(c.title()).isEqualTo("How does A run?");
            });
            assertThat(history.turns(id, ME))
                    .get()
                    .asList()
                    .singleElement()
                    .isEqualTo(turn("How does A run?", "It runs [1]."));
            assertThat(history.repo(id, ME)).contains("web");
        }
    }

    @Test
    void a_turn_saved_before_traces_were_kept_reads_without_one() {
        try (Store store = Store.open(dir, "m", 4)) {
            ChatHistory history = new ChatHistory(store.chats(), store.chunks());
            String id = history.create(Optional.empty(), ME).id();
            String old = """
                    {"question": "q", "answer": "a [1]", "intent": {"name": "usage", "confidence": 0.5},
                     "sources": [{"n": 1, "kind": "code", "repo": "r", "path": "p.py", "startLine": 1, "endLine": 2,
                                  "symbol": "f", "language": "python", "relevance": 0.5, "relevancePct": 50,
                                  "cited": true}],
                     "warnings": [], "cited": []}""";
            store.chats().append(id, "q", old, Instant.parse("2026-11-24T10:00:00Z"));
            ChatHistory.StoredTurn t = history.turns(id, ME).orElseThrow().getFirst();
            assertThat(t.trace()).isNull();
            assertThat(t.sources().getFirst().via()).isEmpty();
            assertThat(t.sources().getFirst().score()).isZero();
            assertThat(t.sources().getFirst().location()).isEqualTo("p.py:1-2");
        }
    }

    @Test
    void a_deleted_chat_is_gone_with_its_turns() {
        try (Store store = Store.open(dir, "m", 4)) {
            ChatHistory history = new ChatHistory(store.chats(), store.chunks());
            String id = history.create(Optional.empty(), ME).id();
            history.append(id, turn("q", "a"));
            assertThat(history.delete(id, ME)).isTrue();
            assertThat(history.info(id, ME)).isEmpty();
            assertThat(history.turns(id, ME)).isEmpty();
            assertThat(store.chats().turns(id)).isEmpty();
            history.append(id, turn("late", "answer")); // answered while being deleted: nothing comes back
            assertThat(history.list(ME)).isEmpty();
        }
    }

    @Test
    void another_owners_chat_is_as_absent_as_one_that_never_was() {
        try (Store store = Store.open(dir, "m", 4)) {
            ChatHistory history = new ChatHistory(store.chats(), store.chunks());
            String id = history.create(Optional.of("web"), ME).id();
            history.append(id, turn("q", "a"));
            store.chats().create("legacy", Optional.empty(), Instant.parse("2026-11-24T10:00:00Z"));

            assertThat(history.list(OTHER)).isEmpty();
            assertThat(history.info(id, OTHER)).isEmpty();
            assertThat(history.turns(id, OTHER)).isEmpty();
            assertThat(history.repo(id, OTHER)).isEmpty();
            assertThat(history.delete(id, OTHER)).isFalse();
            assertThat(history.turns(id, ME).orElseThrow()).hasSize(1);
            // a chat saved before owners were kept is no one's
            assertThat(history.info("legacy", ME)).isEmpty();
            assertThat(history.list(ME)).extracting(ChatInfo::id).containsExactly(id);
        }
    }
}
