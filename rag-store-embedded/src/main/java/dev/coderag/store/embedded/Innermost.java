package dev.coderag.store.embedded;

import dev.coderag.store.embedded.SqliteReferences.Place;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The code chunks of one file by line: which is the innermost holding a line (smallest span, then the earlier
 * start), as {@link dev.coderag.store.References} assigns lines.
 */
record Innermost(List<Place> chunks) {
    static Innermost of(Connection c, String repo, String path) throws SQLException {
        List<Place> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(
                "SELECT id, start_line, end_line FROM chunks" + " WHERE repo = ? AND path = ? AND kind = 'code'")) {
            st.setString(1, repo);
            st.setString(2, path);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new Place(rs.getString(1), repo, path, rs.getInt(2), rs.getInt(3)));
                }
            }
        }
        out.sort(Comparator.comparingInt((Place x) -> x.end() - x.start()).thenComparingInt(Place::start));
        return new Innermost(out);
    }

    /** {@link #of} for several files of a repo, in batches of statements. */
    static Map<String, Innermost> ofAll(Connection c, String repo, Collection<String> paths) throws SQLException {
        Map<String, List<Place>> byPath = new HashMap<>();
        List<String> all = new ArrayList<>(paths);
        for (String p : all) {
            byPath.put(p, new ArrayList<>());
        }
        for (int i = 0; i < all.size(); i += SqliteReferences.BATCH) {
            List<String> part = all.subList(i, Math.min(all.size(), i + SqliteReferences.BATCH));
            try (PreparedStatement st = c.prepareStatement("SELECT path, id, start_line, end_line FROM chunks"
                    + " WHERE repo = ? AND kind = 'code' AND path IN (" + SqliteReferences.marks(part.size()) + ")")) {
                st.setString(1, repo);
                for (int j = 0; j < part.size(); j++) {
                    st.setString(j + 2, part.get(j));
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        byPath.get(rs.getString(1))
                                .add(new Place(rs.getString(2), repo, rs.getString(1), rs.getInt(3), rs.getInt(4)));
                    }
                }
            }
        }
        Map<String, Innermost> out = new HashMap<>();
        byPath.forEach((p, chunks) -> out.put(p, sorted(chunks)));
        return out;
    }

    private static Innermost sorted(List<Place> chunks) {
        chunks.sort(Comparator.comparingInt((Place x) -> x.end() - x.start()).thenComparingInt(Place::start));
        return new Innermost(chunks);
    }

    /** The id of the innermost chunk holding {@code line}; "" when none does. */
    String at(int line) {
        for (Place x : chunks) {
            if (x.start() <= line && line <= x.end()) {
                return x.id();
            }
        }
        return "";
    }
}
