package dev.coderag.ingest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/** Pure checks and conversions on file bytes. Thread-safe. */
final class TextFiles {
    static final int BINARY_PROBE_BYTES = 8 * 1024;
    static final int LONG_LINE_CHARS = 1_000;
    static final int MAX_AVERAGE_LINE_CHARS = 300;

    private TextFiles() {}

    /** NUL bytes in the first 8 KiB: what git and grep call binary. */
    static boolean isBinary(byte[] bytes) {
        int n = Math.min(bytes.length, BINARY_PROBE_BYTES);
        for (int i = 0; i < n; i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Minified or generated: an average line longer than 300 characters, or lines longer than 1,000 characters
     * holding more than half of the text. (One long string literal in an ordinary source file does not make
     * it minified; a bundle of a few huge lines does.)
     */
    static boolean isMinified(String text) {
        if (text.isEmpty()) {
            return false;
        }
        int lines = 0;
        long longLineChars = 0;
        int start = 0;
        int n = text.length();
        while (start <= n) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? n : nl;
            int len = end - start;
            if (len > LONG_LINE_CHARS) {
                longLineChars += len;
            }
            if (nl < 0) {
                if (len > 0) {
                    lines++;
                }
                break;
            }
            lines++;
            start = nl + 1;
        }
        lines = Math.max(lines, 1);
        return (double) n / lines > MAX_AVERAGE_LINE_CHARS || longLineChars * 2 > n;
    }

    /** UTF-8, leniently: malformed bytes become U+FFFD; a leading BOM is dropped. */
    static String decode(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        String text;
        try {
            text = decoder.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("REPLACE decoder threw", e); // cannot happen with REPLACE
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /**
     * SHA-256 of the bytes with CRLF and lone CR turned into LF, so checkouts on any OS agree. Equal to
     * {@code Hashing.sha256(normalizeNewlines(bytes))}; one digest per thread, since looking one up per file
     * costs as much as hashing a small file.
     */
    static String fileHash(byte[] bytes) {
        MessageDigest digest = DIGEST.get();
        digest.reset();
        return HexFormat.of().formatHex(digest.digest(normalizeNewlines(bytes)));
    }

    private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    });

    static byte[] normalizeNewlines(byte[] bytes) {
        int cr = -1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\r') {
                cr = i;
                break;
            }
        }
        if (cr < 0) {
            return bytes;
        }
        byte[] out = new byte[bytes.length];
        System.arraycopy(bytes, 0, out, 0, cr);
        int o = cr;
        for (int i = cr; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b == '\r') {
                out[o++] = '\n';
                if (i + 1 < bytes.length && bytes[i + 1] == '\n') {
                    i++;
                }
            } else {
                out[o++] = b;
            }
        }
        return java.util.Arrays.copyOf(out, o);
    }

    /** The reason to skip a file by its content, if any; markdown and manifests are not held to line limits. */
    static Optional<SkipReason> contentSkip(byte[] bytes, String text, boolean checkLines) {
        if (isBinary(bytes)) {
            return Optional.of(SkipReason.BINARY);
        }
        if (checkLines && isMinified(text)) {
            return Optional.of(SkipReason.MINIFIED);
        }
        return Optional.empty();
    }
}
