package dev.coderag.store.solr;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.solr.SolrReferences.Own;
import dev.coderag.store.solr.SolrReferences.Place;
import dev.coderag.store.solr.SolrResolvedDocs.Ref;
import dev.coderag.store.solr.SolrResolvedDocs.Resolved;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.params.CursorMarkParams;

/**
 * The references into one chunk's declarations ({@link dev.coderag.store.References#to}): the keys the chunk's file
 * declares on lines whose innermost chunk it is, and every reference of the asked kinds that links to one of them —
 * by the same rule as {@link SolrDeclarations#link}, so {@code to} is exactly the inverse of {@code from}. The
 * documents referring to a key (by its term, or its fallback key's) are read in path order, a page at a time, until
 * {@code limit} references are found. Round trips, after the two of the chunk and its file: per page of
 * {@link #PAGE} referring files, three (the page; the declarations of the keys it refers to, for the linking rule;
 * its files' hashes and the code chunks over its lines) — five for a chunk referred to from fewer than 100 files.
 * A chunk declaring more keys than one request can name is read in groups of keys, each as above. Not thread-safe:
 * one per read.
 */
final class SolrIncoming {
    /** Referring documents per page. */
    static final int PAGE = 100;

    private final SolrReads reads;
    private final Own own;
    private final SolrDeclarations declarations;

    SolrIncoming(SolrReads reads, Own own) {
        this.reads = reads;
        this.own = own;
        this.declarations = new SolrDeclarations(reads, own.place().repo());
    }

    /** A reference that links into the chunk, before its own chunk is known. */
    private record Found(String path, int ord, ResolvedFile.Referenced ref, ResolvedFile.Declared to) {}

    List<SymbolRef> find(EnumSet<ReferenceKind> kinds, int limit) {
        Place p = own.place();
        SolrFileFacts facts = own.facts();
        SolrFileFacts.Innermost in = facts.chunks(p.path());
        Map<String, ResolvedFile.Declared> first = new TreeMap<>();
        for (ResolvedFile.Declared x : own.resolved().declared()) {
            first.merge(x.key(), x, (a, b) -> b.line() < a.line() ? b : a);
        }
        Map<String, ResolvedFile.Declared> declared = new TreeMap<>();
        first.forEach((key, x) -> {
            if (in.at(x.line()).equals(p.id())) {
                declared.put(key, x);
            }
        });
        List<String> keys = new ArrayList<>(declared.keySet());
        int perQuery = Math.max(1, SolrDeclarations.KEYS_PER_QUERY / kinds.size());
        List<Found> found = new ArrayList<>();
        for (int i = 0; i < keys.size(); i += perQuery) {
            List<String> group = keys.subList(i, Math.min(keys.size(), i + perQuery));
            found.addAll(group(group, declared, kinds, limit, facts));
        }
        found.sort(Comparator.comparing(Found::path)
                .thenComparingInt((Found f) -> f.ref().line())
                .thenComparingInt(Found::ord));
        List<SymbolRef> out = new ArrayList<>();
        for (Found f : found.subList(0, Math.min(limit, found.size()))) {
            ResolvedFile.Declared to = f.to();
            out.add(new SymbolRef(
                    f.ref().kind(),
                    p.repo(),
                    f.path(),
                    f.ref().line(),
                    facts.chunks(f.path()).at(f.ref().line()),
                    new SymbolRef.InRepo(p.path(), to.line(), to.qualifiedName(), to.signature(), p.id()),
                    f.ref().resolution()));
        }
        return out;
    }

    /** The references linking to one group of the chunk's keys: at least {@code limit}, or all there are. */
    private List<Found> group(
            List<String> group,
            Map<String, ResolvedFile.Declared> declared,
            EnumSet<ReferenceKind> kinds,
            int limit,
            SolrFileFacts facts) {
        Set<String> groupKeys = new HashSet<>(group);
        List<String> terms = new ArrayList<>();
        for (ReferenceKind kind : kinds) {
            group.forEach(key -> terms.add(SolrResolvedDocs.kindTerm(kind, key)));
        }
        var params = SolrReads.params(
                "*:*",
                List.of(
                        SolrDocs.is("doc", SolrDocs.RESOLVED),
                        SolrDocs.is("repo", own.place().repo()),
                        SolrDocs.anyOf("ref_kind_keys", terms)),
                SolrResolvedDocs.fields(false, kinds),
                PAGE);
        params.set("sort", "path asc,id asc");
        List<Found> out = new ArrayList<>();
        String cursor = CursorMarkParams.CURSOR_MARK_START;
        while (out.size() < limit) {
            params.set(CursorMarkParams.CURSOR_MARK_PARAM, cursor);
            QueryResponse r = reads.query(params, "read references");
            List<Resolved> page =
                    r.getResults().stream().map(SolrResolvedDocs::read).toList();
            out.addAll(linked(page, groupKeys, declared, facts));
            String next = r.getNextCursorMark();
            if (next == null || next.equals(cursor) || page.size() < PAGE) {
                break;
            }
            cursor = next;
        }
        return out;
    }

    /** The references of a page of referring documents that link to one of the group's keys. */
    private List<Found> linked(
            List<Resolved> page,
            Set<String> groupKeys,
            Map<String, ResolvedFile.Declared> declared,
            SolrFileFacts facts) {
        Set<String> keys = new LinkedHashSet<>();
        for (Resolved doc : page) {
            facts.hash(doc.path());
            for (Ref r : doc.refs()) {
                if (candidate(r.ref(), groupKeys)) {
                    keys.add(r.ref().key());
                    keys.add(r.ref().fallbackKey());
                    facts.lines(doc.path(), r.ref().line(), r.ref().line());
                }
            }
        }
        declarations.read(keys, facts, false);
        facts.fetch(List.of(), "");
        String path = own.place().path();
        List<Found> out = new ArrayList<>();
        for (Resolved doc : page) {
            if (!facts.current(doc.path(), doc.hash())) {
                continue;
            }
            for (Ref r : doc.refs()) {
                if (!candidate(r.ref(), groupKeys)) {
                    continue;
                }
                Optional<SolrDeclarations.Site> site =
                        declarations.link(doc.path(), r.ref().key(), r.ref().fallbackKey(), facts);
                // the one declaration it links to must be this chunk's (and of this group, so that a reference is
                // found once however the keys are grouped)
                if (site.isPresent()
                        && site.get().path().equals(path)
                        && groupKeys.contains(site.get().declared().key())
                        && site.get()
                                .declared()
                                .equals(declared.get(site.get().declared().key()))) {
                    out.add(new Found(doc.path(), r.ord(), r.ref(), site.get().declared()));
                }
            }
        }
        return out;
    }

    private static boolean candidate(ResolvedFile.Referenced r, Set<String> groupKeys) {
        return groupKeys.contains(r.key()) || groupKeys.contains(r.fallbackKey());
    }
}
