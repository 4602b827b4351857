package dev.coderag.ingest.resolve;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How to resolve.
 *
 * @param maxFileBytes files larger than this are not resolved (counted as skipped); they are still read by the
 *     compiler if another file refers to a type they declare
 * @param batchSize files per compiler run: a run holds every file's bindings until it ends, so this bounds memory.
 *     Types declared in another batch are still resolved, from the source roots, but parsed again (cost, not
 *     correctness)
 * @param threads batches run at once (1 = one after another)
 * @param statementsRecovery whether the parser keeps statements of a method body that has syntax errors
 * @param classpath jars or class directories of the repository's dependencies, if known; the running JDK's classes
 *     are always there
 */
public record ResolveOptions(
        long maxFileBytes, int batchSize, int threads, boolean statementsRecovery, List<Path> classpath) {

    /**
     * 1 MiB (ingest's default file limit), 250 files a batch (on eclipse.jdt.debug's 1,532 files faster than one
     * batch of all: docs/BENCHMARKS.md), one thread, statements recovered, no classpath.
     */
    public static final ResolveOptions DEFAULTS = new ResolveOptions(1 << 20, 250, 1, true, List.of());

    public ResolveOptions {
        if (maxFileBytes < 1 || batchSize < 1 || threads < 1) {
            throw new IllegalArgumentException("maxFileBytes, batchSize and threads must be positive");
        }
        classpath = List.copyOf(Objects.requireNonNull(classpath));
    }

    public ResolveOptions withBatchSize(int n) {
        return new ResolveOptions(maxFileBytes, n, threads, statementsRecovery, classpath);
    }

    public ResolveOptions withThreads(int n) {
        return new ResolveOptions(maxFileBytes, batchSize, n, statementsRecovery, classpath);
    }

    public ResolveOptions withStatementsRecovery(boolean on) {
        return new ResolveOptions(maxFileBytes, batchSize, threads, on, classpath);
    }

    public ResolveOptions withMaxFileBytes(long n) {
        return new ResolveOptions(n, batchSize, threads, statementsRecovery, classpath);
    }
}
