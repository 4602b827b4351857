package dev.coderag.types;

import java.util.List;
import java.util.Objects;

/**
 * A build manifest (Cargo.toml, pom.xml, package.json, go.mod, pyproject.toml).
 *
 * @param name the package/module/artifact name, or the file name when the manifest declares none
 * @param description the declared description, or ""
 * @param dependencies declared dependencies as written ("serde 1.0", "org.junit:junit-bom"), in file order
 */
public record ManifestChunk(
        String repo,
        String path,
        String name,
        String description,
        List<String> dependencies,
        int startLine,
        int endLine,
        String modelId)
        implements Chunk {

    public ManifestChunk {
        Chunk.checkRange(repo, path, startLine, endLine);
        Objects.requireNonNull(name, "name");
        description = Objects.requireNonNullElse(description, "");
        dependencies = List.copyOf(dependencies);
        Objects.requireNonNull(modelId, "modelId");
    }

    @Override
    public Language language() {
        return Language.fromFileName(path).orElse(Language.TEXT);
    }
}
