package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link LexicalSearch}: BM25 over the FTS5 tables, or over a table's in-memory copy ({@link LexicalIndexes})
 * when one is current and can apply the filter — both rank alike. Thread-safe.
 */
final class SqliteLexicalSearch implements LexicalSearch {
    /** Weights of the FTS columns (names, body): a hit in a symbol, path or heading counts more. */
    static final String BM25_WEIGHTS = "3.0, 1.0";

    private final StoreReads reads;
    private final LexicalIndexes memory;
    /** Per table, {seq, chunk count} of the last count: counting is a table scan, commits are rare. */
    private final Map<ChunkKind, long[]> docCounts = new EnumMap<>(ChunkKind.class);

    SqliteLexicalSearch(StoreReads reads, LexicalIndexes memory) {
        this.reads = reads;
        this.memory = memory;
    }

    @Override
    public List<ScoredChunk> search(ChunkKind table, String query, int k, SearchFilter filter) {
        reads.checkOpen();
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(filter, "filter");
        if (query == null || k <= 0) {
            return List.of();
        }
        List<LexicalText.QueryTerm> terms = LexicalText.queryTerms(query);
        if (terms.isEmpty()) {
            return List.of();
        }
        return reads.snapshot("run a lexical search", c -> {
            long seq = Schema.metaLong(c, "seq");
            long rows = docCount(c, table, seq);
            LexicalIndex index = LexicalIndex.supports(filter) ? memory.at(table, seq, rows, c) : null;
            if (index != null) {
                return hits(c, index.search(LexicalQuery.select(index, terms), k, filter));
            }
            List<String> selected = LexicalQuery.select(c, table, terms, rows);
            if (selected.isEmpty()) {
                return List.of();
            }
            return fts(c, table, selected, k, filter);
        });
    }

    /** The top k of FTS5's own BM25 ranking. */
    private List<ScoredChunk> fts(Connection c, ChunkKind table, List<String> terms, int k, SearchFilter filter)
            throws SQLException {
        String fts = Schema.fts(table);
        FilterSql where = FilterSql.of(filter, "c");
        // Rank first, then read the bodies of the top k only: selecting c.body in the ranking query made
        // SQLite read every matching chunk's text into the sorter (3x slower at 100k chunks). The chunks
        // join stays in the ranking query only when a filter needs its columns.
        String ranked = "SELECT " + fts + ".rowid AS rid, bm25(" + fts + ", " + BM25_WEIGHTS + ") AS rank FROM " + fts
                + (where.sql().isEmpty() ? "" : " JOIN chunks c ON c.rid = " + fts + ".rowid")
                + " WHERE " + fts + " MATCH ?" + where.sql() + " ORDER BY rank LIMIT ?";
        String sql = "SELECT b.id, b.kind, b.body, h.rank FROM (" + ranked + ") h JOIN chunks b ON b.rid = h.rid"
                + " ORDER BY h.rank";
        try (PreparedStatement st = c.prepareStatement(sql)) {
            int i = 1;
            st.setString(i++, LexicalQuery.match(terms));
            i = where.bind(st, i);
            st.setInt(i, k);
            try (ResultSet rs = st.executeQuery()) {
                List<ScoredChunk> out = new ArrayList<>();
                while (rs.next()) {
                    StoredChunk stored = reads.chunk(rs.getString(1), rs.getString(2), rs.getString(3));
                    out.add(new ScoredChunk(stored.id(), stored.chunk(), score(rs.getDouble(4))));
                }
                return out;
            }
        }
    }

    /** The chunks of in-memory BM25 hits, in hit order. */
    private List<ScoredChunk> hits(Connection c, List<LexicalIndex.Hit> hits) throws SQLException {
        if (hits.isEmpty()) {
            return List.of();
        }
        Map<Long, StoredChunk> byRid =
                reads.byRid(c, hits.stream().map(LexicalIndex.Hit::rid).toList());
        List<ScoredChunk> out = new ArrayList<>(hits.size());
        for (LexicalIndex.Hit hit : hits) {
            StoredChunk stored = byRid.get(hit.rid());
            if (stored != null) {
                out.add(new ScoredChunk(stored.id(), stored.chunk(), score(hit.bm25())));
            }
        }
        return out;
    }

    /** The store's lexical score in [0, 1) from an FTS5 bm25 value (negative, smaller is better). */
    private static double score(double bm25) {
        double s = Math.max(0.0, -bm25);
        return s / (s + 1.0);
    }

    /** Number of chunks in a table, cached per commit. */
    private long docCount(Connection c, ChunkKind table, long seq) throws SQLException {
        synchronized (docCounts) {
            long[] cached = docCounts.get(table);
            if (cached != null && cached[0] == seq) {
                return cached[1];
            }
        }
        long count;
        try (PreparedStatement st = c.prepareStatement("SELECT count(*) FROM vectors WHERE kind = ?")) {
            st.setString(1, table.table());
            try (ResultSet rs = st.executeQuery()) {
                count = rs.next() ? rs.getLong(1) : 0;
            }
        }
        synchronized (docCounts) {
            docCounts.put(table, new long[] {seq, count});
        }
        return count;
    }
}
