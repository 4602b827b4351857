package dev.coderag.ingest.history;

import static dev.coderag.ingest.history.HistoryFixture.commit;
import static dev.coderag.ingest.history.HistoryFixture.git;
import static dev.coderag.ingest.history.HistoryFixture.init;
import static dev.coderag.ingest.history.HistoryFixture.readAll;
import static dev.coderag.ingest.history.HistoryFixture.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.ingest.history.FileChange.Omission;
import dev.coderag.ingest.history.FileChange.Status;
import dev.coderag.types.HunkRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryReaderTest {
    private final HistoryReader reader = new HistoryReader(HistoryFixture.GIT);

    @Test
    void renames_are_followed_to_the_path_at_head_and_deleted_files_have_none(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        write(repo, "a.txt", "one\ntwo\nthree\nfour\nfive\nsix\n");
        write(repo, "gone.txt", "short-lived\n");
        String c1 = commit(repo, "add a and gone");
        write(repo, "a.txt", "one\nTWO\nthree\nfour\nfive\nsix\n");
        String c2 = commit(repo, "edit a");
        git(repo, "mv", "a.txt", "b.txt");
        write(repo, "b.txt", "one\nTWO\nthree\nfour\nfive\nsix\nseven\n");
        String c3 = commit(repo, "rename a to b with an edit");
        Files.delete(repo.resolve("gone.txt"));
        String c4 = commit(repo, "delete gone");
        Files.createDirectories(repo.resolve("dir"));
        git(repo, "mv", "b.txt", "dir/c.txt");
        write(repo, "gone.txt", "a new file of the old name\n");
        String c5 = commit(repo, "move b to dir/c, a new gone");

        List<CommitDiff> read = readAll(reader, repo, HistoryRange.newest(100));

        assertThat(read).extracting(d -> d.commit().sha()).containsExactly(c5, c4, c3, c2, c1);
        assertThat(change(read, c5, "dir/c.txt")).satisfies(f -> {
            assertThat(f.status()).isEqualTo(Status.RENAMED);
            assertThat(f.oldPath()).isEqualTo("b.txt");
            assertThat(f.headPath()).isEqualTo("dir/c.txt");
            assertThat(f.hunks()).isEmpty();
        });
        assertThat(change(read, c5, "gone.txt").status()).isEqualTo(Status.ADDED);
        assertThat(change(read, c5, "gone.txt").headPath()).isEqualTo("gone.txt");
        assertThat(change(read, c4, "gone.txt")).satisfies(f -> {
            assertThat(f.status()).isEqualTo(Status.DELETED);
            assertThat(f.headPath()).isEmpty();
            assertThat(f.hunks()).containsExactly(new HunkRange(1, 1, 0, 0));
        });
        assertThat(change(read, c3, "b.txt")).satisfies(f -> {
            assertThat(f.status()).isEqualTo(Status.RENAMED);
            assertThat(f.oldPath()).isEqualTo("a.txt");
            assertThat(f.headPath()).isEqualTo("dir/c.txt");
            assertThat(f.hunks()).containsExactly(new HunkRange(6, 0, 7, 1));
            assertThat(f.diff()).isEqualTo("@@ -6,0 +7 @@ six\n+seven");
        });
        assertThat(change(read, c2, "a.txt").headPath()).isEqualTo("dir/c.txt");
        assertThat(change(read, c2, "a.txt").status()).isEqualTo(Status.MODIFIED);
        assertThat(change(read, c1, "a.txt").headPath()).isEqualTo("dir/c.txt");
        assertThat(change(read, c1, "a.txt").status()).isEqualTo(Status.ADDED);
        assertThat(change(read, c1, "gone.txt").headPath())
                .as("the first gone.txt was deleted; the one at HEAD is another file")
                .isEmpty();
        assertThat(read.get(4).commit().parents()).isEmpty();
        assertThat(read.get(0).commit().parents()).containsExactly(c4);
    }

    @Test
    void a_name_freed_by_a_rename_and_taken_by_a_new_file_leads_each_to_its_own_head(@TempDir Path tmp)
            throws IOException {
        Path repo = init(tmp.resolve("r"));
        write(repo, "x.txt", "the x file has several lines\nso that rename detection\nfinds it again\n");
        String c1 = commit(repo, "x");
        git(repo, "mv", "x.txt", "y.txt");
        String c2 = commit(repo, "x becomes y");
        write(repo, "x.txt", "another file under the old name\n");
        String c3 = commit(repo, "a new x");

        List<CommitDiff> read = readAll(reader, repo, HistoryRange.newest(10));

        assertThat(change(read, c1, "x.txt").headPath()).isEqualTo("y.txt");
        assertThat(change(read, c2, "y.txt").headPath()).isEqualTo("y.txt");
        assertThat(change(read, c3, "x.txt").headPath()).isEqualTo("x.txt");
    }

    @Test
    void a_binary_file_is_summarised_without_text_or_hunks(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        Files.write(repo.resolve("image.bin"), new byte[] {1, 0, 2, 0, 3, (byte) 0xff, 0, 10, 0});
        String c1 = commit(repo, "binary");

        FileChange f = change(readAll(reader, repo, HistoryRange.newest(10)), c1, "image.bin");

        assertThat(f.omitted()).isEqualTo(Omission.BINARY);
        assertThat(f.status()).isEqualTo(Status.ADDED);
        assertThat(f.diff()).isEmpty();
        assertThat(f.hunks()).isEmpty();
    }

    @Test
    void vendored_and_generated_files_are_summarised_but_keep_their_hunks(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        write(repo, "vendor/lib/x.go", "package x\n");
        write(repo, "web/package-lock.json", "{}\n");
        write(repo, "src/api.pb.go", "package api\n");
        write(repo, "src/main.go", "package main\n");
        String c1 = commit(repo, "mixed");

        List<CommitDiff> read = readAll(reader, repo, HistoryRange.newest(10));

        assertThat(change(read, c1, "vendor/lib/x.go").omitted()).isEqualTo(Omission.VENDORED);
        assertThat(change(read, c1, "web/package-lock.json").omitted()).isEqualTo(Omission.GENERATED);
        assertThat(change(read, c1, "src/api.pb.go").omitted()).isEqualTo(Omission.GENERATED);
        assertThat(change(read, c1, "src/api.pb.go").diff()).isEmpty();
        assertThat(change(read, c1, "src/api.pb.go").hunks()).containsExactly(new HunkRange(0, 0, 1, 1));
        assertThat(change(read, c1, "src/main.go").omitted()).isEqualTo(Omission.NONE);
        assertThat(change(read, c1, "src/main.go").diff()).isEqualTo("@@ -0,0 +1 @@\n+package main");
    }

    @Test
    void names_touched_and_introduced_are_whole_words_of_the_changed_lines(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        write(repo, "m.py", "def alpha():\n    return 1\n\ndef beta():\n    return 2\n");
        String c1 = commit(repo, "alpha and beta");
        write(
                repo,
                "m.py",
                "def alpha():\n    return alphabet\n\ndef beta():\n    return 3\n\ndef gamma():\n    pass\n");
        String c2 = commit(repo, "gamma, beta changed");
        git(repo, "mv", "m.py", "n.py");
        write(
                repo,
                "n.py",
                "def alpha():\n    return alphabet\n\ndef beta():\n    return gamma()\n\ndef gamma():\n    pass\n");
        String c3 = commit(repo, "rename, beta calls gamma");
        Map<String, Set<String>> defined = Map.of("n.py", Set.of("alpha", "beta", "gamma"));
        List<String> asked = new ArrayList<>();
        List<CommitDiff> read = new ArrayList<>();

        HistoryRead result = reader.read(
                repo,
                HistoryRange.newest(10),
                p -> {
                    asked.add(p);
                    return defined.getOrDefault(p, Set.of());
                },
                read::add);

        assertThat(result.complete()).isTrue();
        assertThat(asked).as("names come from the path at HEAD, once").containsExactly("n.py");
        FileChange first = change(read, c1, "m.py");
        assertThat(first.touchedNames()).containsExactlyInAnyOrder("alpha", "beta");
        assertThat(first.introducedNames()).containsExactlyInAnyOrder("alpha", "beta");
        FileChange second = change(read, c2, "m.py");
        assertThat(second.touchedNames()).as("alphabet is not alpha").containsExactly("gamma");
        assertThat(second.introducedNames()).containsExactly("gamma");
        FileChange third = change(read, c3, "n.py");
        assertThat(third.touchedNames())
                .as("-    return 3 / +    return gamma()")
                .containsExactly("gamma");
        assertThat(third.introducedNames()).containsExactly("gamma");
    }

    @Test
    void a_read_after_an_indexed_commit_gets_only_the_newer_ones_and_a_rewrite_is_detected(@TempDir Path tmp)
            throws IOException {
        Path repo = init(tmp.resolve("r"));
        write(repo, "f.txt", "1\n");
        commit(repo, "one");
        write(repo, "f.txt", "2\n");
        String indexed = commit(repo, "two");
        assertThat(reader.head(repo)).contains(indexed);
        write(repo, "f.txt", "3\n");
        String c3 = commit(repo, "three");
        write(repo, "f.txt", "4\n");
        String c4 = commit(repo, "four");

        assertThat(reader.isAncestor(repo, indexed)).isTrue();
        List<CommitDiff> newer = readAll(reader, repo, HistoryRange.newest(100).withAfterSha(indexed));
        assertThat(newer).extracting(d -> d.commit().sha()).containsExactly(c4, c3);

        git(repo, "reset", "-q", "--hard", "HEAD~3");
        write(repo, "f.txt", "rewritten\n");
        String rewritten = commit(repo, "history rewritten");
        assertThat(reader.head(repo)).contains(rewritten);
        assertThat(reader.isAncestor(repo, indexed))
                .as("a force-push dropped it")
                .isFalse();
        assertThat(reader.isAncestor(repo, "0".repeat(40))).isFalse();
        assertThat(reader.isAncestor(repo, "--all")).isFalse();
    }

    @Test
    void since_a_date_reads_only_newer_commits(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        for (int i = 1; i <= 4; i++) {
            write(repo, "f.txt", i + "\n");
            git(repo, Map.of("GIT_COMMITTER_DATE", (1_600_000_000 + i * 86_400) + " +0000"), null, "add", "-A");
            git(
                    repo,
                    Map.of(
                            "GIT_COMMITTER_DATE", (1_600_000_000 + i * 86_400) + " +0000",
                            "GIT_AUTHOR_DATE", (1_600_000_000 + i * 86_400) + " +0000"),
                    null,
                    "commit",
                    "-q",
                    "-m",
                    "day " + i);
        }

        List<CommitDiff> read = readAll(
                reader, repo, HistoryRange.newest(100).withSince(Instant.ofEpochSecond(1_600_000_000 + 3 * 86_400)));

        assertThat(read).extracting(d -> d.commit().subject()).containsExactly("day 4", "day 3");
        assertThat(read.get(0).commit().epochSeconds()).isEqualTo(1_600_000_000 + 4 * 86_400);
        assertThat(read.get(0).commit().author()).isEqualTo("Test");
    }

    @Test
    void max_commits_and_files_per_commit_bound_the_read(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        for (int i = 0; i < 25; i++) {
            write(repo, "many/f" + i + ".txt", "x\n");
        }
        commit(repo, "25 files");
        write(repo, "g.txt", "g\n");
        commit(repo, "one more");
        HistoryReader small = new HistoryReader(HistoryFixture.GIT, HistoryBounds.DEFAULT.withMaxFilesPerCommit(10));

        List<CommitDiff> read = readAll(small, repo, HistoryRange.newest(5));

        assertThat(read).hasSize(2);
        assertThat(read.get(1).files()).hasSize(10);
        assertThat(read.get(1).filesOmitted()).isEqualTo(15);
        assertThat(readAll(small, repo, HistoryRange.newest(1))).hasSize(1);
    }

    @Test
    void a_failing_consumer_or_name_lookup_stops_git_and_its_exception_reaches_the_caller(@TempDir Path tmp)
            throws IOException {
        Path repo = init(tmp.resolve("r"));
        for (int i = 0; i < 3; i++) {
            write(repo, "f.txt", i + "\n");
            commit(repo, "c" + i);
        }

        assertThatThrownBy(() -> reader.read(repo, HistoryRange.newest(10), p -> Set.of(), d -> {
                    throw new IllegalStateException("consumer broke");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("consumer broke");
        assertThatThrownBy(() -> reader.read(
                        repo,
                        HistoryRange.newest(10),
                        p -> {
                            throw new IllegalArgumentException("names broke");
                        },
                        d -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("names broke");
    }

    @Test
    void a_directory_that_is_no_repository_fails_with_one_line(@TempDir Path tmp) throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));

        HistoryRead read = reader.read(plain, HistoryRange.newest(10), p -> Set.of(), d -> {});

        assertThat(read.ending()).isEqualTo(HistoryRead.Ending.GIT_FAILED);
        assertThat(read.commits()).isZero();
        assertThat(read.message()).startsWith("git log failed: ").doesNotContain("\n");
        assertThat(reader.head(plain)).isEmpty();
    }

    static FileChange change(List<CommitDiff> read, String sha, String path) {
        return read.stream()
                .filter(d -> d.commit().sha().equals(sha))
                .flatMap(d -> d.files().stream())
                .filter(f -> f.path().equals(path))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no change of " + path + " in " + sha));
    }
}
