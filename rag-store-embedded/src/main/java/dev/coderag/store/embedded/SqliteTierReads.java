package dev.coderag.store.embedded;

import dev.coderag.store.VectorTier;
import dev.coderag.store.embedded.db.Schema;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** What the store's two vector tiers hold, read from their tables (docs/STORE.md, "Two vector tiers"). Stateless. */
final class SqliteTierReads {
    private SqliteTierReads() {}

    /** The tiers with at least one vector: an {@code EXISTS} per table. */
    static Set<VectorTier> present(StoreReads reads) {
        return reads.read("read the vector tiers", c -> {
            Set<VectorTier> present = EnumSet.noneOf(VectorTier.class);
            for (VectorTier tier : VectorTier.values()) {
                try (PreparedStatement st =
                                c.prepareStatement("SELECT EXISTS (SELECT 1 FROM " + Schema.vectorTable(tier) + ")");
                        ResultSet rs = st.executeQuery()) {
                    if (rs.next() && rs.getInt(1) == 1) {
                        present.add(tier);
                    }
                }
            }
            return present;
        });
    }

    /** Up to {@code limit} ids of {@code repo}'s chunks with a static-tier vector, oldest row first. */
    static List<String> staticChunkIds(StoreReads reads, String repo, int limit) {
        Objects.requireNonNull(repo, "repo");
        if (limit <= 0) {
            return List.of();
        }
        return reads.read("read the static tier", c -> {
            List<String> ids = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT c.id FROM static_vectors v"
                    + " JOIN chunks c ON c.rid = v.rid WHERE v.repo = ? AND v.kind <> 'commit'" // history stays static
                    + " ORDER BY v.rid LIMIT ?")) {
                st.setString(1, repo);
                st.setInt(2, limit);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
            }
            return ids;
        });
    }
}
