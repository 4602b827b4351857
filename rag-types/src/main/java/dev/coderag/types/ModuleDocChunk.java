package dev.coderag.types;

import java.util.Objects;

/**
 * Module or package documentation: Rust {@code //!}, Java {@code package-info.java}, a Python module
 * docstring, a Go package comment.
 */
public record ModuleDocChunk(
        String repo,
        String path,
        Language language,
        String moduleName,
        String text,
        int startLine,
        int endLine,
        String modelId)
        implements Chunk {

    public ModuleDocChunk {
        Chunk.checkRange(repo, path, startLine, endLine);
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(moduleName, "moduleName");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(modelId, "modelId");
    }
}
