package dev.coderag.ingest.history;

import dev.coderag.types.HunkRange;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One file's block of a patch, read line by line into a {@link FileChange}: its paths and status from the
 * extended headers, the hunk headers, the text up to its cap, the counts and the names over the whole diff.
 * Memory is bounded by the caps whatever the diff's size.
 */
final class FileAccumulator {
    /** The ingest's minified rule ({@code TextFiles}): lines over 1,000 characters, an average over 300. */
    private static final int LONG_LINE = 1_000;

    private static final int AVERAGE_LINE = 300;
    /** Less added text than this is never called minified: one long literal in a small change is not a bundle. */
    private static final int MINIFIED_MIN_BYTES = 2_000;

    private final HistoryBounds bounds;
    private final String diffGitPath;
    private String renameFrom;
    private String renameTo;
    private String minusPath;
    private String plusPath;
    private boolean added;
    private boolean deleted;
    private boolean binary;

    private boolean resolved;
    private String path;
    private String oldPath = "";
    private String headPath;
    private FileChange.Status status;
    private NameMatcher matcher;
    private final Set<String> addedNames = new HashSet<>();
    private final Set<String> removedNames = new HashSet<>();

    private final List<HunkRange> hunks = new ArrayList<>();
    private boolean hunksCut;
    private final StringBuilder text = new StringBuilder();
    private boolean keepText = true;
    private boolean textCut;
    private int linesLeftOut;
    private int linesAdded;
    private int linesDeleted;
    private long diffBytes;
    private long addedBytes;
    private long longLineBytes;

    /** @param diffGitRest the {@code diff --git} line's text after that marker, ISO-8859-1 */
    FileAccumulator(String diffGitRest, HistoryBounds bounds) {
        this.bounds = bounds;
        String same = GitPaths.symmetric(diffGitRest);
        this.diffGitPath = same != null ? same : fallbackPath(diffGitRest);
    }

    /** An extended header line (ISO-8859-1): paths, status, binary. */
    void header(String line) {
        if (line.startsWith("rename from ")) {
            renameFrom = GitPaths.plain(line.substring(12));
        } else if (line.startsWith("rename to ")) {
            renameTo = GitPaths.plain(line.substring(10));
        } else if (line.startsWith("new file mode ")) {
            added = true;
        } else if (line.startsWith("deleted file mode ")) {
            deleted = true;
        } else if (line.startsWith("--- ")) {
            minusPath = GitPaths.side(line.substring(4), "a/");
        } else if (line.startsWith("+++ ")) {
            plusPath = GitPaths.side(line.substring(4), "b/");
        } else if (line.startsWith("Binary files ") || line.equals("GIT binary patch")) {
            binary = true;
        }
    }

    boolean resolved() {
        return resolved;
    }

    /**
     * Fixes the paths and status (every extended header has come: a hunk starts or the block ends) and the
     * names to look for, those of the file's name at HEAD.
     */
    void resolve(PathFates fates, Function<String, NameMatcher> matchers) {
        String newPath = first(renameTo, plusPath, diffGitPath);
        String before = first(renameFrom, minusPath, diffGitPath);
        if (renameFrom != null && renameTo != null && !renameFrom.equals(renameTo)) {
            status = FileChange.Status.RENAMED;
            path = renameTo;
            oldPath = renameFrom;
        } else if (deleted) {
            status = FileChange.Status.DELETED;
            path = before;
        } else {
            status = added ? FileChange.Status.ADDED : FileChange.Status.MODIFIED;
            path = newPath;
        }
        headPath = status == FileChange.Status.DELETED ? "" : fates.head(path);
        NameMatcher m = headPath.isEmpty() ? null : matchers.apply(headPath);
        matcher = m == null || m.isEmpty() ? null : m;
        Omissions rules = Omissions.rules();
        keepText = !binary && !rules.vendored(path) && !rules.generated(path);
        resolved = true;
    }

    /** A hunk header line: its range and its text. */
    void hunk(HunkRange range, byte[] kept, int keptLength, long length) {
        if (hunks.size() < bounds.maxHunksPerFile()) {
            hunks.add(range);
        } else {
            hunksCut = true;
        }
        text(kept, keptLength, length);
    }

    /** The scanner for a hunk line starting with {@code first}, or null when no names are looked for. */
    LineFeed.WordScan scanFor(byte first) {
        if (matcher == null) {
            return null;
        }
        return first == '+' ? matcher.into(addedNames) : first == '-' ? matcher.into(removedNames) : null;
    }

    /** A line of a hunk's body ({@code +}, {@code -} or, were there context, a space). */
    void content(byte first, byte[] kept, int keptLength, long length) {
        if (first == '+') {
            linesAdded++;
            addedBytes += length - 1;
            if (length - 1 > LONG_LINE) {
                longLineBytes += length - 1;
            }
        } else if (first == '-') {
            linesDeleted++;
        }
        text(kept, keptLength, length);
    }

    FileChange finish() {
        FileChange.Omission omitted = omission();
        String diff = "";
        if (omitted == FileChange.Omission.NONE) {
            diff = textCut ? text + "\n" + FileChange.CUT_MARKER + " " + linesLeftOut + " more lines" : text.toString();
        }
        Set<String> touched = new HashSet<>(addedNames);
        touched.addAll(removedNames);
        Set<String> introduced = new HashSet<>(addedNames);
        introduced.removeAll(removedNames);
        return new FileChange(
                path,
                oldPath,
                headPath,
                status,
                hunks,
                hunksCut,
                diff,
                linesAdded,
                linesDeleted,
                omitted,
                touched,
                introduced);
    }

    private FileChange.Omission omission() {
        Omissions rules = Omissions.rules();
        if (binary) {
            return FileChange.Omission.BINARY;
        } else if (rules.vendored(path)) {
            return FileChange.Omission.VENDORED;
        } else if (rules.generated(path)) {
            return FileChange.Omission.GENERATED;
        } else if (addedBytes > MINIFIED_MIN_BYTES
                && (addedBytes / Math.max(1, linesAdded) > AVERAGE_LINE || longLineBytes * 2 > addedBytes)) {
            return FileChange.Omission.MINIFIED;
        } else if (diffBytes > bounds.hugeDiffBytes() || linesAdded + linesDeleted > bounds.hugeDiffLines()) {
            return FileChange.Omission.HUGE;
        }
        return FileChange.Omission.NONE;
    }

    /** Counts a line of hunk text and keeps it while whole lines fit the cap. */
    private void text(byte[] kept, int keptLength, long length) {
        diffBytes += length + 1;
        if (diffBytes > bounds.hugeDiffBytes()) {
            keepText = false; // HUGE at least: the text will not be stored
        }
        if (!keepText || textCut) {
            linesLeftOut++;
            return;
        }
        String line = length > keptLength ? null : Clean.text(kept, 0, keptLength);
        int separator = text.isEmpty() ? 0 : 1;
        if (line == null || text.length() + separator + line.length() > bounds.maxDiffChars()) {
            textCut = true;
            linesLeftOut++;
            return;
        }
        if (separator == 1) {
            text.append('\n');
        }
        text.append(line);
    }

    private static String first(String a, String b, String c) {
        if (a != null && !a.isEmpty()) {
            return a;
        }
        return b != null && !b.isEmpty() ? b : c;
    }

    /** The best a {@code diff --git} line of two different unquoted names offers: what follows {@code a/}. */
    private static String fallbackPath(String rest) {
        String raw = rest.startsWith("a/") ? rest.substring(2) : rest;
        int cut = raw.indexOf(" b/");
        String p = cut > 0 ? raw.substring(0, cut) : raw;
        return new String(p.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
