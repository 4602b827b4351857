package dev.coderag.store.embedded;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.References;
import dev.coderag.store.Resolution;
import dev.coderag.store.ResolvedFile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One file's stored resolution read back unlinked ({@link References#stored}): the rows {@link ResolvedWrites#put}
 * wrote, declarations in the order they were put (their rowids) and references by their {@code ord}.
 */
final class ResolvedReads {
    private ResolvedReads() {}

    /** Reads on {@code c}, which the caller holds for one consistent snapshot. */
    static Optional<References.Stored> stored(Connection c, String repo, String path) throws SQLException {
        String hash;
        try (PreparedStatement st = c.prepareStatement("SELECT file_hash FROM resolved WHERE repo = ? AND path = ?")) {
            bind(st, repo, path);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                hash = rs.getString(1);
            }
        }
        List<ResolvedFile.Declared> declared = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(
                "SELECT key, line, qualified, signature FROM decls WHERE repo = ? AND path = ? ORDER BY rowid")) {
            bind(st, repo, path);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    declared.add(
                            new ResolvedFile.Declared(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        List<ResolvedFile.Referenced> refs = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT kind, line, key, fallback, external, resolution"
                + " FROM refs WHERE repo = ? AND path = ? ORDER BY ord")) {
            bind(st, repo, path);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    refs.add(new ResolvedFile.Referenced(
                            ReferenceKind.valueOf(rs.getString(1)),
                            rs.getInt(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            Resolution.valueOf(rs.getString(6))));
                }
            }
        }
        return Optional.of(new References.Stored(hash, new ResolvedFile(path, declared, refs)));
    }

    private static void bind(PreparedStatement st, String repo, String path) throws SQLException {
        st.setString(1, repo);
        st.setString(2, path);
    }
}
