package dev.coderag.retrieval.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.HunkRange;
import java.io.IOException;
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
 * {@link LineHistory} against {@code git blame} (no {@code -M}/{@code -C}) on real repositories made with the git
 * command line: the chain is read here from {@code git log --follow -p -U0 -M} with regular expressions, and every
 * line's commit must be the one git blame names.
 */
class BlameOracleTest {
    private static final Pattern COMMIT = Pattern.compile("^COMMIT ([0-9a-f]{40})$");
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");
    private static final Pattern BLAME = Pattern.compile("^([0-9a-f]{40}) \\d+ (\\d+)(?: \\d+)?$");

    @Test
    void edits_inserts_deletions_and_a_rename_with_edits_blame_like_git(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp);
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            lines.add("line " + i);
        }
        write(repo, "a.txt", lines);
        commit(repo, "ten lines");
        lines.set(2, "line 3 edited");
        write(repo, "a.txt", lines);
        commit(repo, "edit line 3");
        lines.addAll(5, List.of("inserted a", "inserted b"));
        write(repo, "a.txt", lines);
        commit(repo, "insert two after line 5");
        lines.subList(0, 2).clear();
        write(repo, "a.txt", lines);
        commit(repo, "delete the first two");
        git(repo, "mv", "a.txt", "b.txt");
        lines.add("appended while renaming");
        lines.set(4, "edited while renaming");
        write(repo, "b.txt", lines);
        commit(repo, "rename with edits");
        lines.remove(lines.size() - 2);
        lines.add(0, "new first line");
        write(repo, "b.txt", lines);
        commit(repo, "delete one near the end, insert at the top");

        assertBlameMatchesGit(repo, "b.txt", lines.size());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void thirty_random_commits_on_a_200_line_file_blame_like_git(long seed, @TempDir Path tmp) throws IOException {
        Path repo = init(tmp);
        Random random = new Random(seed);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            lines.add(randomLine(random));
        }
        String path = "src/file.txt";
        write(repo, path, lines);
        commit(repo, "initial");
        for (int c = 1; c < 30; c++) {
            if (c == 15) {
                git(repo, "mv", path, "moved.txt");
                path = "moved.txt";
            }
            for (int k = random.nextInt(5); k >= 0; k--) {
                randomEdit(random, lines);
            }
            write(repo, path, lines);
            commit(repo, "commit " + c);
        }

        assertBlameMatchesGit(repo, path, lines.size());
    }

    @Test
    void a_chain_cut_short_leaves_older_lines_unexplained_and_ranges_name_their_newest_change(@TempDir Path tmp)
            throws IOException {
        Path repo = init(tmp);
        Random random = new Random(42);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            lines.add(randomLine(random));
        }
        write(repo, "f.txt", lines);
        commit(repo, "initial");
        for (int c = 1; c < 20; c++) {
            for (int k = random.nextInt(3); k >= 0; k--) {
                randomEdit(random, lines);
            }
            write(repo, "f.txt", lines);
            commit(repo, "commit " + c);
        }
        List<Change> chain = chain(repo, "f.txt");
        List<String> git = gitBlame(repo, "f.txt");
        List<Change> newest = chain.subList(0, 6);
        List<String> kept = newest.stream().map(Change::commitKey).toList();

        List<Optional<String>> ours = LineHistory.blame(newest, lines.size());

        for (int i = 0; i < lines.size(); i++) {
            String expected = kept.contains(git.get(i)) ? git.get(i) : null;
            assertThat(ours.get(i).orElse(null)).as("line " + (i + 1)).isEqualTo(expected);
        }
        for (int from = 1; from <= lines.size(); from += 7) {
            int to = Math.min(lines.size(), from + random.nextInt(30));
            String newestOfRange = null;
            for (Change change : chain) { // newest first: the first one git blames a line of the range on
                if (git.subList(from - 1, to).contains(change.commitKey())) {
                    newestOfRange = change.commitKey();
                    break;
                }
            }
            assertThat(LineHistory.lastChange(chain, lines.size(), from, to))
                    .as("lines " + from + ".." + to)
                    .isEqualTo(Optional.ofNullable(newestOfRange));
        }
        assertThat(LineHistory.lastChange(chain, lines.size(), 500, 600)).isEmpty();
        assertThat(LineHistory.lastChange(List.of(), lines.size(), 1, 10)).isEmpty();
    }

    private static void assertBlameMatchesGit(Path repo, String path, int lineCount) {
        List<Change> chain = chain(repo, path);
        List<String> git = gitBlame(repo, path);
        assertThat(git).hasSize(lineCount);

        List<Optional<String>> ours = LineHistory.blame(chain, lineCount);

        List<String> flat = ours.stream().map(o -> o.orElse("(none)")).toList();
        assertThat(flat).isEqualTo(git);
    }

    private static void randomEdit(Random random, List<String> lines) {
        int at = random.nextInt(lines.size() + 1);
        int span = 1 + random.nextInt(6);
        switch (random.nextInt(3)) {
            case 0 -> {
                for (int i = at; i < Math.min(lines.size(), at + span); i++) {
                    lines.set(i, randomLine(random));
                }
            }
            case 1 -> {
                for (int i = 0; i < span; i++) {
                    lines.add(at, randomLine(random));
                }
            }
            default -> {
                for (int i = 0; i < span && at < lines.size() && lines.size() > 20; i++) {
                    lines.remove(at);
                }
            }
        }
    }

    /** Mostly distinct lines, some repeated ones (braces, blank lines) that give the diff choices to make. */
    private static String randomLine(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> "}";
            case 1 -> "";
            case 2 -> "    return x;";
            default -> "statement " + random.nextInt(1_000_000) + ";";
        };
    }

    /** The file's changes newest first, following renames, from git log's hunk headers. */
    static List<Change> chain(Path repo, String path) {
        String log = git(repo, "log", "--follow", "-M", "-p", "-U0", "--no-color", "--format=COMMIT %H", "--", path);
        List<Change> out = new ArrayList<>();
        String sha = null;
        String from = "";
        String to = path;
        List<HunkRange> hunks = new ArrayList<>();
        for (String line : log.split("\n")) {
            Matcher commit = COMMIT.matcher(line);
            Matcher hunk = HUNK.matcher(line);
            if (commit.matches()) {
                if (sha != null) {
                    out.add(new Change(sha, to, from, hunks));
                }
                sha = commit.group(1);
                from = "";
                hunks = new ArrayList<>();
            } else if (line.startsWith("rename from ")) {
                from = line.substring(12);
            } else if (line.startsWith("rename to ")) {
                to = line.substring(10);
            } else if (hunk.find()) {
                hunks.add(new HunkRange(
                        Integer.parseInt(hunk.group(1)),
                        hunk.group(2) == null ? 1 : Integer.parseInt(hunk.group(2)),
                        Integer.parseInt(hunk.group(3)),
                        hunk.group(4) == null ? 1 : Integer.parseInt(hunk.group(4))));
            }
        }
        if (sha != null) {
            out.add(new Change(sha, to, from, hunks));
        }
        return out;
    }

    /** git blame's commit for every line of the file at HEAD. */
    static List<String> gitBlame(Path repo, String path) {
        List<String> out = new ArrayList<>();
        for (String line : git(repo, "blame", "--porcelain", "--", path).split("\n")) {
            Matcher m = BLAME.matcher(line);
            if (m.matches()) {
                int at = Integer.parseInt(m.group(2));
                while (out.size() < at) {
                    out.add(null);
                }
                out.set(at - 1, m.group(1));
            }
        }
        return out;
    }

    static Path init(Path tmp) throws IOException {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        git(repo, "init", "-q");
        git(repo, "config", "user.email", "test@example.com");
        git(repo, "config", "user.name", "Test");
        git(repo, "config", "commit.gpgsign", "false");
        return repo;
    }

    static void write(Path repo, String path, List<String> lines) throws IOException {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, lines.isEmpty() ? "" : String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    static void commit(Path repo, String message) {
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "--allow-empty", "-m", message);
    }

    static String git(Path repo, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", repo.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException(cmd + " failed");
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
