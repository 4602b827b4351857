package dev.coderag.store.solr;

import dev.coderag.store.StoredChunk;
import dev.coderag.store.StoredChunks;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.solr.client.solrj.response.FacetField;
import org.apache.solr.common.params.ModifiableSolrParams;

/** {@link StoredChunks} on the collection's chunk documents. Thread-safe. */
final class SolrChunkReads implements StoredChunks {
    private static final String ORDER = "repo asc,path asc,start_line asc";

    private final SolrReads reads;

    SolrChunkReads(SolrReads reads) {
        this.reads = reads;
    }

    @Override
    public Optional<StoredChunk> get(String id) {
        Objects.requireNonNull(id, "id");
        return Optional.ofNullable(reads.chunks(List.of(id)).get(id));
    }

    @Override
    public List<StoredChunk> getAll(Collection<String> ids) {
        reads.connection().checkOpen();
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, StoredChunk> byId = reads.chunks(ids);
        List<StoredChunk> out = new ArrayList<>();
        for (String id : ids) {
            StoredChunk c = byId.get(id);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    @Override
    public List<StoredChunk> bySymbol(String symbol, Optional<String> repo) {
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        List<String> fq = new ArrayList<>(List.of(
                SolrDocs.is("doc", SolrDocs.CHUNK),
                "(" + SolrDocs.is("symbol", symbol) + " OR " + SolrDocs.is("qualified", symbol) + ")"));
        repo.ifPresent(r -> fq.add(SolrDocs.is("repo", r)));
        return chunks(fq, "find a symbol");
    }

    @Override
    public List<StoredChunk> byPath(String pathOrSuffix, Optional<String> repo) {
        Objects.requireNonNull(pathOrSuffix, "pathOrSuffix");
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        String path = StoreRules.pathSuffix(pathOrSuffix);
        if (path.isEmpty()) {
            return List.of();
        }
        // rpath is the reversed path: "equals path or ends with /path" is the reversed path exactly, or it
        // followed by '/' as a prefix.
        String reversed = new StringBuilder(path).reverse().toString();
        List<String> fq = new ArrayList<>(List.of(
                SolrDocs.is("doc", SolrDocs.CHUNK),
                SolrDocs.NOT_COMMIT,
                "(" + SolrDocs.is("rpath", reversed) + " OR rpath:" + SolrDocs.term(reversed + "/") + "*)"));
        repo.ifPresent(r -> fq.add(SolrDocs.is("repo", r)));
        return chunks(fq, "find a path");
    }

    @Override
    public Map<ChunkKind, Integer> counts() {
        reads.connection().checkOpen();
        ModifiableSolrParams p = SolrReads.params("*:*", List.of(SolrDocs.is("doc", SolrDocs.CHUNK)), "id", 0);
        p.set("facet", true);
        p.add("facet.field", "kind");
        p.set("facet.limit", -1);
        p.set("facet.mincount", 1);
        Map<ChunkKind, Integer> out = new EnumMap<>(ChunkKind.class);
        for (ChunkKind kind : ChunkKind.values()) {
            out.put(kind, 0);
        }
        FacetField kinds = reads.query(p, "count chunks").getFacetField("kind");
        if (kinds != null) {
            for (FacetField.Count c : kinds.getValues()) {
                out.put(ChunkKind.fromTable(c.getName()), (int) c.getCount());
            }
        }
        return out;
    }

    private List<StoredChunk> chunks(List<String> fq, String what) {
        List<StoredChunk> out = new ArrayList<>();
        reads.forEach(fq, SolrDocs.CHUNK_FIELDS, ORDER, what, d -> out.add(SolrDocs.storedChunk(d)));
        return out;
    }
}
