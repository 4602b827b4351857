package dev.coderag.store.solr;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.References;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.solr.SolrResolvedDocs.Ref;
import dev.coderag.store.solr.SolrResolvedDocs.Resolved;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.solr.common.SolrDocument;

/**
 * {@link References} on the resolved documents ({@link SolrResolvedDocs}), linked when read: a reference's target is
 * found by its key among the declaring documents ({@link SolrDeclarations}), and a file's documents count while the
 * file index holds their hash ({@link SolrFileFacts}). Round trips: {@link #resolved} 2; {@link #from} 4 (the chunk;
 * its file's hash, resolved document and code chunks; the declaring documents; their files' hashes and code
 * chunks), one more per 400 keys or 100 declaring files; {@link #to} see {@link SolrIncoming}. Thread-safe.
 */
final class SolrReferences implements References {
    private static final String PLACE_FIELDS = "id,kind,repo,path,start_line,end_line,symbol,calls";

    private final SolrReads reads;

    SolrReferences(SolrReads reads) {
        this.reads = reads;
    }

    /** A code chunk: its file and lines, and what the name-based call graph reads of it. */
    record Place(String id, String repo, String path, int start, int end, String symbol, List<String> calls) {}

    /** The chunk's own file with current resolved references: its document and the facts read with it. */
    record Own(Place place, Resolved resolved, SolrFileFacts facts) {}

