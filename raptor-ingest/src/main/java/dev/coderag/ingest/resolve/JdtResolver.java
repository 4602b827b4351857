package dev.coderag.ingest.resolve;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.core.compiler.IProblem;
import org.eclipse.jdt.core.dom.AST;
import org.eclipse.jdt.core.dom.ASTParser;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.FileASTRequestor;

/**
 * Runs JDT over the files in batches, then links each reference to the declaration its key names. Linking waits
 * for every batch because a declaration's file and line are known only once its file has been walked.
 */
final class JdtResolver {
    private final Path root;
    private final ResolveOptions options;

    JdtResolver(Path root, ResolveOptions options) {
        this.root = root.toAbsolutePath().normalize();
        this.options = options;
    }

    ResolvedReferences resolve(List<Path> files, Duration deadline) {
        long start = System.nanoTime();
        long stopAt = start + deadline.toNanos();
        List<Path> todo = new ArrayList<>();
        int skipped = 0;
        for (Path f : files) {
            Path abs = f.toAbsolutePath().normalize();
            if (!abs.startsWith(root)) {
                throw new IllegalArgumentException(f + " is not under " + root);
            }
            if (size(abs) > options.maxFileBytes() || !Files.isRegularFile(abs)) {
                skipped++;
            } else {
                todo.add(abs);
            }
        }
        // Every file's root, the skipped ones' too: a type declared there is still in the repository.
        List<Path> roots = SourceRoots.of(
                files.stream().map(p -> p.toAbsolutePath().normalize()).toList());

        List<List<Path>> batches = new ArrayList<>();
        for (int i = 0; i < todo.size(); i += options.batchSize()) {
            batches.add(todo.subList(i, Math.min(todo.size(), i + options.batchSize())));
        }
        AtomicInteger reached = new AtomicInteger();
        List<FileReferences> results = runBatches(batches, roots, stopAt, reached);
        results = withoutPackageConflicts(results, roots, stopAt);
        ResolvedReferences r = link(results, skipped, todo.size() - reached.get(), start);
        return r;
    }

