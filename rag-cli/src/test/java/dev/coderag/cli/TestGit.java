package dev.coderag.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Real git repositories for tests: a work tree with commits and branches, and files written into it. */
public final class TestGit {
    private TestGit() {}

    /** A new work tree in {@code dir} with a test identity and no signing. */
    public static Path init(Path dir) throws IOException {
        Files.createDirectories(dir);
        git(dir, "init", "-q");
        git(dir, "config", "user.email", "test@example.com");
        git(dir, "config", "user.name", "Test");
        git(dir, "config", "commit.gpgsign", "false");
        return dir;
    }

    /** Writes {@code content} (UTF-8) to {@code rel} under {@code dir}, creating directories. */
    public static void write(Path dir, String rel, String content) throws IOException {
        Path file = dir.resolve(rel);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    /** Stages everything and commits; returns the new commit's sha. */
    public static String commitAll(Path dir, String message) {
        git(dir, "add", "-A");
        git(dir, "commit", "-q", "-m", message);
        return git(dir, "rev-parse", "HEAD").strip();
    }

    /** Runs git in {@code dir}; its output, or IllegalStateException with it when git fails. */
    public static String git(Path dir, String... args) {
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
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
