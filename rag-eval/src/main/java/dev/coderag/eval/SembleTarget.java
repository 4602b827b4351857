package dev.coderag.eval;

import java.util.Objects;

/**
 * One target of a semble benchmark question ({@code benchmarks/data.py}'s {@code Target}): a repository-relative
 * path and, optionally, the lines {@code startLine..endLine} (1-based, inclusive) that answer the question.
 * {@code startLine} and {@code endLine} are 0 when the target is the whole file.
 */
public record SembleTarget(String path, int startLine, int endLine) {
    public SembleTarget {
        Objects.requireNonNull(path, "path");
        if (path.isBlank()) {
            throw new IllegalArgumentException("empty target path");
        }
        boolean whole = startLine == 0 && endLine == 0;
        if (!whole && (startLine < 1 || endLine < startLine)) {
            throw new IllegalArgumentException("bad target lines " + startLine + "-" + endLine + " in " + path);
        }
    }

    /** A whole-file target. */
    public static SembleTarget file(String path) {
        return new SembleTarget(path, 0, 0);
    }

    /** Whether the target names lines (semble's {@code has_span}); otherwise any part of the file hits it. */
    public boolean hasLines() {
        return startLine > 0;
    }

    /** {@code path} or {@code path:start-end}, as reports print it. */
    public String label() {
        return hasLines() ? path + ":" + startLine + "-" + endLine : path;
    }
}
