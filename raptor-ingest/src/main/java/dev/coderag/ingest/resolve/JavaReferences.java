package dev.coderag.ingest.resolve;

import dev.coderag.store.ResolvedFile;
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

    /**
     * What a run of {@link #resolveEach} went through.
     *
     * @param filesResolved files the compiler went through
     * @param filesSkipped files over the size limit, or unreadable
     * @param filesNotReached files left when the deadline passed
     */
    public record Run(int filesResolved, int filesSkipped, int filesNotReached, Duration elapsed) {}

    /**
     * Resolves {@code files} and hands each one's declarations and references, unlinked, to {@code sink} as soon
     * as its batch is done (on the calling thread; memory holds one batch): what ingest stores, to be linked by key
     * when read. Resolving one changed file needs only that file in {@code files}; every other file of the repository
     * is still visible to the compiler through the source roots of {@code all}.
     *
     * @param all every Java file of the repository (their {@code package} declarations give the source roots)
     * @param files the files to resolve, a subset of {@code all}
     * @param cancelled asked between files, with the deadline: true ends the run as the deadline does
     * @throws IllegalArgumentException if a file is not under {@code root}
     */
    public static Run resolveEach(
            Path root,
            List<Path> all,
            List<Path> files,
            Duration deadline,
            ResolveOptions options,
            java.util.function.BooleanSupplier cancelled,
            java.util.function.Consumer<ResolvedFile> sink) {
        long start = System.nanoTime();
        JdtResolver.Counts c =
                new JdtResolver(root, options, cancelled).each(all, files, deadline, f -> sink.accept(f.toResolved()));
        return new Run(c.resolved(), c.skipped(), c.notReached(), Duration.ofNanos(System.nanoTime() - start));
    }
}
