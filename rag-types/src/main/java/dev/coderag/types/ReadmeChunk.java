package dev.coderag.types;

import java.util.List;
import java.util.Objects;

/**
 * A section of a README or other Markdown document.
 *
 * @param headingPath the headings from the document's top down to this section (may be empty for text
 *     before the first heading)
 */
public record ReadmeChunk(
        String repo, String path, List<String> headingPath, String text, int startLine, int endLine, String modelId)
        implements Chunk {

    public ReadmeChunk {
        Chunk.checkRange(repo, path, startLine, endLine);
        headingPath = List.copyOf(headingPath);
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(modelId, "modelId");
    }

    @Override
    public Language language() {
        return Language.MARKDOWN;
    }
}
