package dev.coderag.store.embedded.lexical;

import dev.coderag.store.SearchFilter;
import dev.coderag.store.spi.LexicalQuery;
import dev.coderag.store.spi.LexicalText;
import dev.coderag.store.spi.PathGlob;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * One BM25 search on a table's Lucene index ({@link LuceneIndexes.View}): the query's terms are chosen as for FTS5
 * ({@link LexicalQuery}, with document frequencies from the index), OR-ed as term queries — built from terms,
 * never parsed, so nothing in the query text is syntax — and the filter is exact: repositories, languages and
 * symbol kinds as term filters, a path glob as the set of indexed paths it matches. Stateless.
 */
public final class LuceneSearch {
    private LuceneSearch() {}

    /** One hit: the chunk's row id and its BM25 score (positive, FTS5's value with the sign flipped). */
    public record Hit(long rid, double bm25) {}

    public static List<Hit> search(
            LuceneIndexes.View view, List<LexicalText.QueryTerm> terms, int k, SearchFilter filter) throws IOException {
        IndexReader reader = view.reader();
        Map<String, Integer> live = new HashMap<>();
        List<String> selected = LexicalQuery.select(terms, texts -> {
            try {
                live.putAll(liveDocFreqs(reader, texts));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Map<String, Long> docs = new HashMap<>();
            live.forEach((term, n) -> docs.put(term, (long) n));
            return new StoreRules.DocFrequencies(reader.numDocs(), docs);
        });
        if (selected.isEmpty()) {
            return List.of();
        }
        BooleanQuery.Builder any = new BooleanQuery.Builder();
        for (String term : selected) {
            any.add(new TermQuery(new Term(LuceneDocs.TEXT, term)), BooleanClause.Occur.SHOULD);
        }
        Query query = any.build();
        if (!filter.isEmpty()) {
            BooleanQuery.Builder filtered = new BooleanQuery.Builder().add(query, BooleanClause.Occur.MUST);
            if (!filter.repos().isEmpty()) {
                filtered.add(in(LuceneDocs.REPO, filter.repos()), BooleanClause.Occur.FILTER);
            }
            if (!filter.languages().isEmpty()) {
                filtered.add(
                        in(
                                LuceneDocs.LANGUAGE,
                                filter.languages().stream().map(Language::id).toList()),
                        BooleanClause.Occur.FILTER);
            }
            if (!filter.symbolKinds().isEmpty()) {
                filtered.add(
                        in(
                                LuceneDocs.SYMBOL_KIND,
                                filter.symbolKinds().stream()
                                        .map(SymbolKind::id)
                                        .toList()),
                        BooleanClause.Occur.FILTER);
            }
            if (!filter.pathGlob().isEmpty()) {
                List<String> paths = paths(reader, PathGlob.compile(filter.pathGlob()));
                if (paths.isEmpty()) {
                    return List.of();
                }
                filtered.add(in(LuceneDocs.PATH, paths), BooleanClause.Occur.FILTER);
            }
            query = filtered.build();
        }
        TopDocs top = searcher(view, live).search(query, k);
        List<Hit> out = new ArrayList<>(top.scoreDocs.length);
        List<LeafReaderContext> leaves = reader.leaves();
        for (ScoreDoc hit : top.scoreDocs) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(hit.doc, leaves));
            NumericDocValues rids = leaf.reader().getNumericDocValues(LuceneDocs.RID);
            int doc = hit.doc - leaf.docBase;
            if (rids != null && rids.advanceExact(doc)) {
                out.add(new Hit(rids.longValue(), hit.score));
            }
        }
        return out;
    }

    /**
     * The view's searcher, or — when the index holds deleted chunks, which Lucene's statistics count until a merge
     * drops them — one whose term statistics are the live counts, as FTS5's (deletes are immediate there).
     */
    private static IndexSearcher searcher(LuceneIndexes.View view, Map<String, Integer> live) {
        if (!view.reader().hasDeletions()) {
            return view.searcher();
        }
        IndexSearcher searcher = new IndexSearcher(view.reader()) {
            @Override
            public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq) {
                Integer n = live.get(term.text());
                return new TermStatistics(term.bytes(), n != null && n > 0 ? n : docFreq, totalTermFreq);
            }
        };
        searcher.setQueryCache(null);
        searcher.setSimilarity(view.searcher().getSimilarity());
        return searcher;
    }

    /**
     * The number of live chunks holding each term that occurs (absent terms are left out).
     *
     * <p>Lucene's docFreq counts deleted chunks until a merge drops them. In a segment with deletions the live
     * count is docFreq minus the deleted chunks that hold the term: found by advancing the term's postings to each
     * deleted chunk (skip lists, O(deleted · log)) when the segment has few deletions next to the term's docFreq —
     * the common case after re-committing a file in a large store — and by walking the postings otherwise, so a
     * term costs O(min(docFreq, deleted · log docFreq)), not O(docFreq).
     */
    static Map<String, Integer> liveDocFreqs(IndexReader reader, List<String> texts) throws IOException {
        Map<String, Integer> out = new HashMap<>();
        PostingsEnum postings = null;
        for (LeafReaderContext leaf : reader.leaves()) {
            Terms terms = leaf.reader().terms(LuceneDocs.TEXT);
            if (terms == null) {
                continue;
            }
            TermsEnum it = terms.iterator();
            Bits alive = leaf.reader().getLiveDocs();
            int[] deleted = alive == null ? null : DeletedDocs.of(leaf.reader());
            for (String text : texts) {
                if (!it.seekExact(new BytesRef(text))) {
                    continue;
                }
                int docFreq = it.docFreq();
                int n;
                if (alive == null) {
                    n = docFreq;
                } else if (deleted.length * ADVANCE_FACTOR < docFreq) {
                    postings = it.postings(postings, PostingsEnum.NONE);
                    n = docFreq - DeletedDocs.holding(postings, deleted);
                } else {
                    n = 0;
                    postings = it.postings(postings, PostingsEnum.NONE);
                    for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
                        if (alive.get(d)) {
                            n++;
                        }
                    }
                }
                if (n > 0) {
                    out.merge(text, n, Integer::sum);
                }
            }
        }
        return out;
    }

    /** An advance (skip-list seek) costs roughly this many sequential postings; below, walking is cheaper. */
    static final long ADVANCE_FACTOR = 16;

    private static Query in(String field, Collection<String> values) {
        List<BytesRef> terms = values.stream().map(BytesRef::new).toList();
        return new TermInSetQuery(field, terms);
    }

    /** The distinct indexed paths {@code glob} accepts (one pass over the path dictionary). */
    private static List<String> paths(IndexReader reader, Predicate<String> glob) throws IOException {
        List<String> out = new ArrayList<>();
        Terms terms = MultiTerms.getTerms(reader, LuceneDocs.PATH);
        if (terms == null) {
            return out;
        }
        TermsEnum it = terms.iterator();
        for (BytesRef term = it.next(); term != null; term = it.next()) {
            String path = term.utf8ToString();
            if (glob.test(path)) {
                out.add(path);
            }
        }
        return out;
    }
}
