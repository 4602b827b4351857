package dev.coderag.chat.mcp;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.Trace;
import dev.coderag.chat.mcp.McpResults.CodeHit;
import dev.coderag.chat.mcp.McpResults.Definition;
import dev.coderag.chat.mcp.McpResults.FileLines;
import dev.coderag.chat.mcp.McpResults.IndexStatus;
import dev.coderag.chat.mcp.McpResults.Reference;
import dev.coderag.chat.mcp.McpResults.ReferencesResult;
import dev.coderag.chat.mcp.McpResults.Reindexed;
import dev.coderag.chat.mcp.McpResults.RepoList;
import dev.coderag.chat.mcp.McpResults.RepoProgress;
import dev.coderag.chat.mcp.McpResults.RepoSummary;
import dev.coderag.chat.mcp.McpResults.SearchResult;
import dev.coderag.chat.mcp.McpResults.SymbolResult;
import dev.coderag.chat.mcp.Pager.Built;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Each tool's result as a {@link Pager.Cuttable}: which items page, and its ladder of text cuts from nothing cut
 * (level 0) to all its text cut (the highest level). Locations — repo, path, start and end line — are never cut;
 * only text is: snippets, signatures, calls, the answer, a file's one overlong line. Pure.
 */
final class PagedResults {
    static final int ALL = Integer.MAX_VALUE;

    /**
     * search_code's cuts, least first, as {snippet lines, signature lines} (-1: no snippet was asked for). With
     * {@code detail: signatures} a signature keeps its first line: hits move to the next page instead.
     */
    private static final int[][] FULL = {
        {ALL, ALL}, {12, ALL}, {8, ALL}, {5, ALL}, {3, ALL}, {2, ALL}, {1, ALL}, {0, ALL}, {0, 1}, {0, 0}
    };

    private static final int[][] SIGNATURES = {{-1, ALL}, {-1, 1}}; // asked for: a line of each, else pages

    /** Signature lines of definitions, least cut first. */
    private static final int[] SIGNATURE_LINES = {ALL, 1, 0};

    /** Characters of read_file's single line when even that one is over the budget, least cut first. */
    private static final int[] LINE_CHARS = {ALL, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 80, 0};

    /** What a cut leaves of a repository's last error, an ingest's source or a reference's call. */
    private static final int SHORT_TEXT = 100;

    private static final int SHORT_CALL = 60;

    private static final int FEW_UNRESOLVED = 10;

    private PagedResults() {}

    /** How much of each search hit to return. */
    enum Detail {
        /** Location, signature and snippet. */
        FULL,
        /** Location and signature, no snippet. */
        SIGNATURES;

