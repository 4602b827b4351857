package dev.coderag.store.solr;

import dev.coderag.store.SearchFilter;
import dev.coderag.store.spi.PathGlob;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link SearchFilter} as Solr filter queries ({@code fq}), which Solr applies before ranking — for vector search
 * too, as a pre-filter of the HNSW search — so that the k hits asked for all pass the filter. The rules are the
 * embedded store's (SearchFilter's Javadoc): a plain path is a prefix, a glob is {@link PathGlob#luceneRegex}'s
 * Lucene regular expression over the whole path. Pure.
 */
final class SolrFilters {
    private SolrFilters() {}

    /**
     * The filter queries selecting the chunks of {@code table} that pass {@code filter}.
     *
     * @throws IllegalArgumentException for a path glob the embedded store refuses too (too long, a reversed range)
     */
    static List<String> of(SearchFilter filter, ChunkKind table) {
        List<String> fq = new ArrayList<>();
        fq.add(SolrDocs.is("doc", SolrDocs.CHUNK));
        fq.add(SolrDocs.is("kind", table.table()));
        if (!filter.repos().isEmpty()) {
            fq.add(SolrDocs.anyOf("repo", filter.repos()));
        }
        if (!filter.languages().isEmpty()) {
            fq.add(SolrDocs.anyOf(
                    "language", filter.languages().stream().map(Language::id).toList()));
        }
        if (!filter.symbolKinds().isEmpty()) {
            fq.add(SolrDocs.anyOf(
                    "symbol_kind",
                    filter.symbolKinds().stream().map(SymbolKind::id).toList()));
        }
        String path = path(filter.pathGlob());
        if (!path.isEmpty()) {
            fq.add(path);
        }
        return fq;
    }

    /** The filter query of a path prefix or glob; "" for none. */
    static String path(String raw) {
        String glob = PathGlob.normalize(raw);
        if (glob.isEmpty()) {
            return "";
        }
        if (!PathGlob.isGlob(glob)) {
            return "path:" + SolrDocs.term(glob) + "*";
        }
        return "path:/" + PathGlob.luceneRegex(glob) + "/";
    }
}
