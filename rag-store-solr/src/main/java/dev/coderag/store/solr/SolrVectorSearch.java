package dev.coderag.store.solr;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.VectorSearch;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.solr.client.solrj.response.Group;
import org.apache.solr.client.solrj.response.GroupCommand;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.ModifiableSolrParams;

/**
 * {@link VectorSearch} with Solr's HNSW ({@code {!knn}} on the {@code vec} field, dot product of unit vectors); the
 * filter goes in as filter queries, which Solr applies before the graph search, so all k hits pass it. Approximate
 * at every size (the embedded store is exact below 20,000 vectors): each shard's graph is searched with a beam of
 * at least {@link #MIN_BEAM} and the shards' hits merged. Thread-safe.
 */
final class SolrVectorSearch implements VectorSearch {
    /** Candidates each shard's HNSW search keeps (Lucene's k); more than asked for, for recall. */
    static final int MIN_BEAM = 100;

    private final SolrReads reads;
    private final int dimension;

    SolrVectorSearch(SolrReads reads, int dimension) {
        this.reads = reads;
        this.dimension = dimension;
    }

    @Override
    public List<ScoredChunk> search(ChunkKind table, float[] query, int k, SearchFilter filter) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(filter, "filter");
        reads.connection().checkOpen();
        if (query.length != dimension) {
            throw new IllegalArgumentException(
                    "query vector has " + query.length + " dimensions, the store " + dimension);
        }
        if (k <= 0) {
            return List.of();
        }
        StringBuilder v = new StringBuilder(query.length * 12);
        v.append("{!knn f=vec topK=").append(Math.max(k, MIN_BEAM)).append("}[");
        for (int i = 0; i < query.length; i++) {
            v.append(i == 0 ? "" : ",").append(query[i]);
        }
        v.append(']');
        ModifiableSolrParams p =
                SolrReads.params(v.toString(), SolrFilters.of(filter, table), SolrDocs.CHUNK_FIELDS + ",score", k);
        List<ScoredChunk> out = new ArrayList<>();
        for (SolrDocument d : reads.query(p, "run a vector search").getResults()) {
            StoredChunk c = SolrDocs.storedChunk(d);
            // Lucene's dot-product score is (1 + cosine) / 2 for unit vectors; the store's score is max(0, cosine).
            double cosine = 2 * ((Number) d.getFieldValue("score")).doubleValue() - 1;
            out.add(new ScoredChunk(c.id(), c.chunk(), Math.max(0, Math.min(1, cosine))));
        }
        return out;
    }

    @Override
    public Map<String, float[]> byContentHash(Collection<String> contentHashes) {
        reads.connection().checkOpen();
        List<String> hashes = new ArrayList<>(new LinkedHashSet<>(contentHashes));
        Map<String, float[]> out = new HashMap<>();
        for (int i = 0; i < hashes.size(); i += SolrReads.BATCH) {
            List<String> part = hashes.subList(i, Math.min(hashes.size(), i + SolrReads.BATCH));
            // One document per hash, however many chunks share the text (grouping works across shards).
            ModifiableSolrParams p = SolrReads.params(
                    "*:*",
                    List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.anyOf("content_hash", part)),
                    "content_hash,vec",
                    part.size());
            p.set("group", true);
            p.set("group.field", "content_hash");
            p.set("group.limit", 1);
            QueryResponse r = reads.query(p, "read stored vectors");
            for (GroupCommand command : r.getGroupResponse().getValues()) {
                for (Group g : command.getValues()) {
                    if (!g.getResult().isEmpty()) {
                        float[] vector = SolrDocs.vector(g.getResult().get(0));
                        if (vector.length == dimension) {
                            out.put(g.getGroupValue(), vector);
                        }
                    }
                }
            }
        }
        return out;
    }
}
