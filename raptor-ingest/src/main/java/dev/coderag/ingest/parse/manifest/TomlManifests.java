package dev.coderag.ingest.parse.manifest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Cargo.toml and pyproject.toml, read whole through {@link TomlTables}. Thread-safe. */
final class TomlManifests {
    private TomlManifests() {}

    private static String string(Object o) {
        return o instanceof String s ? s : "";
    }

    // ---- Cargo.toml ----

    static ManifestInfo cargo(String text) throws IOException {
        Map<String, Object> toml = TomlTables.parse(text);
        List<String> deps = new ArrayList<>();
        cargoDeps(toml, deps);
        if (TomlTables.at(toml, "target") instanceof Map<?, ?> targets) {
            for (Object target : targets.values()) {
                if (target instanceof Map<?, ?> t) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> cast = (Map<String, Object>) t;
                    cargoDeps(cast, deps);
                }
            }
        }
        addCargoTable(TomlTables.at(toml, "workspace", "dependencies"), "", deps);
        return new ManifestInfo(
                string(TomlTables.at(toml, "package", "name")),
                string(TomlTables.at(toml, "package", "description")),
                deps);
    }

    private static void cargoDeps(Map<String, Object> table, List<String> deps) {
        addCargoTable(table.get("dependencies"), "", deps);
        addCargoTable(table.get("dev-dependencies"), " (dev)", deps);
        addCargoTable(table.get("build-dependencies"), " (build)", deps);
    }

    private static void addCargoTable(Object table, String suffix, List<String> deps) {
        addVersionTable(table, suffix, deps, name -> true);
    }

    /**
     * A table of name → version: {@code serde = "1.0"}, {@code tokio = { version = "1", … }} or a
     * {@code [dependencies.x]} table (Cargo and Poetry write dependencies alike).
     */
    private static void addVersionTable(Object table, String suffix, List<String> deps, Predicate<String> include) {
        if (!(table instanceof Map<?, ?> map)) {
            return;
        }
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String name = String.valueOf(e.getKey());
            if (!include.test(name)) {
                continue;
            }
            String version =
                    e.getValue() instanceof Map<?, ?> spec ? string(spec.get("version")) : string(e.getValue());
            deps.add((version.isEmpty() ? name : name + " " + version) + suffix);
        }
    }

    // ---- pyproject.toml ----

    static ManifestInfo pyproject(String text) throws IOException {
        Map<String, Object> toml = TomlTables.parse(text);
        List<String> deps = new ArrayList<>();
        addStrings(TomlTables.at(toml, "project", "dependencies"), "", deps);
        if (TomlTables.at(toml, "project", "optional-dependencies") instanceof Map<?, ?> extras) {
            for (Map.Entry<?, ?> e : extras.entrySet()) {
                addStrings(e.getValue(), " (" + e.getKey() + ")", deps);
            }
        }
        if (TomlTables.at(toml, "dependency-groups") instanceof Map<?, ?> groups) {
            for (Map.Entry<?, ?> e : groups.entrySet()) {
                addStrings(e.getValue(), " (" + e.getKey() + ")", deps);
            }
        }
        addPoetry(TomlTables.at(toml, "tool", "poetry", "dependencies"), "", deps);
        addPoetry(TomlTables.at(toml, "tool", "poetry", "dev-dependencies"), " (dev)", deps);
        if (TomlTables.at(toml, "tool", "poetry", "group") instanceof Map<?, ?> groups) {
            for (Map.Entry<?, ?> e : groups.entrySet()) {
                if (e.getValue() instanceof Map<?, ?> group) {
                    addPoetry(group.get("dependencies"), " (" + e.getKey() + ")", deps);
                }
            }
        }
        String name = string(TomlTables.at(toml, "project", "name"));
        String description = string(TomlTables.at(toml, "project", "description"));
        if (name.isEmpty()) {
            name = string(TomlTables.at(toml, "tool", "poetry", "name"));
        }
        if (description.isEmpty()) {
            description = string(TomlTables.at(toml, "tool", "poetry", "description"));
        }
        return new ManifestInfo(name, description, deps);
    }

    private static void addStrings(Object list, String suffix, List<String> deps) {
        if (list instanceof List<?> items) {
            for (Object item : items) {
                if (item instanceof String s && !s.isBlank()) {
                    deps.add(s.strip() + suffix);
                }
            }
        }
    }

    private static void addPoetry(Object table, String suffix, List<String> deps) {
        // "python" is the interpreter constraint, not a dependency
        addVersionTable(table, suffix, deps, name -> !name.equals("python"));
    }
}
