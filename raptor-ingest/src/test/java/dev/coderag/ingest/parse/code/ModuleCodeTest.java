package dev.coderag.ingest.parse.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.coderag.ingest.parse.Fixtures;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ModuleCodeTest {

    /** The regex {@link ModuleCode#isDirectiveOnly} replaced; overflows the stack on thousands of directives. */
    private static final Pattern OLD_DIRECTIVE_ONLY = Pattern.compile("^(['\"]use [a-z ]+['\"];?\\s*)+$");

    private static final String[] PIECES = {
        "'",
        "\"",
        "use ",
        "use",
        "strict",
        "client",
        " ",
        "  ",
        "asm",
        "A",
        ";",
        ";;",
        "\n",
        "\t",
        "\u000B",
        "\f",
        "\r",
        "\u00a0",
        "x",
        "-",
        "'use strict'",
        "\"use client\";\n",
        "'use strict';",
        "\"use server\"",
        "'use '",
        "`use strict`",
        "1"
    };

    /** Random texts from the pieces the regex cares about; fixed seed, so failures reproduce. */
    static Stream<String> texts() {
        Random random = new Random(31);
        List<String> out = new ArrayList<>(List.of("", "'use strict'", "'use strict\"", "'use strict';;", "'use '"));
        for (int t = 0; t < 4000; t++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(8);
            for (int i = 0; i < n; i++) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            }
            out.add(sb.toString());
        }
        // directive sequences, now and then with a random piece in a random place
        String[] quotes = {"'", "\""};
        String[] bodies = {"strict", "client", "asm", "a b", " ", "server ", "x y z"};
        String[] ends = {"", ";", ";\n", "\n", " \t\n", ";\r\n\f"};
        for (int t = 0; t < 2000; t++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(5);
            for (int i = 0; i < n; i++) {
                sb.append(quotes[random.nextInt(2)])
                        .append("use ")
                        .append(bodies[random.nextInt(bodies.length)])
                        .append(quotes[random.nextInt(2)])
                        .append(ends[random.nextInt(ends.length)]);
            }
            if (random.nextInt(3) == 0) {
                sb.insert(random.nextInt(sb.length() + 1), PIECES[random.nextInt(PIECES.length)]);
            }
            out.add(sb.toString());
        }
        return out.stream();
    }

    @Test
    void the_random_texts_are_often_directives_and_often_not() {
        List<String> texts = texts().toList();
        long directives = texts.stream()
                .filter(t -> OLD_DIRECTIVE_ONLY.matcher(t).matches())
                .count();
        assertThat(directives).isGreaterThan(300);
        assertThat(texts.size() - directives).isGreaterThan(300);
    }

    @ParameterizedTest
    @MethodSource("texts")
    void agrees_with_the_old_regex(String text) {
        assertThat(ModuleCode.isDirectiveOnly(text))
                .as("'%s'", text)
                .isEqualTo(OLD_DIRECTIVE_ONLY.matcher(text).matches());
    }

    @Test
    void twenty_thousand_directive_lines_are_recognised_without_recursion() {
        String strict = String.join("\n", java.util.Collections.nCopies(20_000, "'use strict';"));
        // A failure guard: the regex this replaced threw StackOverflowError here.
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertThat(ModuleCode.isDirectiveOnly(strict)).isTrue();
            assertThat(ModuleCode.isDirectiveOnly(strict + "\nx")).isFalse();
            assertThat(ModuleCode.isDirectiveOnly(strict.replace(';', ' ') + "\"use asm\""))
                    .isTrue();
        });
    }

    @Test
    void a_javascript_file_of_twenty_thousand_directives_parses() {
        String strict = "'use strict';\n".repeat(20_000);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            ParseResult onlyDirectives = Fixtures.parse("src/strict.js", strict);
            assertThat(Fixtures.code(onlyDirectives))
                    .noneMatch(
                            c -> c.symbolKind() == SymbolKind.MODULE && c.code().contains("use strict"));

            ParseResult withCode = Fixtures.parse("src/strict2.js", strict + "const limit = 3;\n");
            assertThat(Fixtures.code(withCode).stream()
                            .filter(c -> c.symbolKind() == SymbolKind.MODULE)
                            .map(CodeChunk::code))
                    .anyMatch(code -> code.contains("const limit = 3;"));
        });
    }
}
