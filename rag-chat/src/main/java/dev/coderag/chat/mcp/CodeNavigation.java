package dev.coderag.chat.mcp;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.answer.ContextBuilder;
import dev.coderag.chat.mcp.McpResults.CodeHit;
import dev.coderag.chat.mcp.McpResults.Definition;
import dev.coderag.chat.mcp.McpResults.Reference;
import dev.coderag.chat.mcp.McpResults.ReferencesResult;
import dev.coderag.chat.mcp.McpResults.SearchResult;
import dev.coderag.chat.mcp.McpResults.SymbolResult;
import dev.coderag.retrieval.Retrieval;
import dev.coderag.retrieval.RetrievalHit;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Retriever;
import dev.coderag.retrieval.Scope;
import dev.coderag.retrieval.branch.BranchView;
import dev.coderag.store.CallEdge;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.SymbolRef;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The read-only code tools over the store: ranked search through the chat's {@link Retriever} (the same hybrid
 * search, pins and graph expansion, held to a {@link Scope}), symbol lookup by name, and callers and callees from
 * the stored call edges. Thread-safe (the store and the retriever are).
 */
final class CodeNavigation {
    /** Lines and characters of a chunk's text a search hit shows. */
    static final int SNIPPET_LINES = 20;

    static final int SNIPPET_CHARS = 1_500;

    private final Store store;
    private final Retriever retriever;
    private final Links links;

    /** Where results link to: the web code viewer's address of some lines, or null when none is known. */
    interface Links {
        String of(String repo, String path, int start, int end);
    }

    CodeNavigation(Retriever retriever, Links links) {
        this.store = retriever.store();
        this.retriever = retriever;
        this.links = links;
    }

