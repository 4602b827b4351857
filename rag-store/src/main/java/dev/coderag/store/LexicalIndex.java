package dev.coderag.store;

import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Function;

/**
 * An in-memory copy of one table's BM25 index that ranks exactly as the store's FTS5 query does
 * ({@code bm25(fts, 3.0, 1.0)}: k1 1.2, b 0.75, IDF clamped at 1e-6, names counted 3×), but term at a time over
 * plain arrays. FTS5 calls its ranking function once per matching row through SQLite's VM and sorts every match,
 * which at 100k chunks made BM25 the slowest stage of a question; here the same ranking costs a few array
 * passes. It holds one commit's state ({@link #seq()}) and is rebuilt, not updated, when the store changes.
 *
 * <p>Immutable after {@link #build}; thread-safe.
 */
final class LexicalIndex {
    private static final double K1 = 1.2;
    private static final double B = 0.75;
    /** FTS column weights, as in {@link SqliteLexicalSearch#BM25_WEIGHTS}: names, body. */
    private static final float NAMES_WEIGHT = 3.0f;

    private static final float BODY_WEIGHT = 1.0f;

    /** Postings of one term: ascending doc ordinals and the column-weighted term frequency in each. */
    private record Postings(int[] docs, float[] freqs) {}

    /** One ranked row: the chunk's row id and its FTS5-equivalent bm25 value (negative; smaller is better). */
    record Hit(long rid, double bm25) {}

    private final long seq;
    private final long[] rids;
    private final int[] docLength;
    private final double avgLength;
    private final int[] repo;
    private final Map<String, Integer> repoIds;
    private final byte[] language;
    private final byte[] symbolKind;
    private final Map<String, Postings> postings;

    private LexicalIndex(
            long seq,
            long[] rids,
            int[] docLength,
            int[] repo,
            Map<String, Integer> repoIds,
            byte[] language,
            byte[] symbolKind,
            Map<String, Postings> postings) {
        this.seq = seq;
        this.rids = rids;
        this.docLength = docLength;
        long total = 0;
        for (int len : docLength) {
            total += len;
        }
        this.avgLength = rids.length == 0 ? 0 : (double) total / rids.length;
        this.repo = repo;
        this.repoIds = repoIds;
        this.language = language;
        this.symbolKind = symbolKind;
        this.postings = postings;
    }

    /** The commit whose state this index holds. */
    long seq() {
        return seq;
    }

    /** Number of chunks indexed. */
    int size() {
        return rids.length;
    }

    /** Number of distinct terms. */
    int terms() {
        return postings.size();
    }

    /** Number of (term, chunk) postings. */
    long postingCount() {
        long n = 0;
        for (Postings p : postings.values()) {
            n += p.docs.length;
        }
        return n;
    }

    /** Number of chunks containing {@code term} (FTS5's vocabulary "doc" count); 0 when none. */
    long docFrequency(String term) {
        Postings p = postings.get(term);
        return p == null ? 0 : p.docs.length;
    }

