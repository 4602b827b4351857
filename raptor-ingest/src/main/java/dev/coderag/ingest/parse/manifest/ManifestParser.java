package dev.coderag.ingest.parse.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.Texts;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads the name, description and dependencies of a build manifest into one chunk covering the whole file.
 * Which files are manifests, and who reads each, is the table {@link #FORMATS}: Cargo.toml and pyproject.toml
 * ({@link TomlManifests}), package.json and composer.json (here), go.mod and requirements*.txt ({@link
 * LineManifests}), pom.xml and *.csproj ({@link XmlManifests}), build.gradle(.kts) and settings.gradle(.kts)
 * ({@link GradleManifest}), setup.cfg ({@link SetupCfg}), setup.py ({@link SetupPy}), CMakeLists.txt ({@link
 * CMakeManifest}), Gemfile and *.gemspec ({@link RubyManifests}), build.sbt ({@link SbtManifest}), Package.swift
 * ({@link SwiftPackageManifest}) and *.rockspec ({@link RockspecManifest}). A manifest that does not parse still
 * gives a chunk, named after the file: TOML, JSON and XML are read whole or not at all, the others by scanners that
 * never fail. Thread-safe.
 *
 * <p>Dependencies are written as "name version" (Cargo, npm, Composer, go, Poetry, NuGet, CMake, Bundler, SwiftPM),
 * as declared (PEP 508 requirement strings, Gradle notations, LuaRocks) or as "groupId:artifactId" (Maven; sbt adds
 * the version); non-runtime ones carry a suffix such as " (dev)" or " (test)".
 */
public final class ManifestParser {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads one format; may throw on text it cannot read (the chunk is then named after the file). */
    @FunctionalInterface
    private interface Reader {
        ManifestInfo read(String text, String fileName) throws Exception;
    }

    /** A manifest format: which file names it has and how it is read. */
    private record Format(Predicate<String> fileName, Reader reader) {
        static Format named(String name, Reader reader) {
            return new Format(name::equals, reader);
        }
    }

    private static final List<Format> FORMATS = List.of(
            Format.named("Cargo.toml", (text, name) -> TomlManifests.cargo(text)),
            Format.named("pyproject.toml", (text, name) -> TomlManifests.pyproject(text)),
            Format.named("package.json", (text, name) -> packageJson(text)),
            Format.named("go.mod", (text, name) -> LineManifests.goMod(text)),
            Format.named("pom.xml", (text, name) -> XmlManifests.pom(text)),
            new Format(name -> name.endsWith(".csproj") && name.length() > ".csproj".length(), XmlManifests::csproj),
            new Format(
                    name -> name.equals("build.gradle")
                            || name.equals("build.gradle.kts")
                            || name.equals("settings.gradle")
                            || name.equals("settings.gradle.kts"),
                    GradleManifest::read),
            new Format(name -> name.startsWith("requirements") && name.endsWith(".txt"), LineManifests::requirements),
            Format.named("setup.cfg", (text, name) -> SetupCfg.read(text)),
            Format.named("setup.py", (text, name) -> SetupPy.read(text)),
            Format.named("CMakeLists.txt", (text, name) -> CMakeManifest.read(text)),
            Format.named("composer.json", (text, name) -> composerJson(text)),
            Format.named("Gemfile", (text, name) -> RubyManifests.gemfile(text)),
            new Format(
                    name -> name.endsWith(".gemspec") && name.length() > ".gemspec".length(),
                    (text, name) -> RubyManifests.gemspec(text)),
            Format.named("build.sbt", (text, name) -> SbtManifest.read(text)),
            Format.named("Package.swift", (text, name) -> SwiftPackageManifest.read(text)),
            new Format(
                    name -> name.endsWith(".rockspec") && name.length() > ".rockspec".length(),
                    (text, name) -> RockspecManifest.read(text)));

    private ManifestParser() {}

    /** Whether a file name (without directories) is a manifest's. */
    public static boolean isManifest(String fileName) {
        return format(fileName) != null;
    }

    private static Format format(String fileName) {
        for (Format f : FORMATS) {
            if (f.fileName().test(fileName)) {
                return f;
            }
        }
        return null;
    }

    public static ManifestChunk parse(SourceFile file, SourceText src) {
        String fileName = ModuleNames.fileName(file.path());
        Format format = format(fileName);
        ManifestInfo info;
        try {
            info = format == null ? ManifestInfo.NONE : format.reader().read(src.text(), fileName);
        } catch (Exception e) {
            info = ManifestInfo.NONE; // unreadable: still indexed under the file's name
        }
        String name = info.name().isBlank() ? fileName : info.name().strip();
        return new ManifestChunk(
                file.repo(),
                file.path(),
                name,
                collapse(info.description()),
                info.dependencies(),
                1,
                src.rowCount(),
                file.modelId());
    }

    /** Whitespace runs as one space, stripped; "" for null. One pass. */
    static String collapse(String text) {
        return text == null ? "" : Texts.collapseWhitespace(text, Integer.MAX_VALUE);
    }

    // ---- package.json ----

    private static ManifestInfo packageJson(String text) throws Exception {
        JsonNode root = JSON.readTree(text);
        if (root == null || !root.isObject()) {
            return ManifestInfo.NONE;
        }
        List<String> deps = new ArrayList<>();
        addNpm(root.get("dependencies"), "", deps);
        addNpm(root.get("devDependencies"), " (dev)", deps);
        addNpm(root.get("peerDependencies"), " (peer)", deps);
        addNpm(root.get("optionalDependencies"), " (optional)", deps);
        return new ManifestInfo(
                root.path("name").asText(""), root.path("description").asText(""), deps);
    }

    // ---- composer.json ----

    /** PHP's Composer: {@code require} as "name constraint" ({@code php} and {@code ext-*} too), {@code require-dev}. */
    private static ManifestInfo composerJson(String text) throws Exception {
        JsonNode root = JSON.readTree(text);
        if (root == null || !root.isObject()) {
            return ManifestInfo.NONE;
        }
        List<String> deps = new ArrayList<>();
        addNpm(root.get("require"), "", deps);
        addNpm(root.get("require-dev"), " (dev)", deps);
        return new ManifestInfo(
                root.path("name").asText(""), root.path("description").asText(""), deps);
    }

    private static void addNpm(JsonNode table, String suffix, List<String> deps) {
        if (table == null || !table.isObject()) {
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = table.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> e = fields.next();
            String version = e.getValue().isTextual() ? e.getValue().asText() : "";
            deps.add((version.isEmpty() ? e.getKey() : e.getKey() + " " + version) + suffix);
        }
    }
}
