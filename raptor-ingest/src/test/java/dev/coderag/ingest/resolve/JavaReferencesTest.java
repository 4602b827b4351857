package dev.coderag.ingest.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resolver on a hand-written repository: every expected reference below was written by hand from the fixture's
 * source, and each assertion takes the whole set of references at a site, so a missing or an extra one fails.
 */
class JavaReferencesTest {
    @TempDir
    static Path repo;

    static ResolvedReferences resolved;

    @BeforeAll
    static void resolveFixture() throws IOException {
        write("src/p/Shape.java", """
            package p;

            public interface Shape {
                double area();

                String toString();
            }
            """);
        write("src/p/Circle.java", """
            package p;

            public class Circle implements Shape {
                public static final double HALF = 0.5;
                double r;

                public Circle(double r) {
                    this.r = r;
                }

                @Override
                public double area() {
                    return HALF * r * r;
                }
            }
            """);
        write("src/p/Square.java", """
            package p;

            public class Square implements Shape {
                double side;

                @Override
                public double area() {
                    return side * side;
                }
            }
            """);
        write("src/p/Base.java", """
            package p;

            public class Base {
                public int size() {
                    return 0;
                }

                public void print(int x) {}

                public void print(String s) {}

                public void print(Object o) {}
            }
            """);
        write("src/p/Derived.java", """
            package p;

            public class Derived extends Base {
                public static class Inner {
                    public static int twice(int x) {
                        return 2 * x;
                    }
                }
            }
            """);
        write("src/p/Color.java", """
            package p;

            public enum Color {
                RED,
                GREEN
            }
            """);
        write("src/q/Circle.java", """
            package q;

            public class Circle {
                public int radius() {
                    return 1;
                }
            }
            """);
        write("src/app/Sub.java", """
            package app;

            import org.missing.Lib;

            class Sub extends Lib {
                Sub(int x) {
                    super(x);
                }

                boolean same(Lib other) {
                    return other.equals(this);
                }
            }
            """);
        write("src/app/Main.java", """
            package app;

            import static p.Derived.Inner.twice;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.function.Function;
            import org.missing.Lib;
            import p.Color;
            import p.Derived;
            import p.Shape;
            import p.Square;

            public class Main {
                int count;

                void run(Lib lib) {
                    Derived d = new Derived();
                    d.print(1);
                    d.print("s");
                    d.print(d);
                    int n = d.size();
                    Shape s = new p.Circle(2.0);
                    q.Circle other = new q.Circle();
                    int rr = other.radius();
                    Color c = Color.RED;
                    count = n + twice(rr);
                    List<Shape> shapes = new ArrayList<>();
                    shapes.add(new Square());
                    Function<Shape, Double> f = Shape::area;
                    int len = "abc".length();
                    lib.doSomething(s);
                    lib.print(len);
                    Derived.Inner.twice(len);
                    Runnable r = new Runnable() {
                        @Override
                        public void run() {}
                    };
                    d.print(lib.value());
                    Object o = new Lib();
                }
            }
            """);
        resolved = JavaReferences.resolve(repo, javaFiles(), Duration.ofMinutes(5));
    }

    @Test
    void everyFileIsResolvedAndTheFixtureResolvesExactly() {
        assertThat(resolved.filesResolved()).isEqualTo(9);
        assertThat(resolved.filesSkipped()).isZero();
        assertThat(resolved.complete()).isTrue();
        assertThat(resolved.references())
                .filteredOn(r -> r.site().file().equals(MAIN))
                .extracting(Reference::resolution)
                .containsOnly(Resolution.EXACT);
    }

    @Test
    void overloadsAreToldApartByTheArgumentTypesAlone() {
        assertThat(at(MAIN, 19, "d.print(1);")).containsExactly("CALL src/p/Base.java:8");
        assertThat(at(MAIN, 20, "d.print(\"s\");")).containsExactly("CALL src/p/Base.java:10");
        assertThat(at(MAIN, 21, "d.print(d);")).containsExactly("CALL src/p/Base.java:12");
    }

    @Test
    void anInheritedMethodCalledOnTheSubclassTargetsItsDeclaration() {
        assertThat(at(MAIN, 22, "d.size()")).containsExactly("CALL src/p/Base.java:4");
    }