    /** {@code search_code}: the retrieval of chat, restricted to {@code scope}, best first. */
    SearchResult search(String query, Scope scope, int limit) {
        Retrieval r;
        try {
            r = retriever.retrieve(query, scope, RetrievalMode.FULL, limit);
        } catch (IllegalArgumentException e) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"path_glob\": " + e.getMessage());
        }
        List<CodeHit> hits = new ArrayList<>();
        for (RetrievalHit h : r.details()) {
            Chunk c = h.chunk();
            hits.add(new CodeHit(
                    hits.size() + 1,
                    c.repo(),
                    c.path(),
                    c.startLine(),
                    c.endLine(),
                    c.title(),
                    c.kind().table(),
                    c instanceof CodeChunk code ? code.symbolKind().id() : null,
                    c.language().id(),
                    ApiContract.round3(h.score()),
                    ApiContract.round3(h.relevance()),
                    signature(c),
                    snippet(c),
                    links.of(c.repo(), c.path(), c.startLine(), c.endLine())));
        }
        return new SearchResult(query, hits);
    }

    /** How a definition was found, best first. */
    enum Match {
        EXACT,
        SUFFIX,
        FUZZY;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A definition with the ids of all its chunks (a long one is indexed in parts). */
    record Found(Definition definition, List<String> chunkIds) {}

    /** {@code find_symbol}: exact, then qualified suffix, then fuzzy; at most {@code limit} definitions. */
    SymbolResult findSymbol(String name, Optional<String> repo, SearchFilter kinds, int limit) {
        List<Found> found = resolve(name, repo, kinds, true, limit);
        return new SymbolResult(name, found.stream().map(Found::definition).toList());
    }

    /**
     * The definitions of {@code name}: those whose symbol or qualified name is {@code name}, else those whose
     * qualified name ends with it, else (when {@code fuzzy}) code whose name is like it by BM25 over identifiers.
     */
    List<Found> resolve(String name, Optional<String> repo, SearchFilter kinds, boolean fuzzy, int limit) {
        return resolve(name, repo, repo.flatMap(r -> BranchView.of(store, r)), kinds, fuzzy, limit);
    }

    /** {@link #resolve} with the branch view of {@code repo} read once by the caller (empty outside an overlay). */
    private List<Found> resolve(
            String name,
            Optional<String> repo,
            Optional<BranchView> branch,
            SearchFilter kinds,
            boolean fuzzy,
            int limit) {
        String wanted = normalize(name);
        if (wanted.isEmpty()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "the symbol name is empty");
        }
        var admits = kinds.matcher();
        List<StoredChunk> exact = bySymbol(wanted, repo, branch).stream()
                .filter(c -> admits.test(c.chunk()))
                .toList();
        if (!exact.isEmpty()) {
            return merge(exact, Match.EXACT, limit);
        }
        int dot = wanted.lastIndexOf('.');
        if (dot > 0 && dot < wanted.length() - 1) {
            String suffix = "." + wanted;
            List<StoredChunk> bySuffix = bySymbol(wanted.substring(dot + 1), repo, branch).stream()
                    .filter(c -> admits.test(c.chunk()))
                    .filter(c -> c.chunk() instanceof CodeChunk code && ("." + code.qualifiedName()).endsWith(suffix))
                    .toList();
            if (!bySuffix.isEmpty()) {
                return merge(bySuffix, Match.SUFFIX, limit);
            }
        }
        if (!fuzzy) {
            return List.of();
        }
        SearchFilter asked =
                repo.map(SearchFilter::repo).orElse(SearchFilter.NONE).withSymbolKinds(kinds.symbolKinds());
        SearchFilter filter = branch.map(b -> b.filter(asked)).orElse(asked);
        String lower = wanted.toLowerCase(Locale.ROOT);
        String last = lower.substring(lower.lastIndexOf('.') + 1);
        List<StoredChunk> hits = store.lexical().search(ChunkKind.CODE, wanted, limit * 4, filter).stream()
                .map(h -> new StoredChunk(h.id(), h.chunk()))
                .toList();
        List<StoredChunk> like = branch.map(b -> b.shown(hits)).orElse(hits).stream()
                .sorted(Comparator.comparingInt((StoredChunk c) ->
                        c.chunk().title().toLowerCase(Locale.ROOT).contains(last) ? 0 : 1))
                .toList();
        return merge(like, Match.FUZZY, limit);
    }

    /** The chunks defining {@code symbol} in {@code repo}; a branch overlay's as the branch shows them (its base's too). */
    private List<StoredChunk> bySymbol(String symbol, Optional<String> repo, Optional<BranchView> branch) {
        return branch.map(b -> b.shown(b.both(r -> store.chunks().bySymbol(symbol, Optional.of(r)))))
                .orElseGet(() -> store.chunks().bySymbol(symbol, repo));
    }

    /**
     * {@code find_references}: callers or callees of every definition of {@code symbol}, from the call edges; or its
     * implementations or every reference to it, from the references a compiler resolved at ingest.
     */
    ReferencesResult references(String symbol, CallDirection direction, Optional<String> repo, int limit) {
        Optional<BranchView> branch = repo.flatMap(r -> BranchView.of(store, r));
        List<Found> defs = resolve(symbol, repo, branch, SearchFilter.NONE, false, 100);
        if (defs.isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND,
                    "no definition of '" + ApiContract.abbreviate(symbol)
                            + "' is indexed" + repo.map(r -> " in " + r).orElse("")
                            + " (find_symbol finds similar names)");
        }
        Map<String, String> calls = new LinkedHashMap<>(); // chunk id → the call as written, or how it refers
        Set<String> unresolved = new LinkedHashSet<>();
        boolean byPlace = true;
        for (Found def : defs) {
            for (String id : def.chunkIds()) {
                switch (direction) {
                    case CALLERS -> edges(store.calls().callers(id), true, calls, unresolved);
                    case CALLEES -> {
                        edges(store.calls().callees(id), false, calls, unresolved);
                        byPlace = false;
                    }
                    case IMPLEMENTATIONS ->
                        sites(id, EnumSet.of(ReferenceKind.SUPERTYPE, ReferenceKind.OVERRIDE), limit, calls);
                    case REFERENCES -> sites(id, EnumSet.allOf(ReferenceKind.class), limit, calls);
                }
            }
        }
        boolean callers = byPlace;
        List<StoredChunk> read = store.chunks().getAll(calls.keySet());
        List<StoredChunk> chunks =
                new ArrayList<>(branch.map(b -> b.shown(read)).orElse(read));
        if (callers) {
            chunks.sort(Comparator.comparing((StoredChunk c) -> c.chunk().repo())
                    .thenComparing(c -> c.chunk().path())
                    .thenComparingInt(c -> c.chunk().startLine()));
        }
        List<Reference> refs = new ArrayList<>();
        for (StoredChunk sc : chunks.subList(0, Math.min(limit, chunks.size()))) {
            Chunk c = sc.chunk();
            refs.add(new Reference(
                    c.repo(),
                    c.path(),
                    c.startLine(),
                    c.endLine(),
                    c.title(),
                    c instanceof CodeChunk code
                            ? code.symbolKind().id()
                            : c.kind().table(),
                    c.language().id(),
                    calls.get(sc.id()),
                    links.of(c.repo(), c.path(), c.startLine(), c.endLine())));
        }
        return new ReferencesResult(
                symbol,
                direction,
                defs.stream().map(Found::definition).toList(),
                refs,
                List.copyOf(unresolved),
                chunks.size() > limit);
    }

    private static void edges(
            List<CallEdge> edges, boolean callers, Map<String, String> calls, Set<String> unresolved) {
        for (CallEdge e : edges) {
            Optional<String> other = callers ? Optional.of(e.callerId()) : e.calleeId();
            if (other.isPresent()) {
                calls.putIfAbsent(other.get(), e.calleeName());
            } else {
                unresolved.add(e.calleeName());
            }
        }
    }

    /** The chunks holding resolved references of {@code kinds} into a definition, each with how it refers. */
    private void sites(String id, Set<ReferenceKind> kinds, int limit, Map<String, String> calls) {
        for (SymbolRef r : store.references().to(id, kinds, limit + 1)) {
            if (!r.fromChunkId().isEmpty()) {
                calls.merge(
                        r.fromChunkId(),
                        r.kind().name().toLowerCase(Locale.ROOT) + " at line " + r.line(),
                        (a, b) -> a.length() > 200 ? a : a + ", " + b);
            }
        }
    }

    /**
     * Per simple name, the one definition a compiler bound every reference of that name in a file to (references
     * resolved at ingest, docs/STORE.md "Resolved references"); a name bound to several definitions, or only outside
     * the repository, is left out, as is everything of a file without resolved references.
     */
    Map<String, Definition> boundInFile(String repo, String path) {
        Map<String, Set<String>> targets = new LinkedHashMap<>();
        for (SymbolRef r : store.references().inFile(repo, path)) {
            if (r.target() instanceof SymbolRef.InRepo t && !t.chunkId().isEmpty()) {
                targets.computeIfAbsent(t.simpleName(), k -> new LinkedHashSet<>())
                        .add(t.chunkId());
            }
        }
        Map<String, Definition> out = new LinkedHashMap<>();
        targets.forEach((name, ids) -> {
            if (ids.size() == 1) {
                List<Found> one = merge(store.chunks().getAll(ids), Match.EXACT, 1);
                if (!one.isEmpty()) {
                    out.put(name, one.getFirst().definition());
                }
            }
        });
        return out;
    }

    /**
     * One definition per symbol and file: the parts of a long definition (same repo, path, qualified name and
     * kind) become one range. Order of first appearance; at most {@code limit}.
     */
    private List<Found> merge(List<StoredChunk> chunks, Match match, int limit) {
        Map<String, List<StoredChunk>> groups = new LinkedHashMap<>();
        for (StoredChunk sc : chunks) {
            if (sc.chunk() instanceof CodeChunk c) {
                String key = c.repo() + '\0' + c.path() + '\0' + c.qualifiedName() + '\0' + c.symbolKind();
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(sc);
            }
        }
        List<Found> out = new ArrayList<>();
        for (List<StoredChunk> parts : groups.values()) {
            if (out.size() == limit) {
                break;
            }
            CodeChunk first = (CodeChunk) parts.getFirst().chunk();
            int start =
                    parts.stream().mapToInt(p -> p.chunk().startLine()).min().orElseThrow();
            int end = parts.stream().mapToInt(p -> p.chunk().endLine()).max().orElseThrow();
            Definition d = new Definition(
                    first.repo(),
                    first.path(),
                    start,
                    end,
                    first.qualifiedName(),
                    first.symbolKind().id(),
                    first.language().id(),
                    first.signature().strip(),
                    match.id(),
                    links.of(first.repo(), first.path(), start, end));
            out.add(new Found(d, parts.stream().map(StoredChunk::id).toList()));
        }
        return out;
    }

    /** {@code Foo::bar}, {@code Foo#bar} and {@code bar()} as the store names them: {@code Foo.bar}, {@code bar}. */
    static String normalize(String name) {
        String n = name.strip().replace("::", ".").replace('#', '.');
        if (n.endsWith("()")) {
            n = n.substring(0, n.length() - 2);
        }
        return n;
    }

    /** Lines and characters of a hit's signature. */
    static final int SIGNATURE_LINES = 5;

    static final int SIGNATURE_CHARS = 500;

    /**
     * The first line(s) of a chunk's definition: for code its declaration without the body (at most {@link
     * #SIGNATURE_LINES} lines and {@link #SIGNATURE_CHARS} characters), else the first non-blank line of its text.
     */
    static String signature(Chunk chunk) {
        String text = chunk instanceof CodeChunk code && !code.signature().isBlank()
                ? code.signature().strip()
                : ContextBuilder.body(chunk)
                        .lines()
                        .filter(l -> !l.isBlank())
                        .findFirst()
                        .orElse("")
                        .strip();
        List<String> lines = text.lines().limit(SIGNATURE_LINES).toList();
        String out = String.join("\n", lines);
        return out.length() <= SIGNATURE_CHARS ? out : out.substring(0, SIGNATURE_CHARS) + "…";
    }

    /** The start of a chunk's text: at most {@link #SNIPPET_LINES} lines and {@link #SNIPPET_CHARS} characters. */
    static String snippet(Chunk chunk) {
        String body = ContextBuilder.body(chunk);
        StringBuilder sb = new StringBuilder();
        int lines = 0;
        for (String line : body.split("\n", -1)) {
            if (lines == SNIPPET_LINES || sb.length() + line.length() > SNIPPET_CHARS) {
                if (sb.isEmpty()) {
                    sb.append(line, 0, Math.min(line.length(), SNIPPET_CHARS));
                }
                sb.append("…");
                break;
            }
            sb.append(line).append('\n');
            lines++;
        }
        return sb.toString().stripTrailing();
    }
}
