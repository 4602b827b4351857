package dev.coderag.store.embedded.db;

import dev.coderag.store.StoreException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;

/**
 * Read-only SQLite connections shared by the reading threads: at most {@code max} at once (a JDBC connection
 * serves one thread at a time; virtual-thread servers may have thousands of threads), created on demand and
 * reused. Thread-safe.
 */
public final class ReaderPool implements AutoCloseable {
    private static final int BUSY_MILLIS = 10_000;

    private final Path dir;
    private final Path dbFile;
    private final Semaphore permits;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();
    private final List<Connection> all = new ArrayList<>();
    private volatile boolean closed;

    public ReaderPool(Path dir, Path dbFile, int max) {
        this.dir = dir;
        this.dbFile = dbFile;
        this.permits = new Semaphore(max, true);
    }

    /** Runs {@code body} on a connection in autocommit mode (each statement sees the latest commit). */
    public <T> T read(String action, Sql.SqlFunction<T> body) {
        return run(action, body, false);
    }

    /**
     * Runs {@code body} in one read transaction: every statement sees the same committed state, even while a
     * writer commits.
     */
    public <T> T snapshot(String action, Sql.SqlFunction<T> body) {
        return run(action, body, true);
    }

    private <T> T run(String action, Sql.SqlFunction<T> body, boolean transaction) {
        if (closed) {
            throw new StoreException(StoreException.Reason.IO, "Store " + dir + " is closed.");
        }
        permits.acquireUninterruptibly();
        Connection connection = null;
        boolean healthy = false;
        try {
            connection = borrow();
            T result;
            if (transaction) {
                Sql.exec(connection, "BEGIN");
                try {
                    result = body.apply(connection);
                } finally {
                    Sql.exec(connection, "COMMIT");
                }
            } else {
                result = body.apply(connection);
            }
            healthy = true;
            return result;
        } catch (SQLException e) {
            throw Sql.error(dir, action, e);
        } finally {
            if (connection != null) {
                giveBack(connection, healthy);
            }
            permits.release();
        }
    }

    private Connection borrow() throws SQLException {
        Connection connection = idle.pollFirst();
        if (connection != null) {
            return connection;
        }
        connection = Sql.open(dbFile, false, BUSY_MILLIS);
        synchronized (all) {
            all.add(connection);
        }
        return connection;
    }

    private void giveBack(Connection connection, boolean healthy) {
        if (!healthy) {
            try {
                Sql.exec(connection, "ROLLBACK");
            } catch (SQLException ignored) {
                // Not in a transaction: nothing to roll back.
            }
        }
        if (closed) {
            closeQuietly(connection);
        } else {
            idle.offerFirst(connection);
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (all) {
            for (Connection connection : all) {
                closeQuietly(connection);
            }
            all.clear();
        }
        idle.clear();
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // Closing: nothing left to do with it.
        }
    }
}
