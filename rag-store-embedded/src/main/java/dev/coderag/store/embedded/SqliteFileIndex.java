package dev.coderag.store.embedded;

import dev.coderag.store.FileEntry;
import dev.coderag.store.FileIndex;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.embedded.db.Sql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/** {@link FileIndex} over the {@code files} table and the chunk ids per file. Thread-safe. */
final class SqliteFileIndex implements FileIndex {
    private static final String HASHES = "SELECT path, file_hash FROM files WHERE repo = ?";
    /** A file's history (commit chunks) is no part of it: only a rewritten history deletes those. */
    private static final String CHUNK_IDS = "SELECT path, id FROM chunks WHERE repo = ? AND kind <> 'commit'";
    /** Chunk ids of a file in reading order; kind breaks ties between chunks starting on the same line. */
    private static final String CHUNK_ORDER = " ORDER BY path, start_line, kind";

    private final StoreReads reads;

    SqliteFileIndex(StoreReads reads) {
        this.reads = reads;
    }

    @Override
    public Map<String, FileEntry> entries(String repo) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        return reads.snapshot("read the file index", c -> {
            Map<String, String> hashes = hashes(c, repo);
            Map<String, List<String>> ids = new HashMap<>();
            Sql.forEachPair(c, CHUNK_IDS + CHUNK_ORDER, List.of(repo), (path, id) -> add(ids, path, id));
            return entries(repo, hashes, ids);
        });
    }

    @Override
    public Map<String, FileEntry> entries(String repo, Collection<String> paths) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        List<String> wanted = new ArrayList<>(new TreeSet<>(paths));
        if (wanted.isEmpty()) {
            return Map.of();
        }
        return reads.snapshot("read the file index", c -> {
            Map<String, String> hashes = new TreeMap<>();
            Map<String, List<String>> ids = new HashMap<>();
            for (List<String> part : Sql.partition(wanted)) {
                List<String> params = new ArrayList<>(part.size() + 1);
                params.add(repo);
                params.addAll(part);
                String in = " AND path IN (" + Sql.placeholders(part.size()) + ")";
                Sql.forEachPair(c, HASHES + in, params, hashes::put);
                Sql.forEachPair(c, CHUNK_IDS + in + CHUNK_ORDER, params, (path, id) -> add(ids, path, id));
            }
            return entries(repo, hashes, ids);
        });
    }

    @Override
    public Map<String, String> hashes(String repo) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        return reads.snapshot("read the file index", c -> hashes(c, repo));
    }

    @Override
    public Map<String, List<SharedChunk>> shared(String repo) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        return reads.snapshot("read the shared chunks", c -> {
            Map<String, List<SharedChunk>> out = new TreeMap<>();
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT path, chunk_id, start_line FROM shared WHERE repo = ? ORDER BY path, start_line")) {
                st.setString(1, repo);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.computeIfAbsent(rs.getString(1), p -> new ArrayList<>())
                                .add(new SharedChunk(rs.getString(2), rs.getInt(3)));
                    }
                }
            }
            return out;
        });
    }

    private static Map<String, String> hashes(Connection c, String repo) throws SQLException {
        Map<String, String> hashes = new TreeMap<>();
        Sql.forEachPair(c, HASHES, List.of(repo), hashes::put);
        return hashes;
    }

    private static void add(Map<String, List<String>> ids, String path, String id) {
        ids.computeIfAbsent(path, p -> new ArrayList<>()).add(id);
    }

    /** One entry per file with a hash, in path order (the hashes' TreeMap order). */
    private static Map<String, FileEntry> entries(
            String repo, Map<String, String> hashes, Map<String, List<String>> ids) {
        Map<String, FileEntry> out = new LinkedHashMap<>();
        hashes.forEach(
                (path, hash) -> out.put(path, new FileEntry(repo, path, hash, ids.getOrDefault(path, List.of()))));
        return out;
    }
}