        static Detail fromId(String id) {
            for (Detail d : values()) {
                if (d.name().toLowerCase(Locale.ROOT).equals(id)) {
                    return d;
                }
            }
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"detail\" must be full or signatures");
        }
    }

    static Pager.Cuttable<SearchResult> search(SearchResult full, int offset, Detail detail) {
        List<CodeHit> hits = full.hits().subList(offset, full.hits().size());
        int[][] ladder = detail == Detail.FULL ? FULL : SIGNATURES;
        return of(
                hits.size(),
                ladder.length - 1,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    int[] step = ladder[level];
                    List<CodeHit> out = hits.subList(0, count).stream()
                            .map(h -> new CodeHit(
                                    h.rank(),
                                    h.repo(),
                                    h.path(),
                                    h.startLine(),
                                    h.endLine(),
                                    h.symbol(),
                                    h.kind(),
                                    h.symbolKind(),
                                    h.language(),
                                    h.score(),
                                    h.relevance(),
                                    cuts.lines(h.signature(), step[1], "signature"),
                                    step[0] < 0 ? null : cuts.lines(h.snippet(), step[0], "snippet"),
                                    h.url()))
                            .toList();
                    return cuts.built(new SearchResult(full.query(), out));
                },
                ToolText::search);
    }

    static Pager.Cuttable<SymbolResult> symbols(SymbolResult full, int offset) {
        List<Definition> defs =
                full.definitions().subList(offset, full.definitions().size());
        return of(
                defs.size(),
                SIGNATURE_LINES.length - 1,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    List<Definition> out = defs.subList(0, count).stream()
                            .map(d -> cuts.signature(d, SIGNATURE_LINES[level]))
                            .toList();
                    return cuts.built(new SymbolResult(full.name(), out));
                },
                ToolText::symbols);
    }

    /**
     * find_references: the references page; the definitions and unresolved names come with every page, cut in
     * this order: definitions' signatures to one line (1), to none (2), unresolved names to {@link
     * #FEW_UNRESOLVED} (3), calls to {@link #SHORT_CALL} characters (4), definitions to the first (5), unresolved
     * names to none (6).
     */
    static Pager.Cuttable<ReferencesResult> references(ReferencesResult full, int offset) {
        List<Reference> refs =
                full.references().subList(offset, full.references().size());
        return of(
                refs.size(),
                6,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    List<Definition> defs = full.definitions();
                    if (level >= 5 && defs.size() > 1) {
                        defs = defs.subList(0, 1);
                        cuts.names.add("definitions");
                    }
                    int signature = level >= 2 ? 0 : level >= 1 ? 1 : ALL;
                    defs = defs.stream().map(d -> cuts.signature(d, signature)).toList();
                    List<String> unresolved = full.unresolved();
                    int keep = level >= 6 ? 0 : level >= 3 ? FEW_UNRESOLVED : ALL;
                    if (unresolved.size() > keep) {
                        unresolved = unresolved.subList(0, keep);
                        cuts.names.add("unresolved");
                    }
                    int call = level >= 4 ? SHORT_CALL : ALL;
                    List<Reference> out = refs.subList(0, count).stream()
                            .map(r -> new Reference(
                                    r.repo(),
                                    r.path(),
                                    r.startLine(),
                                    r.endLine(),
                                    r.symbol(),
                                    r.kind(),
                                    r.language(),
                                    cuts.chars(r.call(), call, "call"),
                                    r.url()))
                            .toList();
                    return cuts.built(new ReferencesResult(
                            full.symbol(), full.direction(), defs, out, unresolved, full.truncated()));
                },
                ToolText::references);
    }

    /** read_file: the lines page; a single line over the budget is cut to fewer characters. */
    static Pager.Cuttable<FileLines> file(FileLines f, CodeNavigation.Links links) {
        String[] lines = f.content().split("\n", -1);
        int available = f.endLine() >= f.startLine() ? lines.length : 0;
        return of(
                available,
                LINE_CHARS.length - 1,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    String content = String.join("\n", List.of(lines).subList(0, count));
                    if (count == 1) {
                        content = cuts.chars(content, LINE_CHARS[level], "line");
                    }
                    int end = count == 0 ? f.endLine() : f.startLine() + count - 1;
                    return cuts.built(new FileLines(
                            f.repo(),
                            f.path(),
                            f.language(),
                            f.startLine(),
                            end,
                            f.totalLines(),
                            f.changedSinceIndexing(),
                            f.truncated() || count < available,
                            content,
                            links.of(f.repo(), f.path(), f.startLine(), end)));
                },
                ToolText::file);
    }

    /** list_repos: cuts the languages (1), then last errors (2). */
    static Pager.Cuttable<RepoList> repos(RepoList full, int offset) {
        List<RepoSummary> repos = full.repos().subList(offset, full.repos().size());
        return of(
                repos.size(),
                2,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    List<RepoSummary> out = repos.subList(0, count).stream()
                            .map(s -> new RepoSummary(
                                    s.name(),
                                    s.source(),
                                    s.commit(),
                                    s.indexedAt(),
                                    s.state(),
                                    s.files(),
                                    s.chunks(),
                                    level >= 1 ? cuts.none(s.languages(), "languages") : s.languages(),
                                    level >= 2 ? cuts.chars(s.lastError(), SHORT_TEXT, "last_error") : s.lastError()))
                            .toList();
                    return cuts.built(new RepoList(out));
                },
                ToolText::repos);
    }

    /** index_status: cuts last errors (1). */
    static Pager.Cuttable<IndexStatus> status(IndexStatus full, int offset) {
        List<RepoProgress> repos = full.repos().subList(offset, full.repos().size());
        return of(
                repos.size(),
                1,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    List<RepoProgress> out = repos.subList(0, count).stream()
                            .map(p -> new RepoProgress(
                                    p.name(),
                                    p.state(),
                                    p.indexedAt(),
                                    p.progress(),
                                    level >= 1 ? cuts.chars(p.lastError(), SHORT_TEXT, "last_error") : p.lastError()))
                            .toList();
                    return cuts.built(new IndexStatus(full.indexing(), out));
                },
                ToolText::status);
    }

    /** reindex: one item; cuts the source (1). */
    static Pager.Cuttable<Reindexed> reindexed(Reindexed r) {
        return of(
                1,
                1,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    String source = level >= 1 ? cuts.chars(r.source(), SHORT_TEXT, "source") : r.source();
                    return cuts.built(new Reindexed(r.name(), r.state(), source, r.progress()));
                },
                ToolText::reindexed);
    }

    /**
     * ask: the sources are the items; cuts the trace to its intent, generator and style (1), then the answer a
     * character at a time (level {@code 1 + k}: {@code k} characters fewer), down to none.
     */
    static Pager.Cuttable<ChatResponse> answer(ChatResponse r) {
        int length = r.answer().length();
        return of(
                r.sources().size(),
                1 + length,
                (count, level) -> {
                    Cuts cuts = new Cuts();
                    Trace t = r.trace();
                    Trace trace = t;
                    if (level >= 1 && t != null) {
                        trace = new Trace(
                                t.intent(),
                                Map.of(),
                                Map.of(),
                                Map.of(),
                                "",
                                List.of(),
                                t.generator(),
                                t.answerStyle());
                        cuts.names.add("trace");
                    }
                    String answer = level >= 2 ? cuts.chars(r.answer(), length - (level - 1), "answer") : r.answer();
                    return cuts.built(new ChatResponse(
                            answer,
                            r.sources().subList(0, count),
                            r.intent(),
                            trace,
                            r.chatId(),
                            r.warnings(),
                            r.refused()));
                },
                ToolText::answer);
    }

    /** Builds a page of {@code count} items cut to {@code level}. */
    interface Build<R> {
        Built<R> page(int count, int level);
    }

    static <R> Pager.Cuttable<R> of(int available, int maxLevel, Build<R> build, Function<R, String> text) {
        return new Pager.Cuttable<>() {
            @Override
            public int available() {
                return available;
            }

            @Override
            public int maxLevel() {
                return maxLevel;
            }

            @Override
            public Built<R> build(int count, int level) {
                return build.page(count, level);
            }

            @Override
            public String text(R value) {
                return text.apply(value);
            }
        };
    }

    /** The cuts made while building one page, by name. */
    static final class Cuts {
        final Set<String> names = new TreeSet<>();

        <R> Built<R> built(R value) {
            return new Built<>(value, names);
        }

        /** The first {@code n} lines of {@code text} (null stays null), an ellipsis line marking the cut. */
        String lines(String text, int n, String name) {
            if (text == null || n == ALL) {
                return text;
            }
            List<String> all = text.lines().toList();
            if (all.size() <= n) {
                return text;
            }
            names.add(name);
            return n == 0 ? "" : String.join("\n", all.subList(0, n)) + "\n…";
        }

        /** {@code text} cut to {@code max} characters with an ellipsis (null stays null; a pair stays whole). */
        String chars(String text, int max, String name) {
            if (text == null || text.length() <= max) {
                return text;
            }
            names.add(name);
            int end = max > 0 && Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
            return text.substring(0, end) + "…";
        }

        <K, V> Map<K, V> none(Map<K, V> map, String name) {
            if (!map.isEmpty()) {
                names.add(name);
            }
            return Map.of();
        }

        Definition signature(Definition d, int lines) {
            return new Definition(
                    d.repo(),
                    d.path(),
                    d.startLine(),
                    d.endLine(),
                    d.symbol(),
                    d.kind(),
                    d.language(),
                    lines(d.signature(), lines, "signature"),
                    d.match(),
                    d.url());
        }
    }
}