    private List<FileReferences> runBatches(
            List<List<Path>> batches, List<Path> roots, long stopAt, AtomicInteger reached) {
        List<FileReferences> results = new ArrayList<>();
        if (options.threads() == 1 || batches.size() == 1) {
            for (List<Path> b : batches) {
                results.addAll(batch(b, roots, stopAt, reached));
            }
            return results;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(options.threads(), batches.size()), r -> {
            Thread t = new Thread(r, "jdt-resolve");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<FileReferences>>> futures = new ArrayList<>();
            for (List<Path> b : batches) {
                futures.add(pool.submit(() -> batch(b, roots, stopAt, reached)));
            }
            for (Future<List<FileReferences>> f : futures) {
                results.addAll(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while resolving", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("resolving failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The files whose package is also a JDK module's, resolved again, together in one run, at Java 8's level, where
     * there are no modules and the repository's own sources of the package win (as they do for javac on a class
     * path); their references are then INFERRED. Other files keep the first run's references.
     */
    private List<FileReferences> withoutPackageConflicts(List<FileReferences> results, List<Path> roots, long stopAt) {
        List<Path> conflicted = results.stream()
                .filter(f -> f.packageConflict)
                .map(f -> root.resolve(f.file))
                .toList();
        if (conflicted.isEmpty() || System.nanoTime() >= stopAt) {
            return results;
        }
        Map<String, FileReferences> again = new HashMap<>();
        for (FileReferences f : batch(conflicted, roots, stopAt, new AtomicInteger(), JavaCore.VERSION_1_8)) {
            FileReferences inferred = new FileReferences(f.file);
            inferred.declarations.addAll(f.declarations);
            for (FileReferences.Pending p : f.references) {
                inferred.references.add(new FileReferences.Pending(
                        p.kind(), p.line(), p.key(), p.fallbackKey(), p.external(), Resolution.INFERRED));
            }
            inferred.unresolved.putAll(f.unresolved);
            inferred.unresolvedNames = f.unresolvedNames;
            again.put(f.file, inferred);
        }
        return results.stream().map(f -> again.getOrDefault(f.file, f)).toList();
    }

    private List<FileReferences> batch(List<Path> files, List<Path> roots, long stopAt, AtomicInteger reached) {
        return batch(files, roots, stopAt, reached, JavaCore.latestSupportedJavaVersion());
    }

    /** One compiler run over {@code files}; stops at the deadline between two files (the monitor is asked). */
    private List<FileReferences> batch(
            List<Path> files, List<Path> roots, long stopAt, AtomicInteger reached, String javaLevel) {
        List<FileReferences> out = new ArrayList<>();
        if (System.nanoTime() >= stopAt) {
            return out;
        }
        ASTParser parser = ASTParser.newParser(AST.getJLSLatest());
        parser.setKind(ASTParser.K_COMPILATION_UNIT);
        parser.setResolveBindings(true);
        parser.setBindingsRecovery(true);
        parser.setStatementsRecovery(options.statementsRecovery());
        parser.setCompilerOptions(compilerOptions(javaLevel));
        String[] sourcepath = roots.stream().map(Path::toString).toArray(String[]::new);
        String[] encodings = new String[sourcepath.length];
        java.util.Arrays.fill(encodings, "UTF-8");
        String[] classpath = options.classpath().stream().map(Path::toString).toArray(String[]::new);
        parser.setEnvironment(classpath, sourcepath, encodings, true);

        String[] paths = files.stream().map(Path::toString).toArray(String[]::new);
        String[] fileEncodings = new String[paths.length];
        java.util.Arrays.fill(fileEncodings, "UTF-8");
        FileASTRequestor requestor = new FileASTRequestor() {
            @Override
            public void acceptAST(String sourceFilePath, CompilationUnit ast) {
                FileReferences f = new FileReferences(relative(Path.of(sourceFilePath)));
                ReferenceCollector.collect(ast, f);
                for (IProblem p : ast.getProblems()) {
                    int id = p.getID();
                    if (id == IProblem.ConflictingPackageFromModules
                            || id == IProblem.ConflictingPackageFromOtherModules) {
                        f.packageConflict = true;
                    }
                }
                out.add(f);
                reached.incrementAndGet();
            }
        };
        NullProgressMonitor monitor = new NullProgressMonitor() {
            @Override
            public boolean isCanceled() {
                return System.nanoTime() >= stopAt;
            }
        };
        try {
            parser.createASTs(paths, fileEncodings, new String[0], requestor, monitor);
        } catch (OperationCanceledException e) {
            // the deadline: the files accepted so far stand
        }
        return out;
    }

    /** The language level, Javadoc not parsed (no references are taken from it). */
    private static Map<String, String> compilerOptions(String javaLevel) {
        Map<String, String> o = JavaCore.getOptions();
        JavaCore.setComplianceOptions(javaLevel, o);
        o.put(JavaCore.COMPILER_DOC_COMMENT_SUPPORT, JavaCore.DISABLED);
        return o;
    }

    private ResolvedReferences link(List<FileReferences> files, int skipped, int notReached, long start) {
        Map<String, List<Located>> index = new HashMap<>();
        for (FileReferences f : files) {
            for (FileReferences.Declaration d : f.declarations) {
                List<Located> at = index.computeIfAbsent(d.key(), k -> new ArrayList<>(1));
                Located l = new Located(f.file, d);
                if (!at.contains(l)) {
                    at.add(l);
                }
            }
        }
        Map<ReferenceKind, Integer> unresolved = new EnumMap<>(ReferenceKind.class);
        int unresolvedNames = 0;
        Set<Reference> refs = new LinkedHashSet<>();
        for (FileReferences f : files) {
            f.unresolved.forEach((k, n) -> unresolved.merge(k, n, Integer::sum));
            unresolvedNames += f.unresolvedNames;
            for (FileReferences.Pending p : f.references) {
                Site site = new Site(f.file, p.line());
                if (p.key() == null) {
                    refs.add(new Reference(p.kind(), site, new ReferenceTarget.External(p.external()), p.resolution()));
                    continue;
                }
                Located d = find(index, p.key(), f.file);
                if (d == null && p.fallbackKey() != null && !index.containsKey(p.key())) {
                    d = find(index, p.fallbackKey(), f.file);
                }
                if (d == null) {
                    unresolved.merge(p.kind(), 1, Integer::sum);
                    continue;
                }
                refs.add(new Reference(
                        p.kind(),
                        site,
                        new ReferenceTarget.InRepo(
                                d.file(),
                                d.declaration().line(),
                                d.declaration().qualifiedName(),
                                d.declaration().signature()),
                        p.resolution()));
            }
        }
        List<Reference> sorted = new ArrayList<>(refs);
        sorted.sort(Comparator.comparing((Reference r) -> r.site().file())
                .thenComparingInt(r -> r.site().line())
                .thenComparing(Reference::kind));
        return new ResolvedReferences(
                sorted,
                files.size(),
                skipped,
                notReached,
                unresolved,
                unresolvedNames,
                Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * The declaration a key names. Two files can declare the same qualified name (copies in two source roots); the
     * compiler saw only one of them, and unless it is the referring file's own, which one is not known: none.
     */
    private static Located find(Map<String, List<Located>> index, String key, String fromFile) {
        List<Located> at = index.get(key);
        if (at == null) {
            return null;
        }
        if (at.size() == 1) {
            return at.getFirst();
        }
        for (Located l : at) {
            if (l.file().equals(fromFile)) {
                return l;
            }
        }
        return null;
    }

    private record Located(String file, FileReferences.Declaration declaration) {}

    private String relative(Path abs) {
        return root.relativize(abs.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return Long.MAX_VALUE; // unreadable: skipped like an oversized file
        }
    }
}