    @Test
    void newTargetsTheConstructorOrTheClassThatDeclaresNone() {
        assertThat(at(MAIN, 18, "new Derived()"))
                .containsExactlyInAnyOrder("TYPE src/p/Derived.java:3", "CALL src/p/Derived.java:3");
        assertThat(at(MAIN, 23, "new p.Circle(2.0)"))
                .containsExactlyInAnyOrder(
                        "TYPE src/p/Shape.java:3", "TYPE src/p/Circle.java:3", "CALL src/p/Circle.java:7");
    }

    @Test
    void namesakesInTwoPackagesAreToldApart() {
        assertThat(at(MAIN, 24, "new q.Circle()"))
                .containsExactlyInAnyOrder("TYPE src/q/Circle.java:3", "CALL src/q/Circle.java:3");
        assertThat(at(MAIN, 25, "other.radius()")).containsExactly("CALL src/q/Circle.java:4");
    }

    @Test
    void aStaticImportAndANestedClass() {
        assertThat(at(MAIN, 3, "import static p.Derived.Inner.twice;")).containsExactly("IMPORT src/p/Derived.java:5");
        assertThat(at(MAIN, 27, "count = n + twice(rr);"))
                .containsExactlyInAnyOrder("FIELD src/app/Main.java:15", "CALL src/p/Derived.java:5");
        assertThat(at(MAIN, 34, "Derived.Inner.twice(len);"))
                .containsExactlyInAnyOrder(
                        "TYPE src/p/Derived.java:3", "TYPE src/p/Derived.java:4", "CALL src/p/Derived.java:5");
    }

    @Test
    void anEnumConstantReadAndFieldWrites() {
        assertThat(at(MAIN, 26, "Color.RED"))
                .containsExactlyInAnyOrder("TYPE src/p/Color.java:3", "FIELD src/p/Color.java:4");
        assertThat(at(CIRCLE, 8, "this.r = r;")).containsExactly("FIELD src/p/Circle.java:5");
        assertThat(at(CIRCLE, 13, "HALF * r * r"))
                .containsExactlyInAnyOrder("FIELD src/p/Circle.java:4", "FIELD src/p/Circle.java:5");
    }

    @Test
    void aMethodReference() {
        assertThat(at(MAIN, 30, "Shape::area"))
                .containsExactlyInAnyOrder(
                        "TYPE java.util.function.Function",
                        "TYPE src/p/Shape.java:3",
                        "TYPE java.lang.Double",
                        "CALL src/p/Shape.java:4");
    }

    @Test
    void jdkReferencesAreNamedFromTheRunningJdk() {
        assertThat(at(MAIN, 31, "\"abc\".length()")).containsExactly("CALL java.lang.String#length()");
        assertThat(at(MAIN, 28, "new ArrayList<>()"))
                .containsExactlyInAnyOrder(
                        "TYPE java.util.List",
                        "TYPE src/p/Shape.java:3",
                        "TYPE java.util.ArrayList",
                        "CALL java.util.ArrayList#<init>()");
        assertThat(at(MAIN, 29, "shapes.add(new Square());"))
                .containsExactlyInAnyOrder(
                        "CALL java.util.List#add(java.lang.Object)",
                        "TYPE src/p/Square.java:3",
                        "CALL src/p/Square.java:3");
        assertThat(at(MAIN, 5, "import java.util.ArrayList;")).containsExactly("IMPORT java.util.ArrayList");
    }

