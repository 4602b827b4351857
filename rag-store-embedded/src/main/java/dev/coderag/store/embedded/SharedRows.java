package dev.coderag.store.embedded;

import dev.coderag.store.SharedChunk;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** Writes a branch overlay's file's {@link SharedChunk}s (table {@code shared}, docs/STORE.md "Branches"). */
final class SharedRows {
    private SharedRows() {}

    /** Replaces the shared chunks of one file (an empty list deletes them). */
    static void put(ResolvedWrites.Statements sql, String repo, String path, List<SharedChunk> shared)
            throws SQLException {
        PreparedStatement clear = sql.get("DELETE FROM shared WHERE repo = ? AND path = ?");
        clear.setString(1, repo);
        clear.setString(2, path);
        clear.executeUpdate();
        PreparedStatement add =
                sql.get("INSERT OR REPLACE INTO shared (repo, path, chunk_id, start_line) VALUES (?, ?, ?, ?)");
        for (SharedChunk c : shared) {
            add.setString(1, repo);
            add.setString(2, path);
            add.setString(3, c.chunkId());
            add.setInt(4, c.startLine());
            add.executeUpdate();
        }
    }
}
