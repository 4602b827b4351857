package dev.coderag.chat.mcp;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatRequest;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.mcp.McpResults.Definition;
import dev.coderag.chat.mcp.McpResults.FileLines;
import dev.coderag.chat.mcp.McpResults.IndexStatus;
import dev.coderag.chat.mcp.McpResults.ReferencesResult;
import dev.coderag.chat.mcp.McpResults.Reindexed;
import dev.coderag.chat.mcp.McpResults.RepoList;
import dev.coderag.chat.mcp.McpResults.RepoProgress;
import dev.coderag.chat.mcp.McpResults.RepoSummary;
import dev.coderag.chat.mcp.McpResults.SearchResult;
import dev.coderag.chat.mcp.McpResults.SymbolResult;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.chat.web.WebUi;
import dev.coderag.embed.Embedder;
import dev.coderag.retrieval.Scope;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What the MCP tools do, independent of the protocol and transport: each method is one tool over the parts the
 * web API uses — the {@link ChatService} (ask, and its retriever for search), the store's chunks, call edges,
 * files and repositories, {@link SourceFiles} (only indexed files, capped) and the {@link RepoManager} (status,
 * re-indexing). Arguments are checked here; a bad one is a {@link ChatException} with a one-line reason.
 * Thread-safe.
 */
public final class CodeTools {
    /** Lines and characters {@code read_file} returns at most per call. */
    public static final int MAX_READ_LINES = 1_000;

    public static final int MAX_READ_CHARS = 100_000;

    /** Runs an answer in whatever bounds the caller keeps (the server's answer slots), or directly. */
    public interface AnswerGate {
        ChatResponse run(Supplier<ChatResponse> answer);

        AnswerGate DIRECT = Supplier::get;
    }

    private final ChatService service;
    private final Store store;
    private final RepoManager repos;
    private final SourceFiles files;
    private final AnswerGate gate;
    private final Supplier<Optional<String>> viewerBase;
    private final CodeNavigation navigation;
    private final HistoryTools history;

    /**
     * @param embedder embeds {@code search_history}'s query for the commit table's vectors (the store's model);
     *     without it that search is lexical only
     * @param viewerBase the web server's root URL ({@code http://host:port/}) for links into its code viewer, or
     *     empty when there is none to link to; asked at each call (a server knows its port once it listens)
     */
    public CodeTools(
            ChatService service,
            RepoManager repos,
            SourceFiles files,
            AnswerGate gate,
            Optional<Embedder> embedder,
            Supplier<Optional<String>> viewerBase) {
        this.service = Objects.requireNonNull(service, "service");
        this.store = service.retriever().store();
        this.repos = Objects.requireNonNull(repos, "repos");
        this.files = Objects.requireNonNull(files, "files");
        this.gate = Objects.requireNonNull(gate, "gate");
        this.viewerBase = Objects.requireNonNull(viewerBase, "viewerBase");
        this.navigation = new CodeNavigation(service.retriever(), this::link);
        this.history = new HistoryTools(
                store,
                Objects.requireNonNull(embedder, "embedder"),
                this::commitLink,
                service.options().maxQueryChars());
    }

    /** The history tools: {@code search_history}, {@code get_commit} and the viewer's last change of some lines. */
    public HistoryTools history() {
        return history;
    }

    /** The web viewer's address of a commit (opened on {@code path} when not empty), or null when none is known. */
    String commitLink(String repo, String sha, String path) {
        return viewerBase
                .get()
                .map(base -> (base.endsWith("/") ? base : base + "/") + WebUi.commitLink(repo, sha, path))
                .orElse(null);
    }

    /** The store the tools read. */
    Store store() {
        return store;
    }

    /** The web code viewer's address of some lines, or null when no viewer is known. */
    String link(String repo, String path, int start, int end) {
        return viewerBase
                .get()
                .map(base -> (base.endsWith("/") ? base : base + "/") + WebUi.viewerLink(repo, path, start, end))
                .orElse(null);
    }

