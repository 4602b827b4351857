package dev.coderag.chat.web;

import static j2html.TagCreator.a;
import static j2html.TagCreator.aside;
import static j2html.TagCreator.body;
import static j2html.TagCreator.button;
import static j2html.TagCreator.details;
import static j2html.TagCreator.div;
import static j2html.TagCreator.document;
import static j2html.TagCreator.each;
import static j2html.TagCreator.form;
import static j2html.TagCreator.h1;
import static j2html.TagCreator.h2;
import static j2html.TagCreator.head;
import static j2html.TagCreator.header;
import static j2html.TagCreator.html;
import static j2html.TagCreator.input;
import static j2html.TagCreator.li;
import static j2html.TagCreator.link;
import static j2html.TagCreator.main;
import static j2html.TagCreator.meta;
import static j2html.TagCreator.ol;
import static j2html.TagCreator.option;
import static j2html.TagCreator.p;
import static j2html.TagCreator.rawHtml;
import static j2html.TagCreator.script;
import static j2html.TagCreator.section;
import static j2html.TagCreator.select;
import static j2html.TagCreator.span;
import static j2html.TagCreator.summary;
import static j2html.TagCreator.textarea;
import static j2html.TagCreator.title;
import static j2html.TagCreator.ul;

import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.ChatMessage;
import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.MessageRole;
import dev.coderag.chat.Source;
import dev.coderag.chat.answer.Markdown;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.repos.SourceView;
import j2html.tags.DomContent;
import j2html.tags.specialized.DivTag;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server-rendered web chat: the page and its htmx fragments. j2html escapes every text and attribute
 * value; answer Markdown goes through {@link Markdown}, which escapes before it formats. Stable ids, classes
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
 */
public final class WebUi {
    /** For JSON string literals inside attributes (hx-vals); thread-safe once configured. */
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    public static final String HTMX = "/webjars/htmx.org/2.0.10/dist/htmx.min.js";
    public static final String APP_JS = "/static/app.js";

    static final List<String> EXAMPLES = List.of(
            "What does this project do?",
            "How do I build and run it?",
            "Where is the main entry point implemented?",
            "Which functions call the parser?");

    /** htmx 2 does not swap 4xx/5xx by default; our error fragments are meant to be shown. */
    private static final String HTMX_CONFIG = "{\"responseHandling\":[{\"code\":\"204\",\"swap\":false},"
            + "{\"code\":\"...\",\"swap\":true}],\"allowScriptTags\":false,\"selfRequestsOnly\":true}";

    private WebUi() {}

    public record PageModel(
            String version,
            String model,
            String generator,
            List<RepoStatus> repos,
            Optional<ChatInfo> chat,
            List<ChatMessage> messages) {}

    public static String page(PageModel m) {
        boolean empty = m.messages().isEmpty();
        return document(html(
                head(
                        meta().withCharset("utf-8"),
                        meta().withName("viewport").withContent("width=device-width, initial-scale=1"),
                        meta().withName("htmx-config").withContent(HTMX_CONFIG),
                        title("coderag"),
                        link().withRel("stylesheet").withHref("/static/app.css"),
                        link().withRel("icon").withHref("data:,"),
                        script().withSrc(HTMX),
                        script().withSrc(APP_JS).attr("defer")),
                body(
                        header(
                                        h1(
                                                span("code").withClass("logo-a"),
                                                span("rag").withClass("logo-b")),
                                        span("Grounded answers about your code, with sources")
                                                .withClass("tagline"),
                                        span("model " + m.model() + " · answers: "
                                                        + generatorLabel(m.generator()) + " · v"
                                                        + m.version())
                                                .withClass("build")
                                                .withData("testid", "build-info"))
                                .withClass("topbar"),
                        main(reposPanel(m.repos()), chatPanel(m, empty), codeViewer())
                                .withClass("layout"))));
    }

    public static String generatorLabel(String generator) {
        return generator.equals("none") ? "extractive (no LLM)" : generator;
    }