    /**
     * Reads every chunk of {@code table} from {@code c} — which must be inside a read transaction, so that the
     * rows and {@code seq} agree — and indexes the text the store gives FTS5.
     */
    static LexicalIndex build(Connection c, ChunkKind table, long seq, Function<String, Chunk> decoder)
            throws SQLException {
        int capacity;
        try (PreparedStatement st = c.prepareStatement("SELECT count(*) FROM chunks WHERE kind = ?")) {
            st.setString(1, table.table());
            try (ResultSet rs = st.executeQuery()) {
                capacity = rs.next() ? rs.getInt(1) : 0;
            }
        }
        long[] rids = new long[capacity];
        int[] docLength = new int[capacity];
        int[] repo = new int[capacity];
        byte[] language = new byte[capacity];
        byte[] symbolKind = new byte[capacity];
        Map<String, Integer> repoIds = new HashMap<>();
        Map<String, TermBuilder> terms = new HashMap<>();
        Map<String, Float> freq = new HashMap<>();
        int n = 0;
        try (PreparedStatement st =
                c.prepareStatement("SELECT rid, kind, body FROM chunks WHERE kind = ? ORDER BY rid")) {
            st.setString(1, table.table());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next() && n < capacity) {
                    Chunk chunk = decoder.apply(rs.getString(3));
                    String[] text = LexicalText.columns(chunk);
                    freq.clear();
                    int length = count(text[0], NAMES_WEIGHT, freq) + count(text[1], BODY_WEIGHT, freq);
                    int doc = n++;
                    rids[doc] = rs.getLong(1);
                    docLength[doc] = length;
                    repo[doc] = repoIds.computeIfAbsent(chunk.repo(), r -> repoIds.size());
                    language[doc] = (byte) chunk.language().ordinal();
                    symbolKind[doc] = chunk instanceof CodeChunk code
                            ? (byte) code.symbolKind().ordinal()
                            : -1;
                    for (Map.Entry<String, Float> e : freq.entrySet()) {
                        terms.computeIfAbsent(e.getKey(), t -> new TermBuilder())
                                .add(doc, e.getValue());
                    }
                }
            }
        }
        Map<String, Postings> postings = HashMap.newHashMap(terms.size());
        terms.forEach((term, b) -> postings.put(term, b.build()));
        return new LexicalIndex(
                seq,
                Arrays.copyOf(rids, n),
                Arrays.copyOf(docLength, n),
                Arrays.copyOf(repo, n),
                Map.copyOf(repoIds),
                Arrays.copyOf(language, n),
                Arrays.copyOf(symbolKind, n),
                postings);
    }

    /** Adds the space-separated tokens of one FTS column to {@code freq}; returns the token count. */
    private static int count(String column, float weight, Map<String, Float> freq) {
        int tokens = 0;
        int i = 0;
        int len = column.length();
        while (i < len) {
            int end = column.indexOf(' ', i);
            if (end < 0) {
                end = len;
            }
            if (end > i) {
                freq.merge(column.substring(i, end), weight, Float::sum);
                tokens++;
            }
            i = end + 1;
        }
        return tokens;
    }

    /**
     * True when this index can apply {@code filter} itself: repositories, languages and symbol kinds; path globs
     * are left to SQL.
     */
    static boolean supports(SearchFilter filter) {
        return filter.pathGlob().isEmpty();
    }

    /**
     * The top {@code k} chunks for {@code terms} (OR-ed, as {@link LexicalQuery#match}), best first, ties by row
     * id. Terms must be in the order FTS5 would see them, so that sums are added in the same order.
     *
     * @param filter must be {@link #supports supported}
     */
    List<Hit> search(List<String> terms, int k, SearchFilter filter) {
        int n = rids.length;
        if (terms.isEmpty() || k <= 0 || n == 0) {
            return List.of();
        }
        boolean[] allowed = allowed(filter);
        double[] score = new double[n];
        boolean[] matched = new boolean[n];
        int[] touched = new int[Math.min(n, 1024)];
        int touchedCount = 0;
        for (String term : terms) {
            Postings p = postings.get(term);
            if (p == null) {
                continue;
            }
            double hits = p.docs.length;
            double idf = Math.log((n - hits + 0.5) / (hits + 0.5));
            if (idf <= 0.0) {
                idf = 1e-6;
            }
            int[] docs = p.docs;
            float[] freqs = p.freqs;
            for (int j = 0; j < docs.length; j++) {
                int d = docs[j];
                if (allowed != null && !allowed[d]) {
                    continue;
                }
                double f = freqs[j];
                score[d] += idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * docLength[d] / avgLength)));
                if (!matched[d]) {
                    matched[d] = true;
                    if (touchedCount == touched.length) {
                        touched = Arrays.copyOf(touched, Math.min(n, touched.length * 2));
                    }
                    touched[touchedCount++] = d;
                }
            }
        }
        // Min-heap of the best k: worst (lowest score, then highest row id) at the head.
        Comparator<Integer> worstFirst = (a, b) -> {
            int c = Double.compare(score[a], score[b]);
            return c != 0 ? c : Long.compare(rids[b], rids[a]);
        };
        PriorityQueue<Integer> heap = new PriorityQueue<>(k + 1, worstFirst);
        for (int i = 0; i < touchedCount; i++) {
            int d = touched[i];
            if (heap.size() < k) {
                heap.add(d);
            } else if (worstFirst.compare(d, heap.peek()) > 0) {
                heap.poll();
                heap.add(d);
            }
        }
        List<Hit> out = new ArrayList<>(heap.size());
        while (!heap.isEmpty()) {
            int d = heap.poll();
            out.add(new Hit(rids[d], -1.0 * score[d]));
        }
        return out.reversed();
    }

    /** Per-doc admission for a filter, or null when everything is allowed. */
    private boolean[] allowed(SearchFilter filter) {
        if (filter.repos().isEmpty()
                && filter.languages().isEmpty()
                && filter.symbolKinds().isEmpty()) {
            return null;
        }
        boolean[] repoOk = new boolean[repoIds.size()];
        repoIds.forEach((name, id) ->
                repoOk[id] = filter.repos().isEmpty() || filter.repos().contains(name));
        boolean[] langOk = new boolean[Language.values().length];
        for (Language l : Language.values()) {
            langOk[l.ordinal()] =
                    filter.languages().isEmpty() || filter.languages().contains(l);
        }
        boolean[] kindOk = new boolean[SymbolKind.values().length];
        for (SymbolKind s : SymbolKind.values()) {
            kindOk[s.ordinal()] =
                    filter.symbolKinds().isEmpty() || filter.symbolKinds().contains(s);
        }
        boolean noKindRequired = filter.symbolKinds().isEmpty();
        boolean[] out = new boolean[rids.length];
        for (int d = 0; d < out.length; d++) {
            int sk = symbolKind[d];
            out[d] = repoOk[repo[d]] && langOk[language[d]] && (sk < 0 ? noKindRequired : kindOk[sk]);
        }
        return out;
    }

    /** Growable postings of one term while building. */
    private static final class TermBuilder {
        private int[] docs = new int[4];
        private float[] freqs = new float[4];
        private int size;

        void add(int doc, float freq) {
            if (size == docs.length) {
                docs = Arrays.copyOf(docs, size * 2);
                freqs = Arrays.copyOf(freqs, size * 2);
            }
            docs[size] = doc;
            freqs[size] = freq;
            size++;
        }

        Postings build() {
            return new Postings(Arrays.copyOf(docs, size), Arrays.copyOf(freqs, size));
        }
    }
}
