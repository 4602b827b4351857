package dev.coderag.chat.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CitationsTest {

    @Test
    void citations_to_missing_sources_are_removed_and_valid_ones_kept() {
        String cleaned = Citations.clean("Parsing happens in `parse` [1]. It retries [7]. See also [2, 9].", 3);
        assertThat(cleaned).isEqualTo("Parsing happens in `parse` [1]. It retries. See also [2].");
        assertThat(Citations.cited(cleaned)).containsExactly(1, 2);
    }

    @Test
    void zero_and_out_of_range_numbers_are_not_citations_of_anything() {
        assertThat(Citations.clean("a [0] b [4]", 3)).isEqualTo("a b");
    }

    @Test
    void code_is_left_alone() {
        String md = "Use `arr[5]` here [1].\n```java\nint x = arr[9];\n```\nDone [9].";
        String cleaned = Citations.clean(md, 1);
        assertThat(cleaned).contains("`arr[5]`").contains("int x = arr[9];").endsWith("Done.");
        assertThat(Citations.cited(md)).containsExactly(1, 9);
    }

    @Test
    void segments_preserve_every_character() {
        String md = "a `b` c\n```\nd\n```\ne";
        StringBuilder sb = new StringBuilder();
        Citations.segments(md).forEach(s -> sb.append(s.text()));
        assertThat(sb.toString()).isEqualTo(md);
    }

    /** The regex the scanner replaced: the oracle on ordinary answers. */
    private static final Pattern OLD_CITE = Pattern.compile("\\[(\\d{1,3}(?:\\s*[,;]\\s*\\d{1,3})*)\\]");

    private static final String[] PIECES = {
        "[", "]", "1", "2", "9", "12", "123", "1234", "0", ",", ";", " ", "\t", "\n", ", ", " ;", "x", "[1]", ".",
        "[2, 9]", "`", "a"
    };

    static Stream<String> answers() {
        Random random = new Random(4);
        List<String> out = new ArrayList<>();
        for (int q = 0; q < 3000; q++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(12);
            for (int i = 0; i < n; i++) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            }
            out.add(sb.toString());
        }
        return out.stream();
    }

    @Test
    void removing_a_citation_never_makes_a_new_one_or_a_fence() {
        // "[[9]9]" would become "[9]" and "[9]```" at a line start would open a fence, exposing later text as prose
        String nested = Citations.clean("see [[9]9] here", 3);
        assertThat(Citations.cited(nested)).isEmpty();
        String fence = Citations.clean("[9]```\ncode\n```\nprose [9] end", 3);
        assertThat(Citations.cited(fence)).isEmpty();
        assertThat(Citations.clean("prose [9] end [1].", 3)).isEqualTo("prose end [1].");
    }

    @ParameterizedTest
    @MethodSource("answers")
    void finds_and_cleans_what_the_regex_did(String answer) {
        Set<Integer> expected = new LinkedHashSet<>();
        StringBuilder cleaned = new StringBuilder();
        Matcher m = OLD_CITE.matcher(answer);
        while (m.find()) {
            List<String> keep = new ArrayList<>();
            for (String n : m.group(1).split("\\s*[,;]\\s*")) {
                int v = Integer.parseInt(n.strip());
                expected.add(v);
                if (v >= 1 && v <= 3) {
                    keep.add(Integer.toString(v));
                }
            }
            m.appendReplacement(
                    cleaned, Matcher.quoteReplacement(keep.isEmpty() ? "" : "[" + String.join(", ", keep) + "]"));
            if (keep.isEmpty() && !cleaned.isEmpty() && cleaned.charAt(cleaned.length() - 1) == ' ') {
                int next = m.end();
                if (next >= answer.length() || " .,;:!?)\n".indexOf(answer.charAt(next)) >= 0) {
                    cleaned.setLength(cleaned.length() - 1);
                }
            }
        }
        m.appendTail(cleaned);
        if (answer.indexOf('`') < 0) { // no code spans: the whole answer is one prose segment
            assertThat(Citations.cited(answer)).containsExactlyElementsOf(expected);
            String ours = Citations.clean(answer, 3);
            if (ours.indexOf(Citations.DEFUSED) < 0) {
                assertThat(ours).isEqualTo(cleaned.toString());
            } else {
                // where removing would have made a new citation or fence, the bracket stays defused instead
                assertThat(Citations.cited(ours)).allSatisfy(n -> assertThat(n).isBetween(1, 3));
            }
        }
    }

    @Test
    void the_random_answers_do_contain_citations() {
        assertThat(answers()
                        .filter(a -> a.indexOf('`') < 0 && OLD_CITE.matcher(a).find()))
                .hasSizeGreaterThan(300);
    }

    static Stream<String> hostile() {
        StringBuilder list = new StringBuilder("[1");
        while (list.length() < 10_000) {
            list.append(",1");
        }
        String readmeLine = "The README says: " + list + "] and more.";
        return Stream.of(
                readmeLine,
                readmeLine + "\n" + readmeLine.replace(',', ';'),
                list.toString(), // never closed
                "[1" + " , 1".repeat(5_000) + " ,]",
                "[".repeat(20_000) + "1]",
                "[1, ".repeat(10_000),
                "[" + "9".repeat(20_000) + "]",
                ("[1]" + " ".repeat(100)).repeat(1_000));
    }

    @ParameterizedTest
    @MethodSource("hostile")
    void hostile_answers_are_handled_in_linear_time_without_recursion(String answer) {
        // a failure guard, not a benchmark: the regex overflowed the stack on a 2 KB list
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            Set<Integer> cited = Citations.cited(answer);
            String cleaned = Citations.clean(answer, 1);
            assertThat(Citations.cited(cleaned)).isSubsetOf(cited).allMatch(n -> n == 1);
        });
    }

    @Test
    void a_long_quoted_list_is_one_citation() {
        String list = "[1" + ",1".repeat(5_000) + "]";
        assertThat(Citations.cited("x " + list + " y")).containsExactly(1);
        assertThat(Citations.clean("x " + list + " y", 1)).isEqualTo("x [" + "1, ".repeat(5_000) + "1] y");
    }
}