    @Test
    void aMissingLibraryYieldsNoReferenceButIsCounted() {
        assertThat(at(MAIN, 8, "import org.missing.Lib;")).isEmpty();
        assertThat(at(MAIN, 17, "void run(Lib lib)")).isEmpty();
        assertThat(at(MAIN, 32, "lib.doSomething(s);")).isEmpty();
        // Lib.print is unknown: Base.print, a namesake in the repository, must not be taken for it.
        assertThat(at(MAIN, 33, "lib.print(len);")).isEmpty();
        // The argument's type is unknown, so which of Base's three print overloads is meant is too.
        assertThat(at(MAIN, 39, "d.print(lib.value());")).isEmpty();
        // new of a missing class: no constructor at all (JDT's recovered binding would say Object's).
        assertThat(at(MAIN, 40, "Object o = new Lib();")).containsExactly("TYPE java.lang.Object");
        // super(x) of a missing superclass: not Object() (JDT's recovered binding).
        assertThat(at(SUB, 7, "super(x);")).isEmpty();
        // equals on a missing type: that type may declare its own; Object's is not known to be the one.
        assertThat(at(SUB, 11, "other.equals(this)")).isEmpty();
        assertThat(resolved.unresolved().get(ReferenceKind.CALL)).isEqualTo(7);
        assertThat(resolved.unresolved().get(ReferenceKind.TYPE)).isEqualTo(4);
        assertThat(resolved.unresolved().get(ReferenceKind.SUPERTYPE)).isEqualTo(1);
        assertThat(resolved.unresolved().get(ReferenceKind.IMPORT)).isEqualTo(2);
    }

    @Test
    void anInterfaceImplementedTwice() {
        assertThat(at(CIRCLE, 3, "class Circle implements Shape"))
                .containsExactlyInAnyOrder("SUPERTYPE src/p/Shape.java:3", "TYPE src/p/Shape.java:3");
        assertThat(at(SQUARE, 3, "class Square implements Shape"))
                .containsExactlyInAnyOrder("SUPERTYPE src/p/Shape.java:3", "TYPE src/p/Shape.java:3");
        assertThat(at(CIRCLE, 12, "double area()")).containsExactly("OVERRIDE src/p/Shape.java:4");
        assertThat(at(SQUARE, 7, "double area()")).containsExactly("OVERRIDE src/p/Shape.java:4");
        // An interface's supertype is Object: toString() redeclared there overrides Object's.
        assertThat(at("src/p/Shape.java", 6, "String toString();"))
                .containsExactlyInAnyOrder("OVERRIDE java.lang.Object#toString()", "TYPE java.lang.String");
        assertThat(at("src/p/Derived.java", 3, "extends Base"))
                .containsExactlyInAnyOrder("SUPERTYPE src/p/Base.java:3", "TYPE src/p/Base.java:3");
    }

    @Test
    void anAnonymousClassOfAnInterface() {
        assertThat(at(MAIN, 35, "new Runnable()"))
                .containsExactlyInAnyOrder("TYPE java.lang.Runnable", "CALL java.lang.Runnable");
        assertThat(at(MAIN, 36, "@Override")).containsExactly("TYPE java.lang.Override");
        assertThat(at(MAIN, 37, "public void run() {}")).containsExactly("OVERRIDE java.lang.Runnable#run()");
    }

    @Test
    void inRepoTargetsCarryTheirQualifiedNameAndSignature() {
        assertThat(resolved.references())
                .filteredOn(r -> r.site().equals(new Site(MAIN, 20)))
                .extracting(Reference::target)
                .containsExactly(
                        new ReferenceTarget.InRepo("src/p/Base.java", 10, "p.Base#print", "(java.lang.String)"));
        assertThat(resolved.references())
                .filteredOn(r -> r.site().equals(new Site(MAIN, 34)) && r.kind() == ReferenceKind.TYPE)
                .extracting(r -> ((ReferenceTarget.InRepo) r.target()).qualifiedName())
                .containsExactlyInAnyOrder("p.Derived", "p.Derived.Inner");
    }

    @Test
    void aPassedDeadlineResolvesNothingAndSaysSo() throws IOException {
        ResolvedReferences none = JavaReferences.resolve(repo, javaFiles(), Duration.ZERO);
        assertThat(none.references()).isEmpty();
        assertThat(none.filesResolved()).isZero();
        assertThat(none.filesNotReached()).isEqualTo(9);
        assertThat(none.complete()).isFalse();
    }

    @Test
    void filesOverTheSizeLimitAreSkipped() throws IOException {
        ResolvedReferences small = JavaReferences.resolve(
                repo,
                List.of(repo.resolve(MAIN), repo.resolve("src/p/Derived.java"), repo.resolve("src/p/Base.java")),
                Duration.ofMinutes(5),
                ResolveOptions.DEFAULTS.withMaxFileBytes(400));
        assertThat(small.filesSkipped()).isEqualTo(1); // Main.java, about 1 KB; the others are under 300 bytes
        assertThat(small.filesResolved()).isEqualTo(2);
        assertThat(small.references()).noneMatch(r -> r.site().file().equals(MAIN));
        assertThat(small.references())
                .filteredOn(r -> r.kind() == ReferenceKind.SUPERTYPE)
                .extracting(r -> r.site().file() + ":" + r.site().line() + " " + target(r.target()))
                .containsExactly("src/p/Derived.java:3 src/p/Base.java:3");
    }

