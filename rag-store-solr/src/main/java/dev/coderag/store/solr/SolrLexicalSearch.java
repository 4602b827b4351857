package dev.coderag.store.solr;

import dev.coderag.store.LexicalSearch;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.ModifiableSolrParams;

/**
 * {@link LexicalSearch}: BM25 on the table's field {@code lex_<table>}, which holds the tokens of rag-store's own
 * lexical analysis ({@link StoreRules#lexicalColumns}, names three times as the embedded store's column weight), so
 * both stores see the same terms. The query's terms are chosen as the embedded store chooses them
 * ({@link StoreRules#lexicalQueryTerms}) from the number of live chunks of the table containing each — counted
 * by one facet request over all shards (Lucene's own document frequencies also count deleted documents until
 * their segments merge, which would tip the "more than half the chunks" rule) — and OR-ed, each boosted so that
 * Lucene's BM25 (k1 1.2, b 0.75, collection-wide statistics) weighs it with FTS5's IDF ({@link #idfRatio}); the
 * score, times the constant factor (k1 + 1) that Lucene leaves out, is reported as {@code s / (s + 1)}: the
 * embedded store's scale, close to its values though not equal (docs/SCALE.md). Thread-safe.
 */
final class SolrLexicalSearch implements LexicalSearch {
    /** BM25's k1 in Lucene's and FTS5's default. */
    private static final double K1 = 1.2;

    private final SolrReads reads;

    SolrLexicalSearch(SolrReads reads) {
        this.reads = reads;
    }

    @Override
    public List<ScoredChunk> search(ChunkKind table, String query, int k, SearchFilter filter) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(filter, "filter");
        reads.connection().checkOpen();
        List<String> fq = SolrFilters.of(filter, table);
        if (query == null || k <= 0) {
            return List.of();
        }
        StoreRules.DocFrequencies[] stats = new StoreRules.DocFrequencies[1];
        List<String> terms = StoreRules.lexicalQueryTerms(query, candidates -> {
            stats[0] = docFrequencies(table, candidates);
            return stats[0];
        });
        if (terms.isEmpty()) {
            return List.of();
        }
        StringJoiner q = new StringJoiner(" ");
        for (String t : terms) {
            q.add(SolrDocs.term(t) + "^" + String.format(Locale.ROOT, "%.6f", idfRatio(stats[0], t)));
        }
        ModifiableSolrParams p = SolrReads.params(q.toString(), fq, SolrDocs.CHUNK_FIELDS + ",score", k);
        p.set("defType", "lucene");
        p.set("q.op", "OR");
        p.set("df", SolrDocs.lexField(table));
        List<ScoredChunk> out = new ArrayList<>();
        for (SolrDocument d : reads.query(p, "run a lexical search").getResults()) {
            StoredChunk c = SolrDocs.storedChunk(d);
            // Lucene dropped BM25's constant factor (k1 + 1) from its scores, FTS5's bm25() keeps it.
            double s = Math.max(0, (K1 + 1) * ((Number) d.getFieldValue("score")).doubleValue());
            out.add(new ScoredChunk(c.id(), c.chunk(), s / (s + 1)));
        }
        return out;
    }

    /**
     * The boost that turns Lucene's IDF of a term, {@code ln(1 + (N - n + 0.5) / (n + 0.5))}, into the embedded
     * store's (FTS5's), {@code ln((N - n + 0.5) / (n + 0.5))} but at least 1e-6: the classic BM25 IDF, which
     * gives terms in half the chunks or more almost no weight.
     */
    static double idfRatio(StoreRules.DocFrequencies stats, String term) {
        double n = stats.docs().getOrDefault(term, 0L);
        double total = stats.totalDocs();
        double x = (total - n + 0.5) / (n + 0.5);
        return Math.max(1e-6, Math.log(x)) / Math.log(1 + x);
    }

    /** The table's live chunk count and, for the terms that occur, how many of its chunks contain each. */
    private StoreRules.DocFrequencies docFrequencies(ChunkKind table, List<String> terms) {
        String field = SolrDocs.lexField(table);
        ModifiableSolrParams p = SolrReads.params(
                "*:*", List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("kind", table.table())), "id", 0);
        p.set("facet", true);
        p.set("facet.mincount", 1);
        Map<String, String> byQuery = new HashMap<>();
        for (String term : terms) {
            String q = "{!term f=" + field + " cache=false}" + term;
            byQuery.put(q, term);
            p.add("facet.query", q);
        }
        QueryResponse r = reads.query(p, "count query terms");
        Map<String, Long> docs = new HashMap<>();
        Map<String, Integer> counts = r.getFacetQuery();
        if (counts != null) {
            counts.forEach((q, n) -> {
                String term = byQuery.get(q);
                if (term != null && n > 0) {
                    docs.put(term, n.longValue());
                }
            });
        }
        return new StoreRules.DocFrequencies(r.getResults().getNumFound(), docs);
    }
}
