package dev.coderag.ingest.history;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;

/**
 * Finds which of a file's definition names occur as whole words in a line's bytes, streaming and without
 * allocating per word: a word is a run of ASCII letters, digits, {@code _} and any non-ASCII byte (so UTF-8 letters
 * belong to words); one longer than the longest name is skipped as it streams. Not thread-safe: one line at a time
 * ({@link #into}).
 */
final class NameMatcher implements LineFeed.WordScan {
    private final byte[][] keys;
    private final String[] names;
    private final int mask;
    private final int maxLength;
    private final byte[] word;
    private int wordLength;
    private int hash;
    private boolean overlong;
    private Set<String> found;

    /** @param candidates the names; ones that cannot be a whole word (empty, or with other characters) are left out */
    NameMatcher(Set<String> candidates) {
        int size = Integer.highestOneBit(Math.max(4, candidates.size() * 2 + 1)) << 1;
        keys = new byte[size][];
        names = new String[size];
        mask = size - 1;
        int longest = 0;
        for (String name : candidates) {
            byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            if (!isWord(bytes)) {
                continue;
            }
            int slot = slot(hash(bytes, bytes.length));
            while (keys[slot] != null && !Arrays.equals(keys[slot], bytes)) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = bytes;
            names[slot] = name;
            longest = Math.max(longest, bytes.length);
        }
        maxLength = longest;
        word = new byte[longest];
    }

    /** Whether no name can ever match. */
    boolean isEmpty() {
        return maxLength == 0;
    }

    /** Scans the next line, adding the names it holds to {@code target}. */
    NameMatcher into(Set<String> target) {
        found = target;
        wordLength = 0;
        hash = 0;
        overlong = false;
        return this;
    }

    @Override
    public void feed(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = bytes[i];
            if (wordByte(c)) {
                if (wordLength < maxLength) {
                    word[wordLength++] = c;
                    hash = 31 * hash + (c & 0xff);
                } else {
                    overlong = true;
                }
            } else if (wordLength > 0 || overlong) {
                endWord();
            }
        }
    }

    @Override
    public void end() {
        endWord();
    }

    private void endWord() {
        if (!overlong && wordLength > 0) {
            int slot = slot(hash);
            while (keys[slot] != null) {
                if (keys[slot].length == wordLength && Arrays.equals(keys[slot], 0, wordLength, word, 0, wordLength)) {
                    found.add(names[slot]);
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        wordLength = 0;
        hash = 0;
        overlong = false;
    }

    private int slot(int h) {
        int x = (h ^ (h >>> 16)) * 0x9E3779B1;
        return (x ^ (x >>> 15)) & mask;
    }

    private static int hash(byte[] bytes, int n) {
        int h = 0;
        for (int i = 0; i < n; i++) {
            h = 31 * h + (bytes[i] & 0xff);
        }
        return h;
    }

    private static boolean isWord(byte[] bytes) {
        if (bytes.length == 0) {
            return false;
        }
        for (byte b : bytes) {
            if (!wordByte(b)) {
                return false;
            }
        }
        return true;
    }

    static boolean wordByte(byte c) {
        return c < 0 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }
}
