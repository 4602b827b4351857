package dev.coderag.store.solr;

import dev.coderag.store.CallEdge;
import dev.coderag.store.CallGraph;
import dev.coderag.store.spi.StoreRules;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.solr.common.SolrDocument;

/**
 * {@link CallGraph} on the chunk documents: a code chunk keeps its calls in order ({@code calls}) and their keys
 * ({@code call_keys}, indexed); a callee resolves to the one definition of that name in the repo, as in the
 * embedded store (parts of one definition split over several chunks count once, the first is given). Thread-safe.
 */
final class SolrCallGraph implements CallGraph {
    private static final int MAX_DEFINITIONS = 1000;

    private final SolrReads reads;

    SolrCallGraph(SolrReads reads) {
        this.reads = reads;
    }

    @Override
    public List<CallEdge> callees(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        Optional<SolrDocument> caller = chunk(chunkId, "id,repo,calls");
        if (caller.isEmpty()) {
            return List.of();
        }
        String repo = SolrDocs.string(caller.get(), "repo");
        Collection<Object> calls = caller.get().getFieldValues("calls");
        if (calls == null) {
            return List.of();
        }
        Map<String, Optional<String>> resolved = new HashMap<>();
        List<CallEdge> out = new ArrayList<>();
        for (Object call : calls) {
            String name = call.toString();
            Optional<String> callee = resolved.computeIfAbsent(StoreRules.callKey(name), key -> resolve(repo, key));
            out.add(new CallEdge(chunkId, name, callee));
        }
        return out;
    }

    @Override
    public List<CallEdge> callers(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        Optional<SolrDocument> callee = chunk(chunkId, "id,repo,kind,symbol");
        if (callee.isEmpty() || !SolrDocs.string(callee.get(), "kind").equals("code")) {
            return List.of();
        }
        String repo = SolrDocs.string(callee.get(), "repo");
        String key = StoreRules.callKey(SolrDocs.string(callee.get(), "symbol"));
        Optional<String> definition = resolve(repo, key);
        List<CallEdge> out = new ArrayList<>();
        reads.forEach(
                List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("repo", repo), SolrDocs.is("call_keys", key)),
                "id,calls",
                "path asc,start_line asc",
                "read call edges",
                d -> {
                    Collection<Object> calls = d.getFieldValues("calls");
                    if (calls != null) {
                        for (Object call : calls) {
                            if (StoreRules.callKey(call.toString()).equals(key)) {
                                out.add(new CallEdge(SolrDocs.string(d, "id"), call.toString(), definition));
                            }
                        }
                    }
                });
        return out;
    }

    private Optional<SolrDocument> chunk(String id, String fl) {
        List<SolrDocument> found = reads.query(
                        SolrReads.params(
                                "*:*", List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("id", id)), fl, 1),
                        "read call edges")
                .getResults();
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    /** The one definition of {@code key} in {@code repo}, its first chunk; empty when none or several. */
    private Optional<String> resolve(String repo, String key) {
        var p = SolrReads.params(
                "*:*",
                List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("repo", repo), SolrDocs.is("symbol", key)),
                "id,path,qualified,signature",
                MAX_DEFINITIONS);
        p.set("sort", "path asc,start_line asc,id asc");
        String first = null;
        String definition = null;
        for (SolrDocument d : reads.query(p, "resolve a call").getResults()) {
            String def = SolrDocs.string(d, "path")
                    + '\0'
                    + SolrDocs.string(d, "qualified")
                    + '\0'
                    + SolrDocs.string(d, "signature");
            if (definition == null) {
                definition = def;
                first = SolrDocs.string(d, "id");
            } else if (!definition.equals(def)) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(first);
    }
}
