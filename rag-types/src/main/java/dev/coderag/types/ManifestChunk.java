package dev.coderag.types;

import java.util.List;
import java.util.Objects;

/**
 * A build manifest (Cargo.toml, pom.xml, package.json, go.mod, pyproject.toml, build.gradle(.kts),
 * settings.gradle(.kts), requirements*.txt, setup.cfg, setup.py, *.csproj, CMakeLists.txt, composer.json, Gemfile,
 * *.gemspec, build.sbt, Package.swift, *.rockspec).
 *
 * @param name the package/module/artifact name, or the file name when the manifest declares none (a
 *     {@code .csproj} without an assembly name is named as MSBuild names it: the file name without
 *     {@code .csproj})
 * @param description the declared description, or ""
 * @param dependencies declared dependencies as written ("serde 1.0", "org.junit:junit-bom",
 *     "com.squareup.okio:okio:3.9.0 (testImplementation)"), in file order
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
