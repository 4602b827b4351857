package dev.coderag.chat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.HunkRange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The last-change walk against git blame: random edits (replacements, insertions, deletions) committed to a real
 * repository, the walk run over the commits' {@code -U0} hunk headers as {@code git log} prints them, and every line
 * and random ranges compared with what {@code git blame} says wrote them.
 */
class LineHistoryTest {
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void every_line_and_range_is_blamed_on_the_commit_git_blame_names(long seed) throws IOException {
        Random random = new Random(seed);
        git("init", "-q");
        git("config", "user.email", "t@example.com");
        git("config", "user.name", "T");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            lines.add("line " + i);
        }
        write(lines);
        git("add", "-A");
        git("commit", "-q", "-m", "c0");
        for (int c = 1; c <= 25; c++) {
            for (int op = random.nextInt(3) + 1; op > 0; op--) {
                edit(lines, random, c);
            }
            write(lines);
            git("commit", "-q", "-a", "--allow-empty", "-m", "c" + c);
        }
        List<LineHistory.Link> chain = chain();
        List<String> blame = blame();
        assertThat(blame).hasSize(lines.size());

        for (int n = 1; n <= lines.size(); n++) {
            assertThat(LineHistory.WALK.lastChange(chain, lines.size(), n, n))
                    .as("line %d (seed %d)", n, seed)
                    .contains(blame.get(n - 1));
        }
        List<String> order = chain.stream().map(LineHistory.Link::key).toList();
        for (int i = 0; i < 200; i++) {
            int from = 1 + random.nextInt(lines.size());
            int to = from + random.nextInt(Math.min(15, lines.size() - from + 1));
            String newest = blame.subList(from - 1, to).stream()
                    .min((a, b) -> Integer.compare(order.indexOf(a), order.indexOf(b)))
                    .orElseThrow();
            assertThat(LineHistory.WALK.lastChange(chain, lines.size(), from, to))
                    .as("lines %d-%d (seed %d)", from, to, seed)
                    .contains(newest);
        }
    }

    @Test
    void lines_older_than_the_chain_have_no_last_change() {
        // one change that inserted two lines after line 3 of a file the chain does not see created
        LineHistory.Link insert = new LineHistory.Link("b", "f", "", false, List.of(new HunkRange(3, 0, 4, 2)));
        assertThat(LineHistory.WALK.lastChange(List.of(insert), 10, 1, 3)).isEmpty();
        assertThat(LineHistory.WALK.lastChange(List.of(insert), 10, 4, 4)).contains("b");
        assertThat(LineHistory.WALK.lastChange(List.of(insert), 10, 6, 10)).isEqualTo(Optional.empty());
    }

    private static void edit(List<String> lines, Random random, int commit) {
        int at = random.nextInt(lines.size());
        int k = 1 + random.nextInt(4);
        switch (random.nextInt(3)) {
            case 0 -> { // replace
                for (int i = at; i < Math.min(lines.size(), at + k); i++) {
                    lines.set(i, "changed in " + commit + " at " + i + " " + random.nextInt(1000));
                }
            }
            case 1 -> { // insert
                for (int i = 0; i < k; i++) {
                    lines.add(at, "inserted in " + commit + " #" + i + " " + random.nextInt(1000));
                }
            }
            default -> { // delete, keeping some lines
                for (int i = 0; i < k && lines.size() > 10 && at < lines.size(); i++) {
                    lines.remove(at);
                }
            }
        }
    }

    private List<LineHistory.Link> chain() {
        List<LineHistory.Link> chain = new ArrayList<>();
        String out = git("log", "-U0", "--format=commit %H", "--", "f.txt");
        String sha = null;
        List<HunkRange> hunks = new ArrayList<>();
        boolean added = false;
        for (String l : (out + "\ncommit end").lines().toList()) {
            if (l.startsWith("commit ")) {
                if (sha != null) {
                    chain.add(new LineHistory.Link(sha, "f.txt", "", added, hunks));
                }
                sha = l.substring(7);
                hunks = new ArrayList<>();
                added = false;
            } else if (l.startsWith("new file mode")) {
                added = true;
            } else {
                Matcher m = HUNK.matcher(l);
                if (m.find()) {
                    hunks.add(new HunkRange(
                            Integer.parseInt(m.group(1)),
                            m.group(2) == null ? 1 : Integer.parseInt(m.group(2)),
                            Integer.parseInt(m.group(3)),
                            m.group(4) == null ? 1 : Integer.parseInt(m.group(4))));
                }
            }
        }
        return chain;
    }

    private List<String> blame() {
        List<String> out = new ArrayList<>();
        // one header per line: "<sha> <original line> <final line>", then its details and the tab-led content
        for (String l : git("blame", "--line-porcelain", "f.txt").lines().toList()) {
            if (l.matches("[0-9a-f]{40} \\d+ \\d+.*")) {
                out.add(l.substring(0, 40));
            }
        }
        return out;
    }

    private void write(List<String> lines) {
        try {
            Files.writeString(dir.resolve("f.txt"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String git(String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException(cmd + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
