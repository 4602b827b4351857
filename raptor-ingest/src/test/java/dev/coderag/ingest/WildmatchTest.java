package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WildmatchTest {

    /** git's own cases, see the resource's header for which column and why. */
    static List<Arguments> gitCases() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        try (InputStream in =
                Objects.requireNonNull(WildmatchTest.class.getResourceAsStream("/wildmatch/t3070-wildmatch.tsv"))) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                cases.add(Arguments.of(f[0].equals("1"), f[1], f[2]));
            }
        }
        assertThat(cases).hasSizeGreaterThan(180);
        return cases;
    }

    @ParameterizedTest(name = "{0}: ''{1}'' against ''{2}''")
    @MethodSource("gitCases")
    void agrees_with_gits_wildmatch_test_suite(boolean expected, String text, String pattern) {
        assertThat(Wildmatch.compile(pattern).matches(text)).isEqualTo(expected);
    }

    @Test
    void many_stars_against_a_long_name_finish_quickly() {
        String name = "a".repeat(10_000);
        Wildmatch stars = Wildmatch.compile("*a*a*a*a*a*a*a*a*a*c");
        Wildmatch globstars = Wildmatch.compile("**/*a*a*a*a*a*a*a*a*a*a*c/**");
        // A failure guard, not a benchmark: the backtracking regex this replaced ran for minutes here.
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            assertThat(stars.matches(name)).isFalse();
            assertThat(stars.matches(name + "c")).isTrue();
            assertThat(globstars.matches("x/" + name + "/y")).isFalse();
            assertThat(globstars.matches("x/" + name + "c/y")).isTrue();
        });
    }

    @Test
    void a_pattern_git_aborts_on_matches_nothing() {
        assertThat(Wildmatch.compile("ab[").matches("ab[")).isFalse();
        assertThat(Wildmatch.compile("[[:nope:]]").matches("a")).isFalse();
        assertThat(Wildmatch.compile("a\\").matches("a\\")).isFalse();
    }
}
