package dev.coderag.store.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PathGlobTest {

    private static boolean matches(String glob, String path) {
        Predicate<String> p = PathGlob.compile(glob);
        return p.test(path);
    }

    @Test
    void a_plain_string_is_a_prefix() {
        assertThat(matches("src/main", "src/main/A.java")).isTrue();
        assertThat(matches("./src/main", "src/main/A.java")).isTrue();
        assertThat(matches("src/main", "lib/src/main/A.java")).isFalse();
        assertThat(matches("", "anything")).isTrue();
    }

    @Test
    void single_star_stays_in_one_directory_and_double_star_crosses() {
        assertThat(matches("src/*.java", "src/A.java")).isTrue();
        assertThat(matches("src/*.java", "src/a/A.java")).isFalse();
        assertThat(matches("src/**", "src/a/b/C.java")).isTrue();
        assertThat(matches("src/**/*.java", "src/A.java")).isTrue();
        assertThat(matches("src/**/*.java", "src/a/b/A.java")).isTrue();
        assertThat(matches("src/**/*.java", "lib/A.java")).isFalse();
        assertThat(matches("**/test/**", "a/test/b.py")).isTrue();
    }

    @Test
    void a_glob_without_slash_matches_the_file_name() {
        assertThat(matches("*.py", "lib/sub/x.py")).isTrue();
        assertThat(matches("*.py", "lib/sub/x.pyc")).isFalse();
        assertThat(matches("README*", "docs/README.md")).isTrue();
    }

    @Test
    void classes_alternatives_and_question_marks_work_and_regex_characters_are_literal() {
        assertThat(matches("src/[ab].go", "src/a.go")).isTrue();
        assertThat(matches("src/[!ab].go", "src/a.go")).isFalse();
        assertThat(matches("src/[!ab].go", "src/c.go")).isTrue();
        assertThat(matches("*.{ts,tsx}", "web/App.tsx")).isTrue();
        assertThat(matches("*.{ts,tsx}", "web/App.js")).isFalse();
        assertThat(matches("file?.txt", "file1.txt")).isTrue();
        assertThat(matches("a+b(c)/*", "a+b(c)/x")).isTrue();
        assertThat(matches("a+b(c)/*", "aab(c)/x")).isFalse();
    }

    private static final String[] GLOB_PIECES = {
        "*",
        "*",
        "**",
        "**/",
        "?",
        "/",
        "/",
        "a",
        "b",
        "c",
        "x",
        ".",
        "-",
        "é",
        "日",
        "+",
        "(",
        ")",
        "$",
        "\\",
        "{",
        "}",
        ",",
        "{a,b}",
        "{x,{y,z}}",
        "{,a}",
        "{}",
        "{a/,}",
        "[ab]",
        "[!a]",
        "[^.]",
        "[a-c]",
        "[]a]",
        "[",
        "]",
        "[-a]",
        "[a-]",
        "[!]",
        "[z-a]",
        "src/",
        "lib/",
        ".java",
        ".py",
        "./",
        "[/]",
        "[a-é]"
    };
    private static final String[] PATH_PIECES = {
        "a", "b", "c", "x", "y", "z", ".", "/", "/", "-", "é", "日", "+", "(", ")", "$", "\\", "{", "}", ",", "[", "]",
        "!", "^", "src/", "lib/", ".java", ".py", "A.java", "x.py"
    };

    /** Random globs and paths from the pieces the syntax cares about; fixed seed, so failures reproduce. */
    static Stream<Arguments> globsAndPaths() {
        Random random = new Random(23);
        List<Arguments> out = new ArrayList<>();
        for (int g = 0; g < 600; g++) {
            StringBuilder glob = new StringBuilder(random.nextInt(8) == 0 ? "./" : "");
            int n = 1 + random.nextInt(7);
            for (int i = 0; i < n; i++) {
                glob.append(GLOB_PIECES[random.nextInt(GLOB_PIECES.length)]);
            }
            List<String> paths = new ArrayList<>();
            for (int p = 0; p < 12; p++) {
                StringBuilder path = new StringBuilder(random.nextInt(10) == 0 ? "/" : "");
                int k = random.nextInt(9);
                for (int i = 0; i < k; i++) {
                    path.append(PATH_PIECES[random.nextInt(PATH_PIECES.length)]);
                }
                paths.add(path.toString());
            }
            // paths made from the glob itself with its glob characters filled in, so that many do match
            for (int p = 0; p < 8; p++) {
                paths.add(fill(glob.toString(), random));
            }
            out.add(Arguments.of(glob.toString(), paths));
        }
        return out.stream();
    }

    private static String fill(String glob, Random random) {
        StringBuilder sb = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> sb.append(PATH_PIECES[random.nextInt(PATH_PIECES.length)].repeat(random.nextInt(3)));
                case '?', '[', ']', '{', '}', ',' -> {
                    if (random.nextBoolean()) {
                        sb.append("abc-é/".charAt(random.nextInt(6)));
                    }
                }
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    @Test
    void the_random_cases_match_often_enough_to_mean_something() {
        int[] counts = new int[2];
        globsAndPaths().forEach(a -> {
            String glob = (String) a.get()[0];
            @SuppressWarnings("unchecked")
            List<String> paths = (List<String>) a.get()[1];
            for (String path : paths) {
                try {
                    counts[LegacyPathGlob.matches(glob, path) ? 1 : 0]++;
                } catch (IllegalArgumentException e) {
                    // a glob the old code refused
                }
            }
        });
        assertThat(counts[1]).isGreaterThan(500);
        assertThat(counts[0]).isGreaterThan(500);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("globsAndPaths")
    void agrees_with_the_old_regex_translation(String glob, List<String> paths) {
        // the two deliberate differences are tested below; the random pieces never make the second one
        boolean negatedLeadingDash = glob.contains("[!-") || glob.contains("[^-");
        Boolean legacyRefuses = null;
        for (String path : paths) {
            boolean expected;
            try {
                expected = LegacyPathGlob.matches(glob, path);
            } catch (IllegalArgumentException e) {
                legacyRefuses = true;
                continue;
            }
            if (!negatedLeadingDash) {
                assertThat(PathGlob.compile(glob).test(path))
                        .as("'%s' against '%s' (regex %s)", glob, path, LegacyPathGlob.toRegex(glob))
                        .isEqualTo(expected);
            }
        }
        if (legacyRefuses != null && !negatedLeadingDash) {
            assertThatThrownBy(() -> PathGlob.compile(glob)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void characters_are_code_points_as_they_were_for_the_regex() {
        for (String[] c : new String[][] {
            {"?.md", "\uD83D\uDE00.md"},
            {"[\uD83D\uDE00x].md", "\uD83D\uDE00.md"},
            {"??.md", "\uD83D\uDE00.md"},
            {"[a-\uD83D\uDE00]", "\uD83D\uDE01"},
            {"[a-\uD83D\uDE00]", "b"}
        }) {
            assertThat(matches(c[0], c[1])).as(c[0] + " " + c[1]).isEqualTo(LegacyPathGlob.matches(c[0], c[1]));
        }
        assertThat(matches("?.md", "\uD83D\uDE00.md")).isTrue();
    }

    @Test
    void differs_from_the_regex_only_where_the_regex_was_wrong() {
        // "[!-a]" became [^/-a], a range from '/' to 'a'; the dash is a literal as in "[-a]"
        assertThat(matches("[!-a]x", "-x")).isFalse();
        assertThat(matches("[!-a]x", "5x")).isTrue();
        assertThat(matches("[!-a]x", "/x")).isFalse();
        assertThat(matches("[!-+]", "+")).isFalse(); // the regex refused this glob
        // each char was quoted on its own, splitting a literal emoji's surrogate pair: it never matched
        assertThat(matches("\uD83D\uDE00*", "\uD83D\uDE00a")).isTrue();
        assertThat(LegacyPathGlob.matches("\uD83D\uDE00*", "\uD83D\uDE00a")).isFalse();
        // ".*" stopped at line terminators; "**" crosses everything
        assertThat(matches("src/**", "src/a\nb/C.java")).isTrue();
        assertThat(LegacyPathGlob.matches("src/**", "src/a\nb/C.java")).isFalse();
    }

    @Test
    void braces_nest_and_close_at_the_end() {
        assertThat(matches("src/{main,test/{java,kotlin}}/**", "src/test/kotlin/A.kt"))
                .isTrue();
        assertThat(matches("src/{main,test/{java,kotlin}}/**", "src/test/scala/A.kt"))
                .isFalse();
        assertThat(matches("*.{ts,tsx", "a/b.tsx")).isTrue();
        assertThat(matches("x{,y}z", "xz")).isTrue();
        assertThat(matches("x{}z", "xz")).isTrue();
        assertThat(matches("a}b,c", "a}b,c/d")).isTrue(); // no glob character: a prefix
        assertThat(matches("{".repeat(500) + "a" + "}".repeat(500), "a")).isTrue();
    }

    @Test
    void an_over_long_glob_is_refused_but_a_long_prefix_is_not() {
        String longGlob = "*" + "a".repeat(PathGlob.MAX_GLOB_LENGTH);
        assertThatThrownBy(() -> PathGlob.compile(longGlob))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than " + PathGlob.MAX_GLOB_LENGTH);
        assertThat(PathGlob.compile("*" + "a".repeat(PathGlob.MAX_GLOB_LENGTH - 1))
                        .test("aa" + "a".repeat(1022)))
                .isTrue();
        assertThat(matches("d/".repeat(2000), "d/".repeat(2000) + "x")).isTrue();
    }

    @Test
    void many_stars_against_long_paths_finish_quickly() {
        String name = "a".repeat(100_000);
        Predicate<String> stars = PathGlob.compile("*a*a*a*a*a*a*a*a*c");
        Predicate<String> globstars = PathGlob.compile("**/*a*a*a*a*a*a*a*a*a*a*c/**");
        Predicate<String> braces = PathGlob.compile("{a,aa,aaa}*{a,aa}*{a,aa}*{a,aa}*{a,aa}*{a,aa}*c");
        String widest = "{" + "*a,".repeat(100) + "*a}" + "*a".repeat(300) + "c";
        Predicate<String> widestGlob = PathGlob.compile(widest);
        String path = "x/" + "a".repeat(10_000);
        // A failure guard, not a benchmark: the backtracking regex this replaced took minutes here.
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertThat(stars.test("src/" + name)).isFalse();
            assertThat(stars.test("src/" + name + "c")).isTrue();
            assertThat(globstars.test("x/" + name + "/y")).isFalse();
            assertThat(globstars.test("x/" + name + "c/y")).isTrue();
            assertThat(braces.test(name)).isFalse();
            assertThat(braces.test(name + "c")).isTrue();
            assertThat(widestGlob.test(path)).isFalse();
            assertThat(widestGlob.test(path + "c")).isTrue();
        });
    }
}
