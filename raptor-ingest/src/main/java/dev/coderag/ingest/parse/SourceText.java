package dev.coderag.ingest.parse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A file's text with its UTF-8 bytes and a line index. Tree-sitter reports UTF-8 byte offsets, so every
 * slice goes through the bytes; rows are 0-based here and become 1-based only in chunks. Immutable.
 */
public final class SourceText {
    private final String text;
    private final byte[] bytes;
    /** Byte offset where each row starts; one entry per row (a final newline opens no extra row). */
    private final int[] rowStarts;

    private SourceText(String text) {
        this.text = text;
        this.bytes = text.getBytes(StandardCharsets.UTF_8);
        int[] starts = new int[64];
        int rows = 1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && i + 1 < bytes.length) {
                if (rows == starts.length) {
                    starts = Arrays.copyOf(starts, rows * 2);
                }
                starts[rows++] = i + 1;
            }
        }
        this.rowStarts = Arrays.copyOf(starts, rows);
    }

    /**
     * Normalises line endings (CRLF and lone CR to LF, so rows agree with every tool) and drops a leading
     * byte-order mark; neither changes line numbers.
     */
    public static SourceText of(String raw) {
        String text = raw;
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        if (text.indexOf('\r') >= 0) {
            text = text.replace("\r\n", "\n").replace('\r', '\n');
        }
        return new SourceText(text);
    }

    public String text() {
        return text;
    }

    public int byteLength() {
        return bytes.length;
    }

    /** Number of rows; an empty text has one (empty) row. */
    public int rowCount() {
        return rowStarts.length;
    }

    /** The 0-based row containing the byte offset (offsets past the end map to the last row). */
    public int rowOf(int byteOffset) {
        int i = Arrays.binarySearch(rowStarts, byteOffset);
        return i >= 0 ? i : -i - 2;
    }

    /**
     * The last row a node ending at {@code endByte} (exclusive) touches: a node whose text ends with its
     * newline (Rust line comments do) does not reach into the next row.
     */
    public int endRowOf(int startByte, int endByte) {
        if (endByte > startByte && endByte <= bytes.length && bytes[endByte - 1] == '\n') {
            return rowOf(endByte - 1);
        }
        return rowOf(Math.max(startByte, endByte - 1));
    }

    public int rowStart(int row) {
        return rowStarts[row];
    }

    /** Byte offset of the end of the row, before its newline. */
    public int rowEnd(int row) {
        int end = row + 1 < rowStarts.length ? rowStarts[row + 1] - 1 : bytes.length;
        if (end > rowStarts[row] && end == bytes.length && bytes[end - 1] == '\n') {
            end--;
        }
        return end;
    }

    public String row(int row) {
        return slice(rowStart(row), rowEnd(row));
    }

    public String slice(int startByte, int endByte) {
        int start = Math.max(0, Math.min(startByte, bytes.length));
        int end = Math.max(start, Math.min(endByte, bytes.length));
        return new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }

    public byte byteAt(int offset) {
        return bytes[offset];
    }

    /** True when the bytes in [from, to) are only spaces, tabs and newlines. */
    public boolean isBlank(int from, int to) {
        for (int i = Math.max(0, from); i < Math.min(to, bytes.length); i++) {
            byte b = bytes[i];
            if (b != ' ' && b != '\t' && b != '\n' && b != '\f') {
                return false;
            }
        }
        return true;
    }

    /** True when the bytes in [from, to) contain an empty line (two newlines with only blanks between). */
    public boolean hasBlankLine(int from, int to) {
        // A node that ends with its newline (a Rust line comment) already closed its line.
        int newlines = from > 0 && from <= bytes.length && bytes[from - 1] == '\n' ? 1 : 0;
        for (int i = Math.max(0, from); i < Math.min(to, bytes.length); i++) {
            byte b = bytes[i];
            if (b == '\n') {
                if (++newlines == 2) {
                    return true;
                }
            } else if (b != ' ' && b != '\t' && b != '\f') {
                newlines = 0;
            }
        }
        return false;
    }

    /** The start of the node's line when only indentation precedes it there, else the node start itself. */
    public int startWithIndent(int startByte) {
        int lineStart = rowStart(rowOf(startByte));
        return isBlank(lineStart, startByte) ? lineStart : startByte;
    }
}
