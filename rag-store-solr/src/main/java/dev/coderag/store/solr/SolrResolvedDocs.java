package dev.coderag.store.solr;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import dev.coderag.store.ResolvedFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;

/**
 * The document of one file's resolved references ({@code doc:resolved}, id {@link SolrDocs#resolvedId}): the whole
 * {@link ResolvedFile} in one document, so that {@code putResolved} replaces it with one write and a reader never
 * sees half of it. Declarations and references are stored one value each ({@code decls}; {@code refs_<KIND>}, so a
 * read of some kinds fetches only those), and found by indexed key terms: {@code decl_keys} (the keys declared),
 * {@code ref_keys} (the keys and fallback keys referred to) and {@code ref_kind_keys} (the same prefixed with the
 * reference's kind). A term only narrows the documents read: every link is decided on the exact keys of the stored
 * values, so a key indexed by its hash ({@link #term}) never links to the wrong declaration.
 */
final class SolrResolvedDocs {
    private SolrResolvedDocs() {}

    private static final String REFS = "refs_";
    /** Longer keys are indexed by their hash: Lucene refuses a term over 32,766 bytes and fails the whole batch. */
    private static final int MAX_TERM_BYTES = 4096;

    /** A reference with its place in {@link ResolvedFile#references()} (the tie-break of references on one line). */
    record Ref(int ord, ResolvedFile.Referenced ref) {}

    /** A resolved file as read back: the hash it was resolved from, its declarations and (some of) its references. */
    record Resolved(String path, String hash, List<ResolvedFile.Declared> declared, List<Ref> refs) {}

    static SolrInputDocument doc(String repo, String fileHash, ResolvedFile file) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", SolrDocs.resolvedId(repo, file.path()));
        d.setField("doc", SolrDocs.RESOLVED);
        d.setField("repo", repo);
        d.setField("path", file.path());
        d.setField("resolved_hash", fileHash);
        List<String> decls = new ArrayList<>();
        Set<String> declKeys = new LinkedHashSet<>();
        for (ResolvedFile.Declared x : file.declared()) {
            decls.add(join(x.key(), Integer.toString(x.line()), x.qualifiedName(), x.signature()));
            declKeys.add(term(x.key()));
        }
        Map<ReferenceKind, List<String>> refs = new EnumMap<>(ReferenceKind.class);
        Set<String> refKeys = new LinkedHashSet<>();
        Set<String> kindKeys = new LinkedHashSet<>();
        List<ResolvedFile.Referenced> all = file.references();
        for (int i = 0; i < all.size(); i++) {
            ResolvedFile.Referenced r = all.get(i);
            refs.computeIfAbsent(r.kind(), k -> new ArrayList<>())
                    .add(join(
                            Integer.toString(i),
                            Integer.toString(r.line()),
                            r.key(),
                            r.fallbackKey(),
                            r.external(),
                            r.resolution().name()));
            for (String key : List.of(r.key(), r.fallbackKey())) {
                if (!key.isEmpty()) {
                    refKeys.add(term(key));
                    kindKeys.add(kindTerm(r.kind(), key));
                }
            }
        }
        setAll(d, "decls", decls);
        setAll(d, "decl_keys", declKeys);
        refs.forEach((kind, values) -> setAll(d, field(kind), values));
        setAll(d, "ref_keys", refKeys);
        setAll(d, "ref_kind_keys", kindKeys);
        return d;
    }

    /** The stored field of one kind's references. */
    static String field(ReferenceKind kind) {
        return REFS + kind.name();
    }

    /** The fields to read for a document with its declarations or not, and the references of {@code kinds}. */
    static String fields(boolean declarations, Collection<ReferenceKind> kinds) {
        StringBuilder fl = new StringBuilder("id,doc,path,resolved_hash");
        if (declarations) {
            fl.append(",decls");
        }
        kinds.forEach(k -> fl.append(',').append(field(k)));
        return fl.toString();
    }

    /** The indexed term of a key: the key itself, or its hash when it is too long to be a term. */
    static String term(String key) {
        return key.getBytes(StandardCharsets.UTF_8).length <= MAX_TERM_BYTES ? key : "#sha256:" + SolrDocs.sha256(key);
    }

    /** The indexed term of a key referred to by a reference of {@code kind}. */
    static String kindTerm(ReferenceKind kind, String key) {
        return kind.name() + ':' + term(key);
    }

    /** A document read with {@link #fields}: the declarations and references of the fields read. */
    static Resolved read(SolrDocument d) {
        List<ResolvedFile.Declared> declared = new ArrayList<>();
        for (String v : values(d, "decls")) {
            List<String> f = split(v);
            declared.add(new ResolvedFile.Declared(f.get(0), Integer.parseInt(f.get(1)), f.get(2), f.get(3)));
        }
        List<Ref> refs = new ArrayList<>();
        for (ReferenceKind kind : ReferenceKind.values()) {
            for (String v : values(d, field(kind))) {
                List<String> f = split(v);
                refs.add(new Ref(
                        Integer.parseInt(f.get(0)),
                        new ResolvedFile.Referenced(
                                kind,
                                Integer.parseInt(f.get(1)),
                                f.get(2),
                                f.get(3),
                                f.get(4),
                                Resolution.valueOf(f.get(5)))));
            }
        }
        return new Resolved(SolrDocs.string(d, "path"), SolrDocs.string(d, "resolved_hash"), declared, refs);
    }

    private static List<String> values(SolrDocument d, String field) {
        Collection<Object> values = d.getFieldValues(field);
        if (values == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>(values.size());
        values.forEach(v -> out.add(v.toString()));
        return out;
    }

    private static void setAll(SolrInputDocument d, String field, Collection<String> values) {
        if (!values.isEmpty()) {
            d.setField(field, new ArrayList<>(values));
        }
    }

    /** Fields joined by tabs, each with its backslashes and tabs escaped: keys and names may hold any character. */
    static String join(String... fields) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                sb.append('\t');
            }
            String f = fields[i];
            for (int j = 0; j < f.length(); j++) {
                char c = f.charAt(j);
                switch (c) {
                    case '\\' -> sb.append("\\\\");
                    case '\t' -> sb.append("\\t");
                    default -> sb.append(c);
                }
            }
        }
        return sb.toString();
    }

    /** The fields of {@link #join}. */
    static List<String> split(String joined) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        for (int i = 0; i < joined.length(); i++) {
            char c = joined.charAt(i);
            if (c == '\\' && i + 1 < joined.length()) {
                char next = joined.charAt(++i);
                f.append(next == 't' ? '\t' : next);
            } else if (c == '\t') {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        out.add(f.toString());
        return out;
    }
}
