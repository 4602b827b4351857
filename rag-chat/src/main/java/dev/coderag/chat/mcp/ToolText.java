package dev.coderag.chat.mcp;

import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.Source;
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
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The short text beside each tool's structured content, for clients that show a model only text: locations as
 * {@code repo:path:start-end}, one line per result, snippets and file lines as they are. Pure.
 */
final class ToolText {
    /**
     * Lines of a search hit's snippet (or, with {@code detail: signatures}, its signature) the text shows (the
     * structured content has up to 20).
     */
    static final int TEXT_SNIPPET_LINES = 8;

    private ToolText() {}

    static String search(SearchResult r) {
        if (r.hits().isEmpty()) {
            return "No results for \"" + r.query() + "\".";
        }
        StringBuilder sb = new StringBuilder();
        for (CodeHit h : r.hits()) {
            sb.append(h.rank())
                    .append(". ")
                    .append(location(h.repo(), h.path(), h.startLine(), h.endLine()))
                    .append("  ")
                    .append(h.symbol())
                    .append(" (")
                    .append(h.symbolKind() == null ? h.kind() : h.symbolKind())
                    .append(", ")
                    .append(h.language())
                    .append(String.format(Locale.ROOT, ", score %.2f)%n", h.score()));
            String text = h.snippet() == null ? h.signature() : h.snippet();
            text.lines()
                    .limit(TEXT_SNIPPET_LINES)
                    .forEach(l -> sb.append("    ").append(l).append('\n'));
        }
        return sb.toString().stripTrailing();
    }

    static String answer(ChatResponse r) {
        StringBuilder sb = new StringBuilder(r.answer());
        r.warnings().forEach(w -> sb.append("\n\nWarning: ").append(w));
        if (!r.sources().isEmpty()) {
            sb.append(r.refused() ? "\n\nClosest matches:" : "\n\nSources:");
            for (Source s : r.sources()) {
                sb.append("\n[")
                        .append(s.n())
                        .append("] ")
                        .append(location(s.repo(), s.path(), s.startLine(), s.endLine()))
                        .append("  ")
                        .append(s.symbol())
                        .append(s.cited() ? "" : " (not cited)");
            }
        }
        return sb.toString();
    }

    static String symbols(SymbolResult r) {
        if (r.definitions().isEmpty()) {
            return "No definition of " + r.name() + " is indexed.";
        }
        return r.definitions().stream().map(ToolText::definition).collect(Collectors.joining("\n"));
    }

    static String references(ReferencesResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                        switch (r.direction()) {
                            case CALLERS -> "Callers of ";
                            case CALLEES -> "Calls made by ";
                            case IMPLEMENTATIONS -> "Implementations of ";
                            case REFERENCES -> "References to ";
                        })
                .append(r.symbol())
                .append(" (")
                .append(r.references().size())
                .append(r.truncated() ? ", more not shown" : "")
                .append("):");
        for (Reference ref : r.references()) {
            sb.append("\n")
                    .append(location(ref.repo(), ref.path(), ref.startLine(), ref.endLine()))
                    .append("  ")
                    .append(ref.symbol())
                    .append(
                            switch (r.direction()) {
                                case CALLERS, CALLEES -> "  calls ";
                                case IMPLEMENTATIONS, REFERENCES -> "  ";
                            })
                    .append(ref.call());
        }
        if (!r.unresolved().isEmpty()) {
            sb.append("\nNot resolved to one indexed definition: ").append(String.join(", ", r.unresolved()));
        }
        sb.append("\nDefinitions: ");
        sb.append(r.definitions().stream().map(ToolText::definition).collect(Collectors.joining("; ")));
        return sb.toString();
    }

    static String file(FileLines f) {
        StringBuilder sb = new StringBuilder();
        sb.append(f.repo())
                .append(':')
                .append(f.path())
                .append(" lines ")
                .append(f.startLine())
                .append('-')
                .append(f.endLine())
                .append(" of ")
                .append(f.totalLines());
        if (f.changedSinceIndexing()) {
            sb.append(" (changed on disk since indexing)");
        }
        if (f.truncated()) {
            sb.append(" (more: start_line ").append(f.endLine() + 1).append(')');
        }
        int n = f.startLine();
        for (String line : f.content().split("\n", -1)) {
            sb.append('\n').append(String.format(Locale.ROOT, "%6d  ", n++)).append(line);
        }
        return sb.toString();
    }

    static String repos(RepoList r) {
        if (r.repos().isEmpty()) {
            return "No repositories are indexed yet (./rag ingest PATH adds one).";
        }
        StringBuilder sb = new StringBuilder();
        for (RepoSummary s : r.repos()) {
            sb.append(s.name())
                    .append("  ")
                    .append(s.state().id())
                    .append("  ")
                    .append(s.source())
                    .append("  ")
                    .append(s.files())
                    .append(" files, chunks ")
                    .append(counts(s.chunks()))
                    .append(s.languages().isEmpty() ? "" : ", languages " + counts(s.languages()))
                    .append(s.indexedAt() == null ? "" : ", indexed " + s.indexedAt())
                    .append(s.commit().isEmpty() ? "" : " at " + abbreviateCommit(s.commit()))
                    .append(s.lastError() == null ? "" : ", last error: " + s.lastError())
                    .append('\n');
        }
        return sb.toString().stripTrailing();
    }

    static String status(IndexStatus s) {
        StringBuilder sb = new StringBuilder(s.indexing() + " ingest(s) queued or running.");
        for (RepoProgress p : s.repos()) {
            sb.append('\n').append(p.name()).append("  ").append(p.state().id());
            if (p.progress() != null) {
                sb.append("  ")
                        .append(p.progress().phase().id())
                        .append(' ')
                        .append(p.progress().percent())
                        .append("% (files ")
                        .append(p.progress().filesDone())
                        .append('/')
                        .append(p.progress().filesTotal())
                        .append(", chunks ")
                        .append(p.progress().chunksDone())
                        .append('/')
                        .append(p.progress().chunksTotal())
                        .append(')');
            }
            if (p.indexedAt() != null) {
                sb.append("  indexed ").append(p.indexedAt());
            }
            if (p.lastError() != null) {
                sb.append("  last error: ").append(p.lastError());
            }
        }
        return sb.toString();
    }

    static String reindexed(Reindexed r) {
        return "Queued an incremental re-index of " + r.name() + " from " + r.source() + " ("
                + r.state().id() + "); index_status shows its progress.";
    }

    private static String definition(Definition d) {
        return location(d.repo(), d.path(), d.startLine(), d.endLine()) + "  " + d.symbol() + " (" + d.kind() + ", "
                + d.language() + (d.match().equals("exact") ? "" : ", " + d.match() + " match") + ")"
                + (d.signature().isEmpty()
                        ? ""
                        : "  " + d.signature().lines().findFirst().orElse(""));
    }

    private static String location(String repo, String path, int start, int end) {
        return repo + ":" + path + ":" + start + "-" + end;
    }

    private static String counts(Map<String, Integer> counts) {
        return counts.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static String abbreviateCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }
}
