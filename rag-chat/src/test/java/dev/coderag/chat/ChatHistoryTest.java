package dev.coderag.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChatHistoryTest {

    private static ChatHistory.StoredTurn turn(int answerChars) {
        ChatResponse response = new ChatResponse("x".repeat(answerChars), List.of(), null, null, "c", List.of(), false);
        return new ChatHistory.StoredTurn("q", response, List.of(), Instant.now());
    }

    @Test
    void huge_answers_cannot_grow_the_history_past_its_size_bound() {
        ChatHistory history = new ChatHistory(100_000);
        for (int i = 0; i < 50; i++) {
            String id = history.create(Optional.empty()).id();
            history.append(id, turn(30_000)); // 50 chats × 30k chars would be 1.5M
            assertThat(history.chars()).isLessThanOrEqualTo(100_000);
        }
        // the least recently used chats went first; the newest still answers follow-ups
        assertThat(history.list()).hasSizeLessThanOrEqualTo(3);
        String newest = history.list().getFirst().id();
        assertThat(history.turns(newest)).get().asList().hasSize(1);
    }

    @Test
    void one_chat_over_the_bound_keeps_its_newest_turns() {
        ChatHistory history = new ChatHistory(100_000);
        String id = history.create(Optional.empty()).id();
        for (int i = 0; i < 10; i++) {
            history.append(id, turn(30_000));
        }
        assertThat(history.chars()).isLessThanOrEqualTo(100_000);
        assertThat(history.turns(id)).get().asList().hasSize(3);
    }

    @Test
    void a_chat_keeps_at_most_max_turns() {
        ChatHistory history = new ChatHistory(Long.MAX_VALUE);
        String id = history.create(Optional.empty()).id();
        for (int i = 0; i < ChatHistory.MAX_TURNS + 5; i++) {
            history.append(id, turn(10));
        }
        assertThat(history.turns(id)).get().asList().hasSize(ChatHistory.MAX_TURNS);
        assertThat(history.chars()).isEqualTo(ChatHistory.MAX_TURNS * (1L + 10));
    }
}
