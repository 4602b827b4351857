package dev.coderag.ingest.history;

import static dev.coderag.ingest.history.HistoryFixture.commit;
import static dev.coderag.ingest.history.HistoryFixture.git;
import static dev.coderag.ingest.history.HistoryFixture.init;
import static dev.coderag.ingest.history.HistoryFixture.readAll;
import static dev.coderag.ingest.history.HistoryFixture.write;
import static dev.coderag.ingest.history.HistoryReaderTest.change;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.ingest.history.FileChange.Omission;
import dev.coderag.types.HunkRange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Histories made to break a reader: messages and names that fake the format, huge diffs, many commits. */
class HostileHistoryTest {
    private final HistoryReader reader = new HistoryReader(HistoryFixture.GIT);

    private static final String FAKE = "diff --git a/evil b/evil\n@@ -1 +1 @@\n+fake added line\ncommit "
            + "a".repeat(40) + "\n"
            + "0123\n<script>alert(1)</script> &amp;\n";

    @Test
    void a_message_faking_headers_with_control_characters_and_a_nul_stays_a_message(@TempDir Path tmp)
            throws IOException {
        Path repo = init(tmp.resolve("r"));
        write(repo, "real.txt", "real\n");
        commit(repo, "first");
        write(repo, "real.txt", "real\nchanged\n");
        Path msg = tmp.resolve("msg");
        Files.writeString(msg, "subject \u001b[31mred\u0007 \u202eevil\r\n\n" + FAKE + "\ttabbed\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "--cleanup=verbatim", "-F", msg.toString());
        String tree = git(repo, "rev-parse", "HEAD^{tree}").strip();
        String parent = HistoryFixture.head(repo);
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        raw.writeBytes(("tree " + tree + "\nparent " + parent + "\n"
                        + "author Ev\u001bil \u0007Name <e@x> 1700000000 +0000\n"
                        + "committer C <c@x> 1700000000 +0000\n\nbefore nul ")
                .getBytes(StandardCharsets.UTF_8));
        raw.write(0);
        raw.writeBytes(("after nul\n" + FAKE).getBytes(StandardCharsets.UTF_8));
        String literal = git(
                        repo,
                        Map.of(),
                        raw.toByteArray(),
                        "hash-object",
                        "-t",
                        "commit",
                        "--literally",
                        "-w",
                        "--stdin")
                .strip();
        git(repo, "update-ref", "HEAD", literal);

        List<CommitDiff> read = readAll(reader, repo, HistoryRange.newest(10));

        assertThat(read)
                .hasSize(Integer.parseInt(
                        git(repo, "rev-list", "--count", "HEAD").strip()));
        CommitDiff nul = read.get(0);
        assertThat(nul.commit().sha()).isEqualTo(literal);
        assertThat(nul.commit().subject()).as("git ends a message at a NUL").isEqualTo("before nul");
        assertThat(nul.commit().author()).isEqualTo("Evil Name");
        assertThat(nul.files()).isEmpty();
        CommitDiff hostile = read.get(1);
        assertThat(hostile.commit().subject()).isEqualTo("subject [31mred evil");
        assertThat(hostile.commit().body()).isEqualTo(FAKE.strip() + "\n\ttabbed");
        assertThat(hostile.files()).singleElement().satisfies(f -> {
            assertThat(f.path()).isEqualTo("real.txt");
            assertThat(f.hunks()).containsExactly(new HunkRange(1, 0, 2, 1));
        });
        for (CommitDiff d : read) {
            String text = d.commit().subject() + d.commit().body() + d.commit().author();
            assertThat(text.chars().filter(c -> c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c == 0x202e))
                    .as("control characters are stripped")
                    .isEmpty();
        }
    }

    @Test
    void file_names_with_quotes_tabs_newlines_spaces_and_unicode_are_decoded(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        List<String> names = List.of(
                "tab\there.txt",
                "new\nline.txt",
                "quote\"and\\back.txt",
                "caf\u00e9 \u65e5\u672c.txt",
                "x b/x",
                "dir with space/a b.txt",
                "-dash.txt");
        for (String n : names) {
            write(repo, n, "content of " + n.length() + "\n");
        }
        String c1 = commit(repo, "odd names");
        git(repo, "mv", "tab\there.txt", "renamed\t\u00e9.txt");
        String c2 = commit(repo, "rename an odd name");

        List<CommitDiff> read = readAll(reader, repo, HistoryRange.newest(10));

        Set<String> listed = Arrays.stream(
                        git(repo, "ls-tree", "-r", "-z", "--name-only", c1).split("\0"))
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
        assertThat(listed).containsExactlyInAnyOrderElementsOf(names);
        assertThat(read.get(1).files()).extracting(FileChange::path).containsExactlyInAnyOrderElementsOf(listed);
        FileChange renamed = change(read, c2, "renamed\t\u00e9.txt");
        assertThat(renamed.oldPath()).isEqualTo("tab\there.txt");
        assertThat(change(read, c1, "tab\there.txt").headPath()).isEqualTo("renamed\t\u00e9.txt");
        assertThat(change(read, c1, "x b/x").hunks()).containsExactly(new HunkRange(0, 0, 1, 1));
    }

    @Test
    void huge_diffs_are_summarised_with_capped_storage_and_names_found_over_the_whole_diff(@TempDir Path tmp)
            throws IOException {
        Path repo = init(tmp.resolve("r"));
        byte[] oneLine = new byte[30 << 20];
        Arrays.fill(oneLine, (byte) 'x');
        byte[] tail = " needle;\n".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(tail, 0, oneLine, oneLine.length - tail.length, tail.length);
        oneLine[1000] = ' '; // a word boundary early on: "needle" must still be found 30 MB later
        Files.write(repo.resolve("bundle.js"), oneLine);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            lines.append("line ").append(i).append('\n');
        }
        write(repo, "big.txt", lines.toString());
        String c1 = commit(repo, "huge");
        StringBuilder edited = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            edited.append(i % 50 == 0 ? "edited " : "line ").append(i).append('\n');
        }
        write(repo, "big.txt", edited.toString());
        write(repo, "long.txt", "a line of some forty characters or so..\n".repeat(1000));
        String c2 = commit(repo, "4,000 hunks and a long diff");
        Map<String, Set<String>> defined = Map.of("bundle.js", Set.of("needle", "haystack"));

