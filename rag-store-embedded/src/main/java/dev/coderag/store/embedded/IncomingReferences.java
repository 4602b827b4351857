package dev.coderag.store.embedded;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.embedded.SqliteReferences.Declaration;
import dev.coderag.store.embedded.SqliteReferences.Place;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The references into one chunk's declarations ({@link dev.coderag.store.References#to}); reads only. */
final class IncomingReferences {
    private IncomingReferences() {}

    /** A reference row before its chunk is known. */
    private record Row(String path, int line, int ord, ReferenceKind kind, Resolution resolution, Declaration to) {}

    static List<SymbolRef> find(Connection c, Place p, EnumSet<ReferenceKind> kinds, int limit) throws SQLException {
        Innermost own = Innermost.of(c, p.repo(), p.path());
        List<Declaration> declared = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT key, line, qualified, signature FROM decls"
                + " WHERE repo = ? AND path = ? AND line BETWEEN ? AND ? ORDER BY line")) {
            st.setString(1, p.repo());
            st.setString(2, p.path());
            st.setInt(3, p.start());
            st.setInt(4, p.end());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    if (own.at(rs.getInt(2)).equals(p.id())) {
                        declared.add(new Declaration(
                                p.path(), rs.getInt(2), rs.getString(1), rs.getString(3), rs.getString(4)));
                    }
                }
            }
        }
        String kindList = kinds.stream().map(k -> "'" + k.name() + "'").collect(Collectors.joining(","));
        List<Row> rows = new ArrayList<>();
        for (Declaration d : declared) {
            // two current files declaring the key: only the declaring file's own references are known to mean this
            boolean onlyOwn = SqliteReferences.declarers(c, p.repo(), List.of(d.key()))
                            .getOrDefault(d.key(), List.of())
                            .size()
                    > 1;
            // "<> ''" spelled out: SQLite uses the partial indexes refs_key/refs_fallback only when the query implies
            // their condition, and a bound parameter does not
            rows.addAll(rows(c, p, d, "x.key = ? AND x.key <> ''", kindList, onlyOwn, limit));
            // a reference to a key no current file declares falls back to its fallback key (a default constructor
            // stands for its class)
            rows.addAll(rows(
                    c,
                    p,
                    d,
                    "x.fallback = ? AND x.fallback <> '' AND NOT EXISTS (SELECT 1 FROM decls d2 JOIN resolved r2 ON r2.repo = d2.repo"
                            + " AND r2.path = d2.path JOIN files f2 ON f2.repo = r2.repo AND f2.path = r2.path"
                            + " AND f2.file_hash = r2.file_hash WHERE d2.repo = x.repo AND d2.key = x.key)",
                    kindList,
                    onlyOwn,
                    limit));
        }
        rows.sort(Comparator.comparing(Row::path).thenComparingInt(Row::line).thenComparingInt(Row::ord));
        Map<String, Innermost> files = new HashMap<>();
        files.put(p.path(), own);
        List<SymbolRef> out = new ArrayList<>();
        for (Row r : rows.subList(0, Math.min(limit, rows.size()))) {
            Innermost in = files.get(r.path());
            if (in == null) {
                in = Innermost.of(c, p.repo(), r.path());
                files.put(r.path(), in);
            }
            Declaration d = r.to();
            out.add(new SymbolRef(
                    r.kind(),
                    p.repo(),
                    r.path(),
                    r.line(),
                    in.at(r.line()),
                    new SymbolRef.InRepo(d.path(), d.line(), d.qualified(), d.signature(), p.id()),
                    r.resolution()));
        }
        return out;
    }

    private static List<Row> rows(
            Connection c, Place p, Declaration d, String match, String kindList, boolean onlyOwn, int limit)
            throws SQLException {
        List<Row> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT x.path, x.line, x.ord, x.kind, x.resolution FROM refs x"
                + SqliteReferences.CURRENT + " WHERE x.repo = ? AND " + match + " AND x.kind IN (" + kindList + ")"
                + (onlyOwn ? " AND x.path = ?" : "") + " ORDER BY x.path, x.line, x.ord LIMIT ?")) {
            int i = 1;
            st.setString(i++, p.repo());
            st.setString(i++, d.key());
            if (onlyOwn) {
                st.setString(i++, p.path());
            }
            st.setInt(i, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new Row(
                            rs.getString(1),
                            rs.getInt(2),
                            rs.getInt(3),
                            ReferenceKind.valueOf(rs.getString(4)),
                            Resolution.valueOf(rs.getString(5)),
                            d));
                }
            }
        }
        return out;
    }
}
