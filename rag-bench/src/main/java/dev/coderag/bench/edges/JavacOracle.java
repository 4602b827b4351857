package dev.coderag.bench.edges;

import com.sun.source.tree.AnnotatedTypeTree;
import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ArrayTypeTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.InstanceOfTree;
import com.sun.source.tree.IntersectionTypeTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.TypeParameterTree;
import com.sun.source.tree.UnionTypeTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WildcardTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The true navigation edges of a repository's Java sources, as the JDK's compiler (javac, through its public
 * {@code com.sun.source} API) attributes them, following {@link Edge}'s definition of sites and targets. It shares
 * no code with coderag's own resolution: it is the independent side of the comparison.
 *
 * <p>There is no class path (the repositories' dependencies are not on disk), so javac runs with error recovery
 * through flow analysis and every name it cannot resolve is not an edge but an unknown {@link Site}. A name javac
 * did resolve is also an unknown site, not an edge, where the resolution may have been steered by what is missing:
 *
 * <ul>
 *   <li>a call or {@code new} whose name is overloaded where an argument's type, or a candidate's parameter type,
 *       is unresolved (javac then picks among the overloads without knowing the types);
 *   <li>an unqualified field or method found in an enclosing class or a static import when a class in between
 *       has an unresolved supertype (the member might be inherited from it and shadow what javac found);
 *   <li>a simple type name that a single-type import of the same name, unresolved, would have meant;
 *   <li>an override search that reaches an unresolved supertype on some path (the method may override one there;
 *       the edges found on other paths stay edges), or that javac matched over unresolved parameter types spelled
 *       differently (javac takes any two unresolved types as the same).
 * </ul>
 *
 * <p>Where the repository declares a package that a JDK module owns (eclipse.jdt.debug's own {@code
 * com.sun.jdi}), that module and those needing it are left out, so the code resolves to the repository's copy.
 *
 * <p>Files are found under the root ({@code module-info.java} and directories {@code target}, {@code build},
 * {@code bin}, {@code .git} skipped); when two files would declare the same class (same package, same file
 * name) the one later in path order is dropped, and both its edges and its references are lost.
 */
final class JavacOracle {
    private static final Set<String> SKIPPED_DIRS = Set.of("target", "build", "bin", ".git");

    /**
     * The oracle's answer.
     *
     * @param edges the resolved edges, sorted and without duplicates
     * @param unknown the unknown sites, without duplicates
     * @param files the files compiled
     * @param dropped the files dropped as duplicates of an earlier file's class
     * @param hiddenModules JDK modules left out because the repository declares one of their packages
     * @param javacErrors how many errors javac reported (mostly missing dependencies)
     * @param failures trees whose walk the compiler's model broke off (their remaining sites are lost)
     * @param failureSamples the first few of those, where and why
     * @param guesses of the unknown sites, how many javac resolved but by a guess, by why
     * @param millis wall time
     */
    record Result(
            List<Edge> edges,
            List<Site> unknown,
            int files,
            List<String> dropped,
            List<String> hiddenModules,
            long javacErrors,
            int failures,
            List<String> failureSamples,
            Map<String, Integer> guesses,
            long millis) {}

    private JavacOracle() {}

