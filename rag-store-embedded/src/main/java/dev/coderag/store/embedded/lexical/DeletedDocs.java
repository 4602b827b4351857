package dev.coderag.store.embedded.lexical;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * The deleted doc ids of a Lucene segment reader, ascending, computed once per reader (a reader's deletions never
 * change; a commit that deletes opens a new reader) and dropped when the reader closes — so live term counts in
 * {@link LuceneSearch} do not scan the segment's live bits on every search. Bounded: one array per open segment
 * reader, each as long as that segment's deletions. Thread-safe.
 */
final class DeletedDocs {
    private DeletedDocs() {}

    private static final Map<IndexReader.CacheKey, int[]> BY_READER = new ConcurrentHashMap<>();

    /** The ascending deleted doc ids of {@code leaf} (empty when it has none). */
    static int[] of(LeafReader leaf) {
        IndexReader.CacheHelper helper = leaf.getReaderCacheHelper();
        if (helper == null) {
            return scan(leaf);
        }
        IndexReader.CacheKey key = helper.getKey();
        int[] cached = BY_READER.get(key);
        if (cached != null) {
            return cached;
        }
        int[] deleted = scan(leaf);
        if (BY_READER.putIfAbsent(key, deleted) == null) {
            try {
                helper.addClosedListener(BY_READER::remove);
            } catch (RuntimeException alreadyClosed) {
                BY_READER.remove(key); // closed meanwhile: nothing will ask for it again
            }
        }
        return deleted;
    }

    /** How many of {@code deleted} (ascending) the positioned-before-first {@code postings} hold. */
    static int holding(PostingsEnum postings, int[] deleted) throws IOException {
        int held = 0;
        int doc = -1;
        for (int target : deleted) {
            if (doc < target) {
                doc = postings.advance(target);
                if (doc == DocIdSetIterator.NO_MORE_DOCS) {
                    break;
                }
            }
            if (doc == target) {
                held++;
            }
        }
        return held;
    }

    /** Open segment readers with cached deletions; for tests. */
    static int cachedReaders() {
        return BY_READER.size();
    }

    private static int[] scan(LeafReader leaf) {
        Bits alive = leaf.getLiveDocs();
        if (alive == null) {
            return new int[0];
        }
        int[] out = new int[Math.max(0, leaf.maxDoc() - leaf.numDocs())];
        int n = 0;
        for (int d = 0; d < leaf.maxDoc() && n < out.length; d++) {
            if (!alive.get(d)) {
                out[n++] = d;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
