package dev.coderag.ingest.parse;

import java.util.Objects;

/**
 * A file to parse: its repo-relative path (forward slashes) and its decoded text.
 *
 * @param modelId the embedding model id the resulting chunks are stamped with
 */
public record SourceFile(String repo, String path, String text, String modelId) {
    public SourceFile {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(modelId, "modelId");
    }
}
