package dev.coderag.store.embedded;

import dev.coderag.store.ChatLog;
import dev.coderag.store.StoreException;
import dev.coderag.store.embedded.db.Sql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link ChatLog} in {@code chats.db}: tables {@code chats}, {@code turns} (deleted with their chat) and
 * {@code totals} (the size of all turns, in characters, for the byte bound). One
 * connection, opened on first use, every method synchronised: chat traffic is a few small writes per answer.
 */
final class SqliteChatLog implements ChatLog, AutoCloseable {
    static final String DB_FILE = "chats.db";
    private static final int BUSY_MILLIS = 10_000;
    private static final List<String> DDL = List.of(
            "CREATE TABLE IF NOT EXISTS chats (id TEXT PRIMARY KEY, repo TEXT, created_at INTEGER NOT NULL,"
                    + " updated_at INTEGER NOT NULL, title TEXT NOT NULL DEFAULT '', owner TEXT NOT NULL DEFAULT '')",
            "CREATE INDEX IF NOT EXISTS chats_updated ON chats (updated_at)",
            "CREATE TABLE IF NOT EXISTS turns (chat_id TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL,"
                    + " bytes INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (chat_id, seq)) WITHOUT ROWID",
            // The size of all turns, kept in step with every insert and delete, so that the byte bound is
            // checked without reading every turn's text on each answer.
            "CREATE TABLE IF NOT EXISTS totals (id INTEGER PRIMARY KEY CHECK (id = 1), bytes INTEGER NOT NULL)",
            "INSERT OR IGNORE INTO totals (id, bytes) VALUES (1, 0)");

    /** Added after the first release: a store from before it gets the column, its chats owned by no one. */
    private static final String OWNER_COLUMN = "ALTER TABLE chats ADD COLUMN owner TEXT NOT NULL DEFAULT ''";

    private static final String OWNER_INDEX = "CREATE INDEX IF NOT EXISTS chats_owner ON chats (owner, updated_at)";

    private final Path dir;
    private final Path file;
    private final long maxBytes;
    private final int maxChats;
    private Connection connection;
    private boolean closed;

    SqliteChatLog(Path dir) {
        this(dir, MAX_BYTES, MAX_CHATS);
    }

    /** A log bounded to {@code maxBytes} of turn text and {@code maxChats} chats (tests use small bounds). */
    SqliteChatLog(Path dir, long maxBytes, int maxChats) {
        this.dir = dir;
        this.file = dir.resolve(DB_FILE);
        this.maxBytes = maxBytes;
        this.maxChats = maxChats;
    }

