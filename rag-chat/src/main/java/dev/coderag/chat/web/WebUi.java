package dev.coderag.chat.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.ChatMessage;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.Source;
import dev.coderag.chat.Trace;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.answer.Markdown;
import dev.coderag.chat.mcp.HistoryResults;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.store.SkippedFile;
import dev.coderag.types.Language;
import j2html.tags.specialized.DivTag;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The server-rendered web chat: the page and its htmx fragments. j2html escapes every text and attribute
 * value; answer Markdown goes through {@link Markdown}, which shows raw HTML as text. Stable ids, classes
 * and {@code data-testid} attributes are part of the contract with the browser tests:
 *
 * <ul>
 *   <li>{@code question-input}, {@code send-button}, {@code chat-form}, {@code messages}, {@code example-question}
 *   <li>{@code user-message}, {@code assistant-message} (with {@code data-state="streaming|done"}; a streaming one
 *       has {@code data-stream}, the SSE URL that {@code static/app.js} reads), {@code answer-stream}, {@code answer},
 *       {@code intent}, {@code warning}, {@code citation} (with {@code data-n}), {@code sources},
 *       {@code sources-list}, {@code source} / {@code source-link}
 *   <li>{@code code-viewer}, {@code code-view} (with {@code data-repo}, {@code data-path}, {@code data-start},
 *       {@code data-end}, {@code data-whole}), {@code code-line}, {@code highlighted-line}, {@code code-path},
 *       {@code viewer-shown}, {@code whole-file}, {@code viewer-cut}; the code's {@code data-lang} (coderag's
 *       language) and {@code data-hl} (the highlighter's); {@code symbol-target} (hidden link templates, with
 *       {@code data-symbol}), {@code symbol-link} (the links app.js makes from them), {@code definition-choices},
 *       {@code definition-choice}
 *   <li>{@code commit-view} (with {@code data-repo}, {@code data-sha}), {@code commit-sha}, {@code commit-date},
 *       {@code commit-author}, {@code commit-subject}, {@code commit-body}, {@code commit-file} (with
 *       {@code data-path}), {@code commit-file-path}, {@code diff-line}; {@code last-change} (with {@code data-sha}
 *       when a commit was found), {@code last-change-commit}; a commit source's {@code source-commit}
 *   <li>{@code trace-panel}, {@code trace-intent} (with {@code data-intent}), {@code trace-source}
 *   <li>{@code add-repo-form}, {@code repo-source}, {@code repo-name}, {@code add-repo-button}, {@code repo-list},
 *       {@code repo} (with {@code data-repo}), {@code repo-status} (with {@code data-status})
 * </ul>
 *
 * <p>This class is the package's entry point; the rendering lives in {@code PageShell} (the page), {@code
 * Messages} (chat messages), {@code RepoList} and {@code CodeView}.
 */
public final class WebUi {
    /** For JSON string literals inside attributes (hx-vals); thread-safe once configured. */
    private static final ObjectMapper JSON = new ObjectMapper();

    public static final String HTMX = "/webjars/htmx.org/2.0.10/dist/htmx.min.js";
    public static final String APP_JS = "/static/app.js";

    /** The page's stylesheets: the layout, then the code viewer's token colours. */
    public static final List<String> STYLES = List.of("/static/app.css", "/static/code.css");

    /** The highlighter's scripts (highlight.js and the grammars outside its common build), from its webjar. */
    public static final List<String> HIGHLIGHT_SCRIPTS = Highlighter.scripts();

    private WebUi() {}

    /**
     * What the page shows.
     *
     * @param viewerHtml the code viewer's content when the page opens on some lines (HTML rendered by
     *     {@link #codeView} or {@link #errorFragment}), else empty
     */
    public record PageModel(
            String version,
            String model,
            LlmProvider generator,
            List<RepoStatus> repos,
            Optional<ChatInfo> chat,
            List<ChatMessage> messages,
            List<ChatInfo> chats,
            String csrfToken,
            Optional<String> viewerHtml) {}

    /** The login form of a server with a token; {@code error} (nullable) says why the last try failed. */
    public static String loginPage(String error) {
        return PageShell.login(error);
    }

    /** The whole page, as a document. */
    public static String page(PageModel m) {
        return PageShell.render(m);
    }

    /** How the answering generator is named to the user. */
    public static String generatorLabel(LlmProvider generator) {
        return switch (generator) {
            case NONE -> "extractive (no LLM)";
            case OPENAI, GEMINI, OLLAMA, ANTHROPIC, AZURE, MISTRAL -> generator.id();
        };
    }

    /** The repository list; it polls itself while something is queued or indexing. */
    public static DivTag repoList(List<RepoStatus> repos) {
        return RepoList.render(repos, null);
    }

    /** The repository list with why a form was refused above it. */
    public static DivTag repoList(List<RepoStatus> repos, String error) {
        return RepoList.render(repos, error);
    }

    /** The files the last ingest of {@code repo} left out, with why (the list's skipped-files fragment). */
    public static DivTag skippedFiles(String repo, List<SkippedFile> files) {
        return RepoList.skipped(repo, files);
    }

    /** The reply to POST /ui/ask: the question, a streaming placeholder, and the chat id (out of band). */
    public static String pendingTurn(String turnId, String question, String chatId) {
        return Messages.pendingTurn(turnId, question, chatId);
    }

