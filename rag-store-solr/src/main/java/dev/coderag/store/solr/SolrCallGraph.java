package dev.coderag.store.solr;

import dev.coderag.store.CallEdge;
import dev.coderag.store.CallGraph;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.spi.StoreRules;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.solr.common.SolrDocument;

/**
 * {@link CallGraph}: from a code chunk of a file with current resolved references, the calls its references bind
 * to chunks of the repository ({@link SolrReferences}); from any other, the name-based edges of the chunk documents —
 * a code chunk keeps its calls in order ({@code calls}) and their keys ({@code call_keys}, indexed); a callee resolves
 * to the one definition of that name in the repo, as in the embedded store (parts of one definition split over
 * several chunks count once, the first is given). The callers of a chunk of a resolved file are its resolved callers
 * and the name-based ones from files without current resolved references. Thread-safe.
 */
final class SolrCallGraph implements CallGraph {
    private static final int MAX_DEFINITIONS = 1000;
    /** The most resolved callers read for one chunk. */
    private static final int MAX_CALLERS = 5000;

    private final SolrReads reads;
    private final SolrReferences references;

    SolrCallGraph(SolrReads reads, SolrReferences references) {
        this.reads = reads;
        this.references = references;
    }

    @Override
    public List<CallEdge> callees(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        reads.connection().checkOpen();
        Optional<SolrReferences.Place> caller = references.place(chunkId);
        if (caller.isEmpty()) {
            return List.of();
        }
        Optional<List<SymbolRef>> resolved = references.from(caller.get());
        List<CallEdge> out = new ArrayList<>();
        if (resolved.isPresent()) {
            for (SymbolRef r : resolved.get()) {
                // calls into the JDK or a library, and to a declaration no chunk holds, are not edges between chunks
                if (r.kind() == ReferenceKind.CALL
                        && r.target() instanceof SymbolRef.InRepo t
                        && !t.chunkId().isEmpty()) {
                    out.add(new CallEdge(chunkId, t.simpleName(), Optional.of(t.chunkId()), r.resolution()));
                }
            }
            return out;
        }
        String repo = caller.get().repo();
        Map<String, Optional<String>> resolvedNames = new HashMap<>();
        for (String name : caller.get().calls()) {
            Optional<String> callee =
                    resolvedNames.computeIfAbsent(StoreRules.callKey(name), key -> resolve(repo, key));
            out.add(new CallEdge(chunkId, name, callee));
        }
        return out;
    }

    @Override
    public List<CallEdge> callers(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        reads.connection().checkOpen();
        Optional<SolrReferences.Place> callee = references.place(chunkId);
        if (callee.isEmpty()) {
            return List.of();
        }
        String repo = callee.get().repo();
        String key = StoreRules.callKey(callee.get().symbol());
        Optional<List<SymbolRef>> resolved = references.to(callee.get(), EnumSet.of(ReferenceKind.CALL), MAX_CALLERS);
        List<CallEdge> out = new ArrayList<>();
        resolved.ifPresent(refs -> refs.forEach(r -> {
            if (!r.fromChunkId().isEmpty() && r.target() instanceof SymbolRef.InRepo t) {
                out.add(new CallEdge(r.fromChunkId(), t.simpleName(), Optional.of(chunkId), r.resolution()));
            }
        }));
        Optional<String> definition = resolve(repo, key);
        List<String[]> named = new ArrayList<>(); // caller id, its path, the callee name it wrote
        reads.forEach(
                List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("repo", repo), SolrDocs.is("call_keys", key)),
                "id,path,calls",
                "path asc,start_line asc",
                "read call edges",
                d -> {
                    Collection<Object> calls = d.getFieldValues("calls");
                    if (calls != null) {
                        for (Object call : calls) {
                            if (StoreRules.callKey(call.toString()).equals(key)) {
                                named.add(new String[] {
                                    SolrDocs.string(d, "id"), SolrDocs.string(d, "path"), call.toString()
                                });
                            }
                        }
                    }
                });
        // into a resolved chunk, the name edges from files a compiler resolved are superseded by their references
        Set<String> superseded = resolved.isPresent()
                ? references.currentFiles(repo, named.stream().map(n -> n[1]).toList())
                : Set.of();
        for (String[] n : named) {
            if (!superseded.contains(n[1])) {
                out.add(new CallEdge(n[0], n[2], definition));
            }
        }
        return out;
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
