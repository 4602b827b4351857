package dev.coderag.store.embedded;

import dev.coderag.store.StoreException;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.embedded.db.Sql;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.sqlite.SQLiteConfig;

/**
 * The store's files as SQLite sees them: creating the directory and the schema, checking an opened database
 * (schema version, model and dimension), and reading the model id without opening the store. Static helpers of
 * {@link SqliteStore}, kept apart so that class holds the store's state.
 */
final class StoreFiles {
    private static final int WRITER_BUSY_MILLIS = 10_000;

    private StoreFiles() {}

    static Optional<String> storedModelId(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            abs = Generations.current(abs);
        }
        Path db = abs.resolve(SqliteStore.DB_FILE);
        if (!Files.isRegularFile(db)) {
            return Optional.empty();
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(WRITER_BUSY_MILLIS);
        try (Connection c = config.createConnection("jdbc:sqlite:" + db)) {
            if (!Schema.hasMeta(c)) {
                if (Schema.isEmpty(c)) {
                    return Optional.empty();
                }
                throw notAStore(abs);
            }
            return Schema.meta(c, "model_id");
        } catch (SQLException e) {
            throw Sql.error(abs, "read the store's model id", e);
        }
    }

    static void ensureDirectory(Path abs) {
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new StoreException(StoreException.Reason.IO, "Store " + abs + " is not a directory.");
        }
        try {
            Files.createDirectories(abs);
        } catch (IOException e) {
            throw new StoreException(
                    StoreException.Reason.IO,
                    "Store " + abs + ": could not create the directory (" + Sql.firstLine(e.getMessage()) + ").",
                    e);
        }
    }

    static StoreException notAStore(Path abs) {
        return new StoreException(
                StoreException.Reason.CORRUPT,
                "Store " + abs + " is unreadable: " + SqliteStore.DB_FILE
                        + " is a database but not a coderag store; move it away or re-ingest with --full.");
    }

    static void create(Path abs, Connection c, String modelId, int dimension) throws SQLException {
        Sql.exec(c, "BEGIN IMMEDIATE");
        try {
            if (!Schema.hasMeta(c) && !Schema.isEmpty(c)) {
                throw notAStore(abs);
            }
            for (String ddl : Schema.ddl()) {
                Sql.exec(c, ddl);
            }
            try (PreparedStatement st = c.prepareStatement("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)")) {
                Object[][] initial = {
                    {"schema_version", Schema.VERSION},
                    {"model_id", modelId},
                    {"dimension", dimension},
                    {"seq", 0},
                    {"store_id", UUID.randomUUID().toString()},
                    {"tombstone_floor", 0},
                    {"created_at", Instant.now().toString()}
                };
                for (Object[] kv : initial) {
                    st.setString(1, (String) kv[0]);
                    st.setObject(2, kv[1]);
                    st.executeUpdate();
                }
            }
            Sql.exec(c, "COMMIT");
        } catch (SQLException | RuntimeException e) {
            try {
                Sql.exec(c, "ROLLBACK");
            } catch (SQLException ignored) {
                // The original failure is what matters.
            }
            throw e;
        }
    }

    static void check(Path abs, Connection c, String modelId, int dimension) throws SQLException {
        long version = Schema.metaLong(c, "schema_version");
        if (version != Schema.VERSION) {
            throw new StoreException(
                    StoreException.Reason.CORRUPT,
                    "Store " + abs + " has schema version " + version + " but this coderag reads version "
                            + Schema.VERSION + "; re-ingest with --full to rebuild it.");
        }
        String storedModel = Schema.meta(c, "model_id").orElse("");
        long storedDimension = Schema.metaLong(c, "dimension");
        if (!storedModel.equals(modelId) || storedDimension != dimension) {
            String run = storedModel.equals(modelId) ? modelId + " (" + dimension + "-d)" : modelId;
            throw new StoreException(
                    StoreException.Reason.MODEL_MISMATCH,
                    "Store " + abs + " was built with " + storedModel + " (" + storedDimension
                            + "-d) but this run uses " + run + "; re-ingest with --full to rebuild it.");
        }
    }

    /** The argument checks of opening a store: a directory, a model id and a positive dimension. */
    static void checkArguments(Path dir, String modelId, int dimension) {
        java.util.Objects.requireNonNull(dir, "dir");
        if (modelId == null || modelId.isBlank()) {
            throw new IllegalArgumentException("modelId must not be blank");
        }
        if (dimension <= 0) {
            throw new IllegalArgumentException("dimension must be positive: " + dimension);
        }
    }
}
