package dev.coderag.store.embedded;

import dev.coderag.store.IndexState;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.spi.RepoInfos;
import dev.coderag.types.ChunkKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@link RepoCatalog}: a repo's metadata from the {@code repos} table with its chunk, language and file counts.
 * A repo with chunks or files but no metadata row is listed too, with empty metadata. Thread-safe.
 */
final class SqliteRepoCatalog implements RepoCatalog {
    private final StoreReads reads;

    SqliteRepoCatalog(StoreReads reads) {
        this.reads = reads;
    }

    @Override
    public List<RepoInfo> list() {
        reads.checkOpen();
        return reads.snapshot("list repositories", c -> repoInfos(c, null));
    }

    @Override
    public Optional<RepoInfo> get(String name) {
        reads.checkOpen();
        Objects.requireNonNull(name, "name");
        List<RepoInfo> found = reads.snapshot("read a repository", c -> repoInfos(c, name));
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    @Override
    public List<SkippedFile> skipped(String repo, int limit) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        if (limit < 0 || limit > MAX_SKIPPED) {
            throw new IllegalArgumentException("limit " + limit + " out of 0.." + MAX_SKIPPED);
        }
        return reads.snapshot("read skipped files", c -> {
            List<SkippedFile> out = new ArrayList<>();
            try (PreparedStatement st =
                    c.prepareStatement("SELECT path, reason FROM skipped WHERE repo = ? ORDER BY path LIMIT ?")) {
                st.setString(1, repo);
                st.setInt(2, limit);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new SkippedFile(rs.getString(1), rs.getString(2)));
                    }
                }
            }
            return out;
        });
    }

    /** The repos named {@code only}, or all when it is null, by name. */
    private static List<RepoInfo> repoInfos(Connection c, String only) throws SQLException {
        String where = only == null ? "" : " WHERE repo = ?";
        Map<String, RepoRecord> records = new HashMap<>();
        forEachRow(
                c,
                "SELECT name, source, commit_sha, indexed_at, state, pending_files, branch FROM repos"
                        + (only == null ? "" : " WHERE name = ?"),
                only,
                rs -> records.put(
                        rs.getString(1),
                        new RepoRecord(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                Instant.ofEpochMilli(Long.parseLong(rs.getString(4))),
                                IndexState.fromId(rs.getString(5)),
                                Integer.parseInt(rs.getString(6)),
                                rs.getString(7))));
        Map<String, Map<ChunkKind, Integer>> counts = new HashMap<>();
        forEachRow(
                c,
                "SELECT repo, kind, count(*) FROM chunks" + where + " GROUP BY repo, kind",
                only,
                rs -> counts.computeIfAbsent(rs.getString(1), r -> new EnumMap<>(ChunkKind.class))
                        .put(ChunkKind.fromTable(rs.getString(2)), rs.getInt(3)));
        Map<String, Map<String, Integer>> languages = new HashMap<>();
        forEachRow(
                c,
                "SELECT repo, language, count(*) FROM chunks"
                        + (only == null ? " WHERE kind = 'code'" : " WHERE repo = ? AND kind = 'code'")
                        + " GROUP BY repo, language",
                only,
                rs -> languages
                        .computeIfAbsent(rs.getString(1), r -> new TreeMap<>())
                        .put(rs.getString(2), rs.getInt(3)));
        Map<String, Integer> files = new HashMap<>();
        forEachRow(
                c,
                "SELECT repo, count(*) FROM files" + where + " GROUP BY repo",
                only,
                rs -> files.put(rs.getString(1), rs.getInt(2)));
        Map<String, Integer> staticVectors = new HashMap<>();
        forEachRow(
                c,
                "SELECT repo, count(*) FROM static_vectors WHERE kind <> 'commit'" // the history stays static
                        + (only == null ? "" : " AND repo = ?")
                        + " GROUP BY repo",
                only,
                rs -> staticVectors.put(rs.getString(1), rs.getInt(2)));
        return RepoInfos.assemble(records, counts, languages, files, staticVectors);
    }

    /** One result row; may throw SQLException. */
    @FunctionalInterface
    private interface Row {
        void accept(ResultSet rs) throws SQLException;
    }

    /** Runs {@code sql}, binding {@code only} (when not null) as its one parameter, and hands each row over. */
    private static void forEachRow(Connection c, String sql, String only, Row row) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            if (only != null) {
                st.setString(1, only);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    row.accept(rs);
                }
            }
        }
    }
}
