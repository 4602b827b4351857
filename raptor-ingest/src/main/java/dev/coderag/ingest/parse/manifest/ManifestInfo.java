package dev.coderag.ingest.parse.manifest;

import java.util.List;

/**
 * What a manifest reader found: the declared name and description ("" when none) and the dependencies as
 * written, non-runtime ones with a suffix such as {@code " (dev)"} or {@code " (test)"}.
 */
record ManifestInfo(String name, String description, List<String> dependencies) {
    static final ManifestInfo NONE = new ManifestInfo("", "", List.of());

    ManifestInfo {
        dependencies = List.copyOf(dependencies);
    }
}
