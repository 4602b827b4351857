package dev.coderag.store.embedded;

import dev.coderag.store.ResolvedFile;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The writes of resolved references ({@link dev.coderag.store.WriteTransaction#putResolved}) and their removal with
 * a file or a repository, through the transaction's statement cache.
 */
final class ResolvedWrites {
    private ResolvedWrites() {}

    /** The transaction's cached statement for a SQL text. */
    @FunctionalInterface
    interface Statements {
        PreparedStatement get(String sql) throws SQLException;
    }

    static void put(Statements sql, String repo, String fileHash, ResolvedFile file) throws SQLException {
        String path = file.path();
        delete(sql, "repo = ? AND path = ?", repo, path);
        PreparedStatement r = sql.get("INSERT INTO resolved (repo, path, file_hash) VALUES (?, ?, ?)");
        r.setString(1, repo);
        r.setString(2, path);
        r.setString(3, fileHash);
        r.executeUpdate();
        PreparedStatement d =
                sql.get("INSERT INTO decls (repo, path, key, line, qualified, signature) VALUES (?, ?, ?, ?, ?, ?)");
        for (ResolvedFile.Declared x : file.declared()) {
            d.setString(1, repo);
            d.setString(2, path);
            d.setString(3, x.key());
            d.setInt(4, x.line());
            d.setString(5, x.qualifiedName());
            d.setString(6, x.signature());
            d.addBatch();
        }
        d.executeBatch();
        PreparedStatement f = sql.get("INSERT INTO refs (repo, path, ord, line, kind, key, fallback, external,"
                + " resolution) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        int ord = 0;
        for (ResolvedFile.Referenced x : file.references()) {
            f.setString(1, repo);
            f.setString(2, path);
            f.setInt(3, ord++);
            f.setInt(4, x.line());
            f.setString(5, x.kind().name());
            f.setString(6, x.key());
            f.setString(7, x.fallbackKey());
            f.setString(8, x.external());
            f.setString(9, x.resolution().name());
            f.addBatch();
        }
        f.executeBatch();
    }

    /** Removes the resolved references of the files {@code where} selects ({@code repo = ?} [{@code AND path = ?}]). */
    static void delete(Statements sql, String where, String... args) throws SQLException {
        for (String table : List.of("resolved", "decls", "refs")) {
            PreparedStatement st = sql.get("DELETE FROM " + table + " WHERE " + where);
            for (int i = 0; i < args.length; i++) {
                st.setString(i + 1, args[i]);
            }
            st.executeUpdate();
        }
    }
}
