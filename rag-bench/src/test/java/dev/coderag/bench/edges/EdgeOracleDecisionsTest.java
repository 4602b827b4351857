package dev.coderag.bench.edges;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corners of the edge definition that Edge's Javadoc decides (enum constants, implicit members, anonymous
 * classes, constructor references, arrays), written out by hand for one file: at each listed line the oracle's
 * edges must be exactly these.
 */
class EdgeOracleDecisionsTest {
    @TempDir
    static Path repo;

    static JavacOracle.Result result;

    static final String FILE = "d/Decide.java";
    static final String SOURCE = """
            package d;

            import java.util.function.Function;
            import java.util.function.Supplier;

            public class Decide {
                record Point(int x, int y) {}

                enum Size {
                    SMALL(1),
                    LARGE(2) {
                        @Override
                        int weight() { return 9; }
                    };

                    final int w;

                    Size(int w) { this.w = w; }

                    int weight() { return w; }
                }

                static class Box {}

                int use(int[] arr) {
                    Point p = new Point(1, 2);
                    int a = p.x();
                    Supplier<Box> s = Box::new;
                    Runnable r = new Runnable() {
                        public void run() {}
                    };
                    Size z = Size.valueOf("SMALL");
                    int n = arr.length;
                    int[] c = arr.clone();
                    Function<Integer, int[]> mk = int[]::new;
                    return a + n + z.weight();
                }
            }
            """;

    @BeforeAll
    static void compile() throws IOException {
        Path f = repo.resolve(FILE);
        Files.createDirectories(f.getParent());
        Files.writeString(f, SOURCE);
        result = JavacOracle.run(repo);
    }

    private static Edge in(Edge.Kind k, int line, int targetLine) {
        return new Edge(k, FILE, line, new Edge.InRepo(FILE, targetLine));
    }

    private static Edge out(Edge.Kind k, int line, String name) {
        return new Edge(k, FILE, line, new Edge.External(name));
    }

    /** By hand: line → every edge starting there. */
    static final Map<Integer, Set<Edge>> EXPECTED = new TreeMap<>(Map.ofEntries(
            Map.entry(7, Set.of()), // a record's implicit supertype is not named
            Map.entry(10, Set.of()), // SMALL(1): no new written, so no CALL and no TYPE
            Map.entry(11, Set.of()),
            Map.entry(12, Set.of(out(Edge.Kind.TYPE, 12, "java.lang.Override"))),
            Map.entry(13, Set.of(in(Edge.Kind.OVERRIDE, 13, 20))),
            Map.entry(18, Set.of(in(Edge.Kind.FIELD, 18, 16))),
            // the implicit canonical constructor: the record
            Map.entry(26, Set.of(in(Edge.Kind.TYPE, 26, 7), in(Edge.Kind.CALL, 26, 7))),
            // the implicit accessor: its component (on the record's line)
            Map.entry(27, Set.of(in(Edge.Kind.CALL, 27, 7))),
            // Box::new, Box declaring no constructor: the class
            Map.entry(
                    28,
                    Set.of(
                            out(Edge.Kind.TYPE, 28, "java.util.function.Supplier"),
                            in(Edge.Kind.TYPE, 28, 23),
                            in(Edge.Kind.CALL, 28, 23))),
            // an anonymous class of an interface: the interface
            Map.entry(
                    29,
                    Set.of(
                            out(Edge.Kind.TYPE, 29, "java.lang.Runnable"),
                            out(Edge.Kind.CALL, 29, "java.lang.Runnable"))),
            Map.entry(30, Set.of(out(Edge.Kind.OVERRIDE, 30, "java.lang.Runnable#run()"))),
            // an enum's implicit valueOf: the enum
            Map.entry(32, Set.of(in(Edge.Kind.TYPE, 32, 9), in(Edge.Kind.CALL, 32, 9))),
            Map.entry(33, Set.of()), // an array's length
            Map.entry(34, Set.of()), // an array's clone()
            Map.entry(
                    35,
                    Set.of( // int[]::new
                            out(Edge.Kind.TYPE, 35, "java.util.function.Function"),
                            out(Edge.Kind.TYPE, 35, "java.lang.Integer"))),
            Map.entry(36, Set.of(in(Edge.Kind.CALL, 36, 20)))));

    @Test
    void theDecidedCornersGiveExactlyTheseEdges() {
        Map<Integer, Set<Edge>> got = result.edges().stream()
                .filter(e -> EXPECTED.containsKey(e.line()))
                .collect(Collectors.groupingBy(Edge::line, TreeMap::new, Collectors.toSet()));
        for (int line : EXPECTED.keySet()) {
            assertThat(got.getOrDefault(line, Set.of())).as("line " + line).isEqualTo(EXPECTED.get(line));
        }
    }

    @Test
    void everythingResolves() {
        assertThat(result.unknown()).isEqualTo(List.of());
        assertThat(result.javacErrors()).isZero();
    }
}
