package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GitSourceTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ext::sh -c touch% /tmp/pwned",
                "ext::sh",
                "fd::17",
                "--upload-pack=touch /tmp/pwned",
                "-x",
                "https://example.com/a b.git",
                "https://example.com/repo\n.git",
                "http://example.com/repo.git",
                "git://example.com/repo.git",
                "ssh://-oProxyCommand=evil/repo",
                "https://",
                "git@host:-oProxyCommand=x"
            })
    void dangerous_or_unsupported_urls_are_refused_with_a_one_line_reason(String url) {
        assertThatThrownBy(() -> GitSource.validateUrl(url, true)).isInstanceOfSatisfying(IngestException.class, e -> {
            assertThat(e.reason()).isEqualTo(IngestException.Reason.BAD_SOURCE);
            assertThat(e.getMessage()).doesNotContain("\n");
        });
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://github.com/owner/repo.git",
                "https://github.com/owner/repo",
                "ssh://git@example.com:2222/owner/repo.git",
                "git@github.com:owner/repo.git"
            })
    void plain_remotes_are_accepted(String url) {
        assertThat(RepoSources.isGitUrl(url)).isTrue();
        assertThat(GitSource.validateUrl(url, false)).isEqualTo(url);
    }

    @Test
    void a_work_trees_own_config_cannot_start_an_fsmonitor_program() throws IOException {
        Path work = GitFixture.init(tmp.resolve("work"));
        GitFixture.write(work, "a.txt", "one\n");
        String sha = GitFixture.commit(work, "first");
        Path marker = tmp.resolve("fsmonitor-ran");
        // a repository config that would run a program on every status (what safe.directory guards against)
        Path hook = tmp.resolve("hook.sh");
        java.nio.file.Files.writeString(hook, "#!/bin/sh\ntouch '" + marker + "'\n");
        hook.toFile().setExecutable(true);
        GitFixture.git(work, "config", "core.fsmonitor", hook.toString());
        GitFixture.write(work, "a.txt", "two\n");

        assertThat(GitSource.headCommit(work)).contains(sha + GitSource.DIRTY_SUFFIX);
        assertThat(GitSource.changedSince(work, sha))
                .hasValueSatisfying(c -> assertThat(c).contains("a.txt"));
        assertThat(marker).doesNotExist();
    }

    @Test
    void a_work_tree_owned_by_another_user_is_read_without_a_global_safe_directory() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")), "needs root to give the tree to another user");
        Path work = GitFixture.init(tmp.resolve("theirs"));
        GitFixture.write(work, "a.txt", "one\n");
        String sha = GitFixture.commit(work, "first");
        Process chown = new ProcessBuilder("chown", "-R", "12345:12345", work.toString())
                .inheritIO()
                .start();
        try {
            assertThat(chown.waitFor()).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        // plain git refuses it ("dubious ownership"): the control
        assertThatThrownBy(() -> GitFixture.git(work, "rev-parse", "HEAD")).hasMessageContaining("dubious ownership");
        assertThat(GitSource.headCommit(work)).contains(sha);
    }

    @Test
    void file_urls_need_explicit_permission() {
        assertThatThrownBy(() -> GitSource.validateUrl("file:///srv/repo.git", false))
                .isInstanceOfSatisfying(
                        IngestException.class, e -> assertThat(e.reason()).isEqualTo(IngestException.Reason.BAD_SOURCE))
                .hasMessageContaining("file://");
        assertThat(GitSource.validateUrl("file:///srv/repo.git", true)).isEqualTo("file:///srv/repo.git");
    }

    @Test
    void credentials_in_urls_are_not_repeated_in_messages() {
        assertThat(GitSource.redact("https://user:token@example.com/r.git")).isEqualTo("https://***@example.com/r.git");
    }

    @Test
    void branch_names_that_look_like_options_are_refused() {
        assertThatThrownBy(() -> GitSource.validateBranch("--upload-pack=x")).isInstanceOf(IngestException.class);
        assertThatThrownBy(() -> GitSource.validateBranch("a b")).isInstanceOf(IngestException.class);
        assertThat(GitSource.validateBranch("release/1.2")).isEqualTo("release/1.2");
    }

    @Test
    void a_local_bare_repo_is_cloned_shallowly_over_file_url_and_updated_on_reingest() throws IOException {
        Path work = GitFixture.init(tmp.resolve("work"));
        GitFixture.write(work, "A.java", "class A {}\n");
        String first = GitFixture.commit(work, "first");
        Path bare = tmp.resolve("origin.git");
        GitFixture.git(tmp, "clone", "--bare", "-q", work.toString(), bare.toString());
        String url = bare.toUri().toString(); // file:///…

        Path clone = tmp.resolve("clones/origin");
        GitSource.cloneOrUpdate(url, Optional.empty(), clone, true);

        assertThat(clone.resolve("A.java")).hasContent("class A {}");
        assertThat(GitSource.headCommit(clone)).contains(first);
        assertThat(GitFixture.git(clone, "rev-parse", "--is-shallow-repository").strip())
                .isEqualTo("true");

        GitFixture.write(work, "B.java", "class B {}\n");
        String second = GitFixture.commit(work, "second");
        GitFixture.git(work, "push", "-q", bare.toString(), "HEAD:" + GitFixture.branch(work));

        GitSource.cloneOrUpdate(url, Optional.empty(), clone, true);

        assertThat(clone.resolve("B.java")).exists();
        assertThat(GitSource.headCommit(clone)).contains(second);
        assertThat(GitSource.changedSince(clone, first)).contains(java.util.Set.of("B.java"));
    }

    @Test
    void a_failing_clone_reports_git_reason_in_one_line() {
        Path clone = tmp.resolve("clones/missing");
        String url = tmp.resolve("does-not-exist.git").toUri().toString();
        assertThatThrownBy(() -> GitSource.cloneOrUpdate(url, Optional.empty(), clone, true))
                .isInstanceOfSatisfying(IngestException.class, e -> {
                    assertThat(e.reason()).isEqualTo(IngestException.Reason.CLONE_FAILED);
                    assertThat(e.getMessage()).startsWith("git clone of ").doesNotContain("\n");
                });
    }

    @Test
    void git_itself_refuses_file_transport_when_not_allowed() throws IOException {
        Path work = GitFixture.init(tmp.resolve("w"));
        GitFixture.write(work, "A.java", "class A {}\n");
        GitFixture.commit(work, "c");
        Path clone = tmp.resolve("clones/w");
        assertThatThrownBy(() -> GitSource.cloneOrUpdate(work.toUri().toString(), Optional.empty(), clone, false))
                .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                        .isEqualTo(IngestException.Reason.CLONE_FAILED));
    }

    @Test
    void dirty_work_trees_are_recorded_with_a_suffix_and_disable_the_fast_path() throws IOException {
        Path work = GitFixture.init(tmp.resolve("d"));
        GitFixture.write(work, "A.java", "class A {}\n");
        String sha = GitFixture.commit(work, "c");
        assertThat(GitSource.headCommit(work)).contains(sha);

        GitFixture.write(work, "A.java", "class A { int x; }\n");
        GitFixture.write(work, "New.java", "class N {}\n");

        assertThat(GitSource.headCommit(work)).contains(sha + GitSource.DIRTY_SUFFIX);
        assertThat(GitSource.changedSince(work, sha)).contains(java.util.Set.of("A.java", "New.java"));
        assertThat(GitSource.changedSince(work, sha + GitSource.DIRTY_SUFFIX)).isEmpty();
        assertThat(GitSource.changedSince(work, "0".repeat(40))).isEmpty();
        assertThat(GitSource.headCommit(work.resolve("sub-that-is-not-top"))).isEmpty();
    }
}
