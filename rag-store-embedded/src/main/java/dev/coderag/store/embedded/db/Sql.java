package dev.coderag.store.embedded.db;

import dev.coderag.store.StoreException;
import dev.coderag.store.spi.PathGlob;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.sqlite.Function;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Opening SQLite connections the one way the store needs them, the few JDBC helpers its queries share
 * ({@code IN} lists, string parameters), and turning SQLite errors into StoreExceptions.
 */
public final class Sql {
    /** The database file of an index directory. */
    public static final String DB_FILE = "store.db";

    private Sql() {}

    /** Values per {@code IN (...)} list: far below SQLite's parameter limit, large enough to need few queries. */
    private static final int IN_LIST_LIMIT = 500;

    /** A function over a connection that may throw SQLException. */
    @FunctionalInterface
    public interface SqlFunction<T> {
        T apply(Connection connection) throws SQLException;
    }

    /** An action that may throw SQLException. */
    @FunctionalInterface
    public interface SqlAction {
        void run() throws SQLException;
    }

    /**
     * Opens a connection in WAL mode. Writers sync fully at commit (a commit is durable); readers are query-only.
     * Both wait up to {@code busyMillis} for a lock held by another connection (checkpoints, schema creation).
     */
    public static Connection open(Path dbFile, boolean writer, int busyMillis) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(writer ? SQLiteConfig.SynchronousMode.FULL : SQLiteConfig.SynchronousMode.NORMAL);
        config.setBusyTimeout(busyMillis);
        config.setTempStore(SQLiteConfig.TempStore.MEMORY);
        config.setCacheSize(-32_000); // 32 MB page cache per connection
        config.enforceForeignKeys(false);
        if (writer) {
            // After a checkpoint, shrink the WAL back instead of keeping an ingest's worth of it on disk.
            config.setJournalSizeLimit(64 << 20);
        }
        Connection connection = config.createConnection("jdbc:sqlite:" + dbFile.toAbsolutePath());
        try {
            registerFunctions(connection);
            if (!writer) {
                try (Statement st = connection.createStatement()) {
                    st.execute("PRAGMA query_only = 1");
                }
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * {@code rag_path_match(glob, path)}: the {@link PathGlob} semantics in SQL. One Function object per
     * connection, because sqlite-jdbc synchronises a Function's result calls on the object.
     */
    private static void registerFunctions(Connection connection) throws SQLException {
        Function.create(
                connection,
                "rag_path_match",
                new Function() {
                    private String lastGlob;
                    private Predicate<String> lastPredicate;

                    @Override
                    protected void xFunc() throws SQLException {
                        String glob = value_text(0);
                        String path = value_text(1);
                        if (glob == null || path == null) {
                            result(0);
                            return;
                        }
                        if (!glob.equals(lastGlob)) {
                            lastPredicate = PathGlob.compile(glob);
                            lastGlob = glob;
                        }
                        result(lastPredicate.test(path) ? 1 : 0);
                    }
                },
                2,
                Function.FLAG_DETERMINISTIC);
    }

    /** Runs one SQL statement without results. */
    public static void exec(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    /** {@code n} comma-separated parameter markers, for an {@code IN (...)} list. */
    public static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    /** Binds {@code values} as strings from parameter index {@code from}; returns the next free index. */
    public static int bind(PreparedStatement st, int from, Collection<String> values) throws SQLException {
        int i = from;
        for (String value : values) {
            st.setString(i++, value);
        }
        return i;
    }

    /** {@code values} cut into parts of at most {@link #IN_LIST_LIMIT}, one {@code IN (...)} list each. */
    public static <T> List<List<T>> partition(List<T> values) {
        List<List<T>> parts = new ArrayList<>();
        for (int i = 0; i < values.size(); i += IN_LIST_LIMIT) {
            parts.add(values.subList(i, Math.min(values.size(), i + IN_LIST_LIMIT)));
        }
        return parts;
    }

    /** Runs a query of two string columns with string parameters and hands every row to {@code row}. */
    public static void forEachPair(Connection c, String sql, List<String> params, BiConsumer<String, String> row)
            throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            bind(st, 1, params);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    row.accept(rs.getString(1), rs.getString(2));
                }
            }
        }
    }

    /** The StoreException for a failed SQLite call: one line naming the store directory and what failed. */
    public static StoreException error(Path dir, String action, SQLException e) {
        StoreException.Reason reason = reasonOf(e);
        String detail = firstLine(e.getMessage());
        String message =
                switch (reason) {
                    case CORRUPT ->
                        "Store " + dir + " is unreadable or corrupt (" + detail
                                + "); re-ingest with --full to rebuild it.";
                    case LOCKED ->
                        "Store " + dir + " is locked by another process while trying to " + action + " (" + detail
                                + ").";
                    case MODEL_MISMATCH, IO ->
                        isFull(e)
                                ? "Store " + dir + ": the disk is full, could not " + action + " (" + detail
                                        + "); free space and run again: what was committed is kept."
                                : "Store " + dir + ": could not " + action + " (" + detail + ").";
                };
        return new StoreException(reason, message, e);
    }

    /** SQLITE_FULL: the file system (or the store's page quota, {@code coderag.store.maxPages}) is full. */
    private static boolean isFull(SQLException e) {
        return e instanceof SQLiteException se
                && se.getResultCode() != null
                && se.getResultCode().name().startsWith("SQLITE_FULL");
    }

    static StoreException.Reason reasonOf(SQLException e) {
        if (e instanceof SQLiteException se) {
            SQLiteErrorCode code = se.getResultCode();
            String name = code == null ? "" : code.name();
            if (name.startsWith("SQLITE_CORRUPT") || name.startsWith("SQLITE_NOTADB")) {
                return StoreException.Reason.CORRUPT;
            }
            if (name.startsWith("SQLITE_BUSY") || name.startsWith("SQLITE_LOCKED")) {
                return StoreException.Reason.LOCKED;
            }
        }
        return StoreException.Reason.IO;
    }

    public static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unknown error";
        }
        String m = message.strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl).strip();
    }
}
