package dev.coderag.ingest.parse.manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * setuptools' {@code setup.cfg}: {@code [metadata]} name and description, {@code [options]}
 * install_requires (plain), tests_require {@code (test)} and setup_requires {@code (setup)}, and each key of
 * {@code [options.extras_require]} as {@code (key)}. An INI file as Python's configparser reads it: sections,
 * {@code key = value} or {@code key: value}, indented continuation lines, {@code #} and {@code ;} comment
 * lines; list values one per line or {@code ;}-separated on one line (setuptools' rule). One pass over the lines; no regex. Pure.
 */
final class SetupCfg {
    private SetupCfg() {}

    static ManifestInfo read(String text) {
        Map<String, Map<String, String>> sections = sections(text);
        Map<String, String> metadata = sections.getOrDefault("metadata", Map.of());
        Map<String, String> options = sections.getOrDefault("options", Map.of());
        List<String> deps = new ArrayList<>();
        // requires_dist in [metadata] is the older (wheel metadata) spelling of install_requires
        addList(options.getOrDefault("install_requires", metadata.get("requires_dist")), "", deps);
        for (Map.Entry<String, String> extra :
                sections.getOrDefault("options.extras_require", Map.of()).entrySet()) {
            addList(extra.getValue(), " (" + extra.getKey() + ")", deps);
        }
        addList(options.get("tests_require"), " (test)", deps);
        addList(options.get("setup_requires"), " (setup)", deps);
        String description = metadata.getOrDefault("description", metadata.getOrDefault("summary", ""));
        return new ManifestInfo(metadata.getOrDefault("name", ""), description, deps);
    }

    /** Sections by lower-case name; keys lower-case; a value's continuation lines joined with newlines. */
    static Map<String, Map<String, String>> sections(String text) {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        Map<String, String> current = null;
        String key = null;
        for (String raw : text.split("\n", -1)) {
            String line = raw.stripTrailing();
            String stripped = line.strip();
            if (stripped.startsWith("#") || stripped.startsWith(";")) {
                continue;
            }
            boolean indented = !line.isEmpty() && Character.isWhitespace(line.charAt(0));
            if (indented && key != null && current != null) {
                if (!stripped.isEmpty()) {
                    current.merge(key, stripped, (a, b) -> a.isEmpty() ? b : a + "\n" + b);
                }
                continue;
            }
            if (stripped.isEmpty()) {
                continue;
            }
            if (stripped.startsWith("[") && stripped.endsWith("]")) {
                current = sections.computeIfAbsent(
                        stripped.substring(1, stripped.length() - 1).strip().toLowerCase(Locale.ROOT),
                        s -> new LinkedHashMap<>());
                key = null;
                continue;
            }
            int eq = stripped.indexOf('=');
            int colon = stripped.indexOf(':');
            int at = eq < 0 ? colon : colon < 0 ? eq : Math.min(eq, colon);
            if (at <= 0 || current == null) {
                key = null;
                continue;
            }
            key = stripped.substring(0, at).strip().toLowerCase(Locale.ROOT);
            current.put(key, stripped.substring(at + 1).strip());
        }
        return sections;
    }

    private static void addList(String value, String suffix, List<String> deps) {
        if (value == null) {
            return;
        }
        // setuptools' list-semi: a dangling list is one item a line, else items are separated by ';'
        for (String item : value.contains("\n") ? value.split("\n") : value.split(";")) {
            String dep = item.strip();
            if (!dep.isEmpty()) {
                deps.add(dep + suffix);
            }
        }
    }
}
