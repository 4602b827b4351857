package dev.coderag.store.embedded.db;

import dev.coderag.store.RepoCatalog;
import dev.coderag.store.VectorTier;
import dev.coderag.types.ChunkKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The SQLite schema of a store (store.db), the source of truth; everything else in the directory is derived.
 *
 * <ul>
 *   <li>{@code meta}: schema version, model id, dimension, the commit sequence number ({@code seq}, +1 per commit)
 *       and the tombstone floor;
 *   <li>{@code chunks}: one row per chunk; {@code rid} is never reused (AUTOINCREMENT), so a row id always
 *       names the same content, which lets derived vector indexes catch up by "rows above my max rid";
 *   <li>{@code vectors}: the vector of each chunk with the fields filters need, apart from the wide chunk rows so
 *       loading vectors reads only vector pages; {@code static_vectors}: the same for chunks whose vector is of the
 *       static tier (a chunk has a row in at most one of the two);
 *   <li>{@code fts_<table>}: contentless FTS5 (BM25) over pre-tokenised {@code names} and {@code body} columns;
 *   <li>{@code tombstones}: row ids deleted per commit, pruned after {@link #TOMBSTONE_COMMITS} commits;
 *   <li>{@code files}, {@code edges}, {@code repos}: the file index, call edges and repository metadata;
 *   <li>{@code resolved}, {@code decls}, {@code refs}: per file, the hash of the content a compiler resolved, the
 *       declarations it found (by key) and its references (to keys), linked when read (docs/STORE.md, "Resolved
 *       references");
 *   <li>{@code shared}: per file of a branch overlay, the base's chunks it shows at other lines (docs/STORE.md,
 *       "Branches");
 *   <li>{@code skipped}: the files the last ingest of each repository left out, with the reason (at most
 *       {@link RepoCatalog#MAX_SKIPPED} per repository).
 * </ul>
 */
public final class Schema {
    private Schema() {}

    public static final int VERSION = 1;
    /** Tombstones are kept for this many commits; a reader further behind reloads its vectors. */
    public static final long TOMBSTONE_COMMITS = 1000;

    /** The static tier's vectors, as {@code vectors} (docs/STORE.md, "Two vector tiers"); a chunk is in one of them. */
    private static final String STATIC_VECTORS_DDL =
            "CREATE TABLE IF NOT EXISTS static_vectors (rid INTEGER PRIMARY KEY,"
                    + " kind TEXT NOT NULL, repo TEXT NOT NULL, path TEXT NOT NULL, language TEXT NOT NULL, symbol_kind TEXT,"
                    + " vector BLOB NOT NULL)";

    private static final String STATIC_VECTORS_INDEX =
            "CREATE INDEX IF NOT EXISTS static_vectors_kind ON static_vectors (kind, rid)";

    /** Status counts a repository's static vectors (RepoInfo#staticVectors) on every call. */
    private static final String STATIC_VECTORS_REPO_INDEX =
            "CREATE INDEX IF NOT EXISTS static_vectors_repo ON static_vectors (repo)";

    private static final String SKIPPED_DDL = "CREATE TABLE IF NOT EXISTS skipped (repo TEXT NOT NULL,"
            + " path TEXT NOT NULL, reason TEXT NOT NULL, PRIMARY KEY (repo, path)) WITHOUT ROWID";

    /** How far each repository's stored history reaches (dev.coderag.store.HistoryMark). */
    private static final String HISTORY_DDL = "CREATE TABLE IF NOT EXISTS history (repo TEXT PRIMARY KEY,"
            + " head TEXT NOT NULL, commits INTEGER NOT NULL, max_commits INTEGER NOT NULL) WITHOUT ROWID";

    /** A branch overlay's files' shared chunks (dev.coderag.store.SharedChunk): its base's, at other lines. */
    public static final String SHARED_DDL = "CREATE TABLE IF NOT EXISTS shared (repo TEXT NOT NULL, path TEXT NOT NULL,"
            + " chunk_id TEXT NOT NULL, start_line INTEGER NOT NULL, PRIMARY KEY (repo, path, chunk_id)) WITHOUT ROWID";

    /** Resolved references (dev.coderag.store.References): linked by key when read, so no row names a chunk. */
    private static final List<String> REFERENCES_DDL = List.of(
            "CREATE TABLE IF NOT EXISTS resolved (repo TEXT NOT NULL, path TEXT NOT NULL, file_hash TEXT NOT NULL,"
                    + " PRIMARY KEY (repo, path)) WITHOUT ROWID",
            "CREATE TABLE IF NOT EXISTS decls (repo TEXT NOT NULL, path TEXT NOT NULL, key TEXT NOT NULL,"
                    + " line INTEGER NOT NULL, qualified TEXT NOT NULL, signature TEXT NOT NULL)",
            "CREATE INDEX IF NOT EXISTS decls_key ON decls (repo, key)",
            "CREATE INDEX IF NOT EXISTS decls_path ON decls (repo, path, line)",
            "CREATE TABLE IF NOT EXISTS refs (repo TEXT NOT NULL, path TEXT NOT NULL, ord INTEGER NOT NULL,"
                    + " line INTEGER NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, fallback TEXT NOT NULL,"
                    + " external TEXT NOT NULL, resolution TEXT NOT NULL, PRIMARY KEY (repo, path, ord)) WITHOUT ROWID",
            "CREATE INDEX IF NOT EXISTS refs_line ON refs (repo, path, line)",
            // covers CallNames' scan of a chunk's calls, which retrieval makes for every code hit
            "CREATE INDEX IF NOT EXISTS refs_calls ON refs (repo, path, kind, line, ord, key, fallback)",
            "CREATE INDEX IF NOT EXISTS refs_key ON refs (repo, key) WHERE key <> ''",
            "CREATE INDEX IF NOT EXISTS refs_fallback ON refs (repo, fallback) WHERE fallback <> ''");

    /** The table of a tier's vectors: {@code vectors} (full) or {@code static_vectors}. */
    public static String vectorTable(VectorTier tier) {
        return switch (tier) {
            case FULL -> "vectors";
            case STATIC -> "static_vectors";
        };
    }

    public static String fts(ChunkKind kind) {
        return "fts_" + kind.table();
    }

    public static String vocab(ChunkKind kind) {
        return "fts_" + kind.table() + "_vocab";
    }

    public static List<String> ddl() {
        List<String> ddl = new ArrayList<>(List.of(
                "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value NOT NULL)",
                """
                CREATE TABLE IF NOT EXISTS chunks (
                  rid INTEGER PRIMARY KEY AUTOINCREMENT,
                  id TEXT NOT NULL UNIQUE,
                  kind TEXT NOT NULL,
                  repo TEXT NOT NULL,
                  path TEXT NOT NULL,
                  rpath TEXT NOT NULL,
                  start_line INTEGER NOT NULL,
                  end_line INTEGER NOT NULL,
                  language TEXT NOT NULL,
                  symbol TEXT,
                  qualified TEXT,
                  symbol_kind TEXT,
                  signature TEXT,
                  content_hash TEXT NOT NULL,
                  body TEXT NOT NULL)""",
                "CREATE INDEX IF NOT EXISTS chunks_repo_path ON chunks (repo, path)",
                "CREATE INDEX IF NOT EXISTS chunks_repo_kind ON chunks (repo, kind, language)",
                "CREATE INDEX IF NOT EXISTS chunks_kind ON chunks (kind)",
                "CREATE INDEX IF NOT EXISTS chunks_hash ON chunks (content_hash)",
                "CREATE INDEX IF NOT EXISTS chunks_symbol ON chunks (symbol, repo)",
                "CREATE INDEX IF NOT EXISTS chunks_qualified ON chunks (qualified)",
                "CREATE INDEX IF NOT EXISTS chunks_rpath ON chunks (rpath)",
                """
                CREATE TABLE IF NOT EXISTS vectors (
                  rid INTEGER PRIMARY KEY,
                  kind TEXT NOT NULL,
                  repo TEXT NOT NULL,
                  path TEXT NOT NULL,
                  language TEXT NOT NULL,
                  symbol_kind TEXT,
                  vector BLOB NOT NULL)""",
                "CREATE INDEX IF NOT EXISTS vectors_kind ON vectors (kind, rid)",
                STATIC_VECTORS_DDL,
                STATIC_VECTORS_INDEX,
                STATIC_VECTORS_REPO_INDEX,
                """
                CREATE TABLE IF NOT EXISTS files (
                  repo TEXT NOT NULL,
                  path TEXT NOT NULL,
                  file_hash TEXT NOT NULL,
                  PRIMARY KEY (repo, path)) WITHOUT ROWID""",
                """
                CREATE TABLE IF NOT EXISTS edges (
                  caller_rid INTEGER NOT NULL,
                  ord INTEGER NOT NULL,
                  repo TEXT NOT NULL,
                  callee_name TEXT NOT NULL,
                  callee_key TEXT NOT NULL,
                  PRIMARY KEY (caller_rid, ord)) WITHOUT ROWID""",
                "CREATE INDEX IF NOT EXISTS edges_callee ON edges (repo, callee_key)",
                """
                CREATE TABLE IF NOT EXISTS repos (
                  name TEXT PRIMARY KEY,
                  source TEXT NOT NULL,
                  commit_sha TEXT NOT NULL,
                  indexed_at INTEGER NOT NULL,
                  state TEXT NOT NULL DEFAULT 'complete',
                  pending_files INTEGER NOT NULL DEFAULT 0,
                  branch TEXT NOT NULL DEFAULT '')""",
                SKIPPED_DDL,
                "CREATE TABLE IF NOT EXISTS tombstones (seq INTEGER NOT NULL, kind TEXT NOT NULL, rid INTEGER NOT NULL)",
                "CREATE INDEX IF NOT EXISTS tombstones_seq ON tombstones (seq)"));
        ddl.addAll(REFERENCES_DDL);
        ddl.add(HISTORY_DDL);
        ddl.add(SHARED_DDL);
        for (ChunkKind kind : ChunkKind.values()) {
            ddl.addAll(ftsDdl(kind));
        }
        return ddl;
    }

    private static List<String> ftsDdl(ChunkKind kind) {
        // Text is tokenised in Java (LexicalText); unicode61 only splits it on the spaces between tokens.
        return List.of(
                "CREATE VIRTUAL TABLE IF NOT EXISTS " + fts(kind)
                        + " USING fts5(names, body, content='', contentless_delete=1,"
                        + " tokenize='unicode61 remove_diacritics 0')",
                "CREATE VIRTUAL TABLE IF NOT EXISTS " + vocab(kind) + " USING fts5vocab(" + fts(kind) + ", 'row')");
    }

    /**
     * Additive changes to a version-1 store made before they existed (older coderag versions read and write
     * such a store unchanged): the repos table's {@code state}, {@code pending_files} and {@code branch}
     * columns and the {@code skipped}, {@code static_vectors}, resolved-reference, history (with the
     * commit table's full-text index) and {@code shared} tables. Takes SQLite's write lock only when something is missing.
     */
    public static void upgrade(Connection connection) throws SQLException {
        Set<String> columns = repoColumns(connection);
        if (columns.containsAll(List.of("state", "pending_files", "branch"))
                && hasTable(connection, "skipped")
                && hasTable(connection, "static_vectors")
                && hasTable(connection, "refs")
                && has(connection, "index", "refs_calls")
                && hasTable(connection, "history")
                && hasTable(connection, fts(ChunkKind.COMMIT))
                && hasTable(connection, "shared")) {
            return;
        }
        Sql.exec(connection, "BEGIN IMMEDIATE");
        try {
            columns = repoColumns(connection); // another process may have upgraded meanwhile
            if (!columns.contains("state")) {
                Sql.exec(connection, "ALTER TABLE repos ADD COLUMN state TEXT NOT NULL DEFAULT 'complete'");
            }
            if (!columns.contains("pending_files")) {
                Sql.exec(connection, "ALTER TABLE repos ADD COLUMN pending_files INTEGER NOT NULL DEFAULT 0");
            }
            if (!columns.contains("branch")) {
                Sql.exec(connection, "ALTER TABLE repos ADD COLUMN branch TEXT NOT NULL DEFAULT ''");
            }
            Sql.exec(connection, SKIPPED_DDL);
            Sql.exec(connection, STATIC_VECTORS_DDL);
            Sql.exec(connection, STATIC_VECTORS_INDEX);
            Sql.exec(connection, STATIC_VECTORS_REPO_INDEX);
            for (String ddl : REFERENCES_DDL) {
                Sql.exec(connection, ddl);
            }
            Sql.exec(connection, HISTORY_DDL);
            Sql.exec(connection, SHARED_DDL);
            for (String ddl : ftsDdl(ChunkKind.COMMIT)) {
                Sql.exec(connection, ddl);
            }
            Sql.exec(connection, "COMMIT");
        } catch (SQLException | RuntimeException e) {
            try {
                Sql.exec(connection, "ROLLBACK");
            } catch (SQLException ignored) {
                // The original failure is what matters.
            }
            throw e;
        }
    }

    private static boolean hasTable(Connection connection, String name) throws SQLException {
        return has(connection, "table", name);
    }

    private static boolean has(Connection connection, String type, String name) throws SQLException {
        try (PreparedStatement st =
                connection.prepareStatement("SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?")) {
            st.setString(1, type);
            st.setString(2, name);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static Set<String> repoColumns(Connection connection) throws SQLException {
        Set<String> columns = new HashSet<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT name FROM pragma_table_info('repos')");
                ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                columns.add(rs.getString(1));
            }
        }
        return columns;
    }

    /** True when the database has no tables at all (a new or empty file). */
    public static boolean isEmpty(Connection connection) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT count(*) FROM sqlite_schema");
                ResultSet rs = st.executeQuery()) {
            return rs.next() && rs.getLong(1) == 0;
        }
    }

    public static boolean hasMeta(Connection connection) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement(
                        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'meta'");
                ResultSet rs = st.executeQuery()) {
            return rs.next() && rs.getLong(1) == 1;
        }
    }

    public static Optional<String> meta(Connection connection, String key) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
            st.setString(1, key);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        }
    }

    public static long metaLong(Connection connection, String key) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
            st.setString(1, key);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    public static void putMeta(Connection connection, String key, Object value) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("INSERT INTO meta (key, value) VALUES (?, ?) "
                + "ON CONFLICT (key) DO UPDATE SET value = excluded.value")) {
            st.setString(1, key);
            st.setObject(2, value);
            st.executeUpdate();
        }
    }
}
