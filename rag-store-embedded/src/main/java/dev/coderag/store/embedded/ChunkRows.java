package dev.coderag.store.embedded;

import dev.coderag.store.spi.ChunkCodec;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** One chunk's row in the {@code chunks} table: the columns reads filter and look up on, and the JSON body. */
final class ChunkRows {
    private ChunkRows() {}

    /** Inserts the row of {@code chunk} under {@code id}; returns its row id. */
    static long insert(ResolvedWrites.Statements statements, Chunk chunk, String id) throws SQLException {
        PreparedStatement st = statements.get("INSERT INTO chunks (id, kind, repo, path, rpath, start_line, end_line,"
                + " language, symbol, qualified, symbol_kind, signature, content_hash, body)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING rid");
        st.setString(1, id);
        st.setString(2, chunk.kind().table());
        st.setString(3, chunk.repo());
        st.setString(4, chunk.path());
        st.setString(5, new StringBuilder(chunk.path()).reverse().toString());
        st.setInt(6, chunk.startLine());
        st.setInt(7, chunk.endLine());
        st.setString(8, chunk.language().id());
        if (chunk instanceof CommitChunk commit) { // the commit id in the indexed column: History#commit by prefix
            st.setString(9, null);
            st.setString(10, commit.sha());
            st.setString(11, null);
            st.setString(12, null);
        } else if (chunk instanceof CodeChunk code) {
            st.setString(9, code.symbol());
            st.setString(10, code.qualifiedName());
            st.setString(11, code.symbolKind().id());
            st.setString(12, code.signature());
        } else {
            st.setString(9, null);
            st.setString(10, null);
            st.setString(11, null);
            st.setString(12, null);
        }
        st.setString(13, chunk.contentHash());
        st.setString(14, ChunkCodec.toJson(chunk));
        try (ResultSet rs = st.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("insert returned no row id");
            }
            return rs.getLong(1);
        }
    }
}
