package dev.coderag.ingest.history;

import dev.coderag.types.HunkRange;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The state machine that turns {@code git log -p -U0} output in {@link #FORMAT} into {@link CommitDiff}s, one line
 * at a time, and hands each to the consumer once the next commit starts (or the output ends).
 *
 * <p>Why the framing is unambiguous whatever a message or a file holds: a commit starts with a line
 * {@code commit <hex>}; the three lines after it are parents, author name and date, none of which can hold a
 * newline; every line of the message is indented by one space ({@code %w(0,1,1)}, so no message line can pass for
 * a commit or diff header; git stops a message at a NUL); a file's block starts with {@code diff --git}; and a
 * hunk's body is read by the counts its header gives, so a content line ({@code +}/{@code -} and anything after)
 * is never taken for a header. Paths come from the headers, C-quoting decoded ({@link GitPaths}).
 */
final class LogParser implements LineFeed.Lines {
    /** The {@code --format} of the log: see the class comment. */
    static final String FORMAT = "commit %H%n%P%n%an%n%at%n%w(0,1,1)%B";

    private static final int MAX_AUTHOR_CHARS = 256;

    private enum State {
        OUTSIDE,
        HEADER,
        MESSAGE,
        FILES,
        HUNK
    }

    private final HistoryBounds bounds;
    private final int maxCommits;
    private final Function<String, NameMatcher> matchers;
    private final Consumer<CommitDiff> consumer;
    private final long deadline;
    private final PathFates fates;

    private State state = State.OUTSIDE;
    private int headerLine;
    private String sha;
    private List<String> parents = List.of();
    private String author = "";
    private long epoch;
    private MessageText message;
    private final List<FileChange> files = new ArrayList<>();
    private int filesOmitted;
    private FileAccumulator file;
    private int oldLeft;
    private int newLeft;
    private long lines;

    private int delivered;
    private String oldest;
    private HistoryRead.Ending stop;
    private RuntimeException failure;

    /** @param deadline {@link System#nanoTime()} after which the read stops */
    LogParser(
            HistoryBounds bounds,
            int maxCommits,
            Function<String, NameMatcher> matchers,
            Consumer<CommitDiff> consumer,
            long deadline) {
        this.bounds = bounds;
        this.maxCommits = maxCommits;
        this.matchers = matchers;
        this.consumer = consumer;
        this.deadline = deadline;
        this.fates = new PathFates(bounds.maxRenamedPaths());
    }

    @Override
    public LineFeed.WordScan scanFor(byte first) {
        if (state != State.HUNK || (first == '+' ? newLeft <= 0 : first != '-' || oldLeft <= 0)) {
            return null;
        }
        return file.scanFor(first);
    }

    @Override
    public boolean line(byte[] kept, int n, long length) {
        if ((++lines & 1023) == 0 && System.nanoTime() - deadline > 0) {
            return stop(HistoryRead.Ending.DEADLINE);
        }
        if (state == State.HUNK && hunkLine(kept, n, length)) {
            return true;
        }
        if (state == State.HEADER) {
            header(kept, n);
            return true;
        }
        if (state == State.MESSAGE) {
            if (n > 0 && kept[0] == ' ') {
                message.line(kept, 1, n, length == n);
                return true;
            } else if (n == 0) {
                return true;
            }
        }
        return other(kept, n, length);
    }

    /** The output ended: the last commit is whole. */
    boolean end() {
        return stop != null || endCommit();
    }

    HistoryRead.Ending stopped() {
        return stop;
    }

    RuntimeException failure() {
        return failure;
    }

    int delivered() {
        return delivered;
    }

    String oldest() {
        return oldest;
    }

    private boolean hunkLine(byte[] kept, int n, long length) {
        byte c = n > 0 ? kept[0] : (byte) ' '; // an empty line in a hunk is a blank context line
        if (c == '-' && oldLeft > 0) {
            oldLeft--;
        } else if (c == '+' && newLeft > 0) {
            newLeft--;
        } else if (c == ' ' && oldLeft > 0 && newLeft > 0) {
            oldLeft--;
            newLeft--;
        } else if (c == '\\') {
            return true; // "\ No newline at end of file"
        } else {
            state = State.FILES; // not a body line: cannot happen with git's counts, read it as a header
            return false;
        }
        file.content(c, kept, n, length);
        if (oldLeft == 0 && newLeft == 0) {
            state = State.FILES;
        }
        return true;
    }

    private void header(byte[] kept, int n) {
        String text = new String(kept, 0, n, StandardCharsets.ISO_8859_1);
        switch (headerLine++) {
            case 0 -> {
                List<String> ids = new ArrayList<>();
                for (String p : text.split(" ")) {
                    if (HistoryRange.SHA.matcher(p).matches()) {
                        ids.add(p);
                    }
                }
                parents = ids;
            }
            case 1 -> {
                String name = Clean.text(kept, 0, n).strip();
                author = name.length() > MAX_AUTHOR_CHARS ? name.substring(0, MAX_AUTHOR_CHARS) : name;
            }
            default -> {
                epoch = parseLong(text.strip());
                state = State.MESSAGE;
            }
        }
    }

    private boolean other(byte[] kept, int n, long length) {
        if (Clean.startsWith(kept, n, "commit ")) {
            String id = new String(kept, 7, n - 7, StandardCharsets.ISO_8859_1);
            if (length == n && HistoryRange.SHA.matcher(id).matches()) {
                return startCommit(id);
            }
            return true;
        }
        if (sha == null) {
            return true;
        }
        if (Clean.startsWith(kept, n, "diff --git ")) {
            if (!endFile()) {
                return false;
            }
            file = new FileAccumulator(new String(kept, 11, n - 11, StandardCharsets.ISO_8859_1), bounds);
            state = State.FILES;
            return true;
        }
        if (file == null) {
            return true;
        }
        String text = new String(kept, 0, n, StandardCharsets.ISO_8859_1);
        if (text.startsWith("@@ ")) {
            HunkRange h = parseHunk(text);
            if (h != null) {
                if (!file.resolved()) {
                    file.resolve(fates, matchers);
                }
                file.hunk(h, kept, n, length);
                oldLeft = h.oldCount();
                newLeft = h.newCount();
                state = oldLeft > 0 || newLeft > 0 ? State.HUNK : State.FILES;
            }
            return true;
        }
        file.header(text);
        return true;
    }

    private boolean startCommit(String id) {
        if (!endCommit()) {
            return false;
        }
        sha = id;
        parents = List.of();
        author = "";
        epoch = 0;
        message = new MessageText(bounds.maxMessageChars());
        headerLine = 0;
        state = State.HEADER;
        return true;
    }

    private boolean endFile() {
        if (file == null) {
            return true;
        }
        if (!file.resolved()) {
            file.resolve(fates, matchers);
        }
        FileChange change = file.finish();
        file = null;
        if (!fates.note(change)) {
            return stop(HistoryRead.Ending.PATH_LIMIT);
        }
        if (files.size() < bounds.maxFilesPerCommit()) {
            files.add(change);
        } else {
            filesOmitted++;
        }
        return true;
    }

    private boolean endCommit() {
        if (sha == null) {
            return true;
        }
        if (!endFile()) {
            return false;
        }
        fates.endCommit();
        CommitInfo info = new CommitInfo(sha, parents, author, epoch, message.subject(), message.body());
        CommitDiff diff = new CommitDiff(info, files, filesOmitted);
        sha = null;
        files.clear();
        filesOmitted = 0;
        state = State.OUTSIDE;
        try {
            consumer.accept(diff);
        } catch (RuntimeException e) {
            failure = e;
            return stop(HistoryRead.Ending.GIT_FAILED);
        }
        delivered++;
        oldest = info.sha();
        if (delivered >= maxCommits) {
            return stop(HistoryRead.Ending.COMPLETE);
        }
        return System.nanoTime() - deadline <= 0 || stop(HistoryRead.Ending.DEADLINE);
    }

    private boolean stop(HistoryRead.Ending ending) {
        stop = ending;
        return false;
    }

    /** {@code @@ -a[,b] +c[,d] @@…} as a range, or null when it is not one. */
    static HunkRange parseHunk(String line) {
        int[] at = {3};
        if (!expect(line, at, "-")) {
            return null;
        }
        long a = number(line, at);
        long b = expect(line, at, ",") ? number(line, at) : 1;
        if (!expect(line, at, " +")) {
            return null;
        }
        long c = number(line, at);
        long d = expect(line, at, ",") ? number(line, at) : 1;
        if (!expect(line, at, " @@") || a < 0 || b < 0 || c < 0 || d < 0) {
            return null;
        }
        return new HunkRange((int) a, (int) b, (int) c, (int) d);
    }

    private static boolean expect(String line, int[] at, String s) {
        if (line.startsWith(s, at[0])) {
            at[0] += s.length();
            return true;
        }
        return false;
    }

    /** The decimal number at {@code at}, -1 when there is none or it passes an int. */
    private static long number(String line, int[] at) {
        long v = 0;
        int start = at[0];
        while (at[0] < line.length() && line.charAt(at[0]) >= '0' && line.charAt(at[0]) <= '9') {
            v = v * 10 + (line.charAt(at[0]++) - '0');
            if (v > Integer.MAX_VALUE) {
                return -1;
            }
        }
        return at[0] == start ? -1 : v;
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
