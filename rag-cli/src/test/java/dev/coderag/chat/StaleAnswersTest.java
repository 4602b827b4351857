package dev.coderag.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An answer drawing on a repository whose index lags its files (the real pipeline over the real store; the freshness
 * is what a watcher would report): {@code --stale warn} answers with a warning naming it, {@code --stale refuse}
 * refuses naming it, and a fresh one neither.
 */
class StaleAnswersTest {
    private static final String QUESTION = "where is parseHeader implemented?";
    private static Store store;

    @BeforeAll
    static void load() {
        store = FixtureStore.store();
    }

    @Test
    void a_stale_repository_is_named_in_a_warning_when_the_policy_warns() {
        ChatResponse r = ask(StalePolicy.WARN, true);
        assertThat(r.refused()).isFalse();
        assertThat(r.sources()).isNotEmpty();
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w)
                .contains("The index of " + FixtureStore.REPO + " is stale")
                .contains("2 changed, 1 added, 0 deleted files"));
        assertThat(r.freshness()).containsKey(FixtureStore.REPO);
    }

    @Test
    void a_stale_repository_refuses_the_answer_when_the_policy_refuses() {
        ChatResponse r = ask(StalePolicy.REFUSE, true);
        assertThat(r.refused()).isTrue();
        assertThat(r.answer()).startsWith("Not answered: the index of " + FixtureStore.REPO + " is stale");
    }

    @Test
    void a_fresh_repository_neither_warns_nor_refuses() {
        ChatResponse r = ask(StalePolicy.REFUSE, false);
        assertThat(r.refused()).isFalse();
        assertThat(r.warnings()).noneSatisfy(w -> assertThat(w).contains("stale"));
    }

    private static ChatResponse ask(StalePolicy policy, boolean stale) {
        IndexNotices notices = new IndexNotices() {
            @Override
            public List<String> notices(Optional<String> repo) {
                return List.of();
            }

            @Override
            public Map<String, Freshness> freshness(Collection<String> repos) {
                Map<String, Freshness> out = new HashMap<>();
                repos.forEach(r -> out.put(
                        r,
                        new Freshness(
                                stale ? Freshness.State.STALE : Freshness.State.FRESH,
                                "events",
                                "abc",
                                "",
                                stale ? 2 : 0,
                                stale ? 1 : 0,
                                0,
                                "2026-11-28T23:00:00Z",
                                null)));
                return out;
            }

            @Override
            public StalePolicy stalePolicy() {
                return policy;
            }
        };
        return ChatService.create(store, SharedModel.embedder(), ChatOptions.defaults(), notices)
                .ask(ChatRequest.of(QUESTION));
    }
}
