package dev.coderag.store.embedded;

import dev.coderag.store.LexicalSearch;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.embedded.db.FilterSql;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.store.embedded.lexical.LuceneIndexes;
import dev.coderag.store.embedded.lexical.LuceneSearch;
import dev.coderag.store.spi.LexicalQuery;
import dev.coderag.store.spi.LexicalText;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link LexicalSearch}: BM25 over a table's Lucene index ({@link LuceneIndexes}) when it holds the commit the
 * search sees, else over the FTS5 tables — both rank alike. Thread-safe.
 */
final class SqliteLexicalSearch implements LexicalSearch {
    /** Weights of the FTS columns (names, body): a hit in a symbol, path or heading counts more. */
    static final String BM25_WEIGHTS = "3.0, 1.0";

    private static final Logger LOG = LoggerFactory.getLogger(SqliteLexicalSearch.class);

    private final StoreReads reads;
    /** Null when Lucene is off ({@link StoreOptions#lucene()}): FTS5 only. */
    private final LuceneIndexes lucene;
    /** Per table, {seq, chunk count} of the last count: counting is a table scan, commits are rare. */
    private final Map<ChunkKind, long[]> docCounts = new EnumMap<>(ChunkKind.class);

    SqliteLexicalSearch(StoreReads reads, LuceneIndexes lucene) {
        this.reads = reads;
        this.lucene = lucene;
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
            LuceneIndexes.View view = lucene == null ? null : lucene.acquire(table, seq);
            if (view != null) {
                try {
                    return hits(c, LuceneSearch.search(view, terms, k, filter));
                } catch (IOException | UncheckedIOException e) { // derived data: FTS5 answers
                    LOG.warn("could not search the lexical index of {}: {}", table.table(), e.toString());
                } finally {
                    lucene.release(view);
                }
            }
            long rows = docCount(c, table, seq);
            List<String> selected;
            try {
                selected = LexicalQuery.select(
                        terms, lookups -> new StoreRules.DocFrequencies(rows, vocabulary(c, table, lookups)));
            } catch (VocabularyFailure e) {
                throw e.getCause();
            }
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
            st.setString(i++, match(terms));
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

    /** The chunks of Lucene's hits, in hit order. */
    private List<ScoredChunk> hits(Connection c, List<LuceneSearch.Hit> hits) throws SQLException {
        if (hits.isEmpty()) {
            return List.of();
        }
        Map<Long, StoredChunk> byRid =
                reads.byRid(c, hits.stream().map(LuceneSearch.Hit::rid).toList());
        List<ScoredChunk> out = new ArrayList<>(hits.size());
        for (LuceneSearch.Hit hit : hits) {
            StoredChunk stored = byRid.get(hit.rid());
            if (stored != null) {
                out.add(new ScoredChunk(stored.id(), stored.chunk(), score(-hit.bm25())));
            }
        }
        return out;
    }

    /** The store's lexical score in [0, 1) from an FTS5 bm25 value (negative, smaller is better). */
    private static double score(double bm25) {
        double s = Math.max(0.0, -bm25);
        return s / (s + 1.0);
    }

    /**
     * Number of chunks in a table, cached per commit: from the chunk rows, not the vectors, since an ingest
     * commits chunks before their vectors (and Lucene counts every chunk too).
     */
    private long docCount(Connection c, ChunkKind table, long seq) throws SQLException {
        synchronized (docCounts) {
            long[] cached = docCounts.get(table);
            if (cached != null && cached[0] == seq) {
                return cached[1];
            }
        }
        long count;
        try (PreparedStatement st = c.prepareStatement("SELECT count(*) FROM chunks WHERE kind = ?")) {
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

    /** The FTS5 document frequencies of those of {@code terms} that occur in {@code table}. */
    private static Map<String, Long> vocabulary(Connection c, ChunkKind table, List<String> terms) {
        Map<String, Long> docs = new HashMap<>();
        try {
            for (List<String> part : Sql.partition(terms)) {
                String sql = "SELECT term, doc FROM " + Schema.vocab(table) + " WHERE term IN ("
                        + Sql.placeholders(part.size()) + ")";
                try (PreparedStatement st = c.prepareStatement(sql)) {
                    int i = 1;
                    for (String term : part) {
                        st.setString(i++, term);
                    }
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            docs.put(rs.getString(1), rs.getLong(2));
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw new VocabularyFailure(e);
        }
        return docs;
    }

    /** Carries a vocabulary lookup's SQLException through {@link LexicalQuery#select}'s function. */
    private static final class VocabularyFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        VocabularyFailure(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }

    /** The MATCH expression: every term quoted (they are plain words) and OR-ed. */
    static String match(List<String> terms) {
        StringJoiner sj = new StringJoiner(" OR ");
        for (String term : terms) {
            sj.add('"' + term.replace("\"", "\"\"") + '"');
        }
        return sj.toString();
    }
}