    @Override
    public synchronized void create(String id, Optional<String> repo, String owner, Instant at) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(owner, "owner");
        write("save a chat", c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "INSERT OR IGNORE INTO chats (id, repo, created_at, updated_at, owner) VALUES (?, ?, ?, ?, ?)")) {
                st.setString(1, id);
                st.setString(2, repo.orElse(null));
                st.setLong(3, at.toEpochMilli());
                st.setLong(4, at.toEpochMilli());
                st.setString(5, owner);
                st.executeUpdate();
            }
            // Beyond the bound, the least recently used chats go.
            removeTurns(
                    c, "chat_id IN (SELECT id FROM chats ORDER BY updated_at DESC LIMIT -1 OFFSET " + maxChats + ")");
            exec(
                    c,
                    "DELETE FROM chats WHERE id IN (SELECT id FROM chats ORDER BY updated_at DESC LIMIT -1 OFFSET "
                            + maxChats + ")");
            return null;
        });
    }

    @Override
    public synchronized boolean append(String chatId, String title, String json, Instant at) {
        Objects.requireNonNull(chatId, "chatId");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(json, "json");
        String kept = title.length() > 200 ? title.substring(0, 200) : title;
        return write("save a chat turn", c -> {
            try (PreparedStatement touch = c.prepareStatement("UPDATE chats SET updated_at = ?,"
                    + " title = CASE WHEN title = '' THEN ? ELSE title END WHERE id = ?")) {
                touch.setLong(1, at.toEpochMilli());
                touch.setString(2, kept);
                touch.setString(3, chatId);
                if (touch.executeUpdate() == 0) {
                    return false;
                }
            }
            try (PreparedStatement st = c.prepareStatement("INSERT INTO turns (chat_id, seq, at, bytes, json) VALUES"
                    + " (?, (SELECT coalesce(max(seq), 0) + 1 FROM turns WHERE chat_id = ?), ?, ?, ?)")) {
                st.setString(1, chatId);
                st.setString(2, chatId);
                st.setLong(3, at.toEpochMilli());
                st.setLong(4, json.length());
                st.setString(5, json);
                st.executeUpdate();
            }
            try (PreparedStatement st = c.prepareStatement("UPDATE totals SET bytes = bytes + ? WHERE id = 1")) {
                st.setLong(1, json.length());
                st.executeUpdate();
            }
            removeTurns(
                    c,
                    "chat_id = ? AND seq <= (SELECT max(seq) FROM turns WHERE chat_id = ?) - " + MAX_TURNS,
                    chatId,
                    chatId);
            pruneBytes(c, chatId);
            return true;
        });
    }

    /** Over the byte bound: whole chats go, least recently used first, then this chat's oldest turns. */
    private void pruneBytes(Connection c, String current) throws SQLException {
        while (total(c, "SELECT bytes FROM totals WHERE id = 1") > maxBytes) {
            String eldest = null;
            try (PreparedStatement st =
                    c.prepareStatement("SELECT id FROM chats WHERE id <> ? ORDER BY updated_at LIMIT 1")) {
                st.setString(1, current);
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next()) {
                        eldest = rs.getString(1);
                    }
                }
            }
            if (eldest != null) {
                deleteChat(c, eldest);
                continue;
            }
            if (removeTurns(c, "chat_id = ? AND seq = (SELECT min(seq) FROM turns WHERE chat_id = ?)", current, current)
                    == 0) {
                return;
            }
        }
    }

    @Override
    public synchronized Optional<ChatRow> get(String id) {
        Objects.requireNonNull(id, "id");
        List<ChatRow> rows = read("read a chat", c -> rows(c, " WHERE c.id = ?", id, 1));
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
    }

    @Override
    public synchronized List<ChatRow> list(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0: " + limit);
        }
        return read("list chats", c -> rows(c, "", null, limit));
    }

    @Override
    public synchronized List<ChatRow> list(String owner, int limit) {
        if (limit < 0 || owner.isBlank()) {
            throw new IllegalArgumentException("an owner and a limit >= 0 are needed: '" + owner + "', " + limit);
        }
        return read("list chats", c -> rows(c, " WHERE c.owner = ?", owner, limit));
    }

    private static List<ChatRow> rows(Connection c, String where, String param, int limit) throws SQLException {
        List<ChatRow> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT c.id, c.repo, c.created_at, c.updated_at,"
                + " (SELECT count(*) FROM turns t WHERE t.chat_id = c.id), c.title, c.owner FROM chats c" + where
                + " ORDER BY c.updated_at DESC, c.id LIMIT ?")) {
            int i = 1;
            if (param != null) {
                st.setString(i++, param);
            }
            st.setInt(i, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new ChatRow(
                            rs.getString(1),
                            Optional.ofNullable(rs.getString(2)),
                            Instant.ofEpochMilli(rs.getLong(3)),
                            Instant.ofEpochMilli(rs.getLong(4)),
                            rs.getInt(5),
                            rs.getString(6),
                            rs.getString(7)));
                }
            }
        }
        return out;
    }

    @Override
    public synchronized List<TurnRow> turns(String chatId) {
        Objects.requireNonNull(chatId, "chatId");
        return read("read a chat's turns", c -> {
            List<TurnRow> out = new ArrayList<>();
            try (PreparedStatement st =
                    c.prepareStatement("SELECT json, at FROM turns WHERE chat_id = ? ORDER BY seq")) {
                st.setString(1, chatId);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new TurnRow(rs.getString(1), Instant.ofEpochMilli(rs.getLong(2))));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public synchronized boolean delete(String id) {
        Objects.requireNonNull(id, "id");
        return write("delete a chat", c -> deleteChat(c, id));
    }

    private static boolean deleteChat(Connection c, String id) throws SQLException {
        removeTurns(c, "chat_id = ?", id);
        try (PreparedStatement chat = c.prepareStatement("DELETE FROM chats WHERE id = ?")) {
            chat.setString(1, id);
            return chat.executeUpdate() > 0;
        }
    }

    /** Deletes the turns {@code where} selects (string parameters) and takes their size off the total. */
    private static int removeTurns(Connection c, String where, String... params) throws SQLException {
        long bytes;
        try (PreparedStatement st = c.prepareStatement("SELECT coalesce(sum(bytes), 0) FROM turns WHERE " + where)) {
            bind(st, params);
            try (ResultSet rs = st.executeQuery()) {
                bytes = rs.next() ? rs.getLong(1) : 0;
            }
        }
        try (PreparedStatement st = c.prepareStatement("UPDATE totals SET bytes = bytes - ? WHERE id = 1")) {
            st.setLong(1, bytes);
            st.executeUpdate();
        }
        try (PreparedStatement st = c.prepareStatement("DELETE FROM turns WHERE " + where)) {
            bind(st, params);
            return st.executeUpdate();
        }
    }

    private static void bind(PreparedStatement st, String... params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            st.setString(i + 1, params[i]);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // Nothing more to release.
            }
            connection = null;
        }
    }

    private <T> T read(String action, Sql.SqlFunction<T> body) {
        try {
            return body.apply(connection());
        } catch (SQLException e) {
            throw Sql.error(dir, action, e);
        }
    }

    /** Runs {@code body} in one transaction: a kill leaves the chat log as it was before or after it. */
    private <T> T write(String action, Sql.SqlFunction<T> body) {
        try {
            Connection c = connection();
            exec(c, "BEGIN IMMEDIATE");
            try {
                T result = body.apply(c);
                exec(c, "COMMIT");
                return result;
            } catch (SQLException | RuntimeException e) {
                try {
                    exec(c, "ROLLBACK");
                } catch (SQLException ignored) {
                    // The original failure is what matters.
                }
                throw e;
            }
        } catch (SQLException e) {
            throw Sql.error(dir, action, e);
        }
    }

    private Connection connection() throws SQLException {
        if (closed) {
            throw new StoreException(StoreException.Reason.IO, "Store " + dir + " is closed.");
        }
        if (connection == null) {
            Connection c = Sql.open(file, true, BUSY_MILLIS);
            // WAL with NORMAL sync: a killed process loses nothing committed; only a power cut may lose the
            // last turns. Syncing every turn (FULL) made answers queue behind the disk under load.
            exec(c, "PRAGMA synchronous = NORMAL");
            for (String ddl : DDL) {
                exec(c, ddl);
            }
            if (total(c, "SELECT count(*) FROM pragma_table_info('chats') WHERE name = 'owner'") == 0) {
                exec(c, OWNER_COLUMN);
            }
            exec(c, OWNER_INDEX);
            connection = c;
        }
        return connection;
    }

    private static long total(Connection c, String sql) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql);
                ResultSet rs = st.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        Sql.exec(c, sql);
    }
}