    private static DomContent reposPanel(List<RepoStatus> repos) {
        return aside(
                        h2("Repositories"),
                        repoList(repos),
                        form(
                                        input().withName("source")
                                                .withId("repo-source")
                                                .withType("text")
                                                .isRequired()
                                                .withPlaceholder("/path/to/repo or https://github.com/owner/repo")
                                                .attr("aria-label", "Path or git URL")
                                                .withData("testid", "repo-source"),
                                        input().withName("name")
                                                .withId("repo-name")
                                                .withType("text")
                                                .withPlaceholder("name (optional)")
                                                .attr("aria-label", "Repository name")
                                                .withData("testid", "repo-name"),
                                        button("Add repository")
                                                .withType("submit")
                                                .withId("add-repo")
                                                .withData("testid", "add-repo-button"))
                                .withId("add-repo-form")
                                .withClass("add-repo")
                                .withData("testid", "add-repo-form")
                                .attr("hx-post", "/ui/repos")
                                .attr("hx-target", "#repo-list")
                                .attr("hx-swap", "outerHTML")
                                .attr("hx-on::after-request", "if(event.detail.successful)this.reset()"))
                .withId("repos-panel")
                .withClass("panel repos");
    }

    /** The repository list; it polls itself while something is queued or indexing. */
    public static DivTag repoList(List<RepoStatus> repos) {
        return repoList(repos, null);
    }

    public static DivTag repoList(List<RepoStatus> repos, String error) {
        boolean busy = repos.stream().anyMatch(r -> r.status().active());
        DivTag list = div(
                        error == null
                                ? null
                                : div(error)
                                        .withClass("form-error")
                                        .attr("role", "alert")
                                        .withData("testid", "repo-error"),
                        repos.isEmpty()
                                ? p("No repositories yet. Add a path or a git URL below, or run ./rag ingest <path>.")
                                        .withClass("muted")
                                : ul(each(repos, WebUi::repoItem)).withClass("repo-items"))
                .withId("repo-list")
                .withData("testid", "repo-list");
        if (busy) {
            list.attr("hx-get", "/ui/repos").attr("hx-trigger", "every 1s").attr("hx-swap", "outerHTML");
        }
        return list;
    }

    private static DomContent repoItem(RepoStatus r) {
        int chunks = r.chunks().values().stream().mapToInt(Integer::intValue).sum();
        String meta = chunks + " chunks · " + r.files() + " files"
                + (r.commit() == null || r.commit().isEmpty() ? "" : " · " + shortCommit(r.commit()));
        return li(
                        div(
                                        span(r.name()).withClass("repo-name"),
                                        span(r.status().id())
                                                .withClass("status status-"
                                                        + r.status().id())
                                                .withData("testid", "repo-status")
                                                .withData("status", r.status().id()))
                                .withClass("repo-head"),
                        div(meta).withClass("repo-meta"),
                        r.progress() == null
                                ? null
                                : div(
                                                div().withClass("bar-fill")
                                                        .withStyle("width:"
                                                                + r.progress().percent() + "%"),
                                                span(r.progress().phase() + " "
                                                                + r.progress().percent() + "%")
                                                        .withClass("bar-label"))
                                        .withClass("bar")
                                        .withData("testid", "repo-progress"),
                        r.lastError() == null
                                ? null
                                : div(r.lastError()).withClass("repo-error").withData("testid", "repo-error"))
                .withClass("repo")
                .withData("testid", "repo")
                .withData("repo", r.name());
    }

    private static String shortCommit(String c) {
        return c.length() > 10 ? c.substring(0, 10) : c;
    }

    private static DomContent chatPanel(PageModel m, boolean empty) {
        String chatId = m.chat().map(ChatInfo::id).orElse("");
        String chatRepo = m.chat().map(ChatInfo::repo).orElse(null);
        return section(
                        div(empty ? welcome() : null, each(m.messages(), WebUi::historyMessage))
                                .withId("messages")
                                .withClass("messages")
                                .withData("testid", "messages")
                                .attr("aria-live", "polite"),
                        form(
                                        chatIdInput(chatId, false),
                                        div(
                                                        textarea()
                                                                .withName("query")
                                                                .withId("question")
                                                                .withRows("3")
                                                                .withPlaceholder(
                                                                        "Ask about the code… (Enter to send, Shift+Enter for a new line)")
                                                                .attr("aria-label", "Question")
                                                                .withData("testid", "question-input"),
                                                        div(
                                                                        select(
                                                                                        option("All repositories")
                                                                                                .withValue(""),
                                                                                        each(
                                                                                                m.repos(),
                                                                                                r -> option(r.name())
                                                                                                        .withValue(
                                                                                                                r
                                                                                                                        .name())
                                                                                                        .withCondSelected(
                                                                                                                r.name()
                                                                                                                        .equals(
                                                                                                                                chatRepo))))
                                                                                .withName("repo")
                                                                                .withId("repo-filter")
                                                                                .attr("aria-label", "Repository")
                                                                                .withData("testid", "repo-filter"),
                                                                        button("Ask")
                                                                                .withType("submit")
                                                                                .withId("send")
                                                                                .withClass("primary")
                                                                                .withData("testid", "send-button"))
                                                                .withClass("composer-actions"))
                                                .withClass("composer"))
                                .withId("chat-form")
                                .withData("testid", "chat-form")
                                .attr("hx-post", "/ui/ask")
                                .attr("hx-target", "#messages")
                                .attr("hx-swap", "beforeend")
                                .attr(
                                        "hx-on::after-request",
                                        "if(event.detail.successful&&event.detail.elt===this)"
                                                + "document.getElementById('question').value=''"))
                .withId("chat-panel")
                .withClass("panel chat");
    }

