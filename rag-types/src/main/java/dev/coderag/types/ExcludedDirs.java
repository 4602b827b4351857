package dev.coderag.types;

import java.util.Set;

/**
 * Directory names a repository's walk never descends into, wherever they are: version control, dependency and build
 * output, virtual environments, caches and coderag's own store. The ingester's walk and the server's watcher of
 * local repositories skip the same ones, so a change the watcher reports is one the ingest may index.
 */
public final class ExcludedDirs {
    /** The names, compared with a directory's own name (not its path). */
    public static final Set<String> NAMES = Set.of(
            ".git",
            ".hg",
            ".svn",
            "vendor",
            "node_modules",
            "target",
            "build",
            "dist",
            "bin",
            "__pycache__",
            ".venv",
            "venv",
            ".rag",
            ".idea",
            ".gradle",
            ".mypy_cache",
            ".pytest_cache",
            ".tox");

    private ExcludedDirs() {}
}
