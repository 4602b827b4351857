package dev.coderag.store.embedded;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** A write transaction's prepared statements, one per SQL text, closed with it. Not thread-safe. */
final class StatementCache {
    private final Connection connection;
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    StatementCache(Connection connection) {
        this.connection = connection;
    }

    PreparedStatement get(String sql) throws SQLException {
        PreparedStatement st = statements.get(sql);
        if (st == null) {
            st = connection.prepareStatement(sql);
            statements.put(sql, st);
        }
        return st;
    }

    void close() {
        for (PreparedStatement st : statements.values()) {
            try {
                st.close();
            } catch (SQLException ignored) {
                // Statements die with the connection anyway.
            }
        }
        statements.clear();
    }
}