    static DomContent chatIdInput(String chatId, boolean oob) {
        var in =
                input().withType("hidden").withName("chat_id").withId("chat-id").withValue(chatId);
        return oob ? in.attr("hx-swap-oob", "true") : in;
    }

    private static DomContent welcome() {
        return div(
                        h2("Ask about your code"),
                        p("Answers cite the exact files and lines they come from. Click a citation to open the code."),
                        div(each(EXAMPLES, q -> button(q)
                                        .withType("button")
                                        .withClass("example")
                                        .withData("testid", "example-question")
                                        .attr("hx-post", "/ui/ask")
                                        .attr("hx-vals", "{\"query\": " + jsonString(q) + "}")
                                        .attr("hx-include", "#chat-id, #repo-filter")
                                        .attr("hx-target", "#messages")
                                        .attr("hx-swap", "beforeend")))
                                .withClass("examples"))
                .withId("welcome")
                .withClass("welcome");
    }

    private static DomContent historyMessage(ChatMessage m) {
        if (m.role() == MessageRole.USER) {
            return userMessage(m.content());
        }
        return rawHtml(assistantMessage(null, m.content(), m.sources(), m.intent(), m.warnings(), Map.of()));
    }

    static DomContent userMessage(String question) {
        return div(div(question).withClass("bubble")).withClass("msg user").withData("testid", "user-message");
    }

    /** The reply to POST /ui/ask: the question, a streaming placeholder, and the chat id (out of band). */
    public static String pendingTurn(String turnId, String question, String chatId) {
        String id = "turn-" + turnId;
        return userMessage(question).render()
                + div(
                                div().withClass("answer-stream").withData("testid", "answer-stream"),
                                div(span(), span(), span()).withClass("typing"))
                        .withId(id)
                        .withClass("msg assistant streaming")
                        .withData("testid", "assistant-message")
                        .withData("state", "streaming")
                        .withData("stream", "/ui/stream/" + turnId)
                        .render()
                + chatIdInput(chatId, true).render();
    }

    /** A finished assistant message. {@code turnId} null for history (no element id needed). */
    public static String assistantMessage(
            String turnId,
            String answer,
            List<Source> sources,
            IntentInfo intent,
            List<String> warnings,
            Map<String, String> extra) {
        String html = Markdown.render(answer, n -> n >= 1 && n <= sources.size() ? citation(sources.get(n - 1)) : null);
        DivTag msg = div(
                        intent == null
                                ? null
                                : div(
                                                span(intent.name())
                                                        .withClass("intent")
                                                        .withData("testid", "intent")
                                                        .withData("intent", intent.name())
                                                        .withTitle("intent confidence "
                                                                + Math.round(intent.confidence() * 100) + "%"),
                                                extra.containsKey("generator")
                                                        ? span(generatorLabel(extra.get("generator")))
                                                                .withClass("generator")
                                                        : null)
                                        .withClass("msg-meta"),
                        each(warnings, w -> div(w).withClass("warning")
                                .attr("role", "alert")
                                .withData("testid", "warning")),
                        div(rawHtml(html)).withClass("answer").withData("testid", "answer"),
                        sources.isEmpty() ? null : sourcesList(sources))
                .withClass("msg assistant")
                .withData("testid", "assistant-message")
                .withData("state", "done");
        if (turnId != null) {
            msg.withId("turn-" + turnId);
        }
        return msg.render();
    }

    /** An error in place of an answer (e.g. nothing ingested yet). */
    public static String errorMessage(String turnId, String message) {
        DivTag msg = div(div(message)
                        .withClass("error-text")
                        .attr("role", "alert")
                        .withData("testid", "error"))
                .withClass("msg assistant error")
                .withData("testid", "assistant-message")
                .withData("state", "done");
        if (turnId != null) {
            msg.withId("turn-" + turnId);
        }
        return msg.render();
    }