    /**
     * {@code search_code}.
     *
     * @param kind a table ({@code code}, {@code readme}, …) or a symbol kind ({@code function}, …), or empty
     */
    public SearchResult searchCode(
            String query,
            Optional<String> repo,
            Optional<String> pathGlob,
            Optional<String> language,
            Optional<String> kind,
            int limit) {
        String q = query(query);
        requireData();
        repo.ifPresent(this::requireRepo);
        SearchFilter filter = SearchFilter.repo(repo.orElse(null)).withPathGlob(pathGlob.orElse(""));
        if (language.isPresent()) {
            filter = filter.withLanguages(Set.of(language(language.get())));
        }
        Set<ChunkKind> tables = Scope.ALL.tables(); // the history has its own tool, search_history
        if (kind.isPresent()) {
            Optional<ChunkKind> table = Arrays.stream(ChunkKind.values())
                    .filter(t -> t.table().equals(kind.get().strip().toLowerCase(Locale.ROOT)))
                    .findFirst();
            if (table.isPresent()) {
                tables = EnumSet.of(table.get());
            } else {
                filter = filter.withSymbolKinds(Set.of(symbolKind(kind.get(), true)));
                tables = EnumSet.of(ChunkKind.CODE);
            }
        }
        return navigation.search(q, new Scope(filter, tables), limit);
    }

    /** {@code ask}: the {@code /api/chat} pipeline, through the gate. */
    public ChatResponse ask(String question, Optional<String> repo) {
        return gate.run(() -> service.ask(new ChatRequest(question, repo, Optional.empty())));
    }

    /** {@code find_symbol}. */
    public SymbolResult findSymbol(String name, Optional<String> kind, Optional<String> repo, int limit) {
        requireData();
        repo.ifPresent(this::requireRepo);
        SearchFilter kinds = kind.map(k -> SearchFilter.NONE.withSymbolKinds(Set.of(symbolKind(k, false))))
                .orElse(SearchFilter.NONE);
        return navigation.findSymbol(name, repo, kinds, limit);
    }

    /**
     * The web code viewer's symbol links, with {@code find_symbol}'s lookup: for each of {@code names} (the first
     * {@link #MAX_LINKED_NAMES} only), the definitions named exactly so in {@code repo} among code of {@code
     * languages} (all when empty), at most {@code perName} each, in the store's order; names without a definition
     * are left out. Never a fuzzy match: a link never leads to another name.
     */
    public Map<String, List<Definition>> definitions(
            String repo, List<String> names, Set<Language> languages, int perName) {
        SearchFilter filter = SearchFilter.NONE.withLanguages(languages);
        Map<String, List<Definition>> out = new LinkedHashMap<>();
        for (String name : names.subList(0, Math.min(names.size(), MAX_LINKED_NAMES))) {
            if (CodeNavigation.normalize(name).isEmpty()) {
                continue;
            }
            List<Definition> defs = navigation.resolve(name, Optional.of(repo), filter, false, perName).stream()
                    .map(CodeNavigation.Found::definition)
                    .toList();
            if (!defs.isEmpty()) {
                out.put(name, defs);
            }
        }
        return out;
    }

    /**
     * For the code viewer: per simple name, the one definition every reference of that name in the file is bound to
     * by the compiler (Java files resolved at ingest); names with several, and files without, are left out.
     */
    public Map<String, Definition> boundInFile(String repo, String path) {
        return navigation.boundInFile(repo, path);
    }

    /** Names {@link #definitions} looks up per call at most. */
    public static final int MAX_LINKED_NAMES = 200;

    /** {@code find_references}: who calls {@code symbol}, or what it calls. */
    public ReferencesResult findReferences(String symbol, CallDirection direction, Optional<String> repo, int limit) {
        requireData();
        repo.ifPresent(this::requireRepo);
        return navigation.references(symbol, direction, repo, limit);
    }

    /** {@code read_file}: at most {@link #MAX_READ_LINES} lines and {@link #MAX_READ_CHARS} characters. */
    public FileLines readFile(String repo, String path, Optional<Integer> start, Optional<Integer> end) {
        int from = start.orElse(1);
        long wantedTo = end.map(Integer::longValue).orElse((long) from + MAX_READ_LINES - 1);
        int to = (int) Math.min(wantedTo, (long) from + MAX_READ_LINES - 1);
        SourceView view = files.read(repo, path, from, to);
        StringBuilder content = new StringBuilder();
        int last = view.start() - 1;
        for (SourceView.Line line : view.lines()) {
            if (content.length() + line.text().length() + 1 > MAX_READ_CHARS && last >= view.start()) {
                break;
            }
            if (!content.isEmpty()) {
                content.append('\n');
            }
            content.append(line.text(), 0, Math.min(line.text().length(), MAX_READ_CHARS));
            last = line.n();
        }
        long askedTo = end.map(Integer::longValue).orElse((long) view.totalLines());
        boolean truncated = last < Math.min(askedTo, view.totalLines());
        return new FileLines(
                view.repo(),
                view.path(),
                view.language(),
                view.start(),
                last,
                view.totalLines(),
                view.changedSinceIndexing(),
                truncated,
                content.toString(),
                link(view.repo(), view.path(), view.start(), last));
    }

