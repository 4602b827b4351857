package dev.coderag.store.embedded;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.VectorSearch;
import dev.coderag.store.VectorTier;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.embedded.vectors.VectorIndex;
import dev.coderag.store.embedded.vectors.VectorTables;
import dev.coderag.store.spi.ChunkCodec;
import dev.coderag.types.ChunkKind;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link VectorSearch} over the in-memory {@link VectorTables} (derived from SQLite, caught up with the latest
 * commit before each search), reading the hits' chunks from SQLite. Thread-safe.
 */
final class SqliteVectorSearch implements VectorSearch {
    private final StoreReads reads;
    private final VectorTables tables;
    private final int dimension;
    private final String vectorTable;

    SqliteVectorSearch(StoreReads reads, VectorTables tables, int dimension, VectorTier tier) {
        this.reads = reads;
        this.tables = tables;
        this.dimension = dimension;
        this.vectorTable = Schema.vectorTable(tier);
    }

    @Override
    public List<ScoredChunk> search(ChunkKind table, float[] query, int k, SearchFilter filter) {
        reads.checkOpen();
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(filter, "filter");
        if (query == null || query.length != dimension) {
            throw new IllegalArgumentException("query vector must have " + dimension + " dimensions, got "
                    + (query == null ? "null" : query.length));
        }
        if (k <= 0) {
            return List.of();
        }
        long seq = reads.read("read the commit sequence", c -> Schema.metaLong(c, "seq"));
        List<VectorIndex.Hit> hits = tables.current(table, seq).search(query, k, filter);
        while (hits == null) { // the index was replaced (compacted, reloaded) under this search: use the new one
            reads.checkOpen();
            hits = tables.current(table, seq).search(query, k, filter);
        }
        if (hits.isEmpty()) {
            return List.of();
        }
        List<Long> rids = hits.stream().map(VectorIndex.Hit::rid).toList();
        Map<Long, StoredChunk> byRid = reads.read("read chunks", c -> reads.byRid(c, rids));
        List<ScoredChunk> out = new ArrayList<>(hits.size());
        for (VectorIndex.Hit hit : hits) {
            StoredChunk stored = byRid.get(hit.rid());
            if (stored != null) { // absent only when deleted by a commit during this search
                double score = Math.min(1.0, Math.max(0.0, hit.cosine()));
                out.add(new ScoredChunk(stored.id(), stored.chunk(), score));
            }
        }
        return out;
    }

    @Override
    public Map<String, float[]> byContentHash(Collection<String> contentHashes) {
        reads.checkOpen();
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(contentHashes));
        if (distinct.isEmpty()) {
            return Map.of();
        }
        return reads.snapshot("read stored vectors", c -> {
            Map<String, float[]> out = new HashMap<>();
            for (List<String> part : Sql.partition(distinct)) {
                String sql = "SELECT c.content_hash, v.vector FROM chunks c JOIN " + vectorTable + " v ON v.rid = c.rid"
                        + " WHERE c.content_hash IN (" + Sql.placeholders(part.size()) + ")";
                try (PreparedStatement st = c.prepareStatement(sql)) {
                    Sql.bind(st, 1, part);
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            out.putIfAbsent(rs.getString(1), ChunkCodec.fromBlob(rs.getBytes(2), dimension));
                        }
                    }
                }
            }
            return out;
        });
    }
}
