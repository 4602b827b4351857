package dev.coderag.ingest.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link LineMap} against git blame: a newest-first read that places each commit's hunks on today's lines, and
 * gives each line to the newest commit that wrote it, must give every line of the file the commit
 * {@code git blame} gives it (blame without move or copy detection is exactly this walk on {@code -U0} diffs).
 */
class LineMapBlameTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void every_line_goes_to_the_commit_git_blame_names_after_random_edits(long seed) throws Exception {
        Path repo = HistoryFixture.init(tmp.resolve("r" + seed));
        Random random = new Random(seed);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            lines.add("line " + i);
        }
        int counter = 0;
        for (int c = 0; c < 25; c++) {
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits; e++) {
                int at = lines.isEmpty() ? 0 : random.nextInt(lines.size());
                switch (random.nextInt(3)) {
                    case 0 -> lines.add(at, "inserted " + counter++);
                    case 1 -> {
                        if (!lines.isEmpty()) {
                            lines.remove(at);
                        }
                    }
                    default -> {
                        if (!lines.isEmpty()) {
                            lines.set(at, "edited " + counter++);
                        }
                    }
                }
            }
            HistoryFixture.write(repo, "f.txt", String.join("\n", lines) + "\n");
            HistoryFixture.commit(repo, "edit " + c);
        }
        assertThat(walk(repo)).isEqualTo(blame(repo, lines.size()));
    }

    @Test
    void a_rename_with_edits_keeps_the_lines_it_did_not_touch() throws Exception {
        Path repo = HistoryFixture.init(tmp.resolve("mv"));
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            text.append("stable line number ").append(i).append(" of a long enough file\n");
        }
        HistoryFixture.write(repo, "old.txt", text.toString());
        HistoryFixture.commit(repo, "add");
        HistoryFixture.git(repo, "mv", "old.txt", "new.txt");
        HistoryFixture.write(repo, "new.txt", text.toString().replace("number 7 ", "number seven "));
        HistoryFixture.commit(repo, "rename and edit");
        assertThat(walk(repo)).isEqualTo(blame(repo, 40, "new.txt"));
    }

    /** Line (1-based) to the commit that wrote it, by the read and LineMap; absent when no commit did. */
    private static Map<Integer, String> walk(Path repo) {
        Map<String, LineMap> maps = new HashMap<>();
        Map<Integer, String> owner = new HashMap<>();
        new HistoryReader(HistoryFixture.GIT).read(repo, HistoryRange.newest(1000), p -> java.util.Set.of(), d -> {
            for (FileChange f : d.files()) {
                LineMap map = maps.getOrDefault(f.headPath(), LineMap.identity());
                for (var h : f.hunks()) {
                    if (h.newCount() == 0) {
                        continue; // a deletion writes no line
                    }
                    for (long[] range : map.toSnapshot(h.newStart(), h.newStart() + h.newCount() - 1L)) {
                        for (long l = range[0]; l <= range[1]; l++) {
                            owner.putIfAbsent((int) l, d.commit().sha());
                        }
                    }
                }
                maps.put(f.headPath(), map.before(f.hunks()));
            }
        });
        return owner;
    }

    private static Map<Integer, String> blame(Path repo, int lineCount) {
        return blame(repo, lineCount, "f.txt");
    }

    private static Map<Integer, String> blame(Path repo, int lineCount, String file) {
        Map<Integer, String> owner = new HashMap<>();
        String out = HistoryFixture.git(repo, "blame", "--porcelain", "--", file);
        for (String line : out.split("\n")) {
            String[] parts = line.split(" ");
            if (parts.length >= 3 && parts[0].matches("[0-9a-f]{40}")) {
                owner.put(Integer.parseInt(parts[2]), parts[0]);
            }
        }
        assertThat(owner).hasSize(lineCount);
        return owner;
    }
}
