package dev.coderag.store.embedded.lexical;

import org.apache.lucene.index.FieldInvertState;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.similarities.Similarity;

/**
 * BM25 exactly as the store has always ranked it — SQLite FTS5's {@code bm25(fts, 3.0, 1.0)}, the formula the
 * eval was tuned with — on a Lucene index ({@link LuceneDocs}): k1 1.2, b 0.75, idf {@code ln((N - n + 0.5) /
 * (n + 0.5))} clamped at 1e-6, the term frequency weighted per column (a name token is indexed three times at one
 * position) and the document length counted in tokens, each once (the overlapping copies are discounted).
 *
 * <p>Two differences from Lucene's {@code BM25Similarity}, both on purpose: the norm is the exact length (not
 * Lucene's lossy one-byte length), and N and the average length are the live chunks' (given by the searcher,
 * {@link #forSearch}), where Lucene would count deleted documents until a merge drops them. The document
 * frequency of a term still counts deleted documents until then, as Lucene's statistics do.
 *
 * <p>Scores are FTS5's with the sign flipped (positive, larger is better). Immutable.
 */
final class Fts5Similarity extends Similarity {
    static final double K1 = 1.2;
    static final double B = 0.75;

    private final long docs;
    private final double avgLength;

    private Fts5Similarity(long docs, double avgLength) {
        super(true);
        this.docs = docs;
        this.avgLength = avgLength;
    }

    /** For an index writer: only {@link #computeNorm} is used. */
    static Fts5Similarity forIndexing() {
        return new Fts5Similarity(0, 1);
    }

    /** For searching a reader with {@code docs} live documents of {@code avgLength} tokens on average. */
    static Fts5Similarity forSearch(long docs, double avgLength) {
        return new Fts5Similarity(docs, avgLength > 0 ? avgLength : 1);
    }

    /** The exact token count (overlapping copies discounted); at least 1 so that a norm is always present. */
    @Override
    public long computeNorm(FieldInvertState state) {
        return Math.max(1, state.getLength() - state.getNumOverlap());
    }

    @Override
    public SimScorer scorer(float boost, CollectionStatistics collection, TermStatistics... terms) {
        double idf = 0;
        for (TermStatistics term : terms) {
            idf += idf(docs, term.docFreq());
        }
        double weight = boost * idf;
        double lengthFactor = K1 * B / avgLength;
        double constant = K1 * (1 - B);
        return new SimScorer() {
            @Override
            public float score(float freq, long norm) {
                return (float) (weight * (freq * (K1 + 1.0)) / (freq + constant + lengthFactor * norm));
            }
        };
    }

    /** FTS5's idf: {@code ln((N - n + 0.5) / (n + 0.5))}, at least 1e-6. */
    static double idf(long docs, long docFreq) {
        double idf = Math.log((docs - docFreq + 0.5) / (docFreq + 0.5));
        return idf <= 0.0 ? 1e-6 : idf;
    }
}