    private static DomContent sourcesList(List<Source> sources) {
        return details(
                        summary("Sources (" + sources.size() + ")"),
                        ol(each(sources, s -> li(a(
                                                        span(s.kind()).withClass("badge kind-" + s.kind()),
                                                        span(s.location()).withClass("loc"),
                                                        s.symbol() == null
                                                                        || s.symbol()
                                                                                .isEmpty()
                                                                ? null
                                                                : span(s.symbol())
                                                                        .withClass("sym"),
                                                        span(s.relevancePct() + "%")
                                                                .withClass("rel")
                                                                .withTitle("relevance"))
                                                .withHref(sourceUrl(s, false))
                                                .withClass("source-link")
                                                .withData("testid", "source-link")
                                                .attr("hx-get", sourceUrl(s, true))
                                                .attr("hx-target", "#code-viewer")
                                                .attr("hx-swap", "innerHTML"))
                                        .withClass("source" + (s.cited() ? " cited" : ""))
                                        .withData("testid", "source")
                                        .withData("n", Integer.toString(s.n()))
                                        .attr("value", Integer.toString(s.n()))))
                                .withClass("sources-list")
                                .withData("testid", "sources-list"))
                .withClass("sources")
                .withData("testid", "sources");
    }

    /** HTML of one citation link; every value is escaped (paths may contain anything). */
    static String citation(Source s) {
        return a("[" + s.n() + "]")
                .withHref(sourceUrl(s, false))
                .withClass("cite")
                .withTitle(s.location())
                .withData("testid", "citation")
                .withData("n", Integer.toString(s.n()))
                .attr("hx-get", sourceUrl(s, true))
                .attr("hx-target", "#code-viewer")
                .attr("hx-swap", "innerHTML")
                .render();
    }

    static String sourceUrl(Source s, boolean fragment) {
        return (fragment ? "/ui/source" : "/api/source") + "?repo=" + enc(s.repo()) + "&path=" + enc(s.path())
                + "&start=" + s.startLine() + "&end=" + s.endLine();
    }

    private static DomContent codeViewer() {
        return aside(div(p("Click a citation or a source to see the code here.").withClass("muted"))
                        .withClass("viewer-empty"))
                .withId("code-viewer")
                .withClass("viewer")
                .withData("testid", "code-viewer")
                .attr(
                        "hx-on::after-swap",
                        "this.classList.add('open');var h=this.querySelector('.hl');"
                                + "if(h)h.scrollIntoView({block:'center'});");
    }

    /** The code viewer fragment: numbered lines, the cited range highlighted. */
    public static String codeView(SourceView v, int hlStart, int hlEnd) {
        return div(
                        div(
                                        span(v.repo()).withClass("viewer-repo"),
                                        span(v.path()).withClass("viewer-path").withData("testid", "code-path"),
                                        span("lines " + hlStart + "–" + hlEnd).withClass("viewer-range"),
                                        button("×")
                                                .withType("button")
                                                .withClass("viewer-close")
                                                .attr("aria-label", "Close code viewer")
                                                .attr(
                                                        "onclick",
                                                        "document.getElementById('code-viewer').classList.remove('open')"))
                                .withClass("viewer-head"),
                        v.changedSinceIndexing()
                                ? div("This file changed on disk since it was indexed; line numbers may be off.")
                                        .withClass("warning")
                                : null,
                        div(each(v.lines(), l -> {
                                    boolean hl = l.n() >= hlStart && l.n() <= hlEnd;
                                    return div(
                                                    span(Integer.toString(l.n()))
                                                            .withClass("ln"),
                                                    span(l.text()).withClass("src"))
                                            .withClass(hl ? "line hl" : "line")
                                            .withId("L" + l.n())
                                            .withData("testid", hl ? "highlighted-line" : "code-line")
                                            .withData("line", Integer.toString(l.n()));
                                }))
                                .withClass("code")
                                .attr("data-lang", v.language()))
                .withClass("code-view")
                .withData("testid", "code-view")
                .withData("path", v.path())
                .withData("start", Integer.toString(hlStart))
                .withData("end", Integer.toString(hlEnd))
                .render();
    }

    public static String errorFragment(String message) {
        return div(message)
                .withClass("error-text")
                .attr("role", "alert")
                .withData("testid", "error")
                .render();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    public static String jsonString(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
