package dev.coderag.store.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ChatLog;
import dev.coderag.store.Store;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChatLogTest {
    @TempDir
    Path dir;

    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

    @Test
    void chats_and_turns_survive_closing_and_reopening_the_store() {
        try (Store store = Store.open(dir, "m", 4)) {
            store.chats().create("c1", Optional.of("web"), T0);
            assertThat(store.chats().append("c1", "How does X work?", "{\"n\":1}", T0.plusSeconds(1)))
                    .isTrue();
            assertThat(store.chats().append("c1", "and Y?", "{\"n\":2}", T0.plusSeconds(2)))
                    .isTrue();
        }
        try (Store store = Store.open(dir, "m", 4)) {
            assertThat(store.chats().list(10))
                    .containsExactly(new ChatLog.ChatRow(
                            "c1", Optional.of("web"), T0, T0.plusSeconds(2), 2, "How does X work?", ChatLog.NO_OWNER));
            assertThat(store.chats().turns("c1"))
                    .extracting(ChatLog.TurnRow::json)
                    .containsExactly("{\"n\":1}", "{\"n\":2}");
        }
    }

    @Test
    void chats_are_listed_by_their_owner_who_survives_appends_and_reopening() {
        try (Store store = Store.open(dir, "m", 4)) {
            store.chats().create("a1", Optional.empty(), "session:a", T0);
            store.chats().create("b1", Optional.empty(), "session:b", T0.plusSeconds(1));
            store.chats().create("a2", Optional.empty(), "session:a", T0.plusSeconds(2));
            store.chats().create("a1", Optional.empty(), "session:b", T0.plusSeconds(3)); // an existing id stays
            store.chats().append("a1", "q", "{}", T0.plusSeconds(4));
        }
        try (Store store = Store.open(dir, "m", 4)) {
            assertThat(store.chats().list("session:a", 10))
                    .extracting(ChatLog.ChatRow::id)
                    .containsExactly("a1", "a2");
            assertThat(store.chats().list("session:b", 10))
                    .extracting(ChatLog.ChatRow::id)
                    .containsExactly("b1");
            assertThat(store.chats().list("session:c", 10)).isEmpty();
            assertThat(store.chats().get("a1").orElseThrow().owner()).isEqualTo("session:a");
            assertThat(store.chats().list(10)).hasSize(3);
        }
    }

    @Test
    void a_chat_log_from_before_owners_is_upgraded_and_its_chats_belong_to_no_one() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(SqliteChatLog.DB_FILE));
                Statement st = c.createStatement()) {
            // the chats table as the first release created it
            st.execute("CREATE TABLE chats (id TEXT PRIMARY KEY, repo TEXT, created_at INTEGER NOT NULL,"
                    + " updated_at INTEGER NOT NULL, title TEXT NOT NULL DEFAULT '')");
            st.execute("INSERT INTO chats (id, repo, created_at, updated_at, title) VALUES ('old', NULL, 1, 1, 't')");
        }
        try (Store store = Store.open(dir, "m", 4)) {
            assertThat(store.chats().get("old").orElseThrow().owner()).isEqualTo(ChatLog.NO_OWNER);
            store.chats().create("new", Optional.empty(), "token:x", T0);
            assertThat(store.chats().list("token:x", 10))
                    .extracting(ChatLog.ChatRow::id)
                    .containsExactly("new");
            assertThat(store.chats().list(10)).extracting(ChatLog.ChatRow::id).containsExactly("new", "old");
        }
    }

    @Test
    void deleting_a_chat_deletes_its_turns_and_appending_to_it_saves_nothing() throws Exception {
        try (Store store = Store.open(dir, "m", 4)) {
            store.chats().create("c1", Optional.empty(), T0);
            store.chats().create("c2", Optional.empty(), T0);
            store.chats().append("c1", "q", "{}", T0);
            store.chats().append("c2", "q", "{}", T0);
            assertThat(store.chats().delete("c1")).isTrue();
            assertThat(store.chats().delete("c1")).isFalse();
            assertThat(store.chats().get("c1")).isEmpty();
            assertThat(store.chats().append("c1", "late", "{}", T0)).isFalse();
            assertThat(store.chats().list(10)).extracting(ChatLog.ChatRow::id).containsExactly("c2");
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(SqliteChatLog.DB_FILE));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM turns WHERE chat_id = 'c1'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isZero();
        }
    }

    @Test
    void turns_chats_and_bytes_are_bounded_least_recently_used_first() throws Exception {
        try (SqliteChatLog log = new SqliteChatLog(dir, 10_000, 3)) {
            for (int i = 0; i < 5; i++) {
                log.create("c" + i, Optional.empty(), T0.plusSeconds(i));
            }
            assertThat(log.list(10)).extracting(ChatLog.ChatRow::id).containsExactly("c4", "c3", "c2");

            for (int i = 0; i < ChatLog.MAX_TURNS + 5; i++) {
                log.append("c4", "q", "{}", T0.plusSeconds(10 + i));
            }
            assertThat(log.turns("c4")).hasSize(ChatLog.MAX_TURNS);

            log.append("c2", "q", "x".repeat(6_000), T0.plusSeconds(500));
            log.append("c3", "q", "y".repeat(6_000), T0.plusSeconds(600));
            // 12k > 10k: the least recently used other chat (c4, then c2) goes, the current one stays
            assertThat(log.get("c3")).isPresent();
            assertThat(log.get("c2")).isEmpty();
            long bytes = log.list(10).stream()
                    .flatMap(r -> log.turns(r.id()).stream())
                    .mapToLong(t -> t.json().length())
                    .sum();
            assertThat(bytes).isLessThanOrEqualTo(10_000);
        }
        // the running total the bound is checked against equals the turns' real size after every kind of delete
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(SqliteChatLog.DB_FILE));
                Statement st = c.createStatement();
                ResultSet total = st.executeQuery(
                        "SELECT (SELECT bytes FROM totals)," + " (SELECT coalesce(sum(length(json)), 0) FROM turns)")) {
            assertThat(total.next()).isTrue();
            assertThat(total.getLong(1)).isEqualTo(total.getLong(2)).isPositive();
        }
    }
}
