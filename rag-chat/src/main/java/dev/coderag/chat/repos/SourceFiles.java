package dev.coderag.chat.repos;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.types.Hashing;
import dev.coderag.types.Language;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Serves lines of indexed files. Only paths that are keys of the repository's file index are served, so
 * {@code ..}, absolute paths and unindexed files are "not found" before the file system is touched; the
 * resolved real path must also stay inside the repository root (a symlink swapped in after indexing).
 * Thread-safe.
 */
public final class SourceFiles {
    /** Lines one read returns at most (the API's and the code viewer's cap). */
    public static final int MAX_LINES = 5_000;
    /**
     * Bytes read from a file at most (indexed files are smaller; one that grew past this since is shown
     * truncated, as changed).
     */
    static final int MAX_BYTES = 4 * 1024 * 1024;

    private final Store store;
    private final Function<String, Path> checkouts;

    /** @param checkouts the directory holding a repository's files when it was cloned from a git URL */
    public SourceFiles(Store store, Function<String, Path> checkouts) {
        this.store = store;
        this.checkouts = checkouts;
    }

    /**
     * @param start first line wanted (null = 1)
     * @param end last line wanted (null = the end, at most {@link #MAX_LINES} lines)
     * @throws ChatException NOT_FOUND for anything not indexed or not readable, BAD_REQUEST for a bad range
     */
    public SourceView read(String repo, String path, Integer start, Integer end) {
        if (repo == null || repo.isBlank() || path == null || path.isBlank()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"repo\" and \"path\" are required");
        }
        if (start != null && end != null && end < start) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"end\" is before \"start\"");
        }
        RepoInfo info = store.repos().get(repo).orElseThrow(() -> notFound(repo, path));
        Map<String, FileEntry> index = store.files().entries(repo);
        FileEntry entry = index.get(path);
        if (entry == null) {
            throw notFound(repo, path);
        }
        Path root = root(info);
        String text;
        boolean truncated;
        try {
            Path realRoot = root.toRealPath();
            Path file = realRoot.resolve(path).normalize();
            Path real = file.toRealPath();
            if (!file.startsWith(realRoot) || !real.startsWith(realRoot) || !Files.isRegularFile(real)) {
                throw notFound(repo, path);
            }
            byte[] bytes;
            try (var in = Files.newInputStream(real)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
            truncated = bytes.length > MAX_BYTES;
            text = decode(truncated ? java.util.Arrays.copyOf(bytes, MAX_BYTES) : bytes);
        } catch (IOException | InvalidPathException e) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND,
                    "indexed file " + ApiContract.abbreviate(path) + " of " + repo + " is no longer readable on disk");
        }
        boolean changed = truncated || !Hashing.sha256Text(text).equals(entry.fileHash());
        String[] all = Hashing.normalizeNewlines(text).split("\n", -1);
        int total = all.length > 0 && all[all.length - 1].isEmpty() ? all.length - 1 : all.length;
        total = Math.max(total, 1);
        int from = Math.max(1, start == null ? 1 : start);
        if (from > total) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST, "\"start\" is past the end of the file (" + total + " lines)");
        }
        int to = Math.min(total, end == null ? total : end);
        to = (int) Math.min(to, (long) from + MAX_LINES - 1);
        List<SourceView.Line> lines = new ArrayList<>(to - from + 1);
        for (int i = from; i <= to; i++) {
            lines.add(new SourceView.Line(i, i - 1 < all.length ? all[i - 1] : ""));
        }
        String language = Language.fromFileName(path).map(Language::id).orElse("text");
        return new SourceView(repo, path, language, from, to, total, changed, lines);
    }

    /** The directory a repository was ingested from: its source path, or its clone. */
    private Path root(RepoInfo info) {
        try {
            Path p = Path.of(info.source());
            if (p.isAbsolute() && Files.isDirectory(p)) {
                return p;
            }
        } catch (InvalidPathException e) {
            // a URL: fall through to the clone directory
        }
        return checkouts.apply(info.name());
    }

    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static ChatException notFound(String repo, String path) {
        return new ChatException(
                ChatException.Reason.NOT_FOUND,
                "no indexed file " + ApiContract.abbreviate(path) + " in repository " + ApiContract.abbreviate(repo));
    }
}