    /** Runs javac over every Java file under {@code root} and collects its edges. */
    static Result run(Path root) throws IOException {
        long t0 = System.nanoTime();
        Path repo = root.toAbsolutePath().normalize();
        List<Path> all = javaFiles(repo);
        Map<String, Path> byClass = new LinkedHashMap<>();
        List<String> dropped = new ArrayList<>();
        Set<String> packages = new HashSet<>();
        Set<Path> roots = new LinkedHashSet<>();
        for (Path f : all) {
            String pkg = packageOf(f);
            String key = (pkg.isEmpty() ? "" : pkg + ".")
                    + f.getFileName().toString().replaceFirst("\\.java$", "");
            if (byClass.putIfAbsent(key, f) != null) {
                dropped.add(rel(repo, f));
                continue;
            }
            roots.add(sourceRoot(f, pkg));
            packages.add(pkg);
        }
        List<Path> kept = new ArrayList<>(byClass.values());
        Map<URI, String> relOf = new HashMap<>();
        for (Path f : kept) {
            relOf.put(f.toUri().normalize(), rel(repo, f));
        }

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler (run on a JDK, not a JRE)");
        }
        long[] errors = {0};
        javax.tools.DiagnosticListener<JavaFileObject> count = d -> {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors[0]++;
            }
        };
        Path emptyClassPath = Files.createTempDirectory("oracle-cp");
        try (StandardJavaFileManager fm = javac.getStandardFileManager(count, null, StandardCharsets.UTF_8)) {
            List<String> options = new ArrayList<>(List.of(
                    "-proc:none",
                    "-implicit:none",
                    // keep attributing after errors: missing dependencies are errors everywhere
                    "-XDshould-stop.ifError=FLOW",
                    "-Xmaxerrs",
                    "100000000",
                    "-nowarn",
                    "-Xlint:none",
                    "-encoding",
                    "UTF-8",
                    "-classpath",
                    emptyClassPath.toString()));
            List<String> hidden = jdkModulesDeclaring(packages);
            if (hidden.isEmpty()) {
                options.addAll(List.of("--release", "21"));
            } else {
                // the repository declares its own copy of a JDK package (eclipse.jdt.debug's com.sun.jdi): its
                // sources, not the JDK module, are what its code means, so that module and those needing it are
                // left out. --release cannot limit modules by this JDK's names, so the running JDK's own
                // library is read, at source level 21.
                options.addAll(List.of("--source", "21", "--limit-modules", String.join(",", modulesWithout(hidden))));
            }
            // the other roots resolve classes of files that are not compiled (none when all are given; the
            // dropped duplicates' classes are already entered from the kept files)
            options.add("-sourcepath");
            options.add(String.join(
                    java.io.File.pathSeparator,
                    roots.stream().map(Path::toString).toList()));
            JavacTask task =
                    (JavacTask) javac.getTask(null, fm, count, options, null, fm.getJavaFileObjectsFromPaths(kept));
            List<CompilationUnitTree> units = new ArrayList<>();
            for (CompilationUnitTree u : task.parse()) {
                units.add(u);
            }
            Set<Tree> parsed = Collections.newSetFromMap(new IdentityHashMap<>());
            TreeScanner<Void, Void> collect = new TreeScanner<>() {
                @Override
                public Void scan(Tree tree, Void v) {
                    if (tree != null) {
                        parsed.add(tree);
                    }
                    return super.scan(tree, v);
                }
            };
            for (CompilationUnitTree u : units) {
                collect.scan(u, null);
            }
            task.analyze();
            Collector c = new Collector(task, parsed, relOf);
            for (CompilationUnitTree u : units) {
                String file = relOf.get(u.getSourceFile().toUri().normalize());
                if (file != null) {
                    c.unit(u, file);
                }
            }
            List<Edge> edges = new ArrayList<>(c.edges);
            edges.sort(EDGE_ORDER);
            List<Site> unknown = new ArrayList<>(c.unknown);
            unknown.sort(SITE_ORDER);
            return new Result(
                    edges,
                    unknown,
                    kept.size(),
                    dropped,
                    hidden,
                    errors[0],
                    c.failures,
                    List.copyOf(c.failureSamples),
                    guessCounts(c.guesses),
                    (System.nanoTime() - t0) / 1_000_000);
        } finally {
            Files.deleteIfExists(emptyClassPath);
        }
    }

    private static Map<String, Integer> guessCounts(Map<String, Set<Site>> guesses) {
        Map<String, Integer> out = new TreeMap<>();
        guesses.forEach((why, sites) -> out.put(why, sites.size()));
        return out;
    }

    /** The running JDK's modules (but java.base) that contain one of the packages. */
    static List<String> jdkModulesDeclaring(Set<String> packages) {
        List<String> out = new ArrayList<>();
        for (ModuleReference m : ModuleFinder.ofSystem().findAll()) {
            ModuleDescriptor d = m.descriptor();
            if (!d.name().equals("java.base") && d.packages().stream().anyMatch(packages::contains)) {
                out.add(d.name());
            }
        }
        Collections.sort(out);
        return out;
    }

    /** The running JDK's modules that neither are one of {@code hidden} nor need one, transitively. */
    static List<String> modulesWithout(List<String> hidden) {
        Map<String, ModuleDescriptor> all = new TreeMap<>();
        for (ModuleReference m : ModuleFinder.ofSystem().findAll()) {
            all.put(m.descriptor().name(), m.descriptor());
        }
        Map<String, Boolean> needs = new HashMap<>();
        List<String> out = new ArrayList<>();
        for (String n : all.keySet()) {
            if (!needsAny(n, Set.copyOf(hidden), all, needs)) {
                out.add(n);
            }
        }
        return out;
    }

    private static boolean needsAny(
            String n, Set<String> hidden, Map<String, ModuleDescriptor> all, Map<String, Boolean> memo) {
        if (hidden.contains(n)) {
            return true;
        }
        Boolean known = memo.get(n);
        if (known != null) {
            return known;
        }
        memo.put(n, false); // module graphs are acyclic; this only guards the recursion
        boolean r = all.containsKey(n)
                && all.get(n).requires().stream().anyMatch(q -> needsAny(q.name(), hidden, all, memo));
        memo.put(n, r);
        return r;
    }

    static final java.util.Comparator<Site> SITE_ORDER = java.util.Comparator.comparing(Site::file)
            .thenComparingInt(Site::line)
            .thenComparing(Site::kind);
    static final java.util.Comparator<Edge> EDGE_ORDER = java.util.Comparator.comparing(Edge::file)
            .thenComparingInt(Edge::line)
            .thenComparing(Edge::kind)
            .thenComparing(e -> e.target().toString());

    static List<Path> javaFiles(Path repo) throws IOException {
        List<Path> out = new ArrayList<>();
        Files.walkFileTree(repo, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult preVisitDirectory(
                    Path dir, java.nio.file.attribute.BasicFileAttributes attrs) {
                return !dir.equals(repo)
                                && SKIPPED_DIRS.contains(dir.getFileName().toString())
                        ? java.nio.file.FileVisitResult.SKIP_SUBTREE
                        : java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFile(
                    Path file, java.nio.file.attribute.BasicFileAttributes attrs) {
                String n = file.getFileName().toString();
                if (attrs.isRegularFile() && n.endsWith(".java") && !n.equals("module-info.java")) {
                    out.add(file);
                }
                return java.nio.file.FileVisitResult.CONTINUE;
            }
        });
        Collections.sort(out);
        return out;
    }

    /** The package a file declares ("" for none), read past comments without a parse. */
    static String packageOf(Path f) throws IOException {
        // One pass (comments and literals already blank): the first "package" word, then its name up to ';'.
        String text = stripComments(read(f));
        for (int i = text.indexOf("package"); i >= 0; i = text.indexOf("package", i + 1)) {
            boolean word = (i == 0 || !Character.isJavaIdentifierPart(text.charAt(i - 1)))
                    && i + 7 < text.length()
                    && Character.isWhitespace(text.charAt(i + 7));
            if (word) {
                int end = text.indexOf(';', i);
                String name = end < 0 ? "" : text.substring(i + 7, end).replaceAll("\\s", "");
                return isQualifiedName(name) ? name : "";
            }
        }
        return "";
    }

    /** Java identifiers joined by single dots. */
    private static boolean isQualifiedName(String s) {
        if (s.isEmpty() || s.startsWith(".") || s.endsWith(".") || s.contains("..")) {
            return false;
        }
        return s.chars().allMatch(c -> c == '.' || Character.isJavaIdentifierPart(c));
    }

    private static String read(Path f) throws IOException {
        byte[] b = Files.readAllBytes(f);
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(java.nio.ByteBuffer.wrap(b))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Comments and literals replaced by blanks, so a {@code package} in a licence header is not read. */
    private static String stripComments(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char ch = s.charAt(i);
            if (ch == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (ch == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                b.append(' ');
            } else if (ch == '"' || ch == '\'') {
                i = Source.skipLiteral(s, i);
                b.append(' ');
            } else {
                b.append(ch);
                i++;
            }
        }
        return b.toString();
    }

    /** The file's directory minus its package's path (the directory itself when they do not match). */
    static Path sourceRoot(Path file, String pkg) {
        Path dir = file.getParent();
        if (pkg.isEmpty()) {
            return dir;
        }
        String[] parts = pkg.split("\\.");
        Path d = dir;
        for (int i = parts.length - 1; i >= 0; i--) {
            if (d == null
                    || d.getFileName() == null
                    || !d.getFileName().toString().equals(parts[i])) {
                return dir;
            }
            d = d.getParent();
        }
        return d == null ? dir : d;
    }

    private static String rel(Path repo, Path f) {
        return repo.relativize(f).toString().replace('\\', '/');
    }

    /** Token-level reading of a compilation unit's text, to find declared names javac's API gives no position for. */
    static final class Source {
        private Source() {}

        /** The index just after the literal that starts at {@code i} ({@code "}, {@code '} or a text block). */
        static int skipLiteral(String s, int i) {
            int n = s.length();
            char q = s.charAt(i);
            if (q == '"' && s.startsWith("\"\"\"", i)) {
                int j = i + 3;
                while (j < n) {
                    if (s.charAt(j) == '\\') {
                        j += 2;
                    } else if (s.startsWith("\"\"\"", j)) {
                        return j + 3;
                    } else {
                        j++;
                    }
                }
                return n;
            }
            int j = i + 1;
            while (j < n) {
                char c = s.charAt(j);
                if (c == '\\') {
                    j += 2;
                } else if (c == q || c == '\n') {
                    return j + 1;
                } else {
                    j++;
                }
            }
            return n;
        }

        /**
         * The offset of the first identifier token {@code name} at or after {@code from}, skipping comments,
         * literals and annotations (with their arguments), or -1.
         */
        static int findName(String s, int from, String name) {
            int n = s.length();
            int i = Math.max(0, from);
            while (i < n) {
                char c = s.charAt(i);
                if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                    int e = s.indexOf('\n', i);
                    i = e < 0 ? n : e + 1;
                } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                    int e = s.indexOf("*/", i + 2);
                    i = e < 0 ? n : e + 2;
                } else if (c == '"' || c == '\'') {
                    i = skipLiteral(s, i);
                } else if (c == '@') {
                    i = skipAnnotation(s, i + 1);
                } else if (Character.isJavaIdentifierStart(c)) {
                    int j = i + 1;
                    while (j < n && Character.isJavaIdentifierPart(s.charAt(j))) {
                        j++;
                    }
                    if (j - i == name.length() && s.startsWith(name, i)) {
                        return i;
                    }
                    i = j;
                } else {
                    i++;
                }
            }
            return -1;
        }

        /** After an annotation's {@code @}: past its (qualified) name and its parenthesised arguments. */
        private static int skipAnnotation(String s, int i) {
            int n = s.length();
            i = skipSpace(s, i);
            if (s.startsWith("interface", i)) {
                return i; // "@interface": the keyword, then the name
            }
            while (i < n) {
                while (i < n && Character.isJavaIdentifierPart(s.charAt(i))) {
                    i++;
                }
                int j = skipSpace(s, i);
                if (j < n && s.charAt(j) == '.') {
                    i = skipSpace(s, j + 1);
                } else {
                    i = j;
                    break;
                }
            }
            if (i < n && s.charAt(i) == '(') {
                int depth = 0;
                while (i < n) {
                    char c = s.charAt(i);
                    if (c == '"' || c == '\'') {
                        i = skipLiteral(s, i);
                        continue;
                    }
                    if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                        int e = s.indexOf("*/", i + 2);
                        i = e < 0 ? n : e + 2;
                        continue;
                    }
                    if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                        int e = s.indexOf('\n', i);
                        i = e < 0 ? n : e + 1;
                        continue;
                    }
                    if (c == '(') {
                        depth++;
                    } else if (c == ')') {
                        depth--;
                        if (depth == 0) {
                            return i + 1;
                        }
                    }
                    i++;
                }
            }
            return i;
        }

        private static int skipSpace(String s, int i) {
            int n = s.length();
            while (i < n) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                    int e = s.indexOf("*/", i + 2);
                    i = e < 0 ? n : e + 2;
                } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                    int e = s.indexOf('\n', i);
                    i = e < 0 ? n : e + 1;
                } else {
                    return i;
                }
            }
            return i;
        }
    }

    /** Walks the attributed trees of one task and gathers edges and unknown sites. */
    private static final class Collector {
        private final Trees trees;
        private final Elements elements;
        private final Types types;
        private final SourcePositions positions;
        private final Set<Tree> parsed;
        private final Map<URI, String> relOf;
        final Set<Edge> edges = new LinkedHashSet<>();
        final Set<Site> unknown = new HashSet<>();
        int failures;
        final List<String> failureSamples = new ArrayList<>();
        final Map<String, Set<Site>> guesses = new TreeMap<>();
        private final Map<Element, Edge.Target> targets = new HashMap<>();
        private final Map<CompilationUnitTree, String> texts = new IdentityHashMap<>();
        private final Map<TypeElement, Boolean> brokenSupertypes = new HashMap<>();
        private final Map<String, Overloads> overloads = new HashMap<>();

        Collector(JavacTask task, Set<Tree> parsed, Map<URI, String> relOf) {
            this.trees = Trees.instance(task);
            this.elements = task.getElements();
            this.types = task.getTypes();
            this.positions = trees.getSourcePositions();
            this.parsed = parsed;
            this.relOf = relOf;
        }

        void unit(CompilationUnitTree cu, String file) {
            Set<String> unresolvedImports = new HashSet<>();
            new Scanner(cu, file, unresolvedImports).scan(cu, null);
        }

        private String text(CompilationUnitTree cu) {
            return texts.computeIfAbsent(cu, u -> {
                try {
                    return u.getSourceFile().getCharContent(true).toString();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }

        private int line(CompilationUnitTree cu, long pos) {
            return (int) cu.getLineMap().getLineNumber(pos);
        }

        // ---- targets

        /** Where the element is declared, or null when it is not a declaration an edge can go to. */
        Edge.Target target(Element e) {
            if (targets.containsKey(e)) {
                return targets.get(e);
            }
            Edge.Target t = computeTarget(e);
            targets.put(e, t);
            return t;
        }

        private Edge.Target computeTarget(Element e) {
            TypeElement top = topLevel(e);
            TreePath topPath = top == null ? null : trees.getPath(top);
            String file = topPath == null
                    ? null
                    : relOf.get(
                            topPath.getCompilationUnit().getSourceFile().toUri().normalize());
            if (topPath != null && file == null) {
                return null; // a source outside the compiled files (cannot happen with one task: be safe)
            }
            if (file == null) {
                return new Edge.External(externalName(e));
            }
            return declaration(e);
        }

        private static TypeElement topLevel(Element e) {
            Element x = e;
            TypeElement top = null;
            while (x != null && x.getKind() != ElementKind.PACKAGE && x.getKind() != ElementKind.MODULE) {
                if (x instanceof TypeElement te) {
                    top = te;
                }
                x = x.getEnclosingElement();
            }
            return top;
        }

        /** The in-repository declaration of e: its name's line, or the line of what implies it. */
        private Edge.Target declaration(Element e) {
            TreePath p = trees.getPath(e);
            if (p != null && parsed.contains(p.getLeaf())) {
                CompilationUnitTree cu = p.getCompilationUnit();
                int pos = declaredNamePos(cu, p.getLeaf(), e);
                if (pos >= 0) {
                    return new Edge.InRepo(relOf.get(cu.getSourceFile().toUri().normalize()), line(cu, pos));
                }
                return null;
            }
            // implicitly declared: a record's accessor is declared by its component (the private field of the
            // same name), the rest (default and canonical constructors, an enum's values/valueOf) by the class
            Element owner = e.getEnclosingElement();
            if (owner instanceof TypeElement te
                    && e.getKind() == ElementKind.METHOD
                    && te.getKind() == ElementKind.RECORD) {
                for (Element f : te.getEnclosedElements()) {
                    if (f.getKind() == ElementKind.FIELD && f.getSimpleName().equals(e.getSimpleName())) {
                        return declaration(f);
                    }
                }
            }
            if (owner instanceof TypeElement te && e != owner) {
                return declaration(te);
            }
            return null;
        }

        /** The offset of the declared name of a class, method or variable tree. */
        private int declaredNamePos(CompilationUnitTree cu, Tree decl, Element e) {
            String s = text(cu);
            long start = positions.getStartPosition(cu, decl);
            switch (decl) {
                case ClassTree c -> {
                    return Source.findName(s, (int) start, c.getSimpleName().toString());
                }
                case MethodTree m -> {
                    long from = start;
                    if (m.getReturnType() != null) {
                        from = Math.max(from, positions.getEndPosition(cu, m.getReturnType()));
                    } else if (!m.getTypeParameters().isEmpty()) {
                        from = Math.max(
                                from,
                                positions.getEndPosition(
                                        cu, m.getTypeParameters().getLast()));
                    }
                    String name = e.getKind() == ElementKind.CONSTRUCTOR
                            ? e.getEnclosingElement().getSimpleName().toString()
                            : m.getName().toString();
                    return Source.findName(s, (int) from, name);
                }
                case VariableTree v -> {
                    long from = start;
                    if (v.getType() != null) {
                        from = Math.max(from, positions.getEndPosition(cu, v.getType()));
                    }
                    return Source.findName(s, (int) from, v.getName().toString());
                }
                default -> {
                    return -1;
                }
            }
        }

        /** Edge.External's spelling of a declaration outside the repository. */
        String externalName(Element e) {
            return switch (e) {
                case TypeElement t -> t.getQualifiedName().toString();
                case ExecutableElement m ->
                    owner(m) + "#"
                            + (m.getKind() == ElementKind.CONSTRUCTOR
                                    ? "<init>"
                                    : m.getSimpleName().toString())
                            + "("
                            + String.join(
                                    ",",
                                    m.getParameters().stream()
                                            .map(p -> typeName(types.erasure(p.asType())))
                                            .toList())
                            + ")";
                default -> owner(e) + "#" + e.getSimpleName();
            };
        }

        private static String owner(Element member) {
            return ((TypeElement) member.getEnclosingElement())
                    .getQualifiedName()
                    .toString();
        }

        private String typeName(TypeMirror t) {
            return switch (t.getKind()) {
                case ARRAY -> typeName(((ArrayType) t).getComponentType()) + "[]";
                case DECLARED ->
                    ((TypeElement) ((DeclaredType) t).asElement())
                            .getQualifiedName()
                            .toString();
                default -> t.toString();
            };
        }

        // ---- resolution checks

        /** javac's stand-in for what it could not resolve: an error class, or a member of one (or of none). */
        private static boolean unresolved(Element e) {
            if (e == null) {
                return true;
            }
            return switch (e.getKind()) {
                case FIELD, ENUM_CONSTANT, METHOD, CONSTRUCTOR ->
                    !(e.getEnclosingElement() instanceof TypeElement t)
                            || t.asType().getKind() == TypeKind.ERROR;
                default -> e instanceof TypeElement && e.asType().getKind() == TypeKind.ERROR;
            };
        }

        /** A member of javac's synthetic array class ({@code length}, {@code clone()}, {@code int[]::new}). */
        private boolean arrayMember(Element e) {
            return e.getEnclosingElement() instanceof TypeElement te
                    && te.getQualifiedName().contentEquals("Array")
                    && trees.getPath(te) == null;
        }

        /**
         * An unresolved type, or an array of one. Type arguments do not count: overloads cannot differ in them
         * alone (same erasure), so {@code List<Missing>} still picks between {@code f(List)} and {@code f(int)}.
         */
        private static boolean erroneous(TypeMirror t) {
            if (t == null) {
                return true;
            }
            return switch (t.getKind()) {
                case ERROR -> true;
                case ARRAY -> erroneous(((ArrayType) t).getComponentType());
                default -> false;
            };
        }

        /** An unresolved type anywhere in t: a method reference's overload is chosen by its target's arguments. */
        private static boolean erroneousDeep(TypeMirror t) {
            if (t == null) {
                return true;
            }
            return switch (t.getKind()) {
                case ERROR -> true;
                case ARRAY -> erroneousDeep(((ArrayType) t).getComponentType());
                case DECLARED ->
                    ((DeclaredType) t).getTypeArguments().stream().anyMatch(JavacOracle.Collector::erroneousDeep);
                default -> false;
            };
        }

        /** Whether some supertype up from the class is unresolved. */
        boolean brokenSupertypes(TypeElement c) {
            Boolean b = brokenSupertypes.get(c);
            if (b != null) {
                return b;
            }
            brokenSupertypes.put(c, false); // cycles in broken code
            boolean broken = false;
            for (TypeMirror s : types.directSupertypes(c.asType())) {
                if (s.getKind() == TypeKind.ERROR
                        || (s.getKind() == TypeKind.DECLARED
                                && brokenSupertypes((TypeElement) ((DeclaredType) s).asElement()))) {
                    broken = true;
                    break;
                }
            }
            if (c.getSuperclass().getKind() == TypeKind.ERROR) {
                broken = true;
            }
            for (TypeMirror i : c.getInterfaces()) {
                broken |= i.getKind() == TypeKind.ERROR;
            }
            brokenSupertypes.put(c, broken);
            return broken;
        }

        /** The methods or constructors of a name a type has, and whether any has an unresolved parameter type. */
        record Overloads(int count, boolean erroneousParameter) {}

        Overloads overloads(TypeElement type, Element member) {
            String key = type.getQualifiedName() + "#" + type.hashCode() + "#" + member.getSimpleName();
            return overloads.computeIfAbsent(key, k -> {
                int n = 0;
                boolean err = false;
                List<? extends Element> members = member.getKind() == ElementKind.CONSTRUCTOR
                        ? type.getEnclosedElements()
                        : elements.getAllMembers(type);
                for (Element m : members) {
                    if (m.getKind() == member.getKind()
                            && m.getSimpleName().equals(member.getSimpleName())
                            && m instanceof ExecutableElement x) {
                        n++;
                        err |= x.getParameters().stream().anyMatch(p -> erroneous(p.asType()));
                    }
                }
                return new Overloads(n, err);
            });
        }

        // ---- the walk

        private final class Scanner extends TreePathScanner<Void, Void> {
            private final CompilationUnitTree cu;
            private final String file;
            private final Set<String> unresolvedImports;

            Scanner(CompilationUnitTree cu, String file, Set<String> unresolvedImports) {
                this.cu = cu;
                this.file = file;
                this.unresolvedImports = unresolvedImports;
            }

            private TreePath child(Tree t) {
                return new TreePath(getCurrentPath(), t);
            }

            private int startLine(Tree t) {
                return line(cu, positions.getStartPosition(cu, t));
            }

            /** The line of the last simple name of a name tree (the end minus the name's length). */
            private int nameLine(Tree t, CharSequence name) {
                long end = positions.getEndPosition(cu, t);
                return end < 0 ? startLine(t) : line(cu, end - name.length());
            }

            private void edge(Edge.Kind kind, int line, Element target) {
                Edge.Target t = target(target);
                if (t == null) {
                    unknown.add(new Site(kind, file, line));
                } else {
                    edges.add(new Edge(kind, file, line, t));
                }
            }

            private void unknown(Edge.Kind kind, int line) {
                unknown.add(new Site(kind, file, line));
            }

            /** An unknown site javac did resolve, but by a guess around something missing (counted by why). */
            private void guess(Edge.Kind kind, int line, String why) {
                Site site = new Site(kind, file, line);
                unknown.add(site);
                guesses.computeIfAbsent(why, k -> new HashSet<>()).add(site);
            }

            @Override
            public Void scan(Tree tree, Void v) {
                // trees javac made (default constructors, implicit super() calls, record members) are no sites
                if (tree != null && !parsed.contains(tree)) {
                    return null;
                }
                try {
                    return super.scan(tree, v);
                } catch (RuntimeException e) {
                    // javac's model can fail on badly broken code (a completion failure): lose this tree's
                    // remaining sites, count it, go on with the rest
                    failures++;
                    if (failureSamples.size() < 5) {
                        failureSamples.add(file + ":" + (tree == null ? 0 : startLine(tree)) + ": " + e);
                    }
                    return null;
                }
            }

            @Override
            public Void visitImport(ImportTree t, Void v) {
                if (!(t.getQualifiedIdentifier() instanceof MemberSelectTree q)
                        || q.getIdentifier().contentEquals("*")) {
                    return null; // on-demand imports are no edges
                }
                int line = nameLine(q, q.getIdentifier());
                TreePath qp = child(q);
                if (!t.isStatic()) {
                    Element e = trees.getElement(qp);
                    if (unresolved(e) || !(e instanceof TypeElement)) {
                        unknown(Edge.Kind.IMPORT, line);
                        unresolvedImports.add(q.getIdentifier().toString());
                    } else {
                        edge(Edge.Kind.IMPORT, line, e);
                    }
                    return null;
                }
                Element owner = trees.getElement(new TreePath(qp, q.getExpression()));
                if (unresolved(owner) || !(owner instanceof TypeElement te)) {
                    unknown(Edge.Kind.IMPORT, line);
                    return null;
                }
                boolean any = false;
                for (Element m : elements.getAllMembers(te)) {
                    if (m.getSimpleName().contentEquals(q.getIdentifier())
                            && m.getModifiers().contains(Modifier.STATIC)
                            && !m.getModifiers().contains(Modifier.PRIVATE)) {
                        edge(Edge.Kind.IMPORT, line, m);
                        any = true;
                    }
                }
                if (!any || brokenSupertypes(te)) {
                    unknown(Edge.Kind.IMPORT, line);
                }
                return null;
            }

            @Override
            public Void visitClass(ClassTree t, Void v) {
                Element e = trees.getElement(getCurrentPath());
                if (e instanceof TypeElement te && !t.getSimpleName().isEmpty()) {
                    int pos = declaredNamePos(cu, t, te);
                    if (pos >= 0) {
                        int line = line(cu, pos);
                        List<Tree> supers = new ArrayList<>();
                        if (t.getExtendsClause() != null) {
                            supers.add(t.getExtendsClause());
                        }
                        supers.addAll(t.getImplementsClause());
                        for (Tree s : supers) {
                            Element se = trees.getElement(child(s));
                            if (unresolved(se) || !(se instanceof TypeElement)) {
                                unknown(Edge.Kind.SUPERTYPE, line);
                            } else {
                                edge(Edge.Kind.SUPERTYPE, line, se);
                            }
                        }
                    }
                }
                if (t.getSimpleName().isEmpty()) {
                    // an anonymous class: javac points its extends/implements at the tree after "new" (or, for an
                    // enum constant's body, at a tree the parser made), which is scanned from the "new", if at all
                    scan(t.getModifiers(), v);
                    scan(t.getMembers(), v);
                    return null;
                }
                return super.visitClass(t, v);
            }

            @Override
            public Void visitMethod(MethodTree t, Void v) {
                if (trees.getElement(getCurrentPath()) instanceof ExecutableElement m
                        && m.getKind() == ElementKind.METHOD
                        && !m.getModifiers().contains(Modifier.STATIC)
                        && !m.getModifiers().contains(Modifier.PRIVATE)
                        && m.getEnclosingElement() instanceof TypeElement owner) {
                    int pos = declaredNamePos(cu, t, m);
                    if (pos >= 0) {
                        int line = line(cu, pos);
                        boolean[] blind = {false};
                        Set<ExecutableElement> found = new LinkedHashSet<>();
                        Set<TypeElement> seen = new HashSet<>();
                        for (TypeMirror s : types.directSupertypes(owner.asType())) {
                            nearest(m, owner, s, found, seen, blind);
                        }
                        for (ExecutableElement o : found) {
                            edge(Edge.Kind.OVERRIDE, line, o);
                        }
                        if (blind[0]) {
                            guess(Edge.Kind.OVERRIDE, line, "override search reached an unresolved supertype");
                        }
                    }
                }
                return super.visitMethod(t, v);
            }

            /** The methods m overrides nearest up from supertype s. */
            private void nearest(
                    ExecutableElement m,
                    TypeElement owner,
                    TypeMirror s,
                    Set<ExecutableElement> found,
                    Set<TypeElement> seen,
                    boolean[] blind) {
                if (s.getKind() == TypeKind.ERROR) {
                    blind[0] = true;
                    return;
                }
                if (s.getKind() != TypeKind.DECLARED) {
                    return;
                }
                TypeElement st = (TypeElement) ((DeclaredType) s).asElement();
                if (!seen.add(st)) {
                    return;
                }
                for (Element x : st.getEnclosedElements()) {
                    if (!(x instanceof ExecutableElement o)
                            || o.getKind() != ElementKind.METHOD
                            || !o.getSimpleName().equals(m.getSimpleName())
                            || o.getModifiers().contains(Modifier.STATIC)
                            || o.getModifiers().contains(Modifier.PRIVATE)
                            || o.getParameters().size() != m.getParameters().size()) {
                        continue;
                    }
                    boolean guessed = false;
                    boolean sameNames = true;
                    for (int i = 0; i < m.getParameters().size(); i++) {
                        TypeMirror pm = m.getParameters().get(i).asType();
                        TypeMirror po = o.getParameters().get(i).asType();
                        if (erroneous(pm) || erroneous(po)) {
                            guessed = true;
                            sameNames &= types.erasure(pm)
                                    .toString()
                                    .equals(types.erasure(po).toString());
                        }
                    }
                    boolean overrides = elements.overrides(m, o, owner);
                    if (overrides && guessed && !sameNames) {
                        // javac matches unresolved parameter types leniently: only the same spelling is taken
                        // as the same type, anything else is left unknown
                        blind[0] = true;
                        return;
                    }
                    if (overrides) {
                        found.add(o);
                        return;
                    }
                }
                for (TypeMirror up : types.directSupertypes(s)) {
                    nearest(m, owner, up, found, seen, blind);
                }
            }

            @Override
            public Void visitVariable(VariableTree t, Void v) {
                Element e = trees.getElement(getCurrentPath());
                if (e != null && e.getKind() == ElementKind.ENUM_CONSTANT) {
                    // the parser writes "A(1) { ... }" as "E A = new E(1) { ... }": neither the type nor the
                    // constructor is named in the source, so only annotations, arguments and body are scanned
                    scan(t.getModifiers(), v);
                    if (t.getInitializer() instanceof NewClassTree n) {
                        scan(n.getArguments(), v);
                        scan(n.getClassBody(), v);
                    }
                    return null;
                }
                return super.visitVariable(t, v);
            }

            @Override
            public Void visitIdentifier(IdentifierTree t, Void v) {
                String name = t.getName().toString();
                if (name.equals("this") || name.equals("super")) {
                    return null;
                }
                Element e = trees.getElement(getCurrentPath());
                int line = startLine(t);
                if (unresolved(e)) {
                    unresolvedName(line);
                    return null;
                }
                reference(e, line, true);
                return null;
            }

            @Override
            public Void visitMemberSelect(MemberSelectTree t, Void v) {
                String name = t.getIdentifier().toString();
                if (!name.equals("this") && !name.equals("super") && !name.equals("class")) {
                    Element e = trees.getElement(getCurrentPath());
                    int line = nameLine(t, name);
                    if (unresolved(e)) {
                        Element q = trees.getElement(child(t.getExpression()));
                        if (q != null && q.getKind() == ElementKind.PACKAGE) {
                            unknown(Edge.Kind.TYPE, line); // a class of a missing package (or a package)
                        } else {
                            unresolvedName(line);
                        }
                    } else {
                        reference(e, line, false);
                    }
                }
                scan(t.getExpression(), v);
                return null;
            }

            /** An unresolved name: a type where only a type can stand, else a type or a field. */
            private void unresolvedName(int line) {
                unknown(Edge.Kind.TYPE, line);
                if (!typeContext(getCurrentPath())) {
                    unknown(Edge.Kind.FIELD, line);
                }
            }

            /** A name, resolved: a type, a field, or nothing an edge goes to (package, local, type variable). */
            private void reference(Element e, int line, boolean simple) {
                switch (e.getKind()) {
                    case CLASS, INTERFACE, ENUM, RECORD, ANNOTATION_TYPE -> {
                        if (simple
                                && unresolvedImports.contains(e.getSimpleName().toString())) {
                            guess(Edge.Kind.TYPE, line, "type named like an unresolved import");
                        } else {
                            edge(Edge.Kind.TYPE, line, e);
                        }
                    }
                    case FIELD, ENUM_CONSTANT -> {
                        if (arrayMember(e)) {
                            return;
                        }
                        if (simple && capturedPastBrokenClass(e)) {
                            guess(Edge.Kind.FIELD, line, "member found past a class with unresolved supertypes");
                        } else {
                            edge(Edge.Kind.FIELD, line, e);
                        }
                    }
                    default -> {}
                }
            }

            /**
             * Whether an unqualified member was found outside a class (between the site and the member's class)
             * whose supertypes are not all resolved: a member inherited from those would have shadowed it.
             */
            private boolean capturedPastBrokenClass(Element member) {
                if (!(member.getEnclosingElement() instanceof TypeElement owner)) {
                    return false;
                }
                for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
                    if (p.getLeaf() instanceof ClassTree) {
                        if (!(trees.getElement(p) instanceof TypeElement ct)) {
                            continue;
                        }
                        if (ct.equals(owner)
                                || types.isSubtype(types.erasure(ct.asType()), types.erasure(owner.asType()))) {
                            return false;
                        }
                        if (brokenSupertypes(ct)) {
                            return true;
                        }
                    }
                }
                return false;
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree t, Void v) {
                ExpressionTree sel = t.getMethodSelect();
                TreePath sp = child(sel);
                Element e = trees.getElement(sp);
                String name;
                int line;
                TypeElement receiver = null;
                switch (sel) {
                    case IdentifierTree id -> {
                        name = id.getName().toString();
                        line = startLine(id);
                    }
                    case MemberSelectTree ms -> {
                        name = ms.getIdentifier().toString();
                        line = nameLine(ms, name);
                        TypeMirror rt = trees.getTypeMirror(new TreePath(sp, ms.getExpression()));
                        if (rt != null && rt.getKind() == TypeKind.DECLARED) {
                            receiver = (TypeElement) ((DeclaredType) rt).asElement();
                        }
                    }
                    default -> {
                        name = null;
                        line = startLine(sel);
                    }
                }
                if (name != null) {
                    if (!(e instanceof ExecutableElement m) || unresolved(e)) {
                        unknown(Edge.Kind.CALL, line);
                    } else if (!arrayMember(m)) {
                        boolean simple = sel instanceof IdentifierTree && !name.equals("this") && !name.equals("super");
                        if (guessedOverload(m, receiver, t.getArguments())) {
                            guess(Edge.Kind.CALL, line, "overload chosen over unresolved types");
                        } else if (simple && capturedPastBrokenClass(m)) {
                            guess(Edge.Kind.CALL, line, "member found past a class with unresolved supertypes");
                        } else {
                            edge(Edge.Kind.CALL, line, m);
                        }
                    }
                }
                if (sel instanceof MemberSelectTree ms) {
                    scan(ms.getExpression(), v); // the qualifier's own names (the select's name is done)
                }
                scan(t.getTypeArguments(), v);
                scan(t.getArguments(), v);
                return null;
            }

            /** An overloaded name chosen among candidates javac could not compare (unresolved types). */
            private boolean guessedOverload(
                    ExecutableElement m, TypeElement receiver, List<? extends ExpressionTree> args) {
                TypeElement declaring = (TypeElement) m.getEnclosingElement();
                Overloads o = overloads(declaring, m);
                int count = o.count();
                boolean err = o.erroneousParameter();
                if (receiver != null && !receiver.equals(declaring) && m.getKind() != ElementKind.CONSTRUCTOR) {
                    Overloads r = overloads(receiver, m);
                    count = Math.max(count, r.count());
                    err |= r.erroneousParameter();
                }
                if (count <= 1) {
                    return false;
                }
                if (err) {
                    return true;
                }
                for (ExpressionTree a : args) {
                    if (erroneous(trees.getTypeMirror(child(a)))) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Void visitNewClass(NewClassTree t, Void v) {
                Tree id = t.getIdentifier();
                Tree nameTree = id;
                while (true) {
                    if (nameTree instanceof ParameterizedTypeTree p) {
                        nameTree = p.getType();
                    } else if (nameTree instanceof AnnotatedTypeTree a) {
                        nameTree = a.getUnderlyingType();
                    } else {
                        break;
                    }
                }
                int line =
                        switch (nameTree) {
                            case MemberSelectTree ms -> nameLine(ms, ms.getIdentifier());
                            default -> startLine(nameTree);
                        };
                Element e = trees.getElement(getCurrentPath());
                if (!(e instanceof ExecutableElement c) || unresolved(e)) {
                    unknown(Edge.Kind.CALL, line);
                } else if (t.getClassBody() != null) {
                    // an anonymous class: its constructor passes the arguments to the named class's constructor,
                    // and an interface has none, so the edge goes to the interface
                    Element named = trees.getElement(child(id));
                    if (unresolved(named)) {
                        unknown(Edge.Kind.CALL, line);
                    } else if (named.getKind() == ElementKind.INTERFACE
                            || named.getKind() == ElementKind.ANNOTATION_TYPE) {
                        edge(Edge.Kind.CALL, line, named);
                    } else {
                        ExecutableElement sup = superConstructor(c);
                        if (sup == null) {
                            unknown(Edge.Kind.CALL, line);
                        } else if (guessedOverload(sup, null, t.getArguments())) {
                            guess(Edge.Kind.CALL, line, "overload chosen over unresolved types");
                        } else {
                            edge(Edge.Kind.CALL, line, sup);
                        }
                    }
                } else if (guessedOverload(c, null, t.getArguments())) {
                    guess(Edge.Kind.CALL, line, "overload chosen over unresolved types");
                } else {
                    edge(Edge.Kind.CALL, line, c);
                }
                return super.visitNewClass(t, v);
            }

            /** The constructor an anonymous class's constructor calls, from javac's generated body. */
            private ExecutableElement superConstructor(ExecutableElement anon) {
                MethodTree mt = trees.getTree(anon);
                if (mt == null || mt.getBody() == null) {
                    return null;
                }
                TreePath mp = trees.getPath(anon);
                for (var st : mt.getBody().getStatements()) {
                    if (st instanceof com.sun.source.tree.ExpressionStatementTree es
                            && es.getExpression() instanceof MethodInvocationTree mi) {
                        TreePath p = new TreePath(
                                new TreePath(new TreePath(new TreePath(mp, mt.getBody()), st), mi),
                                mi.getMethodSelect());
                        if (trees.getElement(p) instanceof ExecutableElement x && !unresolved(x)) {
                            return x;
                        }
                    }
                }
                return null;
            }

            @Override
            public Void visitMemberReference(MemberReferenceTree t, Void v) {
                String name = t.getName().contentEquals("<init>")
                        ? "new"
                        : t.getName().toString();
                int line = nameLine(t, name);
                Element e = trees.getElement(getCurrentPath());
                if (!(e instanceof ExecutableElement m) || unresolved(e)) {
                    unknown(Edge.Kind.CALL, line);
                } else if (!arrayMember(m)) {
                    Overloads o = overloads((TypeElement) m.getEnclosingElement(), m);
                    if (o.count() > 1
                            && (o.erroneousParameter() || erroneousDeep(trees.getTypeMirror(getCurrentPath())))) {
                        guess(Edge.Kind.CALL, line, "overload chosen over unresolved types");
                    } else {
                        edge(Edge.Kind.CALL, line, m);
                    }
                }
                return super.visitMemberReference(t, v);
            }
        }

        /** Whether the name at the end of path stands where only a type can. */
        private static boolean typeContext(TreePath path) {
            Tree leaf = path.getLeaf();
            TreePath pp = path.getParentPath();
            if (pp == null) {
                return false;
            }
            Tree parent = pp.getLeaf();
            return switch (parent) {
                case VariableTree v -> v.getType() == leaf;
                case ParameterizedTypeTree p -> true;
                case ArrayTypeTree a -> true;
                case AnnotationTree a -> a.getAnnotationType() == leaf;
                case NewClassTree n -> n.getIdentifier() == leaf;
                case TypeCastTree c -> c.getType() == leaf;
                case InstanceOfTree i -> i.getType() == leaf;
                case ClassTree c -> true; // extends, implements, permits
                case MethodTree m -> m.getReturnType() == leaf || m.getThrows().contains(leaf);
                case TypeParameterTree tp -> true;
                case UnionTypeTree u -> true;
                case IntersectionTypeTree i -> true;
                case WildcardTree w -> true;
                case AnnotatedTypeTree a -> a.getUnderlyingType() == leaf;
                default -> false;
            };
        }
    }

    /** Per-kind counts of a list of edges or sites, in the kinds' order. */
    static Map<Edge.Kind, Integer> countByKind(List<Edge.Kind> kinds) {
        Map<Edge.Kind, Integer> m = new TreeMap<>();
        for (Edge.Kind k : Edge.Kind.values()) {
            m.put(k, 0);
        }
        for (Edge.Kind k : kinds) {
            m.merge(k, 1, Integer::sum);
        }
        return m;
    }
}
