package dev.coderag.chat.mcp;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.mcp.HistoryResults.CommitFile;
import dev.coderag.chat.mcp.HistoryResults.CommitResult;
import dev.coderag.chat.mcp.HistoryResults.HistoryHit;
import dev.coderag.chat.mcp.HistoryResults.HistoryResult;
import dev.coderag.chat.mcp.HistoryResults.LastChange;
import dev.coderag.embed.Embedder;
import dev.coderag.retrieval.history.Change;
import dev.coderag.retrieval.history.LineHistory;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.VectorTier;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CommitChunk;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The stored history as tools: ranked search over the commit table ({@code search_history}: BM25 and vectors fused
 * by reciprocal rank, then the symbol and date filters), a commit by id or prefix ({@code get_commit}), and the
 * newest commit that wrote some lines of a file ({@link #lastChange}, the viewer's blame-like line: {@link
 * LineHistory}'s walk over the file's stored hunks, renames followed). Reads only what
 * the ingest stored; a bad argument is a {@link ChatException} with a one-line reason. Thread-safe.
 */
public final class HistoryTools {
    /** Candidates each search list brings at most: the symbol and date filters choose among these. */
    static final int MAX_CANDIDATES = 400;

    /** Files of one commit read at most (the ingest caps a commit's files well below it). */
    public static final int MAX_FILES = 1_000;

    /** Commits of a file's history (renames followed) a last-change walk reads at most. */
    static final int MAX_CHAIN = 2_000;

    /** Renames a last-change walk follows at most. */
    static final int MAX_RENAMES = 20;

    /** Lines and characters of a search hit's diff excerpt. */
    static final int EXCERPT_LINES = 30;

    static final int EXCERPT_CHARS = 2_000;

    private static final int RRF_K = 60;
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{7,64}");

    /** Where a commit opens in the web viewer, or null when no viewer is known. */
    interface Links {
        String commit(String repo, String sha, String path);
    }

    private final Store store;
    private final Optional<Embedder> embedder;
    private final Links links;
    private final int maxQueryChars;

    HistoryTools(Store store, Optional<Embedder> embedder, Links links, int maxQueryChars) {
        this.store = store;
        this.embedder = embedder;
        this.links = links;
        this.maxQueryChars = maxQueryChars;
    }

