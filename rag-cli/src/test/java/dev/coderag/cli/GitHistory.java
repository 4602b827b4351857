package dev.coderag.cli;

import dev.coderag.embed.Embedder;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.HunkRange;
import dev.coderag.types.Language;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Real git histories for the history tests: commits made with the git CLI under chosen authors and dates, read
 * back with git's own plumbing ({@code git show}, {@code diff-tree}) into the {@link CommitChunk}s an ingest would
 * store — one per commit and file, with its {@code -U0} hunks and diff text — and written into a store with their
 * real embeddings. (The ingest's own history reader is another branch's; this parser is test code only.)
 */
public final class GitHistory {
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    private GitHistory() {}

    /** A commit made by {@link #commit}: its full id. */
    public record Made(String sha, String subject) {}

    /**
     * Stages everything in {@code dir} and commits it as {@code author} on {@code date} (ISO, e.g. {@code
     * 2024-03-01T10:00:00Z}) with {@code message} (any text: it is passed through a file).
     */
    public static Made commit(Path dir, String author, String date, String message) {
        TestGit.git(dir, "add", "-A");
        try {
            Path msg = Files.createTempFile("commit-msg", ".txt");
            Files.writeString(msg, message, StandardCharsets.UTF_8);
            run(
                    dir,
                    Map.of(
                            "GIT_AUTHOR_NAME", author,
                            "GIT_AUTHOR_EMAIL", "a@example.com",
                            "GIT_AUTHOR_DATE", date,
                            "GIT_COMMITTER_DATE", date),
                    "commit",
                    "-q",
                    "--cleanup=verbatim",
                    "-F",
                    msg.toString());
            Files.delete(msg);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Made(
                TestGit.git(dir, "rev-parse", "HEAD").strip(),
                message.lines().findFirst().orElse(""));
    }

    /**
     * Every commit of {@code dir}'s history as commit chunks of repository {@code repo}, newest first; {@code names}
     * are the definitions whose mentions in changed lines make {@code touched} and {@code introduced}.
     */
    public static List<CommitChunk> chunks(Path dir, String repo, List<String> names, String modelId) {
        List<CommitChunk> out = new ArrayList<>();
        for (String sha : TestGit.git(dir, "rev-list", "HEAD").lines().toList()) {
            String[] meta = TestGit.git(dir, "show", "-s", "--format=%an%x00%at%x00%B", sha)
                    .split("\0", 3);
            String message = meta[2].endsWith("\n") ? meta[2].substring(0, meta[2].length() - 1) : meta[2];
            int nl = message.indexOf('\n');
            String subject = nl < 0 ? message : message.substring(0, nl);
            String body = nl < 0 ? "" : message.substring(nl + 1).strip();
            String status = TestGit.git(dir, "diff-tree", "--root", "--no-commit-id", "-r", "-M", "--name-status", sha);
            for (String line : status.lines().toList()) {
                String[] f = line.split("\t");
                CommitChunk.Change change =
                        switch (f[0].charAt(0)) {
                            case 'A' -> CommitChunk.Change.ADDED;
                            case 'D' -> CommitChunk.Change.DELETED;
                            case 'R' -> CommitChunk.Change.RENAMED;
                            default -> CommitChunk.Change.MODIFIED;
                        };
                String path = f[f.length - 1];
                String oldPath = change == CommitChunk.Change.RENAMED ? f[1] : "";
                List<String> args = new ArrayList<>(List.of("show", "-U0", "-M", "--format=", sha, "--"));
                args.add(path);
                if (!oldPath.isEmpty()) {
                    args.add(oldPath);
                }
                out.add(chunk(repo, path, oldPath, change, sha, meta, subject, body, diff(dir, args), names, modelId));
            }
        }
        return out;
    }

    private static String diff(Path dir, List<String> args) {
        String all = TestGit.git(dir, args.toArray(String[]::new));
        int at = all.indexOf("\n@@ ");
        return at < 0 ? "" : all.substring(at + 1).stripTrailing();
    }

    private static CommitChunk chunk(
            String repo,
            String path,
            String oldPath,
            CommitChunk.Change change,
            String sha,
            String[] meta,
            String subject,
            String body,
            String diff,
            List<String> names,
            String modelId) {
        List<HunkRange> hunks = new ArrayList<>();
        List<String> plus = new ArrayList<>();
        List<String> minus = new ArrayList<>();
        for (String l : diff.lines().toList()) {
            Matcher m = HUNK.matcher(l);
            if (m.find()) {
                hunks.add(new HunkRange(
                        Integer.parseInt(m.group(1)),
                        m.group(2) == null ? 1 : Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)),
                        m.group(4) == null ? 1 : Integer.parseInt(m.group(4))));
            } else if (l.startsWith("+")) {
                plus.add(l.substring(1));
            } else if (l.startsWith("-")) {
                minus.add(l.substring(1));
            }
        }
        List<String> touched = names.stream()
                .filter(n -> mentions(plus, n) || mentions(minus, n))
                .toList();
        List<String> introduced = names.stream()
                .filter(n -> mentions(plus, n) && !mentions(minus, n))
                .toList();
        int[] span = CommitChunk.span(hunks, change);
        return new CommitChunk(
                repo,
                path,
                oldPath,
                Language.fromFileName(path).orElse(Language.TEXT),
                sha,
                meta[0],
                Long.parseLong(meta[1]),
                subject,
                body,
                change,
                hunks,
                diff,
                plus.size(),
                minus.size(),
                "",
                touched,
                introduced,
                span[0],
                span[1],
                modelId);
    }

    private static boolean mentions(List<String> lines, String name) {
        Pattern word = Pattern.compile("\\b" + Pattern.quote(name) + "\\b");
        return lines.stream().anyMatch(l -> word.matcher(l).find());
    }

    /** Writes {@code chunks} into {@code store} with their real embeddings, in one transaction. */
    public static void store(Store store, Embedder embedder, List<CommitChunk> chunks) {
        List<float[]> vectors = embedder.embedDocuments(
                chunks.stream().map(CommitChunk::embeddingText).toList());
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < chunks.size(); i++) {
                tx.insert(chunks.get(i), vectors.get(i));
            }
            tx.commit();
        }
    }

    /** Runs git in {@code dir} with extra environment; IllegalStateException with its output when it fails. */
    static String run(Path dir, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
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
