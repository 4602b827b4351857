package dev.coderag.ingest.resolve;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Resolves the references of a repository's Java files exactly, with the compiler's view of every name (Eclipse
 * JDT's bindings), tolerant of missing dependencies.
 *
 * <p>The JDK's classes are those of the running JVM (its jrt image). A library that is not on {@link
 * ResolveOptions#classpath()} is missing: a reference into it, or one whose overload cannot be told without it, is
 * counted as unresolved and yields no reference, never a guess. Declarations in the repository are found through
 * its source roots, which are derived from each file's {@code package} declaration (the file's directory minus the
 * package's path), so a file can refer to any other.
 */
public final class JavaReferences {
    private JavaReferences() {}

    /** {@link #resolve(Path, List, Duration, ResolveOptions)} with {@link ResolveOptions#DEFAULTS}. */
    public static ResolvedReferences resolve(Path root, List<Path> files, Duration deadline) {
        return resolve(root, files, deadline, ResolveOptions.DEFAULTS);
    }

    /**
     * The references of {@code files}.
     *
     * @param root the repository root; sites and targets are relative to it
     * @param files the {@code .java} files to resolve, under {@code root}
     * @param deadline how long resolution may take: checked between files of a batch, and before each batch; the
     *     files not reached by then are counted in {@link ResolvedReferences#filesNotReached()}
     * @param options limits and levers
     * @return the references found, with what could not be resolved counted
     * @throws IllegalArgumentException if a file is not under {@code root}
     */
    public static ResolvedReferences resolve(Path root, List<Path> files, Duration deadline, ResolveOptions options) {
        return new JdtResolver(root, options).resolve(files, deadline);
    }
}
