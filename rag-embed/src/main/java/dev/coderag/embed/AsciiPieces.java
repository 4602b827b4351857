package dev.coderag.embed;

import java.util.Arrays;

/**
 * BERT's uncased WordPiece for texts that are all ASCII — most source code — in one linear pass with no string
 * built per candidate piece: the vocabulary is a character trie, so the longest piece at each position is one
 * walk down it. Written by hand because DJL's {@code WordpieceTokenizer} tries every shorter substring of a word
 * against a hash set (quadratic in the word, a string per try) and was still two thirds of parsing after it
 * replaced the native tokenizer; {@link WordPieces} uses DJL for every text with a non-ASCII character and the
 * Hugging Face tokenizer is the test oracle for both.
 *
 * <p>The rules, for ASCII: NUL and control characters other than tab, newline and carriage return vanish (a word
 * around one stays one word); tab, newline, carriage return and space separate words; letters are lower-cased;
 * each punctuation character ({@code !} to {@code /}, {@code :} to {@code @}, {@code [} to {@code `}, {@code {} to
 * {@code ~}) is a word of its own; a word longer than the limit, or with a remainder no piece starts, is one
 * unknown piece. Immutable and thread-safe.
 */
final class AsciiPieces {
    private static final long EMPTY = -1;

    private final long[] keys;
    private final int[] children;
    private final int mask;
    /** The token id a node spells, or -1. */
    private final int[] tokens;
    /** The node reached by "##": where continuation pieces start. */
    private final int continuation;

    private final int unknown;
    private final int maxWord;

    private AsciiPieces(long[] keys, int[] children, int[] tokens, int continuation, int unknown, int maxWord) {
        this.keys = keys;
        this.children = children;
        this.mask = keys.length - 1;
        this.tokens = tokens;
        this.continuation = continuation;
        this.unknown = unknown;
        this.maxWord = maxWord;
    }

    /**
     * @param vocabulary token by id; tokens with a non-ASCII character are left out (no ASCII text reaches them)
     * @param unknown the id of the unknown piece
     * @param maxWord longer words are one unknown piece
     */
    static AsciiPieces of(String[] vocabulary, int unknown, int maxWord) {
        int nodes = 1;
        long chars = 0;
        for (String t : vocabulary) {
            chars += t.length();
        }
        int capacity = Integer.highestOneBit((int) Math.max(16, chars * 2)) << 1;
        long[] keys = new long[capacity];
        int[] children = new int[capacity];
        Arrays.fill(keys, EMPTY);
        int[] tokens = new int[(int) chars + 2];
        Arrays.fill(tokens, -1);
        Builder b = new Builder(keys, children, capacity - 1);
        for (int id = 0; id < vocabulary.length; id++) {
            String t = vocabulary[id];
            if (t.isEmpty() || !isAscii(t)) {
                continue;
            }
            int node = 0;
            for (int i = 0; i < t.length(); i++) {
                int next = b.child(node, t.charAt(i));
                if (next < 0) {
                    next = nodes++;
                    b.put(node, t.charAt(i), next);
                }
                node = next;
            }
            if (tokens[node] < 0) {
                tokens[node] = id;
            }
        }
        int hash = b.child(0, '#');
        int continuation = hash < 0 ? -1 : b.child(hash, '#');
        return new AsciiPieces(keys, children, Arrays.copyOf(tokens, nodes), continuation, unknown, maxWord);
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** The ids of {@code text}'s pieces, or null when it has a non-ASCII character. */
    int[] ids(String text) {
        Sink sink = new Sink(text.length() / 3 + 8);
        return encode(text, sink) ? Arrays.copyOf(sink.ids, sink.size) : null;
    }

    /** How many pieces {@code text} has, or -1 when it has a non-ASCII character. */
    int count(String text) {
        Sink sink = new Sink(0);
        return encode(text, sink) ? sink.size : -1;
    }

    private boolean encode(String text, Sink out) {
        int n = text.length();
        char[] word = new char[Math.min(n, maxWord + 1)];
        int len = 0;
        boolean overLong = false;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                return false;
            }
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                pieces(word, len, overLong, out);
                len = 0;
                overLong = false;
            } else if (c < 0x20 || c == 0x7f) {
                // a control character vanishes
            } else if (isPunctuation(c)) {
                pieces(word, len, overLong, out);
                len = 0;
                overLong = false;
                word[0] = c;
                pieces(word, 1, false, out);
            } else if (len < word.length) {
                word[len++] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
            } else {
                overLong = true;
            }
        }
        pieces(word, len, overLong, out);
        return true;
    }

    private static boolean isPunctuation(char c) {
        return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
    }

    /** Greedy longest-match-first over word[0, len); the whole word is unknown if any remainder has no piece. */
    private void pieces(char[] word, int len, boolean overLong, Sink out) {
        if (len == 0) {
            return;
        }
        if (overLong || len > maxWord) {
            out.add(unknown);
            return;
        }
        int mark = out.size;
        int start = 0;
        while (start < len) {
            int node = start == 0 ? 0 : continuation;
            int bestEnd = -1;
            int bestToken = -1;
            for (int j = start; j < len && node >= 0; j++) {
                node = child(node, word[j]);
                if (node >= 0 && tokens[node] >= 0) {
                    bestEnd = j + 1;
                    bestToken = tokens[node];
                }
            }
            if (bestEnd < 0) {
                out.size = mark;
                out.add(unknown);
                return;
            }
            out.add(bestToken);
            start = bestEnd;
        }
    }

    private int child(int node, char c) {
        return find(keys, children, mask, node, c);
    }

    /** The child of {@code node} by {@code c} in an open-addressing table, or -1. */
    private static int find(long[] keys, int[] children, int mask, int node, char c) {
        long key = ((long) node << 7) | c;
        int h = mix(key) & mask;
        while (keys[h] != EMPTY) {
            if (keys[h] == key) {
                return children[h];
            }
            h = (h + 1) & mask;
        }
        return -1;
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** Fills the open-addressing table while the trie is built. */
    private record Builder(long[] keys, int[] children, int mask) {
        int child(int node, char c) {
            return find(keys, children, mask, node, c);
        }

        void put(int node, char c, int child) {
            long key = ((long) node << 7) | c;
            int h = mix(key) & mask;
            while (keys[h] != EMPTY) {
                h = (h + 1) & mask;
            }
            keys[h] = key;
            children[h] = child;
        }
    }

    /** Ids as they are found; with capacity 0 it only counts. */
    private static final class Sink {
        int[] ids;
        int size;
        private final boolean keep;

        Sink(int capacity) {
            this.keep = capacity > 0;
            this.ids = new int[Math.max(capacity, 0)];
        }

        void add(int id) {
            if (keep) {
                if (size == ids.length) {
                    ids = Arrays.copyOf(ids, size * 2 + 8);
                }
                ids[size] = id;
            }
            size++;
        }
    }
}
