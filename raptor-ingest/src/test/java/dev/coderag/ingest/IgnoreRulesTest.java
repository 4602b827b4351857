package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.coderag.ingest.IgnoreRules.Match;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class IgnoreRulesTest {

    @Test
    void unanchored_pattern_matches_the_name_at_any_depth() {
        IgnoreRules r = IgnoreRules.parse("", "*.log\n");
        assertThat(r.match("a.log", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("x/y/a.log", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("a.logx", false)).isEqualTo(Match.NONE);
    }

    @Test
    void leading_or_inner_slash_anchors_to_the_ignore_files_directory() {
        IgnoreRules r = IgnoreRules.parse("", "/out\ndoc/gen\n");
        assertThat(r.match("out", true)).isEqualTo(Match.IGNORED);
        assertThat(r.match("src/out", true)).isEqualTo(Match.NONE);
        assertThat(r.match("doc/gen", true)).isEqualTo(Match.IGNORED);
        assertThat(r.match("x/doc/gen", true)).isEqualTo(Match.NONE);
    }

    @Test
    void trailing_slash_matches_directories_only() {
        IgnoreRules r = IgnoreRules.parse("", "cache/\n");
        assertThat(r.match("a/cache", true)).isEqualTo(Match.IGNORED);
        assertThat(r.match("a/cache", false)).isEqualTo(Match.NONE);
    }

    @Test
    void last_matching_rule_wins_and_negation_re_includes() {
        IgnoreRules r = IgnoreRules.parse("", "*.txt\n!keep.txt\n");
        assertThat(r.match("a.txt", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("d/keep.txt", false)).isEqualTo(Match.INCLUDED);
    }

    @Test
    void double_star_matches_zero_or_more_directories() {
        IgnoreRules r = IgnoreRules.parse("", "**/gen/*.java\na/**/b\nlogs/**\n");
        assertThat(r.match("gen/X.java", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("p/q/gen/X.java", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("p/gen/sub/X.java", false)).isEqualTo(Match.NONE);
        assertThat(r.match("a/b", true)).isEqualTo(Match.IGNORED);
        assertThat(r.match("a/x/y/b", true)).isEqualTo(Match.IGNORED);
        assertThat(r.match("logs/today/x", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("logs", true)).isEqualTo(Match.NONE);
    }

    @Test
    void rules_of_a_nested_file_apply_only_below_it() {
        IgnoreRules r = IgnoreRules.parse("sub/dir", "/local.txt\n*.tmp\n");
        assertThat(r.match("sub/dir/local.txt", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("sub/dir/deeper/local.txt", false)).isEqualTo(Match.NONE);
        assertThat(r.match("sub/dir/deeper/x.tmp", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("local.txt", false)).isEqualTo(Match.NONE);
        assertThat(r.match("sub/dirx/a.tmp", false)).isEqualTo(Match.NONE);
    }

    @Test
    void comments_blank_lines_escapes_and_classes_follow_gitignore() {
        IgnoreRules r = IgnoreRules.parse("", "# comment\n\n\\#hash\n\\!bang\nfile[0-9].c\nx?.h\ntrailing   \n");
        assertThat(r.match("#hash", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("!bang", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("file7.c", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("filex.c", false)).isEqualTo(Match.NONE);
        assertThat(r.match("xy.h", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("trailing", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("comment", false)).isEqualTo(Match.NONE);
    }

    @Test
    void a_hostile_pattern_against_a_long_name_does_not_backtrack() {
        IgnoreRules r = IgnoreRules.parse("", "*a*a*a*a*a*a*a*a*a*c\n/deep/**/*a*a*a*a*a*a*a*a*a*c\n");
        String name = "a".repeat(10_000);
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            assertThat(r.match("src/" + name, false)).isEqualTo(Match.NONE);
            assertThat(r.match("deep/x/" + name, false)).isEqualTo(Match.NONE);
            assertThat(r.match("deep/x/" + name + "c", false)).isEqualTo(Match.IGNORED);
        });
    }

    @Test
    void classes_follow_git_including_negation_with_caret_and_posix_names() {
        IgnoreRules r = IgnoreRules.parse("", "[^a-c]x\n[[:digit:]]*.bin\nodd[]]\n");
        assertThat(r.match("dx", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("bx", false)).isEqualTo(Match.NONE);
        assertThat(r.match("7.bin", false)).isEqualTo(Match.IGNORED);
        assertThat(r.match("x.bin", false)).isEqualTo(Match.NONE);
        assertThat(r.match("odd]", false)).isEqualTo(Match.IGNORED);
    }
}