    /**
     * What the index holds, as text that changes whenever a repository is added, removed or indexed again (its
     * name, commit and indexing time): what a cursor is bound to.
     */
    public String indexState() {
        return store.repos().list().stream()
                .map(r -> r.name()
                        + '\0'
                        + r.commit()
                        + '\0'
                        + r.indexedAt().map(Object::toString).orElse(""))
                .sorted()
                .collect(Collectors.joining("\n"));
    }

    /** {@code list_repos}. */
    public RepoList listRepos() {
        Map<String, RepoInfo> infos = new TreeMap<>();
        for (RepoInfo info : store.repos().list()) {
            infos.put(info.name(), info);
        }
        List<RepoSummary> out = new ArrayList<>();
        for (RepoStatus s : repos.list()) {
            RepoInfo info = infos.get(s.name());
            out.add(new RepoSummary(
                    s.name(),
                    s.source(),
                    s.commit(),
                    s.indexedAt(),
                    s.status(),
                    s.files(),
                    s.chunks(),
                    info == null ? Map.of() : new TreeMap<>(info.languages()),
                    s.lastError()));
        }
        return new RepoList(out);
    }

    /** {@code index_status}: every repository, or one (NOT_FOUND when unknown). */
    public IndexStatus indexStatus(Optional<String> repo) {
        List<RepoStatus> statuses = repo.isPresent()
                ? List.of(repos.get(repo.get()).orElseThrow(() -> unknownRepo(repo.get())))
                : repos.list();
        return new IndexStatus(
                repos.active(),
                statuses.stream()
                        .map(s -> new RepoProgress(s.name(), s.status(), s.indexedAt(), s.progress(), s.lastError()))
                        .toList());
    }

    /**
     * {@code reindex}: queues an incremental ingest of {@code repo} from the source (and branch) it was indexed
     * from, as {@code POST /api/repos/{name}/reindex} does.
     */
    public Reindexed reindex(String repo) {
        RepoStatus s = repos.reindex(repo);
        return new Reindexed(s.name(), s.status(), s.source(), s.progress());
    }

    private String query(String query) {
        String q = query == null ? "" : query.strip();
        if (q.isEmpty()) {
            throw new ChatException(ChatException.Reason.EMPTY_QUERY, "\"query\" must not be empty");
        }
        if (q.length() > service.options().maxQueryChars()) {
            throw new ChatException(
                    ChatException.Reason.QUERY_TOO_LONG,
                    "query is " + q.length() + " characters; the limit is "
                            + service.options().maxQueryChars());
        }
        return q;
    }

    private void requireData() {
        if (store.chunks().isEmpty()) {
            throw new ChatException(ChatException.Reason.NO_DATA, ChatException.NO_DATA_MESSAGE);
        }
    }

    private void requireRepo(String repo) {
        if (store.repos().get(repo).isEmpty()) {
            throw unknownRepo(repo);
        }
    }

    private ChatException unknownRepo(String repo) {
        return new ChatException(
                ChatException.Reason.NOT_FOUND,
                "unknown repository '" + ApiContract.abbreviate(repo) + "' (indexed: "
                        + store.repos().list().stream().map(RepoInfo::name).collect(Collectors.joining(", "))
                        + ")");
    }

    private static Language language(String id) {
        try {
            return Language.fromId(id.strip().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "unknown language '" + ApiContract.abbreviate(id) + "' (known: "
                            + Arrays.stream(Language.values()).map(Language::id).collect(Collectors.joining(", "))
                            + ")");
        }
    }

    private static SymbolKind symbolKind(String id, boolean tablesToo) {
        try {
            return SymbolKind.fromId(id.strip());
        } catch (IllegalArgumentException e) {
            String known =
                    Arrays.stream(SymbolKind.values()).map(SymbolKind::id).collect(Collectors.joining(", "));
            if (tablesToo) {
                known = Arrays.stream(ChunkKind.values()).map(ChunkKind::table).collect(Collectors.joining(", ")) + ", "
                        + known;
            }
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "unknown kind '" + ApiContract.abbreviate(id) + "' (known: " + known + ")");
        }
    }
}