        long started = System.nanoTime();
        List<CommitDiff> read = new ArrayList<>();
        HistoryRead result =
                reader.read(repo, HistoryRange.newest(10), p -> defined.getOrDefault(p, Set.of()), read::add);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(result.complete()).isTrue();
        assertThat(took).isLessThan(Duration.ofSeconds(60));
        FileChange bundle = change(read, c1, "bundle.js");
        assertThat(bundle.omitted()).isEqualTo(Omission.MINIFIED);
        assertThat(bundle.diff()).isEmpty();
        assertThat(bundle.linesAdded()).isEqualTo(1);
        assertThat(bundle.hunks()).containsExactly(new HunkRange(0, 0, 1, 1));
        assertThat(bundle.touchedNames()).containsExactly("needle");
        FileChange big = change(read, c1, "big.txt");
        assertThat(big.omitted()).isEqualTo(Omission.HUGE);
        assertThat(big.diff()).isEmpty();
        assertThat(big.linesAdded()).isEqualTo(200_000);
        assertThat(big.hunks()).containsExactly(new HunkRange(0, 0, 1, 200_000));
        FileChange edits = change(read, c2, "big.txt");
        assertThat(edits.linesAdded()).isEqualTo(4_000);
        assertThat(edits.hunks())
                .hasSize(HistoryBounds.DEFAULT.maxHunksPerFile())
                .startsWith(new HunkRange(1, 1, 1, 1));
        assertThat(edits.hunksCut()).isTrue();
        assertThat(edits.omitted())
                .as("8,000 changed lines, 100 KB: under the huge bounds")
                .isEqualTo(Omission.NONE);
        assertThat(edits.diff().length()).isLessThanOrEqualTo(HistoryBounds.DEFAULT.maxDiffChars() + 40);
        FileChange longDiff = change(read, c2, "long.txt");
        String[] kept = longDiff.diff().split("\n");
        assertThat(kept[kept.length - 1])
                .isEqualTo(FileChange.CUT_MARKER + " " + (1001 - (kept.length - 1)) + " more lines");
        assertThat(Arrays.copyOf(kept, kept.length - 1)).as("whole lines").allSatisfy(l -> assertThat(l)
                .matches("@@ -0,0 \\+1,1000 @@|\\+a line of some forty characters or so\\.\\."));
        assertThat(longDiff.diff().length() - kept[kept.length - 1].length() - 1)
                .isLessThanOrEqualTo(HistoryBounds.DEFAULT.maxDiffChars());
    }

    @Test
    void thousands_of_tiny_commits_are_read_within_bounds_and_a_deadline_stops_a_read(@TempDir Path tmp)
            throws IOException {
        Path repo = init(tmp.resolve("r"));
        int commits = 5_000;
        git(repo, Map.of(), fastImport(commits), "fast-import", "--quiet");
        assertThat(git(repo, "rev-list", "--count", "HEAD").strip()).isEqualTo(String.valueOf(commits));

        long started = System.nanoTime();
        int[] files = {0};
        HistoryRead all = reader.read(
                repo,
                HistoryRange.newest(100_000),
                p -> Set.of(),
                d -> files[0] += d.files().size());
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(all.complete()).isTrue();
        assertThat(all.commits()).isEqualTo(commits);
        assertThat(files[0]).isEqualTo(commits);
        assertThat(all.oldest())
                .contains(git(repo, "rev-list", "--max-parents=0", "HEAD").strip());
        assertThat(took).isLessThan(Duration.ofSeconds(60));
        assertThat(reader.read(repo, HistoryRange.newest(1_234), p -> Set.of(), d -> {})
                        .commits())
                .isEqualTo(1_234);

        HistoryReader hurried =
                new HistoryReader(HistoryFixture.GIT, HistoryBounds.DEFAULT.withDeadline(Duration.ofMillis(1)));
        HistoryRead stopped = hurried.read(repo, HistoryRange.newest(100_000), p -> Set.of(), d -> {});
        assertThat(stopped.ending()).isEqualTo(HistoryRead.Ending.DEADLINE);
        assertThat(stopped.commits()).isLessThan(commits);
        assertThat(stopped.message()).contains("longer than");
    }

    /** A fast-import stream of {@code n} commits, each changing one of 50 small files. */
    private static byte[] fastImport(int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            String msg = "tiny " + i + "\n";
            String content = "version " + i + "\n";
            s.append("commit refs/heads/main\n")
                    .append("committer T <t@x> ")
                    .append(1_600_000_000L + i)
                    .append(" +0000\n")
                    .append("data ")
                    .append(msg.length())
                    .append('\n')
                    .append(msg)
                    .append("M 100644 inline f")
                    .append(i % 50)
                    .append(".txt\ndata ")
                    .append(content.length())
                    .append('\n')
                    .append(content)
                    .append('\n');
        }
        return s.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
