package dev.coderag.ingest.history;

import static dev.coderag.ingest.history.HistoryFixture.commit;
import static dev.coderag.ingest.history.HistoryFixture.git;
import static dev.coderag.ingest.history.HistoryFixture.init;
import static dev.coderag.ingest.history.HistoryFixture.readAll;
import static dev.coderag.ingest.history.HistoryFixture.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.HunkRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader's hunks and counts against git's own, commit by commit: {@code git diff-tree -p -U0 -M} of each commit
 * alone, parsed with a regular expression here, and {@code --numstat}, on random histories of edits, inserts,
 * deletions, renames, additions and deletions of files.
 */
class HunkOracleTest {
    private static final Pattern DIFF = Pattern.compile("^diff --git a/(\\S+) b/(\\S+)$");
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void hunks_and_counts_are_gits_own_for_every_commit(long seed, @TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        Random random = new Random(seed);
        Map<String, List<String>> files = new TreeMap<>();
        for (int i = 0; i < 4; i++) {
            files.put("f" + i + ".txt", lines(random, 40));
        }
        for (int c = 0; c < 30; c++) {
            edit(repo, random, files);
            for (var e : files.entrySet()) {
                write(repo, e.getKey(), String.join("\n", e.getValue()) + "\n");
            }
            commit(repo, "commit " + c);
        }

        List<CommitDiff> read = readAll(new HistoryReader(HistoryFixture.GIT), repo, HistoryRange.newest(100));

        assertThat(read).hasSize(30);
        for (CommitDiff d : read) {
            String sha = d.commit().sha();
            Map<String, List<HunkRange>> ours = new TreeMap<>();
            Map<String, String> counts = new TreeMap<>();
            for (FileChange f : d.files()) {
                ours.put(f.path(), f.hunks());
                counts.put(f.path(), f.linesAdded() + "\t" + f.linesDeleted());
            }
            assertThat(ours).as("hunks of " + sha).isEqualTo(gitHunks(repo, sha));
            assertThat(counts).as("counts of " + sha).isEqualTo(gitCounts(repo, sha));
        }
    }

    private static void edit(Path repo, Random random, Map<String, List<String>> files) throws IOException {
        String name = new ArrayList<>(files.keySet()).get(random.nextInt(files.size()));
        int what = random.nextInt(10);
        if (what == 0) {
            List<String> content = files.remove(name);
            String to = "moved" + random.nextInt(1000) + ".txt";
            Files.createDirectories(repo.resolve("sub"));
            git(repo, "mv", name, "sub/" + to);
            files.put("sub/" + to, content);
        } else if (what == 1 && files.size() > 2) {
            files.remove(name);
            Files.delete(repo.resolve(name));
        } else if (what == 2) {
            files.put("new" + random.nextInt(1000) + ".txt", lines(random, 10));
        }
        List<String> lines = files.getOrDefault(name, List.of());
        for (int k = random.nextInt(4); k >= 0 && !lines.isEmpty(); k--) {
            int at = random.nextInt(lines.size());
            switch (random.nextInt(3)) {
                case 0 -> lines.set(at, "changed " + random.nextInt(1_000_000));
                case 1 -> lines.add(at, "inserted " + random.nextInt(1_000_000));
                default -> lines.remove(at);
            }
        }
    }

    private static List<String> lines(Random random, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add("line " + random.nextInt(1_000_000));
        }
        return out;
    }

    private static Map<String, List<HunkRange>> gitHunks(Path repo, String sha) {
        Map<String, List<HunkRange>> out = new TreeMap<>();
        List<HunkRange> current = null;
        for (String line : git(repo, "diff-tree", "-p", "-U0", "-M", "--root", "--no-commit-id", sha)
                .split("\n")) {
            Matcher file = DIFF.matcher(line);
            Matcher hunk = HUNK.matcher(line);
            if (file.find()) {
                current = new ArrayList<>();
                out.put(file.group(2), current); // a deletion names its path on both sides
            } else if (hunk.find() && current != null) {
                current.add(new HunkRange(
                        Integer.parseInt(hunk.group(1)),
                        hunk.group(2) == null ? 1 : Integer.parseInt(hunk.group(2)),
                        Integer.parseInt(hunk.group(3)),
                        hunk.group(4) == null ? 1 : Integer.parseInt(hunk.group(4))));
            }
        }
        return out;
    }

    private static Map<String, String> gitCounts(Path repo, String sha) {
        Map<String, String> out = new TreeMap<>();
        String[] z = git(repo, "diff-tree", "--numstat", "-z", "-M", "--root", "--no-commit-id", sha)
                .split("\0", -1);
        for (int i = 0; i < z.length; i++) {
            String[] parts = z[i].split("\t", -1);
            if (parts.length == 3 && parts[2].isEmpty()) {
                out.put(z[i + 2], parts[0] + "\t" + parts[1]); // a rename: "added\tdeleted\t", old, new
                i += 2;
            } else if (parts.length == 3) {
                out.put(parts[2], parts[0] + "\t" + parts[1]);
            }
        }
        return out;
    }
}
