package dev.coderag.store.solr;

import dev.coderag.store.LexicalSearch;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.StoreRules;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
 * their segments merge, which would tip the "more than half the chunks" rule) — and OR-ed. Scores are
 * {@code s / (s + 1)} of Lucene's BM25 (k1 1.2, b 0.75, collection-wide statistics): the embedded store's scale,
 * though not its exact values (docs/SCALE.md). Thread-safe.
 */
final class SolrLexicalSearch implements LexicalSearch {
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
        List<String> terms = StoreRules.lexicalQueryTerms(query, candidates -> docFrequencies(table, candidates));
        if (terms.isEmpty()) {
            return List.of();
        }
        StringJoiner q = new StringJoiner(" ");
        terms.forEach(t -> q.add(SolrDocs.term(t)));
        ModifiableSolrParams p = SolrReads.params(q.toString(), fq, SolrDocs.CHUNK_FIELDS + ",score", k);
        p.set("defType", "lucene");
        p.set("q.op", "OR");
        p.set("df", SolrDocs.lexField(table));
        List<ScoredChunk> out = new ArrayList<>();
        for (SolrDocument d : reads.query(p, "run a lexical search").getResults()) {
            StoredChunk c = SolrDocs.storedChunk(d);
            double s = Math.max(0, ((Number) d.getFieldValue("score")).doubleValue());
            out.add(new ScoredChunk(c.id(), c.chunk(), s / (s + 1)));
        }
        return out;
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