    /**
     * {@code search_history}: what commits changed, best first, one hit per commit and file.
     *
     * @param symbol a definition's name (qualified or not): only changes whose lines mention its simple name
     * @param since first day (UTC, inclusive), {@code yyyy-mm-dd}
     * @param until last day (UTC, inclusive), {@code yyyy-mm-dd}
     */
    public HistoryResult search(
            String query,
            Optional<String> repo,
            Optional<String> pathGlob,
            Optional<String> symbol,
            Optional<String> since,
            Optional<String> until,
            int limit) {
        String q = query == null ? "" : query.strip();
        if (q.isEmpty()) {
            throw new ChatException(ChatException.Reason.EMPTY_QUERY, "\"query\" must not be empty");
        }
        if (q.length() > maxQueryChars) {
            throw new ChatException(
                    ChatException.Reason.QUERY_TOO_LONG,
                    "query is " + q.length() + " characters; the limit is " + maxQueryChars);
        }
        long from = since.map(d -> day(d, "since").atStartOfDay(ZoneOffset.UTC).toEpochSecond())
                .orElse(Long.MIN_VALUE);
        long to = until.map(d ->
                        day(d, "until").plusDays(1).atStartOfDay(ZoneOffset.UTC).toEpochSecond() - 1)
                .orElse(Long.MAX_VALUE);
        if (from > to) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"since\" is after \"until\"");
        }
        Optional<String> name = symbol.map(HistoryTools::simpleName);
        if (symbol.isPresent() && name.get().isEmpty()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"symbol\" names no identifier");
        }
        repo.ifPresent(this::requireRepo);
        SearchFilter filter = SearchFilter.repo(repo.orElse(null)).withPathGlob(pathGlob.orElse(""));
        boolean filtered = name.isPresent() || since.isPresent() || until.isPresent();
        int k = filtered ? MAX_CANDIDATES : Math.min(MAX_CANDIDATES, limit * 3);
        Map<String, Fused> fused = candidates(q, filter, k);
        Predicate<CommitChunk> keep = c -> c.time() >= from && c.time() <= to;
        if (name.isPresent()) {
            Pattern word =
                    Pattern.compile("(?<![\\p{L}\\p{N}_$])" + Pattern.quote(name.get()) + "(?![\\p{L}\\p{N}_$])");
            keep = keep.and(c -> c.touched().contains(name.get())
                    || c.introduced().contains(name.get())
                    || word.matcher(c.diff()).find());
        }
        Predicate<CommitChunk> admitted = keep;
        List<Fused> ranked = fused.values().stream()
                .filter(f -> admitted.test(f.chunk))
                .sorted(Comparator.comparingDouble((Fused f) -> -f.score).thenComparing(f -> -f.chunk.time()))
                .limit(limit)
                .toList();
        double top = ranked.isEmpty() ? 1 : ranked.getFirst().score;
        List<HistoryHit> hits = new ArrayList<>();
        for (Fused f : ranked) {
            hits.add(hit(f, hits.size() + 1, top));
        }
        return new HistoryResult(q, hits);
    }

    /** The commit table's BM25 and vector hits for {@code q}, fused by reciprocal rank, at most {@code k} a list. */
    private Map<String, Fused> candidates(String q, SearchFilter filter, int k) {
        Map<String, Fused> fused = new LinkedHashMap<>();
        try {
            fuse(fused, store.lexical().search(ChunkKind.COMMIT, q, k, filter));
            if (embedder.isPresent()) {
                Embedder e = embedder.get();
                fuse(fused, store.vectors(VectorTier.FULL).search(ChunkKind.COMMIT, e.embedQuery(q), k, filter));
                if (e.staticTier().isPresent() && store.vectorTiers().contains(VectorTier.STATIC)) {
                    float[] v = e.staticTier().get().embedQuery(q);
                    fuse(fused, store.vectors(VectorTier.STATIC).search(ChunkKind.COMMIT, v, k, filter));
                }
            }
        } catch (IllegalArgumentException e) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"path\": " + e.getMessage());
        }
        return fused;
    }

    private HistoryHit hit(Fused f, int rank, double top) {
        CommitChunk c = f.chunk;
        return new HistoryHit(
                rank,
                c.repo(),
                c.sha(),
                c.shortSha(),
                date(c),
                c.author(),
                c.subject(),
                c.path(),
                c.oldPath(),
                change(c),
                c.linesAdded(),
                c.linesDeleted(),
                excerpt(c.diff()),
                c.omitted(),
                ApiContract.round3(f.score / top),
                links.commit(c.repo(), c.sha(), c.path()));
    }

    /**
     * {@code get_commit}: the commit of {@code repo} whose id is or starts with {@code sha} (at least 7 hex
     * digits), every file it changed by path (at most {@link #MAX_FILES}).
     *
     * @throws ChatException BAD_REQUEST for an id that is not hex, NOT_FOUND when no stored commit or more than one
     *     starts with it
     */
    public CommitResult commit(String repo, String sha) {
        requireRepo(repo);
        String prefix = sha == null ? "" : sha.strip().toLowerCase(Locale.ROOT);
        if (!SHA.matcher(prefix).matches()) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "\"sha\" must be a commit id or its first 7 or more hex digits, not '"
                            + ApiContract.abbreviate(sha == null ? "" : sha) + "'");
        }
        List<CommitChunk> files = store.history().commit(repo, prefix, MAX_FILES).stream()
                .map(s -> (CommitChunk) s.chunk())
                .toList();
        if (files.isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND,
                    "no single commit of " + repo + "'s stored history starts with " + prefix
                            + " (unknown, outside the history read, or ambiguous: give more digits)");
        }
        return result(files);
    }

    /**
     * The stored commit of {@code path} whose chunk spans exactly {@code start}–{@code end} (newest first;
     * {@code subject}, when given, must start it): how the page finds the commit of a source that names no id.
     */
    public Optional<String> shaAt(String repo, String path, int start, int end, Optional<String> subject) {
        requireRepo(repo);
        return store.history().ofFile(repo, path, MAX_CHAIN).stream()
                .map(s -> (CommitChunk) s.chunk())
                .filter(c -> c.startLine() == start && c.endLine() == end)
                .filter(c -> subject.isEmpty() || c.subject().startsWith(subject.get()))
                .map(CommitChunk::sha)
                .findFirst();
    }

    /** Whether any commit of {@code path} (as it is named now) is stored. */
    public boolean hasHistory(String repo, String path) {
        return repo != null
                && path != null
                && !store.history().ofFile(repo, path, 1).isEmpty();
    }

    /**
     * The newest stored commit that wrote any of lines {@code from}–{@code to} of {@code path} as indexed (a file
     * of {@code lineCount} lines), following renames; empty when the stored history does not reach them.
     */
    public Optional<LastChange> lastChange(String repo, String path, int from, int to, int lineCount) {
        requireRepo(repo);
        Map<String, CommitChunk> byKey = new LinkedHashMap<>();
        List<Change> chain = new ArrayList<>();
        String at = path;
        long before = Long.MAX_VALUE;
        Set<String> seen = new HashSet<>();
        for (int renames = 0; renames <= MAX_RENAMES && seen.add(at); renames++) {
            String next = "";
            for (StoredChunk s : store.history().ofFile(repo, at, MAX_CHAIN)) {
                CommitChunk c = (CommitChunk) s.chunk();
                if (c.time() > before || byKey.containsKey(c.sha()) || byKey.size() >= MAX_CHAIN) {
                    continue;
                }
                if (c.change() == CommitChunk.Change.DELETED) {
                    break; // an older file of the same name: not this one's history
                }
                byKey.put(c.sha(), c);
                chain.add(new Change(c.sha(), c.path(), c.oldPath(), c.hunks()));
                if (c.change() == CommitChunk.Change.ADDED) {
                    break; // it wrote every line the walk still holds
                }
                if (c.change() == CommitChunk.Change.RENAMED && !c.oldPath().isEmpty()) {
                    next = c.oldPath();
                    before = c.time();
                    break;
                }
            }
            if (next.isEmpty()) {
                break;
            }
            at = next;
        }
        return LineHistory.lastChange(chain, lineCount, from, to)
                .map(byKey::get)
                .map(c -> new LastChange(
                        repo, path, from, to, c.sha(), c.shortSha(), date(c), c.author(), c.subject(), c.path()));
    }

    private CommitResult result(List<CommitChunk> chunks) {
        CommitChunk head = chunks.getFirst();
        List<CommitFile> files = chunks.stream()
                .sorted(Comparator.comparing(CommitChunk::path))
                .map(c -> new CommitFile(
                        c.path(),
                        c.oldPath(),
                        change(c),
                        c.language().id(),
                        c.linesAdded(),
                        c.linesDeleted(),
                        c.hunks().stream().map(Object::toString).toList(),
                        c.diff(),
                        c.omitted()))
                .toList();
        return new CommitResult(
                head.repo(),
                head.sha(),
                head.shortSha(),
                date(head),
                head.author(),
                head.subject(),
                head.body(),
                files,
                files.size(),
                links.commit(head.repo(), head.sha(), ""));
    }

    /** A commit's author date as {@code yyyy-mm-dd} (UTC). */
    public static String date(CommitChunk c) {
        return LocalDate.ofInstant(c.date(), ZoneOffset.UTC).toString();
    }

    static String change(CommitChunk c) {
        return c.change().name().toLowerCase(Locale.ROOT);
    }

    /** The first {@link #EXCERPT_LINES} lines and {@link #EXCERPT_CHARS} characters of a diff, "…" marking a cut. */
    static String excerpt(String diff) {
        List<String> all = diff.lines().toList();
        String kept = String.join("\n", all.subList(0, Math.min(all.size(), EXCERPT_LINES)));
        if (kept.length() > EXCERPT_CHARS) {
            int end = Character.isHighSurrogate(kept.charAt(EXCERPT_CHARS - 1)) ? EXCERPT_CHARS - 1 : EXCERPT_CHARS;
            return kept.substring(0, end) + "…";
        }
        return all.size() > EXCERPT_LINES ? kept + "\n…" : kept;
    }

    /** {@code Foo.bar}, {@code Foo::bar}, {@code Foo#bar}, {@code bar()} → {@code bar}. */
    static String simpleName(String symbol) {
        String s = symbol.strip();
        if (s.endsWith("()")) {
            s = s.substring(0, s.length() - 2);
        }
        int cut = Math.max(s.lastIndexOf('.'), Math.max(s.lastIndexOf('#'), s.lastIndexOf(':')));
        s = s.substring(cut + 1);
        return s.codePoints().allMatch(cp -> Character.isLetterOrDigit(cp) || cp == '_' || cp == '$') ? s : "";
    }

    private static LocalDate day(String text, String arg) {
        try {
            return LocalDate.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "\"" + arg + "\" must be a date as yyyy-mm-dd, not '" + ApiContract.abbreviate(text) + "'");
        }
    }

    private void requireRepo(String repo) {
        if (repo == null || repo.isBlank()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"repo\" is required");
        }
        if (store.repos().get(repo).isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND, "unknown repository '" + ApiContract.abbreviate(repo) + "'");
        }
    }

    private static void fuse(Map<String, Fused> fused, List<ScoredChunk> list) {
        for (int i = 0; i < list.size(); i++) {
            ScoredChunk s = list.get(i);
            if (s.chunk() instanceof CommitChunk c) {
                fused.computeIfAbsent(s.id(), id -> new Fused(c)).score += 1.0 / (RRF_K + i + 1);
            }
        }
    }

    /** A candidate and its reciprocal-rank score so far. */
    private static final class Fused {
        final CommitChunk chunk;
        double score;

        Fused(CommitChunk chunk) {
            this.chunk = chunk;
        }
    }
}