    /** A finished assistant message without a trace. {@code turnId} null for history (no element id needed). */
    public static String assistantMessage(
            String turnId,
            String answer,
            List<Source> sources,
            IntentInfo intent,
            List<String> warnings,
            Optional<LlmProvider> generator) {
        return Messages.assistantMessage(turnId, answer, sources, intent, warnings, generator, null);
    }

    /** A finished assistant message for a live turn's response, with its "why these sources" panel. */
    public static String assistantMessage(String turnId, ChatResponse r) {
        return Messages.assistantMessage(
                turnId,
                r.answer(),
                r.sources(),
                r.intent(),
                r.warnings(),
                Optional.ofNullable(r.trace()).map(Trace::generator),
                r.trace());
    }

    /** An error in place of an answer (e.g. nothing ingested yet). */
    public static String errorMessage(String turnId, String message) {
        return Messages.errorMessage(turnId, message);
    }

    /**
     * The page opened on lines of a file in the code viewer ({@code GET /?repo=…&path=…&start=…&end=…#L<start>}),
     * relative to the server's root: what MCP results link to.
     */
    public static String viewerLink(String repo, String path, int start, int end) {
        return "?repo=" + enc(repo) + "&path=" + enc(path) + "&start=" + start + "&end=" + end + "#L" + start;
    }

    /**
     * The page opened on a commit in the viewer ({@code GET /?repo=…&sha=…[&path=…]}), relative to the server's root:
     * what {@code search_history} results link to.
     */
    public static String commitLink(String repo, String sha, String path) {
        return "?repo=" + enc(repo) + "&sha=" + enc(sha) + (path.isEmpty() ? "" : "&path=" + enc(path));
    }

    /** The viewer's commit fragment ({@code GET /ui/commit}): message and diffs, {@code focusPath}'s marked. */
    public static String commitView(HistoryResults.CommitResult commit, String focusPath) {
        return CommitView.render(commit, focusPath);
    }

    /** The viewer's "last changed in" line ({@code GET /ui/last-change}); a quiet note when there is none. */
    public static String lastChange(Optional<HistoryResults.LastChange> change) {
        return change.map(CommitView::lastChange).orElseGet(CommitView::noLastChange);
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A definition of a symbol in the viewed file's repository. */
    public record Definition(String path, int startLine, int endLine, String qualifiedName, String kind) {}

    /** An identifier of the shown lines with its definitions (at least one). */
    public record Symbol(String name, List<Definition> definitions) {
        public Symbol {
            definitions = List.copyOf(definitions);
        }
    }

    /**
     * What the code viewer shows.
     *
     * @param view the shown lines
     * @param hlStart first cited line (marked)
     * @param hlEnd last cited line
     * @param whole the reader asked for the whole file (the "whole file" control is not offered again; a file
     *     longer than the viewer's cap says it is cut)
     * @param leadIn the lines before {@code view} (at most {@link SourceFiles#MAX_LINES}), hidden, for the
     *     highlighter only
     * @param symbols the identifiers of the shown lines that link to definitions
     */
    public record Viewer(
            SourceView view,
            int hlStart,
            int hlEnd,
            boolean whole,
            List<SourceView.Line> leadIn,
            List<Symbol> symbols) {
        public Viewer {
            leadIn = List.copyOf(leadIn);
            symbols = List.copyOf(symbols);
        }
    }

    /** The code viewer fragment: numbered lines with the cited range marked, without links or lead-in. */
    public static String codeView(SourceView v, int hlStart, int hlEnd) {
        return codeView(new Viewer(v, hlStart, hlEnd, false, List.of(), List.of()));
    }

    /** The code viewer fragment. */
    public static String codeView(Viewer viewer) {
        return CodeView.render(viewer);
    }

    /** The code viewer's choice between the definitions of an ambiguous name ({@code GET /ui/definitions}). */
    public static String definitionChoices(
            String repo, String name, String fromPath, List<Definition> definitions, boolean more) {
        return SymbolLinks.choices(repo, name, fromPath, definitions, more);
    }

    /**
     * The distinct identifiers of the shown lines whose definitions the viewer may link to: those of the cited
     * lines first, then outward; at most {@link #MAX_SYMBOL_NAMES}; none for files whose language links nowhere.
     */
    public static List<String> symbolNames(SourceView v, int hlStart, int hlEnd) {
        if (SymbolLinks.linkedLanguages(v.language()).isEmpty()) {
            return List.of();
        }
        return SymbolLinks.identifiers(v.lines(), hlStart, hlEnd, SymbolLinks.MAX_NAMES);
    }

    /** Identifiers looked up per viewed file at most. */
    public static final int MAX_SYMBOL_NAMES = SymbolLinks.MAX_NAMES;

    /** Definitions looked up per identifier at most. */
    public static final int MAX_SYMBOL_DEFINITIONS = SymbolLinks.MAX_DEFINITIONS;

    /** The languages whose definitions identifiers in a file of {@code languageId} link to (empty: none). */
    public static Set<Language> symbolLanguages(String languageId) {
        return SymbolLinks.linkedLanguages(languageId);
    }

    /** An error fragment for htmx to show where the request's result would have gone. */
    public static String errorFragment(String message) {
        return Messages.errorText(message).render();
    }

    /** {@code s} as a JSON string literal, quotes included. */
    public static String jsonString(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
