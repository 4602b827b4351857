package dev.coderag.ingest.history;

import dev.coderag.ingest.GitPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Real git repositories for the history tests, made with the git command line, and the ingest's git runner. */
final class HistoryFixture {
    private HistoryFixture() {}

    /** The command line's git, as an ingest of a local repository runs it. */
    static final GitRunner GIT = GitPolicy.LOCAL.historyGit();

    static Path init(Path dir) throws IOException {
        Files.createDirectories(dir);
        git(dir, "init", "-q", "-b", "main");
        git(dir, "config", "user.email", "test@example.com");
        git(dir, "config", "user.name", "Test");
        git(dir, "config", "commit.gpgsign", "false");
        return dir;
    }

    static void write(Path dir, String rel, String content) throws IOException {
        Path file = dir.resolve(rel);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    static String commit(Path dir, String message) {
        git(dir, "add", "-A");
        git(dir, "commit", "-q", "--allow-empty", "-m", message);
        return head(dir);
    }

    static String head(Path dir) {
        return git(dir, "rev-parse", "HEAD").strip();
    }

    static String git(Path dir, String... args) {
        return git(dir, Map.of(), null, args);
    }

    /** git with extra environment variables and, when not null, {@code input} on its standard input. */
    static String git(Path dir, Map<String, String> env, byte[] input, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().putAll(env);
            Process p = pb.start();
            if (input != null) {
                Thread writer = Thread.ofVirtual().start(() -> {
                    try (var out = p.getOutputStream()) {
                        out.write(input);
                    } catch (IOException e) {
                        // git ended early: its exit status says why
                    }
                });
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                writer.join();
                check(cmd, p.waitFor(), out);
                return out;
            }
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            check(cmd, p.waitFor(), out);
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void check(List<String> cmd, int exit, String out) {
        if (exit != 0) {
            throw new IllegalStateException(cmd + " failed: " + out);
        }
    }

    /** Reads the whole range into a list. */
    static List<CommitDiff> readAll(HistoryReader reader, Path repo, HistoryRange range) {
        List<CommitDiff> out = new ArrayList<>();
        HistoryRead read = reader.read(repo, range, p -> java.util.Set.of(), out::add);
        if (!read.complete()) {
            throw new IllegalStateException("read ended " + read.ending() + ": " + read.message());
        }
        return out;
    }
}