    /** The code chunk with this id; empty for an unknown id or another kind of chunk. */
    Optional<Place> place(String chunkId) {
        var p = SolrReads.params(
                "*:*", List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("id", chunkId)), PLACE_FIELDS, 1);
        List<SolrDocument> found = reads.query(p, "read a chunk").getResults();
        if (found.isEmpty() || !SolrDocs.string(found.get(0), "kind").equals("code")) {
            return Optional.empty();
        }
        SolrDocument d = found.get(0);
        int start = (int) SolrDocs.number(d, "start_line");
        Collection<Object> calls = d.getFieldValues("calls");
        return Optional.of(new Place(
                chunkId,
                SolrDocs.string(d, "repo"),
                SolrDocs.string(d, "path"),
                start,
                Math.max(start, (int) SolrDocs.number(d, "end_line")),
                SolrDocs.string(d, "symbol"),
                calls == null ? List.of() : calls.stream().map(Object::toString).toList()));
    }

    /**
     * The chunk's file when its resolved references are current (one request): its resolved document with its
     * declarations or not and the references of {@code kinds}, and — with {@code chunks} — the code chunks over the
     * chunk's lines.
     */
    Optional<Own> own(Place p, boolean chunks, boolean declarations, Collection<ReferenceKind> kinds) {
        SolrFileFacts facts = new SolrFileFacts(reads, p.repo());
        facts.hash(p.path());
        if (chunks) {
            facts.lines(p.path(), p.start(), p.end());
        }
        List<SolrDocument> docs = facts.fetch(
                List.of(SolrDocs.resolvedId(p.repo(), p.path())), SolrResolvedDocs.fields(declarations, kinds));
        if (docs.isEmpty()) {
            return Optional.empty();
        }
        Resolved r = SolrResolvedDocs.read(docs.get(0));
        return facts.current(p.path(), r.hash()) ? Optional.of(new Own(p, r, facts)) : Optional.empty();
    }

    /** Which of these files of the repo have current resolved references; one request per 200 files. */
    Set<String> currentFiles(String repo, Collection<String> paths) {
        List<String> all = new ArrayList<>(new LinkedHashSet<>(paths));
        Map<String, String> fileHashes = new TreeMap<>();
        Map<String, String> resolvedHashes = new TreeMap<>();
        int perQuery = SolrReads.BATCH / 2;
        for (int i = 0; i < all.size(); i += perQuery) {
            List<String> ids = new ArrayList<>();
            for (String path : all.subList(i, Math.min(all.size(), i + perQuery))) {
                ids.add(SolrDocs.fileId(repo, path));
                ids.add(SolrDocs.resolvedId(repo, path));
            }
            var p = SolrReads.params(
                    "*:*", List.of(SolrDocs.anyOf("id", ids)), "id,doc,path,file_hash,resolved_hash", ids.size());
            for (SolrDocument d : reads.query(p, "read resolved files").getResults()) {
                String path = SolrDocs.string(d, "path");
                if (SolrDocs.string(d, "doc").equals(SolrDocs.FILE)) {
                    fileHashes.put(path, SolrDocs.string(d, "file_hash"));
                } else {
                    resolvedHashes.put(path, SolrDocs.string(d, "resolved_hash"));
                }
            }
        }
        Set<String> out = new TreeSet<>();
        resolvedHashes.forEach((path, hash) -> {
            if (hash.equals(fileHashes.get(path))) {
                out.add(path);
            }
        });
        return out;
    }

    @Override
    public List<SymbolRef> from(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        reads.connection().checkOpen();
        return place(chunkId).flatMap(this::from).orElse(List.of());
    }

    @Override
    public List<SymbolRef> inFile(String repo, String path) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        reads.connection().checkOpen();
        // the whole file as one place: its code chunks are all read, and every line is kept
        return from(new Place("", repo, path, 1, Integer.MAX_VALUE, "", List.of()), false)
                .orElse(List.of());
    }

    /** The references from a chunk's lines; empty when its file has no current resolved references. */
    Optional<List<SymbolRef>> from(Place p) {
        return from(p, true);
    }

    /**
     * The references on a place's lines, each with its innermost chunk; with {@code ownOnly}, only those whose
     * innermost chunk is the place's own.
     */
    private Optional<List<SymbolRef>> from(Place p, boolean ownOnly) {
        Optional<Own> found = own(p, true, false, EnumSet.allOf(ReferenceKind.class));
        if (found.isEmpty()) {
            return Optional.empty();
        }
        SolrFileFacts facts = found.get().facts();
        SolrFileFacts.Innermost in = facts.chunks(p.path());
        List<Ref> mine = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>();
        for (Ref r : found.get().resolved().refs()) {
            if (!ownOnly || in.at(r.ref().line()).equals(p.id())) {
                mine.add(r);
                keys.add(r.ref().key());
                keys.add(r.ref().fallbackKey());
            }
        }
        mine.sort(Comparator.comparingInt((Ref r) -> r.ref().line()).thenComparingInt(Ref::ord));
        SolrDeclarations declarations = new SolrDeclarations(reads, p.repo());
        declarations.read(keys, facts, true);
        facts.fetch(List.of(), "");
        List<SymbolRef> out = new ArrayList<>();
        for (Ref r : mine) {
            SymbolRef.Target target;
            if (r.ref().isExternal()) {
                target = new SymbolRef.External(r.ref().external());
            } else {
                Optional<SolrDeclarations.Site> site =
                        declarations.link(p.path(), r.ref().key(), r.ref().fallbackKey(), facts);
                if (site.isEmpty()) {
                    continue; // a key no current file declares, or several do and none is this file
                }
                var x = site.get().declared();
                target = new SymbolRef.InRepo(
                        site.get().path(),
                        x.line(),
                        x.qualifiedName(),
                        x.signature(),
                        facts.chunks(site.get().path()).at(x.line()));
            }
            out.add(new SymbolRef(
                    r.ref().kind(),
                    p.repo(),
                    p.path(),
                    r.ref().line(),
                    ownOnly ? p.id() : in.at(r.ref().line()),
                    target,
                    r.ref().resolution()));
        }
        return Optional.of(out);
    }

    @Override
    public List<SymbolRef> to(String chunkId, Set<ReferenceKind> kinds, int limit) {
        Objects.requireNonNull(chunkId, "chunkId");
        Objects.requireNonNull(kinds, "kinds");
        reads.connection().checkOpen();
        if (kinds.isEmpty() || limit < 1) {
            return List.of();
        }
        return place(chunkId).flatMap(p -> to(p, kinds, limit)).orElse(List.of());
    }

    /** The references into a chunk's declarations; empty when its file has no current resolved references. */
    Optional<List<SymbolRef>> to(Place p, Set<ReferenceKind> kinds, int limit) {
        return own(p, true, true, List.of())
                .map(own -> new SolrIncoming(reads, own).find(EnumSet.copyOf(kinds), limit));
    }

    /** From {@link #from}: four searches, and two more to tell an unresolved file from a chunk that calls nothing. */
    @Override
    public Optional<List<String>> callNames(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        reads.connection().checkOpen();
        List<SymbolRef> refs = from(chunkId);
        if (refs.isEmpty() && !resolved(chunkId)) {
            return Optional.empty();
        }
        return Optional.of(refs.stream()
                .filter(r -> r.kind() == ReferenceKind.CALL && r.target() instanceof SymbolRef.InRepo)
                .map(r -> ((SymbolRef.InRepo) r.target()).simpleName())
                .distinct()
                .toList());
    }

    @Override
    public boolean resolved(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        reads.connection().checkOpen();
        return place(chunkId).flatMap(p -> own(p, false, false, List.of())).isPresent();
    }

    @Override
    public Map<String, String> resolvedHashes(String repo) {
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        Map<String, String> out = new TreeMap<>();
        reads.forEach(
                List.of(SolrDocs.is("doc", SolrDocs.RESOLVED), SolrDocs.is("repo", repo)),
                "path,resolved_hash",
                "",
                "read resolved files",
                d -> out.put(SolrDocs.string(d, "path"), SolrDocs.string(d, "resolved_hash")));
        return new LinkedHashMap<>(out);
    }

    @Override
    public Set<String> declaredKeys(String repo, String path) {
        Set<String> out = new LinkedHashSet<>();
        resolvedFile(repo, path, Set.of(), "read declarations")
                .ifPresent(r -> r.declared().forEach(x -> out.add(x.key())));
        return out;
    }

    @Override
    public Optional<Stored> stored(String repo, String path) {
        return resolvedFile(repo, path, EnumSet.allOf(ReferenceKind.class), "read a resolved file")
                .map(r -> new Stored(
                        r.hash(),
                        new ResolvedFile(
                                r.path(),
                                r.declared(),
                                r.refs().stream()
                                        .sorted(Comparator.comparingInt(Ref::ord))
                                        .map(Ref::ref)
                                        .toList())));
    }

    /** One file's resolution document, with its declarations and the references of {@code kinds}. */
    private Optional<Resolved> resolvedFile(String repo, String path, Set<ReferenceKind> kinds, String action) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        reads.connection().checkOpen();
        var p = SolrReads.params(
                "*:*",
                List.of(SolrDocs.is("doc", SolrDocs.RESOLVED), SolrDocs.is("id", SolrDocs.resolvedId(repo, path))),
                SolrResolvedDocs.fields(true, kinds),
                1);
        return reads.query(p, action).getResults().stream().findFirst().map(SolrResolvedDocs::read);
    }

    /** Paths in order; one request per 400 distinct keys. */
    @Override
    public Set<String> referencing(String repo, Collection<String> keys, int limit) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(keys, "keys");
        reads.connection().checkOpen();
        List<String> terms = keys.stream()
                .filter(k -> !k.isEmpty())
                .map(SolrResolvedDocs::term)
                .distinct()
                .toList();
        TreeSet<String> out = new TreeSet<>();
        if (limit < 1) {
            return out;
        }
        for (int i = 0; i < terms.size(); i += SolrDeclarations.KEYS_PER_QUERY) {
            var p = SolrReads.params(
                    "*:*",
                    List.of(
                            SolrDocs.is("doc", SolrDocs.RESOLVED),
                            SolrDocs.is("repo", repo),
                            SolrDocs.anyOf(
                                    "ref_keys",
                                    terms.subList(i, Math.min(terms.size(), i + SolrDeclarations.KEYS_PER_QUERY)))),
                    "path",
                    limit);
            p.set("sort", "path asc,id asc");
            reads.query(p, "read referencing files").getResults().forEach(d -> out.add(SolrDocs.string(d, "path")));
        }
        while (out.size() > limit) {
            out.pollLast();
        }
        return out;
    }
}
