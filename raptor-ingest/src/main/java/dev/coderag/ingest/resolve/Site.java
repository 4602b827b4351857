package dev.coderag.ingest.resolve;

import java.util.Objects;

/**
 * Where a reference is.
 *
 * @param file the path relative to the repository root, with {@code /}
 * @param line 1-based
 */
public record Site(String file, int line) {
    public Site {
        Objects.requireNonNull(file);
        if (line < 1) {
            throw new IllegalArgumentException("line " + line);
        }
    }
}
