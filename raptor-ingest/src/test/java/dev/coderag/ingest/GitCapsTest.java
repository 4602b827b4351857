package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What bounds a clone besides bytes and time: the number of files of the commit checked out, counted before
 * anything is checked out, and the memory git's output may take. Real git on real local repositories.
 */
class GitCapsTest {
    @TempDir
    Path tmp;

    private static GitPolicy isolatedOverFile() {
        return GitPolicy.network().withProtocols(Set.of("file"));
    }

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        return env;
    }

    private Path repoWithFiles(String name, int files) throws IOException {
        Path work = GitFixture.init(tmp.resolve(name));
        for (int i = 0; i < files; i++) {
            GitFixture.write(work, "d" + (i % 3) + "/f" + i + ".txt", ""); // empty: no byte cap sees them
        }
        GitFixture.commit(work, "files");
        return work;
    }

    @Test
    void a_commit_with_more_files_than_the_cap_is_refused_before_checkout_and_the_clone_deleted() throws IOException {
        String url = repoWithFiles("many", 12).toUri().toString();
        Path clone = tmp.resolve("clones/many");
        GitPolicy capped = isolatedOverFile().withMaxTreeEntries(10);

        assertThatThrownBy(() -> GitSource.cloneOrUpdate(url, Optional.empty(), clone, true, capped, environment()))
                .isInstanceOfSatisfying(IngestException.class, e -> {
                    assertThat(e.reason()).isEqualTo(IngestException.Reason.CLONE_FAILED);
                    assertThat(e.getMessage()).contains("more than 10 files").doesNotContain("\n");
                });
        assertThat(clone).doesNotExist();

        GitSource.cloneOrUpdate(url, Optional.empty(), clone, true, capped.withMaxTreeEntries(12), environment());
        assertThat(clone.resolve("d2/f11.txt")).exists();
    }

    @Test
    void an_update_to_a_commit_over_the_cap_is_refused_and_the_work_tree_keeps_the_last_commit() throws IOException {
        Path work = repoWithFiles("growing", 5);
        String url = work.toUri().toString();
        Path clone = tmp.resolve("clones/growing");
        GitPolicy capped = isolatedOverFile().withMaxTreeEntries(6);
        GitSource.cloneOrUpdate(url, Optional.empty(), clone, true, capped, environment());

        GitFixture.write(work, "x/one.txt", "");
        GitFixture.write(work, "x/two.txt", "");
        GitFixture.commit(work, "two more");
        assertThatThrownBy(() -> GitSource.cloneOrUpdate(url, Optional.empty(), clone, true, capped, environment()))
                .isInstanceOfSatisfying(
                        IngestException.class, e -> assertThat(e.getMessage()).contains("more than 6 files"));
        assertThat(clone.resolve("d0/f0.txt")).exists();
        assertThat(clone.resolve("x")).doesNotExist();
    }

    @Test
    void a_commands_output_is_kept_to_its_last_bytes_however_much_git_prints() throws IOException {
        Path work = repoWithFiles("listing", 300);
        GitProcess git = new GitProcess(false, GitPolicy.LOCAL, environment());

        GitSource.Result r = git.run(work, Duration.ofSeconds(60), null, 1000, "ls-files");

        assertThat(r.ok()).isTrue();
        assertThat(r.truncated()).isTrue();
        assertThat(r.out().getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(1000);
        String all = GitFixture.git(work, "ls-files");
        assertThat(all.length()).isGreaterThan(3000);
        assertThat(all).endsWith(r.out()); // the end, where git's error would be
        assertThat(git.run(work, Duration.ofSeconds(60), null, "ls-files").truncated())
                .isFalse();
    }

    @Test
    void the_tail_holds_at_most_its_limit_whatever_the_chunk_sizes() {
        Output.Tail tail = new Output.Tail(100);
        byte[] chunk = new byte[37];
        for (int i = 0; i < 10_000; i++) {
            Arrays.fill(chunk, (byte) ('a' + i % 26));
            tail.accept(chunk, i % 2 == 0 ? chunk.length : 5);
        }
        tail.accept("the end".getBytes(StandardCharsets.UTF_8), 7);
        assertThat(tail.text()).hasSize(100).endsWith("the end");
        assertThat(tail.truncated()).isTrue();
        byte[] big = new byte[1000];
        Arrays.fill(big, (byte) 'z');
        tail.accept(big, big.length);
        assertThat(tail.text()).isEqualTo("z".repeat(100));
    }

    @Test
    void counting_entries_stops_git_at_the_cap() throws IOException {
        Path work = repoWithFiles("counted", 50);
        GitProcess git = new GitProcess(false, GitPolicy.LOCAL, environment());
        assertThat(git.countEntries(work, Duration.ofSeconds(60), 1000, "ls-tree", "-r", "-z", "--name-only", "HEAD"))
                .hasValue(50);
        assertThat(git.countEntries(work, Duration.ofSeconds(60), 7, "ls-tree", "-r", "-z", "--name-only", "HEAD"))
                .hasValue(8);
        assertThat(Files.exists(work)).isTrue();
    }
}
