package dev.coderag.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

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
}
