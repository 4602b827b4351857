package dev.coderag.bench.edges;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TypeScript oracle (node and the pinned {@code typescript} package) over the fixture project in {@code
 * src/test/resources/ts-oracle-fixture}, against edges written here by hand from reading the fixture (never from
 * the oracle's output). Without node or the installed package the test is skipped, unless RAG_REQUIRE_NODE=1 (CI),
 * where that fails.
 */
class TsOracleTest {
    static final Path FIXTURE = Path.of("src/test/resources/ts-oracle-fixture");

    @TempDir
    static Path tmp;

    static TsOracle.Run run;

    @BeforeAll
    static void oracle() throws IOException, InterruptedException {
        boolean present = TsOracle.scriptDir().isPresent() && Files.isExecutable(Path.of("/usr/bin/node"));
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_NODE"));
        assumeThat(present || required)
                .as("no node or no typescript package (cd rag-bench/src/main/ts-oracle && npm ci)")
                .isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_NODE=1 but /usr/bin/node or rag-bench/src/main/ts-oracle/node_modules is missing")
                .isTrue();
        run = TsOracle.run(FIXTURE, tmp.resolve("edges.jsonl"), tmp.resolve("unknown.jsonl"));
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    /** {@code KIND site-file:line -> target-file:line} or {@code -> external-name}, paths under {@code src/}. */
    static Edge edge(String spec) {
        String[] p = spec.split(" -> ");
        String[] head = p[0].split(" ");
        String[] site = head[1].split(":");
        Edge.Target target = p[1].contains(".ts:")
                ? new Edge.InRepo(
                        "src/" + p[1].substring(0, p[1].indexOf(':')),
                        Integer.parseInt(p[1].substring(p[1].indexOf(':') + 1)))
                : new Edge.External(p[1]);
        return new Edge(Edge.Kind.valueOf(head[0]), "src/" + site[0], Integer.parseInt(site[1]), target);
    }

    @Test
    void everyReferenceOfTheFixtureIsExactlyTheseEdges() throws IOException {
        List<Edge> expected = """
                SUPERTYPE shape.ts:11 -> shape.ts:1
                TYPE shape.ts:11 -> shape.ts:1
                TYPE shape.ts:13 -> shape.ts:6
                FIELD shape.ts:13 -> shape.ts:7
                OVERRIDE shape.ts:15 -> shape.ts:2
                FIELD shape.ts:18 -> shape.ts:12
                CALL shape.ts:18 -> shape.ts:15
                IMPORT circle.ts:1 -> shape.ts:11
                IMPORT circle.ts:1 -> shape.ts:6
                IMPORT circle.ts:2 -> shape.ts:1
                SUPERTYPE circle.ts:6 -> shape.ts:11
                TYPE circle.ts:6 -> shape.ts:11
                CALL circle.ts:8 -> shape.ts:11
                OVERRIDE circle.ts:11 -> shape.ts:15
                FIELD circle.ts:12 -> circle.ts:4
                FIELD circle.ts:12 -> circle.ts:7
                OVERRIDE circle.ts:15 -> shape.ts:17
                CALL circle.ts:16 -> shape.ts:17
                SUPERTYPE circle.ts:20 -> shape.ts:11
                TYPE circle.ts:20 -> shape.ts:11
                OVERRIDE circle.ts:22 -> shape.ts:15
                FIELD circle.ts:23 -> circle.ts:21
                TYPE circle.ts:27 -> shape.ts:1
                TYPE circle.ts:27 -> shape.ts:6
                FIELD circle.ts:28 -> shape.ts:3
                TYPE circle.ts:28 -> shape.ts:6
                FIELD circle.ts:28 -> shape.ts:8
                IMPORT main.ts:1 -> circle.ts:6
                IMPORT main.ts:1 -> circle.ts:20
                IMPORT main.ts:1 -> circle.ts:27
                IMPORT main.ts:2 -> shape.ts:6
                IMPORT main.ts:2 -> shape.ts:1
                TYPE main.ts:5 -> shape.ts:1
                CALL main.ts:8 -> shape.ts:2
                TYPE main.ts:13 -> shape.ts:1
                CALL main.ts:13 -> circle.ts:7
                TYPE main.ts:13 -> circle.ts:6
                CALL main.ts:13 -> circle.ts:20
                TYPE main.ts:13 -> circle.ts:20
                CALL main.ts:14 -> circle.ts:27
                FIELD main.ts:14 -> main.ts:13
                TYPE main.ts:14 -> shape.ts:6
                FIELD main.ts:14 -> shape.ts:8
                FIELD main.ts:15 -> console
                CALL main.ts:15 -> Console.log(...any[])
                CALL main.ts:15 -> main.ts:5
                FIELD main.ts:15 -> main.ts:13
                FIELD main.ts:15 -> main.ts:14
                CALL main.ts:15 -> String.toUpperCase()
                FIELD main.ts:20 -> main.ts:17
                CALL main.ts:20 -> main.ts:18
                IMPORT index.ts:1 -> circle.ts:6
                """.lines().map(TsOracleTest::edge).toList();
        assertThat(EdgeJsonl.read(tmp.resolve("edges.jsonl"))).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void whatTheMissingModuleLeavesOpenIsUnknownNotAnEdge() throws IOException {
        // import missing from 'not-installed' (main.ts:3), then missing.run() on line 15: the import, the name
        // (a property or a type: either) and the call through it
        assertThat(Site.read(tmp.resolve("unknown.jsonl")))
                .containsExactlyInAnyOrder(
                        new Site(Edge.Kind.IMPORT, "src/main.ts", 3),
                        new Site(Edge.Kind.FIELD, "src/main.ts", 15),
                        new Site(Edge.Kind.TYPE, "src/main.ts", 15),
                        new Site(Edge.Kind.CALL, "src/main.ts", 15));
        assertThat(run.out()).contains("files 4, typescript 5.9.3");
    }
}
