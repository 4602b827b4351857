package dev.coderag.chat.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.ChatMessage;
import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.Source;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.answer.Markdown;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.store.SkippedFile;
import j2html.tags.specialized.DivTag;
import java.util.List;
import java.util.Optional;

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
 *   <li>{@code code-viewer}, {@code code-view}, {@code code-line}, {@code highlighted-line}
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

    /** A finished assistant message. {@code turnId} null for history (no element id needed). */
    public static String assistantMessage(
            String turnId,
            String answer,
            List<Source> sources,
            IntentInfo intent,
            List<String> warnings,
            Optional<LlmProvider> generator) {
        return Messages.assistantMessage(turnId, answer, sources, intent, warnings, generator);
    }

    /** An error in place of an answer (e.g. nothing ingested yet). */
    public static String errorMessage(String turnId, String message) {
        return Messages.errorMessage(turnId, message);
    }

    /** The code viewer fragment: numbered lines, the cited range highlighted. */
    /**
     * The page opened on lines of a file in the code viewer ({@code GET /?repo=…&path=…&start=…&end=…#L<start>}),
     * relative to the server's root: what MCP results link to.
     */
    public static String viewerLink(String repo, String path, int start, int end) {
        return "?repo=" + enc(repo) + "&path=" + enc(path) + "&start=" + start + "&end=" + end + "#L" + start;
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    public static String codeView(SourceView v, int hlStart, int hlEnd) {
        return CodeView.render(v, hlStart, hlEnd);
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
