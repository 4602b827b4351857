package dev.coderag.store;

import java.util.Objects;

/**
 * A file the last ingest of a repository left out of the index, and why.
 *
 * @param path repository-relative, forward slashes
 * @param reason the ingester's reason key ({@code unsupported}, {@code too_large}, {@code binary}, {@code
 *     minified}, {@code unreadable}, {@code symlink}, {@code unparsable}); the store keeps it as given
 */
public record SkippedFile(String path, String reason) {
    public SkippedFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(reason, "reason");
    }
}
