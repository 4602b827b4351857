package dev.coderag.store.solr;

import dev.coderag.store.StoredChunk;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.CursorMarkParams;
import org.apache.solr.common.params.ModifiableSolrParams;

/**
 * Searches every read view shares: a page of documents, every document of a query (cursor paging, so a file index
 * of 100,000 files is read in pages, not with one deep offset), and chunks by id. Reads see committed documents
 * only — never real-time get, which would show a batch still being written. Thread-safe.
 */
final class SolrReads {
    /** Documents per page of a full read. */
    static final int PAGE = 1000;
    /** Ids or values per filter query: well below Solr's maxBooleanClauses (2,048 in the configset). */
    static final int BATCH = 500;

    private final SolrConnection solr;

    SolrReads(SolrConnection solr) {
        this.solr = solr;
    }

    SolrConnection connection() {
        return solr;
    }

    static ModifiableSolrParams params(String q, List<String> fq, String fl, int rows) {
        ModifiableSolrParams p = new ModifiableSolrParams();
        p.set("q", q);
        for (String f : fq) {
            p.add("fq", f);
        }
        p.set("fl", fl);
        p.set("rows", rows);
        return p;
    }

    /** One search. */
    QueryResponse query(ModifiableSolrParams params, String what) {
        return solr.query(params, what);
    }

    /**
     * Hands every document matching {@code fq} to {@code each}, in {@code sort} order ({@code id asc} is appended
     * as the cursor's tie-break).
     */
    void forEach(List<String> fq, String fl, String sort, String what, Consumer<SolrDocument> each) {
        String cursor = CursorMarkParams.CURSOR_MARK_START;
        while (true) {
            ModifiableSolrParams p = params("*:*", fq, fl, PAGE);
            p.set("sort", sort.isEmpty() ? "id asc" : sort + ",id asc");
            p.set(CursorMarkParams.CURSOR_MARK_PARAM, cursor);
            QueryResponse r = solr.query(p, what);
            r.getResults().forEach(each);
            String next = r.getNextCursorMark();
            if (next == null || next.equals(cursor) || r.getResults().size() < PAGE) {
                return;
            }
            cursor = next;
        }
    }

    /** Every document matching {@code fq}, in {@code sort} order. */
    List<SolrDocument> all(List<String> fq, String fl, String sort, String what) {
        List<SolrDocument> out = new ArrayList<>();
        forEach(fq, fl, sort, what, out::add);
        return out;
    }

    /** The stored chunks with these ids, by id (missing ids absent). */
    Map<String, StoredChunk> chunks(Collection<String> ids) {
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(ids));
        Map<String, StoredChunk> out = new HashMap<>();
        for (int i = 0; i < distinct.size(); i += BATCH) {
            List<String> part = distinct.subList(i, Math.min(distinct.size(), i + BATCH));
            ModifiableSolrParams p = params(
                    "*:*",
                    List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.anyOf("id", part)),
                    SolrDocs.CHUNK_FIELDS,
                    part.size());
            for (SolrDocument d : solr.query(p, "read chunks").getResults()) {
                StoredChunk c = SolrDocs.storedChunk(d);
                out.put(c.id(), c);
            }
        }
        return out;
    }

    /** The number of documents matching {@code fq}. */
    long count(List<String> fq, String what) {
        return solr.query(params("*:*", fq, "id", 0), what).getResults().getNumFound();
    }
}
