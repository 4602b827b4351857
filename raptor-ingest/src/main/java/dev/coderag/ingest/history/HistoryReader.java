package dev.coderag.ingest.history;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads a repository's history newest-first as {@link CommitDiff}s, streaming: one {@code git log -p -U0 -M} whose
 * output is parsed as it arrives (linear time; memory bounded by {@link HistoryBounds}, never by the history's
 * size). git's configuration cannot run programs or change the format: no pager, colour, external diff, textconv,
 * notes, signatures or custom prefixes, no context between hunks.
 *
 * <p>A file's {@code headPath} follows renames along the read's own (linear, newest-first) order; merges are left
 * out, so a rename made on a merged branch is followed only as far as that order shows it. Thread-safe: each call
 * runs its own git.
 */
public final class HistoryReader {
    /** The time limit of {@link #head} and {@link #isAncestor}. */
    static final Duration QUICK = Duration.ofMinutes(2);

    /** Definition names of this many files at HEAD are kept ready during a read. */
    private static final int NAME_CACHE = 256;

    private final GitRunner git;
    private final HistoryBounds bounds;

    public HistoryReader(GitRunner git) {
        this(git, HistoryBounds.DEFAULT);
    }

    public HistoryReader(GitRunner git, HistoryBounds bounds) {
        this.git = Objects.requireNonNull(git, "git");
        this.bounds = Objects.requireNonNull(bounds, "bounds");
    }

    /**
     * Streams the range's commits to {@code consumer}, newest first, on git's reader thread; returns when the read
     * ended, after which the consumer is not called again. What the consumer throws stops the read and is thrown
     * here.
     *
     * @param repo a work tree or a bare repository
     * @param definedNames the simple names of the definitions the current snapshot has in a file (its path at
     *     HEAD); called at most once per path for the {@value #NAME_CACHE} most recent paths
     */
    public HistoryRead read(
            Path repo, HistoryRange range, Function<String, Set<String>> definedNames, Consumer<CommitDiff> consumer) {
        Objects.requireNonNull(definedNames, "definedNames");
        long start = System.nanoTime();
        long deadline = start + bounds.deadline().toNanos();
        Map<String, NameMatcher> cache = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, NameMatcher> eldest) {
                return size() > NAME_CACHE;
            }
        };
        Function<String, NameMatcher> matchers = path -> cache.computeIfAbsent(path, p -> {
            Set<String> names = definedNames.apply(p);
            return new NameMatcher(names == null ? Set.of() : names);
        });
        LogParser parser = new LogParser(bounds, range.maxCommits(), matchers, consumer, deadline);
        LineFeed feed = new LineFeed(parser);
        GitRunner.Exit exit = git.run(repo, bounds.deadline(), feed, logArguments(range));
        boolean whole = exit.ok() && parser.stopped() == null && feed.finish() && parser.end();
        feed.close(); // waits for a consumer call still running on git's reader thread
        RuntimeException failure = parser.failure() != null ? parser.failure() : feed.failure();
        if (failure != null) {
            throw failure;
        }
        HistoryRead.Ending ending = parser.stopped();
        String message = "";
        if (ending == null && whole) {
            ending = HistoryRead.Ending.COMPLETE;
        } else if (ending == null && System.nanoTime() - deadline > 0) {
            ending = HistoryRead.Ending.DEADLINE;
        } else if (ending == null) {
            ending = HistoryRead.Ending.GIT_FAILED;
            message = "git log failed: " + exit.error();
        }
        if (ending == HistoryRead.Ending.DEADLINE) {
            message = "the history read took longer than " + bounds.deadline().toSeconds() + " s; stopped";
        } else if (ending == HistoryRead.Ending.PATH_LIMIT) {
            message = "more than " + bounds.maxRenamedPaths() + " renamed, added or deleted paths; stopped";
        }
        return new HistoryRead(parser.delivered(), Optional.ofNullable(parser.oldest()), ending, message);
    }

    /** HEAD's commit id; empty when there is none (no commits yet, not a repository, git failed). */
    public Optional<String> head(Path repo) {
        StringBuilder out = new StringBuilder();
        GitRunner.Exit exit =
                git.run(repo, QUICK, capture(out, 256), List.of("rev-parse", "--verify", "-q", "HEAD^{commit}"));
        String id = out.toString().strip();
        return exit.ok() && HistoryRange.SHA.matcher(id).matches() ? Optional.of(id) : Optional.empty();
    }

    /**
     * Whether {@code sha} is HEAD or one of its ancestors: false after a force-push dropped it (or when it is not
     * a commit id here), and then a read after it would not continue the stored history.
     */
    public boolean isAncestor(Path repo, String sha) {
        if (!HistoryRange.SHA.matcher(sha).matches()) {
            return false;
        }
        GitRunner.Exit exit = git.run(
                repo, QUICK, capture(new StringBuilder(), 256), List.of("merge-base", "--is-ancestor", sha, "HEAD"));
        return exit.ok();
    }

    /** The command line of a read (package-visible for the tests that check it against git's own output). */
    static List<String> logArguments(HistoryRange range) {
        List<String> args = new ArrayList<>(List.of(
                "log",
                "--no-merges",
                "-p",
                "-U0",
                "-M",
                "--no-color",
                "--no-ext-diff",
                "--no-textconv",
                "--no-notes",
                "--no-show-signature",
                "--no-relative",
                "--submodule=short",
                "--inter-hunk-context=0",
                "--root",
                "--encoding=UTF-8",
                "--src-prefix=a/",
                "--dst-prefix=b/",
                "--format=" + LogParser.FORMAT,
                "--max-count=" + range.maxCommits()));
        range.since().ifPresent(i -> args.add("--since=@" + Math.max(0, i.getEpochSecond())));
        args.add(range.afterSha().map(s -> s + "..HEAD").orElse("HEAD"));
        args.add("--");
        return args;
    }

    private static GitRunner.Sink capture(StringBuilder out, int max) {
        return (buffer, n) -> {
            int keep = Math.min(n, max - out.length());
            if (keep > 0) {
                out.append(new String(buffer, 0, keep, StandardCharsets.ISO_8859_1));
            }
            return out.length() < max;
        };
    }
}