    @Test
    void aDeclarationInAFileNotResolvedIsCountedNotGuessed() throws IOException {
        // Base is found on the source path, so Derived compiles; but where Base is declared is known only from
        // Base.java's own walk, which was not asked for.
        ResolvedReferences alone =
                JavaReferences.resolve(repo, List.of(repo.resolve("src/p/Derived.java")), Duration.ofMinutes(5));
        assertThat(alone.references()).noneMatch(r -> r.kind() == ReferenceKind.SUPERTYPE);
        assertThat(alone.unresolved().get(ReferenceKind.SUPERTYPE)).isEqualTo(1);
    }

    @Test
    void batchesOfOneFileGiveTheSameReferences() throws IOException {
        ResolvedReferences one = JavaReferences.resolve(
                repo, javaFiles(), Duration.ofMinutes(5), ResolveOptions.DEFAULTS.withBatchSize(1));
        assertThat(one.references()).containsExactlyElementsOf(resolved.references());
    }

    @Test
    void aPackageThatAJdkModuleAlsoHasResolvesToTheRepositorysOwnSources(@TempDir Path other) throws IOException {
        // com.sun.jdi is also the JDK's (module jdk.jdi): under the module rules the compiler binds none of its names.
        Path vm = other.resolve("src/com/sun/jdi/VirtualMachine.java");
        Path use = other.resolve("src/app/Use.java");
        Files.createDirectories(vm.getParent());
        Files.createDirectories(use.getParent());
        Files.writeString(vm, """
                package com.sun.jdi;

                public interface VirtualMachine {
                    int TRACE_NONE = 0;

                    void resume();
                }
                """);
        Files.writeString(use, """
                package app;

                import com.sun.jdi.VirtualMachine;

                class Use {
                    void m(VirtualMachine vm) {
                        vm.resume();
                        int x = VirtualMachine.TRACE_NONE;
                    }
                }
                """);
        ResolvedReferences r = JavaReferences.resolve(other, List.of(vm, use), Duration.ofMinutes(5));
        assertThat(r.references())
                .filteredOn(ref -> ref.site().file().equals("src/app/Use.java"))
                .extracting(ref ->
                        ref.site().line() + " " + ref.kind() + " " + target(ref.target()) + " " + ref.resolution())
                .containsExactlyInAnyOrder(
                        "3 IMPORT src/com/sun/jdi/VirtualMachine.java:3 INFERRED",
                        "6 TYPE src/com/sun/jdi/VirtualMachine.java:3 INFERRED",
                        "7 CALL src/com/sun/jdi/VirtualMachine.java:6 INFERRED",
                        "8 TYPE src/com/sun/jdi/VirtualMachine.java:3 INFERRED",
                        "8 FIELD src/com/sun/jdi/VirtualMachine.java:4 INFERRED");
    }

    private static final String MAIN = "src/app/Main.java";
    private static final String CIRCLE = "src/p/Circle.java";
    private static final String SUB = "src/app/Sub.java";
    private static final String SQUARE = "src/p/Square.java";

    /** The references at file:line as "KIND target"; checks first that the line is the one meant. */
    private static Set<String> at(String file, int line, String expectedText) {
        try {
            assertThat(Files.readAllLines(repo.resolve(file)).get(line - 1)).contains(expectedText);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return resolved.references().stream()
                .filter(r -> r.site().equals(new Site(file, line)))
                .map(r -> r.kind() + " " + target(r.target()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String target(ReferenceTarget t) {
        return switch (t) {
            case ReferenceTarget.InRepo in -> in.file() + ":" + in.line();
            case ReferenceTarget.External x -> x.name();
        };
    }

    private static List<Path> javaFiles() throws IOException {
        try (Stream<Path> s = Files.walk(repo)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static void write(String path, String text) throws IOException {
        Path p = repo.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }
}
