package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class QueryScannerTest {
    // The regexes the scanner replaced: the oracle for ordinary (short) questions.
    private static final Pattern JVM_FRAME =
            Pattern.compile("\\bat\\s+([\\w$]+(?:\\.[\\w$]+)+)\\.([\\w$<>]+)\\(([\\w$-]+\\.\\w+):(\\d+)\\)");
    private static final Pattern FILE_NAME = Pattern.compile(
            "(?<![\\w/.-])((?:[\\w.-]+/)*[\\w-]+\\.(?:java|py|pyi|rs|go|ts|tsx|mts|cts|js|jsx|mjs|cjs|md|markdown|toml|xml|json|kt|kts|scala|c|h|cc|cpp|cxx|hpp|hh|hxx|cs|csproj|sh|bash|rb|php|swift|ya?ml|gradle|properties|txt))(?![\\w-])");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*(\\(\\))?");
    private static final Pattern CAMEL = Pattern.compile("[a-z0-9][A-Z]|[A-Z]{2,}[a-z]");

    private static final String[] PIECES = {
        "at ",
        "at\t",
        "xat ",
        " ",
        "\n",
        ".",
        "/",
        "-",
        "_",
        "$",
        "<",
        ">",
        "(",
        ")",
        ":",
        "()",
        "a",
        "Foo",
        "b9",
        "9",
        "42",
        "java",
        "py",
        "pyi",
        "tsx",
        "ts",
        "yml",
        "yaml",
        "c",
        "cc",
        "kts",
        "sh",
        "csproj",
        "txt",
        "x",
        "é",
        "<init>",
        "Foo.java",
        "src/",
        "org.x.",
        "File \"",
        "\", line ",
        ",",
        "`",
        "(Foo.java:12)",
        "(F-1.kt:7)",
        "at a.B",
        ".m",
        ".<init>",
        "AB",
        "HTTP",
        "Éa",
        "E"
    };

    /** Random questions built from the pieces the patterns care about; fixed seed, so failures reproduce. */
    static Stream<String> questions() {
        Random random = new Random(12);
        List<String> out = new ArrayList<>(List.of(
                "at org.x.Foo.bar(Foo.java:12)",
                "at org.x.Foo.<init>(Foo.java:3) at a.b.c(d.e:1)",
                "see src/main/Foo.java/x and a.b.c.java, dir//x.py, foo.bar.java, .hidden.md",
                "call cfg.maxSize() then Router.java.",
                ""));
        for (int q = 0; q < 3000; q++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(14);
            for (int i = 0; i < n; i++) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            }
            out.add(sb.toString());
        }
        String[] parts = {"a", "org", "B", "$1", "x9", "m", "a", "B", "<init>", ""};
        String[] separators = {".", ".", ".", ".", ".", ".", "..", ". ", "/"};
        String[] tails = {"(Foo.java:12)", "(F-1.kt:7)", "(x.y:1)", "(Foo.java:)", "(Foo.java:12", "(.java:1)", "()"};
        for (int q = 0; q < 1500; q++) {
            StringBuilder sb = new StringBuilder(random.nextInt(4) == 0 ? PIECES[random.nextInt(PIECES.length)] : " ");
            sb.append(random.nextBoolean() ? "at " : random.nextBoolean() ? "at\n\t" : "at");
            int n = 2 + random.nextInt(4);
            for (int i = 0; i < n; i++) {
                sb.append(parts[random.nextInt(parts.length)]);
                if (i < n - 1) {
                    sb.append(separators[random.nextInt(separators.length)]);
                }
            }
            sb.append(tails[random.nextInt(tails.length)]).append(PIECES[random.nextInt(PIECES.length)]);
            out.add(sb.toString());
        }
        return out.stream();
    }

    @Test
    void the_random_questions_do_exercise_every_pattern() {
        List<String> qs = questions().toList();
        assertThat(qs.stream().filter(q -> JVM_FRAME.matcher(q).find())).hasSizeGreaterThan(50);
        assertThat(qs.stream().filter(q -> FILE_NAME.matcher(q).find())).hasSizeGreaterThan(200);
        assertThat(qs.stream().filter(q -> TOKEN.matcher(q).find())).hasSizeGreaterThan(1000);
        assertThat(qs.stream().filter(q -> CAMEL.matcher(q).find())).hasSizeGreaterThan(500);
        assertThat(qs.stream().filter(q -> !CAMEL.matcher(q).find())).hasSizeGreaterThan(500);
    }

    @ParameterizedTest
    @MethodSource("questions")
    void finds_what_the_regexes_found(String q) {
        List<String> expectedFrames = new ArrayList<>();
        Matcher m = JVM_FRAME.matcher(q);
        while (m.find()) {
            expectedFrames.add(m.start() + "-" + m.end() + " " + m.group(1) + " " + m.group(2) + " " + m.group(3) + " "
                    + m.group(4));
        }
        List<String> frames = QueryScanner.jvmFrames(q).stream()
                .map(f -> f.start() + "-" + f.end() + " " + f.qualifiedType() + " " + f.method() + " " + f.fileName()
                        + " " + f.line())
                .toList();
        assertThat(frames).isEqualTo(expectedFrames);
        assertThat(QueryScanner.withoutJvmFrames(q, QueryScanner.jvmFrames(q)))
                .isEqualTo(JVM_FRAME.matcher(q).replaceAll(" "));

        List<String> expectedFiles = new ArrayList<>();
        Matcher fm = FILE_NAME.matcher(q);
        while (fm.find()) {
            expectedFiles.add(fm.group(1));
        }
        assertThat(QueryScanner.fileNames(q)).isEqualTo(expectedFiles);
        for (int i = 0; i < q.length(); i++) {
            Matcher at = FILE_NAME.matcher(q.substring(i));
            boolean expected = at.lookingAt() && at.start() == 0;
            assertThat(QueryScanner.startsWithFileName(q, i))
                    .as("file name at %d", i)
                    .isEqualTo(expected);
        }

        List<String> expectedTokens = new ArrayList<>();
        Matcher tm = TOKEN.matcher(q);
        while (tm.find()) {
            expectedTokens.add(tm.start() + ":" + tm.group());
        }
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < q.length(); ) {
            int end = QueryScanner.tokenEnd(q, i);
            if (end < 0) {
                i++;
            } else {
                tokens.add(i + ":" + q.substring(i, end));
                i = end;
            }
        }
        assertThat(tokens).isEqualTo(expectedTokens);
        assertThat(QueryScanner.isToken(q)).isEqualTo(TOKEN.matcher(q).matches());
        assertThat(QueryScanner.isCamelShaped(q))
                .as("camel")
                .isEqualTo(CAMEL.matcher(q).find());
    }

    static Stream<String> hostile() {
        StringBuilder list = new StringBuilder("[1");
        while (list.length() < 5_000) {
            list.append(",1");
        }
        return Stream.of(
                "a.".repeat(2_500),
                "a.b.".repeat(25_000),
                list.append(']').toString(),
                "at " + "a.".repeat(5_000) + "b(C.java:1)",
                ("at " + "org.x.".repeat(300) + "Foo.bar(Foo.java:12) ").repeat(20),
                "    at " + "a$b.".repeat(3_000) + "<init>(" + "F-".repeat(2_000) + ".java:" + "9".repeat(2_000),
                "a/".repeat(10_000) + "b.java",
                "x".repeat(50_000),
                "E".repeat(100_000),
                "E".repeat(50_000) + "e",
                "Ab_".repeat(17_000),
                "File \"".repeat(10_000),
                "a. ".repeat(30_000));
    }

    @ParameterizedTest
    @MethodSource("hostile")
    void hostile_questions_are_analysed_in_linear_time_without_recursion(String q) {
        // a failure guard, not a benchmark: the regexes overflowed the stack or went quadratic on these
        QueryAnalysis a = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> QueryAnalyzer.analyze(q));
        assertThat(a.wordCount()).isGreaterThanOrEqualTo(0);
        assertThat(a.lexicalQuery().split(" ").length).isLessThanOrEqualTo(QueryAnalyzer.MAX_LEXICAL_TERMS);
    }

    @Test
    void a_long_stack_trace_line_still_yields_its_frame() {
        String q = "boom at " + "org.x.".repeat(2_000) + "Foo.bar(Foo.java:12) after";
        QueryAnalysis a = QueryAnalyzer.analyze(q);
        assertThat(a.frames()).singleElement().satisfies(f -> {
            assertThat(f.method()).isEqualTo("bar");
            assertThat(f.line()).isEqualTo(12);
            assertThat(f.qualifiedType()).endsWith(".x.Foo");
        });
    }
}
