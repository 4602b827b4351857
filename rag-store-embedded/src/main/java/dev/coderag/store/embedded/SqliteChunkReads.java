package dev.coderag.store.embedded;

import dev.coderag.store.StoredChunk;
import dev.coderag.store.StoredChunks;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.ChunkKind;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** {@link StoredChunks} over the {@code chunks} table. Thread-safe. */
final class SqliteChunkReads implements StoredChunks {
    private final StoreReads reads;

    SqliteChunkReads(StoreReads reads) {
        this.reads = reads;
    }

    @Override
    public Optional<StoredChunk> get(String id) {
        Objects.requireNonNull(id, "id");
        List<StoredChunk> found = getAll(List.of(id));
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    @Override
    public List<StoredChunk> getAll(Collection<String> ids) {
        reads.checkOpen();
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(ids));
        if (distinct.isEmpty()) {
            return List.of();
        }
        Map<String, StoredChunk> byId = reads.snapshot("read chunks", c -> {
            Map<String, StoredChunk> out = new HashMap<>();
            for (List<String> part : Sql.partition(distinct)) {
                String sql = "SELECT id, kind, body FROM chunks WHERE id IN (" + Sql.placeholders(part.size()) + ")";
                try (PreparedStatement st = c.prepareStatement(sql)) {
                    Sql.bind(st, 1, part);
                    for (StoredChunk chunk : reads.chunks(st)) {
                        out.put(chunk.id(), chunk);
                    }
                }
            }
            return out;
        });
        List<StoredChunk> result = new ArrayList<>();
        for (String id : ids) {
            StoredChunk chunk = byId.get(id);
            if (chunk != null) {
                result.add(chunk);
            }
        }
        return result;
    }

    @Override
    public List<StoredChunk> bySymbol(String symbol, Optional<String> repo) {
        reads.checkOpen();
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(repo, "repo");
        // Only code chunks have symbols. "+repo" keeps the planner on the symbol indexes.
        String sql = "SELECT id, kind, body FROM chunks WHERE (symbol = ? OR qualified = ?)"
                + " AND kind <> 'commit'" // a file's history is no part of the file
                + (repo.isPresent() ? " AND +repo = ?" : "") + " ORDER BY repo, path, start_line";
        return reads.read("find a symbol", c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, symbol);
                st.setString(2, symbol);
                if (repo.isPresent()) {
                    st.setString(3, repo.get());
                }
                return reads.chunks(st);
            }
        });
    }

    @Override
    public List<StoredChunk> byPath(String pathOrSuffix, Optional<String> repo) {
        reads.checkOpen();
        Objects.requireNonNull(pathOrSuffix, "pathOrSuffix");
        Objects.requireNonNull(repo, "repo");
        String path = StoreRules.pathSuffix(pathOrSuffix);
        if (path.isEmpty()) {
            return List.of();
        }
        // rpath is the reversed path, so "equals path or ends with /path" is a prefix range on its index
        // (reversed path, then end of string or '/'), checked exactly by the length/substr condition.
        String reversed = new StringBuilder(path).reverse().toString();
        String upper =
                reversed.substring(0, reversed.length() - 1) + (char) (reversed.charAt(reversed.length() - 1) + 1);
        int length = reversed.length();
        String sql = "SELECT id, kind, body FROM chunks WHERE rpath >= ? AND rpath < ?"
                + " AND (length(rpath) = ? OR substr(rpath, ? + 1, 1) = '/')"
                + " AND kind <> 'commit'" // a file's history is no part of the file
                + (repo.isPresent() ? " AND +repo = ?" : "") + " ORDER BY repo, path, start_line";
        return reads.read("find a path", c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, reversed);
                st.setString(2, upper);
                st.setInt(3, length);
                st.setInt(4, length);
                if (repo.isPresent()) {
                    st.setString(5, repo.get());
                }
                return reads.chunks(st);
            }
        });
    }

    @Override
    public boolean isEmpty() {
        reads.checkOpen();
        return reads.read("look for a chunk", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT EXISTS (SELECT 1 FROM chunks)");
                    ResultSet rs = st.executeQuery()) {
                return !rs.next() || rs.getInt(1) == 0;
            }
        });
    }

    @Override
    public Map<ChunkKind, Integer> counts() {
        reads.checkOpen();
        return reads.read("count chunks", c -> {
            Map<ChunkKind, Integer> out = new EnumMap<>(ChunkKind.class);
            for (ChunkKind kind : ChunkKind.values()) {
                out.put(kind, 0);
            }
            try (PreparedStatement st = c.prepareStatement("SELECT kind, count(*) FROM chunks GROUP BY kind");
                    ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.put(ChunkKind.fromTable(rs.getString(1)), rs.getInt(2));
                }
            }
            return out;
        });
    }
}
