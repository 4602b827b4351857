package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RepoSourcesTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://github.com/owner/repo.git",
                "ssh://git@example.com:2222/owner/repo.git",
                "git@github.com:owner/repo.git",
                "file:///srv/repo.git",
                "http://example.com/repo.git",
                "ext::sh -c x",
                "fd::17"
            })
    void urls_transports_and_scp_forms_are_git_urls_even_the_ones_later_refused(String source) {
        assertThat(RepoSources.isGitUrl(source)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"some/dir", "/abs/dir", ".", "", "C:\\work\\repo", "dir with:colon", "@host:x", "-x"})
    void everything_else_is_a_path(String source) {
        assertThat(RepoSources.isGitUrl(source)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "repo", "my-repo.v2_final", "0", "A1.-_"})
    void names_of_letters_digits_dot_underscore_and_dash_starting_alphanumeric_are_valid(String name) {
        assertThat(RepoSources.isValidName(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".hidden", "-opt", "_x", "a b", "a/b", "..", "a\nb", "é", "repo\u0000", "a:b"})
    void other_names_are_invalid(String name) {
        assertThat(RepoSources.isValidName(name)).isFalse();
    }

    @Test
    void a_name_may_have_at_most_100_characters() {
        assertThat(RepoSources.isValidName("a".repeat(100))).isTrue();
        assertThat(RepoSources.isValidName("a".repeat(101))).isFalse();
    }

    @Test
    void the_default_name_of_a_url_is_its_last_path_segment_without_dot_git() {
        assertThat(RepoSources.defaultName("https://github.com/owner/repo.git")).contains("repo");
        assertThat(RepoSources.defaultName("https://github.com/owner/repo/")).contains("repo");
        assertThat(RepoSources.defaultName("git@github.com:owner/other.git")).contains("other");
        assertThat(RepoSources.defaultName("git@github.com:solo.git")).contains("solo");
        assertThat(RepoSources.defaultName("file:///srv/x/lib.git")).contains("lib");
        assertThat(RepoSources.defaultName("https://host/a/we%20ird.git")).contains("we-ird");
    }

    @Test
    void the_default_name_of_a_path_is_its_last_segment_as_written() {
        assertThat(RepoSources.defaultName("/srv/code/tinyroute")).contains("tinyroute");
        assertThat(RepoSources.defaultName("rel/dir/")).contains("dir");
        assertThat(RepoSources.defaultName(Path.of("/srv/code/my repo"))).contains("my-repo");
    }

    @Test
    void default_names_replace_invalid_characters_and_drop_leading_punctuation() {
        assertThat(RepoSources.defaultName("/srv/.config")).contains("config");
        assertThat(RepoSources.defaultName("/srv/Café (copy)")).contains("Caf---copy-");
        assertThat(RepoSources.defaultName("https://host/o/__init__.git")).contains("init__");
    }

    @Test
    void sources_that_leave_no_name_have_no_default_name() {
        assertThat(RepoSources.defaultName("/")).isEmpty();
        assertThat(RepoSources.defaultName(".")).isEmpty();
        assertThat(RepoSources.defaultName("https://host/")).isEmpty();
        assertThat(RepoSources.defaultName("https://host/o/.git")).isEmpty();
        assertThat(RepoSources.defaultName("/srv/...")).isEmpty();
        assertThat(RepoSources.defaultName("/srv/ééé")).isEmpty();
        assertThat(RepoSources.defaultName("/srv/a\u0000b")).isEmpty(); // not a valid path
    }

    @Test
    void a_present_default_name_is_always_valid_and_long_ones_are_cut_to_100() {
        String longName = "x".repeat(5_000);

        assertThat(RepoSources.defaultName("/srv/" + longName)).contains("x".repeat(100));
        assertThat(RepoSources.defaultName("https://host/o/" + longName + ".git"))
                .contains("x".repeat(100));
        for (String source : new String[] {"/srv/Café (copy)", "git@h:o/-x.git", "/srv/x" + "é".repeat(300)}) {
            assertThat(RepoSources.defaultName(source)).hasValueSatisfying(n -> assertThat(RepoSources.isValidName(n))
                    .isTrue());
        }
    }

    @Test
    void redaction_replaces_what_the_user_info_regex_replaced() {
        // the regex redact used to run: the oracle on random texts of the characters it cares about
        Pattern userInfo = Pattern.compile("([A-Za-z][A-Za-z0-9+.\\-]*://)[^/\\s]*@");
        String[] pieces = {
            "a", "B", "9", "+", ".", "-", ":", "/", "//", "://", "@", " ", "\t", "x:y@", "https", "é", "_"
        };
        Random random = new Random(7);
        int redacted = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int n = 1 + random.nextInt(12); n > 0; n--) {
                sb.append(pieces[random.nextInt(pieces.length)]);
            }
            String text = sb.toString();
            String expected = userInfo.matcher(text).replaceAll("$1***@");
            assertThat(RepoSources.withoutUserInfo(text)).as(text).isEqualTo(expected);
            redacted += expected.equals(text) ? 0 : 1;
        }
        assertThat(redacted).isGreaterThan(200); // the texts do exercise it (273 of 20,000 with this seed)
    }

    @Test
    void hostile_megabyte_inputs_are_answered_quickly() {
        String mega = "a".repeat(1 << 20);
        String[] hostile = {
            mega, mega + "@" + mega, mega + "@" + mega + ":", "a://" + mega, mega + "::", "git@h:" + mega, "/" + mega
        };
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (String s : hostile) {
                RepoSources.isGitUrl(s);
                RepoSources.isValidName(s);
                RepoSources.defaultName(s);
                RepoSources.redact(s);
            }
        });
        assertThat(RepoSources.isValidName(mega)).isFalse();
        assertThat(RepoSources.defaultName("git@h:" + mega)).contains("a".repeat(100));
    }

    @Test
    void null_is_refused() {
        assertThatThrownBy(() -> RepoSources.isGitUrl(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> RepoSources.isValidName(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> RepoSources.defaultName((String) null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void a_recorded_directory_is_the_same_only_while_its_real_path_is_itself(@TempDir Path tmp) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("repo")).toRealPath();
        assertThat(RepoSources.isSameDirectory(dir.toString())).isTrue();
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.delete(dir);
        Files.createSymbolicLink(dir, elsewhere); // swapped for a link after it was added
        assertThat(RepoSources.isSameDirectory(dir.toString())).isFalse();
        assertThat(RepoSources.isSameDirectory(tmp.resolve("gone").toString())).isFalse();
        assertThat(RepoSources.isSameDirectory("relative/path")).isFalse();
    }
}
