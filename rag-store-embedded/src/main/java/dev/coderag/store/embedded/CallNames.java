package dev.coderag.store.embedded;

import dev.coderag.store.SymbolRef;
import dev.coderag.store.embedded.SqliteReferences.Place;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link dev.coderag.store.References#callNames} in three statements (more only past 500 distinct keys): the chunks
 * nested in this one (whose lines are theirs), the calls on the chunk's own lines (an index scan), and the names
 * their keys (else fallback keys) are declared under in current files, linked as {@code from} links them: a key two
 * current files declare names only the calling file's own declaration, else nothing. Reads only.
 */
final class CallNames {
    private CallNames() {}

    static List<String> of(Connection c, Place p) throws SQLException {
        List<int[]> nested = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT start_line, end_line FROM chunks WHERE repo = ?"
                + " AND path = ? AND kind = 'code' AND start_line >= ? AND end_line <= ? AND id <> ?")) {
            st.setString(1, p.repo());
            st.setString(2, p.path());
            st.setInt(3, p.start());
            st.setInt(4, p.end());
            st.setString(5, p.id());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    // a chunk with the same lines is a part or a twin, not a nested chunk
                    if (rs.getInt(1) != p.start() || rs.getInt(2) != p.end()) {
                        nested.add(new int[] {rs.getInt(1), rs.getInt(2)});
                    }
                }
            }
        }
        // the calls of the chunk's own lines first (an index scan), then the names of only their keys
        List<String[]> calls = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT line, key, fallback FROM refs INDEXED BY refs_calls"
                + " WHERE repo = ? AND path = ? AND kind = 'CALL' AND line BETWEEN ? AND ? AND key <> ''"
                + " ORDER BY line, ord")) {
            st.setString(1, p.repo());
            st.setString(2, p.path());
            st.setInt(3, p.start());
            st.setInt(4, p.end());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    if (!inside(nested, rs.getInt(1))) {
                        calls.add(new String[] {rs.getString(2), rs.getString(3)});
                    }
                }
            }
        }
        Set<String> keys = new LinkedHashSet<>();
        calls.forEach(k -> {
            keys.add(k[0]);
            if (!k[1].isEmpty()) {
                keys.add(k[1]);
            }
        });
        Map<String, Map<String, String>> declared = declarations(c, p.repo(), keys);
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String[] k : calls) {
            // as from() links: the key's declaration, else (no file declares the key) the fallback key's
            Map<String, String> byPath = declared.containsKey(k[0]) ? declared.get(k[0]) : declared.get(k[1]);
            String q = byPath == null ? null : linked(byPath, p.path());
            if (q != null) {
                names.add(SymbolRef.simpleName(q));
            }
        }
        return List.copyOf(names);
    }

    /** The one declaration a reference links to: the only one, else its own file's, else none (which is unknown). */
    private static String linked(Map<String, String> byPath, String ownPath) {
        return byPath.size() == 1 ? byPath.values().iterator().next() : byPath.get(ownPath);
    }

    /**
     * Per key, the current files of the repo that declare it, each with the qualified name it is declared under;
     * absent when none declares it.
     */
    private static Map<String, Map<String, String>> declarations(Connection c, String repo, Set<String> keys)
            throws SQLException {
        Map<String, Map<String, String>> out = new HashMap<>();
        List<String> all = new ArrayList<>(keys);
        for (int i = 0; i < all.size(); i += 500) {
            List<String> part = all.subList(i, Math.min(all.size(), i + 500));
            try (PreparedStatement st = c.prepareStatement("SELECT x.key, x.qualified, x.path FROM decls x"
                    + SqliteReferences.CURRENT + " WHERE x.repo = ? AND x.key IN ("
                    + SqliteReferences.marks(part.size())
                    + ")")) {
                st.setString(1, repo);
                for (int j = 0; j < part.size(); j++) {
                    st.setString(j + 2, part.get(j));
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.computeIfAbsent(rs.getString(1), k -> new HashMap<>())
                                .putIfAbsent(rs.getString(3), rs.getString(2));
                    }
                }
            }
        }
        return out;
    }

    private static boolean inside(List<int[]> nested, int line) {
        for (int[] r : nested) {
            if (r[0] <= line && line <= r[1]) {
                return true;
            }
        }
        return false;
    }
}
