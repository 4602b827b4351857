package dev.coderag.bench.edges;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The oracle over a small hand-written repository, against edges written here by hand from reading the fixture
 * (never from the oracle's own output). Line numbers are those of the fixture's text blocks below.
 */
class EdgeOracleTest {
    @TempDir
    static Path repo;

    static JavacOracle.Result result;

    static final String SHAPE = """
            package lib;

            public interface Shape {
                double area();

                default String describe() {
                    return "shape";
                }
            }
            """;
    static final String CIRCLE = """
            package lib;

            public class Circle implements Shape {
                public static final double PI = 3.14;
                protected double r;

                public Circle(double r) {
                    this.r = r;
                }

                @Override
                public double area() {
                    return PI * r * r;
                }

                public double scale(int k) {
                    return r * k;
                }

                public double scale(double k) {
                    return r * k;
                }
            }
            """;
    static final String SQUARE = """
            package lib;

            public class Square implements Shape {
                double side;

                public double area() {
                    return side * side;
                }

                public static class Builder {
                    public Square build() {
                        return new Square();
                    }
                }
            }
            """;
    static final String COLOR = """
            package lib;

            public enum Color {
                RED,
                GREEN
            }
            """;
    static final String BIG = """
            package app;

            import lib.Circle;

            public class Big extends Circle {
                public Big() {
                    super(10);
                }
            }
            """;
    static final String MAIN = """
            package app;

            import static lib.Circle.PI;

            import java.util.List;
            import java.util.function.Function;
            import lib.Color;
            import lib.Shape;
            import lib.Square;
            import org.missing.Gadget;

            public class Main {
                private int count;

                void run(String text, Gadget gadget) {
                    Big big = new Big();
                    double a = big.area();
                    double s1 = big.scale(2);
                    double s2 = big.scale(2.5);
                    Square sq = new Square.Builder().build();
                    count = text.length();
                    Color c = Color.RED;
                    List<Shape> shapes = List.of(big, sq);
                    Function<Shape, Double> f = Shape::area;
                    double p = PI;
                    gadget.spin(count);
                }
            }
            """;

    @BeforeAll
    static void compile() throws IOException {
        write("src/lib/Shape.java", SHAPE);
        write("src/lib/Circle.java", CIRCLE);
        write("src/lib/Square.java", SQUARE);
        write("src/lib/Color.java", COLOR);
        write("src/app/Big.java", BIG);
        write("src/app/Main.java", MAIN);
        // a second copy of a class (as in a test tree that copies sources): dropped, not compiled twice
        write("tests/lib/Color.java", COLOR);
        // never compiled
        write("src/module-info.java", "module m {}\n");
        write("target/generated/lib/Ignored.java", "package lib; class Ignored { Missing m; }\n");
        result = JavacOracle.run(repo);
    }

    private static void write(String rel, String text) throws IOException {
        Path p = repo.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private static Edge e(Edge.Kind k, String file, int line, String targetFile, int targetLine) {
        return new Edge(k, "src/" + file, line, new Edge.InRepo("src/" + targetFile, targetLine));
    }

    private static Edge x(Edge.Kind k, String file, int line, String external) {
        return new Edge(k, "src/" + file, line, new Edge.External(external));
    }

    static final String SHAPE_J = "lib/Shape.java";
    static final String CIRCLE_J = "lib/Circle.java";
    static final String SQUARE_J = "lib/Square.java";
    static final String COLOR_J = "lib/Color.java";
    static final String BIG_J = "app/Big.java";
    static final String MAIN_J = "app/Main.java";

    /** Every edge of the fixture, by hand. */
    static final Set<Edge> EXPECTED = new LinkedHashSet<>(List.of(
            // Shape
            x(Edge.Kind.TYPE, SHAPE_J, 6, "java.lang.String"),
            // Circle: implements Shape, overrides area, reads and writes its fields
            e(Edge.Kind.SUPERTYPE, CIRCLE_J, 3, SHAPE_J, 3),
            e(Edge.Kind.TYPE, CIRCLE_J, 3, SHAPE_J, 3),
            e(Edge.Kind.FIELD, CIRCLE_J, 8, CIRCLE_J, 5),
            x(Edge.Kind.TYPE, CIRCLE_J, 11, "java.lang.Override"),
            e(Edge.Kind.OVERRIDE, CIRCLE_J, 12, SHAPE_J, 4),
            e(Edge.Kind.FIELD, CIRCLE_J, 13, CIRCLE_J, 4),
            e(Edge.Kind.FIELD, CIRCLE_J, 13, CIRCLE_J, 5),
            e(Edge.Kind.FIELD, CIRCLE_J, 17, CIRCLE_J, 5),
            e(Edge.Kind.FIELD, CIRCLE_J, 21, CIRCLE_J, 5),
            // Square: the second implementation, a nested builder, new of a class without a constructor
            e(Edge.Kind.SUPERTYPE, SQUARE_J, 3, SHAPE_J, 3),
            e(Edge.Kind.TYPE, SQUARE_J, 3, SHAPE_J, 3),
            e(Edge.Kind.OVERRIDE, SQUARE_J, 6, SHAPE_J, 4),
            e(Edge.Kind.FIELD, SQUARE_J, 7, SQUARE_J, 4),
            e(Edge.Kind.TYPE, SQUARE_J, 11, SQUARE_J, 3),
            e(Edge.Kind.TYPE, SQUARE_J, 12, SQUARE_J, 3),
            e(Edge.Kind.CALL, SQUARE_J, 12, SQUARE_J, 3),
            // Big: imports, extends, calls the super constructor
            e(Edge.Kind.IMPORT, BIG_J, 3, CIRCLE_J, 3),
            e(Edge.Kind.SUPERTYPE, BIG_J, 5, CIRCLE_J, 3),
            e(Edge.Kind.TYPE, BIG_J, 5, CIRCLE_J, 3),
            e(Edge.Kind.CALL, BIG_J, 7, CIRCLE_J, 7),
            // Main
            e(Edge.Kind.IMPORT, MAIN_J, 3, CIRCLE_J, 4),
            x(Edge.Kind.IMPORT, MAIN_J, 5, "java.util.List"),
            x(Edge.Kind.IMPORT, MAIN_J, 6, "java.util.function.Function"),
            e(Edge.Kind.IMPORT, MAIN_J, 7, COLOR_J, 3),
            e(Edge.Kind.IMPORT, MAIN_J, 8, SHAPE_J, 3),
            e(Edge.Kind.IMPORT, MAIN_J, 9, SQUARE_J, 3),
            x(Edge.Kind.TYPE, MAIN_J, 15, "java.lang.String"),
            e(Edge.Kind.TYPE, MAIN_J, 16, BIG_J, 5),
            e(Edge.Kind.CALL, MAIN_J, 16, BIG_J, 6),
            e(Edge.Kind.CALL, MAIN_J, 17, CIRCLE_J, 12), // inherited, called on the subclass
            e(Edge.Kind.CALL, MAIN_J, 18, CIRCLE_J, 16), // scale(int)
            e(Edge.Kind.CALL, MAIN_J, 19, CIRCLE_J, 20), // scale(double)
            e(Edge.Kind.TYPE, MAIN_J, 20, SQUARE_J, 3),
            e(Edge.Kind.TYPE, MAIN_J, 20, SQUARE_J, 10),
            e(Edge.Kind.CALL, MAIN_J, 20, SQUARE_J, 10), // Builder declares no constructor: the class
            e(Edge.Kind.CALL, MAIN_J, 20, SQUARE_J, 11),
            e(Edge.Kind.FIELD, MAIN_J, 21, MAIN_J, 13), // a write
            x(Edge.Kind.CALL, MAIN_J, 21, "java.lang.String#length()"),
            e(Edge.Kind.TYPE, MAIN_J, 22, COLOR_J, 3),
            e(Edge.Kind.FIELD, MAIN_J, 22, COLOR_J, 4),
            x(Edge.Kind.TYPE, MAIN_J, 23, "java.util.List"),
            e(Edge.Kind.TYPE, MAIN_J, 23, SHAPE_J, 3),
            x(Edge.Kind.CALL, MAIN_J, 23, "java.util.List#of(java.lang.Object,java.lang.Object)"),
            x(Edge.Kind.TYPE, MAIN_J, 24, "java.util.function.Function"),
            e(Edge.Kind.TYPE, MAIN_J, 24, SHAPE_J, 3),
            x(Edge.Kind.TYPE, MAIN_J, 24, "java.lang.Double"),
            e(Edge.Kind.CALL, MAIN_J, 24, SHAPE_J, 4),
            e(Edge.Kind.FIELD, MAIN_J, 25, CIRCLE_J, 4), // through the static import
            e(Edge.Kind.FIELD, MAIN_J, 26, MAIN_J, 13)));

    @Test
    void findsExactlyTheHandWrittenEdges() {
        Set<Edge> got = new LinkedHashSet<>(result.edges());
        assertThat(got).as("edges the oracle should not have").isSubsetOf(EXPECTED);
        assertThat(EXPECTED).as("edges the oracle missed").isSubsetOf(got);
    }

    @Test
    void anOverloadedCallGoesToTheOverloadItsArgumentSelects() {
        assertThat(result.edges())
                .filteredOn(ed -> ed.file().equals("src/" + MAIN_J) && ed.line() == 19)
                .containsExactly(e(Edge.Kind.CALL, MAIN_J, 19, CIRCLE_J, 20));
    }

    @Test
    void whatCannotResolveIsAnUnknownSiteNotAnEdge() {
        assertThat(result.unknown())
                .contains(
                        new Site(Edge.Kind.IMPORT, "src/" + MAIN_J, 10),
                        new Site(Edge.Kind.TYPE, "src/" + MAIN_J, 15),
                        new Site(Edge.Kind.CALL, "src/" + MAIN_J, 26));
        assertThat(result.edges())
                .noneMatch(ed -> ed.kind() == Edge.Kind.CALL && ed.file().equals("src/" + MAIN_J) && ed.line() == 26);
        // nothing resolvable is unknown
        assertThat(result.unknown())
                .allMatch(s ->
                        s.file().equals("src/" + MAIN_J) && List.of(10, 15, 26).contains(s.line()));
    }

    @Test
    void dropsTheDuplicateClassAndSkipsBuildOutputAndModuleInfo() {
        assertThat(result.dropped()).containsExactly("tests/lib/Color.java");
        assertThat(result.files()).isEqualTo(6);
    }

    @Test
    void aRepositorysOwnCopyOfAJdkPackageIsWhatItsCodeMeans(@TempDir Path other) throws IOException {
        // as eclipse.jdt.debug ships its own com.sun.jdi interfaces: the JDK's jdk.jdi must not win
        Path vm = other.resolve("jdi/com/sun/jdi/VirtualMachine.java");
        Path impl = other.resolve("model/p/VmImpl.java");
        Files.createDirectories(vm.getParent());
        Files.createDirectories(impl.getParent());
        Files.writeString(vm, """
                package com.sun.jdi;

                public interface VirtualMachine {
                    void resume();
                }
                """);
        Files.writeString(impl, """
                package p;

                public class VmImpl implements com.sun.jdi.VirtualMachine {
                    public void resume() {}
                }
                """);
        JavacOracle.Result r = JavacOracle.run(other);
        assertThat(r.hiddenModules()).contains("jdk.jdi");
        assertThat(r.edges())
                .contains(
                        new Edge(
                                Edge.Kind.SUPERTYPE,
                                "model/p/VmImpl.java",
                                3,
                                new Edge.InRepo("jdi/com/sun/jdi/VirtualMachine.java", 3)),
                        new Edge(
                                Edge.Kind.OVERRIDE,
                                "model/p/VmImpl.java",
                                4,
                                new Edge.InRepo("jdi/com/sun/jdi/VirtualMachine.java", 4)));
        assertThat(result.hiddenModules()).isEmpty();
    }

    @Test
    void anOverrideOverUnresolvedParameterTypesNeedsTheSameSpelling(@TempDir Path other) throws IOException {
        Path f = other.resolve("q/Base.java");
        Files.createDirectories(f.getParent());
        Files.writeString(f, """
                package q;

                import org.missing.A;
                import org.missing.B;

                class Base { void take(A a) {} }
                class Sub extends Base { void take(A a) {} }
                class Other extends Base { void take(B b) {} }
                """);
        JavacOracle.Result r = JavacOracle.run(other);
        assertThat(r.edges())
                .filteredOn(ed -> ed.kind() == Edge.Kind.OVERRIDE)
                .containsExactly(new Edge(Edge.Kind.OVERRIDE, "q/Base.java", 7, new Edge.InRepo("q/Base.java", 6)));
    }

    @Test
    void edgesRoundTripThroughTheirFiles(@TempDir Path dir) throws IOException {
        EdgeJsonl.write(dir.resolve("e.jsonl"), result.edges());
        Site.write(dir.resolve("u.jsonl"), result.unknown());
        assertThat(EdgeJsonl.read(dir.resolve("e.jsonl"))).isEqualTo(result.edges());
        assertThat(Site.read(dir.resolve("u.jsonl"))).isEqualTo(result.unknown());
    }
}
