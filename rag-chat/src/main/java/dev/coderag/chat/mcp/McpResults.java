package dev.coderag.chat.mcp;

import dev.coderag.chat.repos.RepoState;
import dev.coderag.chat.repos.RepoStatus;
import java.util.List;
import java.util.Map;

/**
 * What the MCP tools return, as records: serialised in snake_case they are the tools' structured content, whose
 * shape {@code tools.json}'s output schemas declare (the SDK checks every result against them). Nullable fields are
 * documented as such; lists are never null.
 */
public final class McpResults {
    private McpResults() {}

    /** {@code search_code}. */
    public record SearchResult(String query, List<CodeHit> hits) {
        public SearchResult {
            hits = List.copyOf(hits);
        }
    }

    /**
     * One ranked chunk.
     *
     * @param kind the table: {@code code | readme | manifest | module_doc}
     * @param symbolKind for code chunks, what the chunk defines; null otherwise
     * @param score fused ranking score scaled to [0, 1]
     * @param relevance cosine similarity of query and chunk, in [0, 1]
     * @param signature the first line(s) of the definition (for code: its declaration without the body; else the
     *     chunk's first line)
     * @param snippet the start of the chunk's text; null when only signatures were asked for
     * @param url the lines in the web code viewer, or null
     */
    public record CodeHit(
            int rank,
            String repo,
            String path,
            int startLine,
            int endLine,
            String symbol,
            String kind,
            String symbolKind,
            String language,
            double score,
            double relevance,
            String signature,
            String snippet,
            String url) {}

    /** {@code find_symbol}. */
    public record SymbolResult(String name, List<Definition> definitions) {
        public SymbolResult {
            definitions = List.copyOf(definitions);
        }
    }

    /**
     * Where a symbol is defined: one definition even when it was indexed as several chunks.
     *
     * @param symbol the qualified name
     * @param kind the symbol kind ({@code function}, {@code method}, {@code class}, …)
     * @param match how the name matched: {@code exact}, {@code suffix} or {@code fuzzy}
     */
    public record Definition(
            String repo,
            String path,
            int startLine,
            int endLine,
            String symbol,
            String kind,
            String language,
            String signature,
            String match,
            String url) {}

    /**
     * {@code find_references}.
     *
     * @param direction which way the call edges were followed
     * @param unresolved callees only: called names without a single definition in the repository
     * @param truncated more references exist than the limit let through
     */
    public record ReferencesResult(
            String symbol,
            CallDirection direction,
            List<Definition> definitions,
            List<Reference> references,
            List<String> unresolved,
            boolean truncated) {
        public ReferencesResult {
            definitions = List.copyOf(definitions);
            references = List.copyOf(references);
            unresolved = List.copyOf(unresolved);
        }
    }

    /**
     * A caller or callee.
     *
     * @param symbol the calling (callers) or called (callees) definition's qualified name
     * @param call the call as written in the caller
     */
    public record Reference(
            String repo,
            String path,
            int startLine,
            int endLine,
            String symbol,
            String kind,
            String language,
            String call,
            String url) {}

    /**
     * {@code read_file}: lines of an indexed file.
     *
     * @param truncated fewer lines than asked for were returned (the caps)
     * @param content the lines joined with {@code \n}
     */
    public record FileLines(
            String repo,
            String path,
            String language,
            int startLine,
            int endLine,
            int totalLines,
            boolean changedSinceIndexing,
            boolean truncated,
            String content,
            String url) {}

    /** {@code list_repos}. */
    public record RepoList(List<RepoSummary> repos) {
        public RepoList {
            repos = List.copyOf(repos);
        }
    }

    /**
     * An indexed repository.
     *
     * @param indexedAt ISO-8601 instant of the last committed ingest, or null
     * @param languages code chunks per language id
     * @param lastError the last failed ingest's one-line message, or null
     */
    public record RepoSummary(
            String name,
            String source,
            String commit,
            String indexedAt,
            RepoState state,
            int files,
            Map<String, Integer> chunks,
            Map<String, Integer> languages,
            String lastError) {}

    /**
     * {@code index_status}.
     *
     * @param indexing ingests queued or running
     */
    public record IndexStatus(long indexing, List<RepoProgress> repos) {
        public IndexStatus {
            repos = List.copyOf(repos);
        }
    }

    /** A repository's state and, while it is being indexed, its progress (else null). */
    public record RepoProgress(
            String name, RepoState state, String indexedAt, RepoStatus.Progress progress, String lastError) {}

    /** {@code reindex}: what was queued. */
    public record Reindexed(String name, RepoState state, String source, RepoStatus.Progress progress) {}
}
