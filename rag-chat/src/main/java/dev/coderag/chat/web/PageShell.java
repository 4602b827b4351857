package dev.coderag.chat.web;

import static j2html.TagCreator.a;
import static j2html.TagCreator.aside;
import static j2html.TagCreator.body;
import static j2html.TagCreator.button;
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
import static j2html.TagCreator.option;
import static j2html.TagCreator.p;
import static j2html.TagCreator.script;
import static j2html.TagCreator.section;
import static j2html.TagCreator.select;
import static j2html.TagCreator.span;
import static j2html.TagCreator.textarea;
import static j2html.TagCreator.title;
import static j2html.TagCreator.ul;

import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.repos.RepoStatus;
import j2html.tags.DomContent;
import java.util.List;
import java.util.Optional;

/**
 * The page around the chat: head (htmx, app.js, the htmx config), top bar, the repositories panel with its add
 * form, the chat panel with its history, examples and question form, and the empty code viewer.
 */
final class PageShell {
    /** The example questions an empty chat offers. */
    private static final List<String> EXAMPLES = List.of(
            "What does this project do?",
            "How do I build and run it?",
            "Where is the main entry point implemented?",
            "Which functions call the parser?");

    /** htmx 2 does not swap 4xx/5xx by default; our error fragments are meant to be shown. */
    private static final String HTMX_CONFIG = "{\"responseHandling\":[{\"code\":\"204\",\"swap\":false},"
            + "{\"code\":\"...\",\"swap\":true}],\"allowScriptTags\":false,\"selfRequestsOnly\":true,"
            + "\"allowEval\":false,\"includeIndicatorStyles\":false}";

    private PageShell() {}

    /** The whole page: a chat's history when {@code m} has one, the welcome and examples otherwise. */
    static String render(WebUi.PageModel m) {
        boolean empty = m.messages().isEmpty();
        return document(html(
                head(
                        meta().withCharset("utf-8"),
                        meta().withName("viewport").withContent("width=device-width, initial-scale=1"),
                        meta().withName("htmx-config").withContent(HTMX_CONFIG),
                        title("coderag"),
                        each(WebUi.STYLES, s -> link().withRel("stylesheet").withHref(s)),
                        link().withRel("icon").withHref("data:,"),
                        script().withSrc(WebUi.HTMX),
                        // deferred scripts run in order: the highlighter and its grammars before app.js
                        each(WebUi.HIGHLIGHT_SCRIPTS, s -> script().withSrc(s).attr("defer")),
                        script().withSrc(WebUi.APP_JS).attr("defer")),
                body(
                                header(
                                                h1(
                                                        span("code").withClass("logo-a"),
                                                        span("rag").withClass("logo-b")),
                                                span("Grounded answers about your code, with sources")
                                                        .withClass("tagline"),
                                                span("model " + m.model() + " · answers: "
                                                                + WebUi.generatorLabel(m.generator()) + " · v"
                                                                + m.version())
                                                        .withClass("build")
                                                        .withData("testid", "build-info"),
                                                a("API").withHref("/openapi.json")
                                                        .withClass("api-link")
                                                        .withTitle("OpenAPI 3.1 description of the HTTP API;"
                                                                + " coding agents: the MCP server at /mcp")
                                                        .withData("testid", "api-link"))
                                        .withClass("topbar"),
                                main(
                                                reposPanel(m.repos(), m.chats(), m.chat()),
                                                chatPanel(m, empty),
                                                codeViewer(m.viewerHtml()))
                                        .withClass("layout"))
                        // every htmx request of the page carries the per-process token (see the server's Boundary)
                        .attr("hx-headers", "{\"X-CSRF-Token\": " + WebUi.jsonString(m.csrfToken()) + "}")));
    }

    /** The login form of a server with a token (a plain form POST: no script needed). */
    static String login(String error) {
        return document(html(
                head(
                        meta().withCharset("utf-8"),
                        meta().withName("viewport").withContent("width=device-width, initial-scale=1"),
                        title("coderag: log in"),
                        link().withRel("stylesheet").withHref("/static/app.css"),
                        link().withRel("icon").withHref("data:,")),
                body(main(
                                h1(span("code").withClass("logo-a"), span("rag").withClass("logo-b")),
                                p("This server needs its token (ask whoever started it; it is RAG_TOKEN there)."),
                                error == null
                                        ? null
                                        : div(error).withClass("error-text").attr("role", "alert"),
                                form(
                                                input().withName("token")
                                                        .withType("password")
                                                        .isRequired()
                                                        .attr("autocomplete", "current-password")
                                                        .attr("aria-label", "Token")
                                                        .withData("testid", "token-input"),
                                                button("Log in")
                                                        .withType("submit")
                                                        .withClass("primary"))
                                        .withMethod("post")
                                        .withAction("/login"))
                        .withClass("login"))));
    }

    private static DomContent reposPanel(List<RepoStatus> repos, List<ChatInfo> chats, Optional<ChatInfo> open) {
        return aside(
                        h2("Repositories"),
                        RepoList.render(repos, null),
                        chatList(chats, open.map(ChatInfo::id).orElse("")),
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
                                        input().withName("branch")
                                                .withId("repo-branch")
                                                .withType("text")
                                                .withPlaceholder("branch (optional, git URLs)")
                                                .attr("aria-label", "Branch to clone")
                                                .withData("testid", "repo-branch-input"),
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
                                .withData("reset-on-success", "form"))
                .withId("repos-panel")
                .withClass("panel repos");
    }

    /** Past chats (saved in the store), newest first: each link reopens one; "New chat" starts another. */
    private static DomContent chatList(List<ChatInfo> chats, String openId) {
        return div(
                        h2("Chats"),
                        a("New chat").withHref("/").withClass("new-chat").withData("testid", "new-chat"),
                        ul(each(
                                        chats.stream()
                                                .filter(c -> c.messages() > 0)
                                                .limit(50)
                                                .toList(),
                                        c -> li(a(c.title().isBlank() ? "(untitled)" : c.title())
                                                        .withHref("/?chat=" + c.id())
                                                        .withTitle(c.title())
                                                        .withCondClass(c.id().equals(openId), "current"))
                                                .withData("testid", "chat-item")))
                                .withClass("chat-items"))
                .withId("chat-list")
                .withClass("chats")
                .withData("testid", "chat-list");
    }

    private static DomContent chatPanel(WebUi.PageModel m, boolean empty) {
        String chatId = m.chat().map(ChatInfo::id).orElse("");
        String chatRepo = m.chat().map(ChatInfo::repo).orElse(null);
        return section(
                        div(empty ? welcome() : null, each(m.messages(), Messages::history))
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
                                .withData("reset-on-success", "question"))
                .withId("chat-panel")
                .withClass("panel chat");
    }

    /** The chat id the question form sends; out of band ({@code oob}) when a reply must set it for the next one. */
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
                                        .attr("hx-vals", "{\"query\": " + WebUi.jsonString(q) + "}")
                                        .attr("hx-include", "#chat-id, #repo-filter")
                                        .attr("hx-target", "#messages")
                                        .attr("hx-swap", "beforeend")))
                                .withClass("examples"))
                .withId("welcome")
                .withClass("welcome");
    }

    /** The code viewer: empty until a citation is clicked, or open on the lines the page was linked to. */
    private static DomContent codeViewer(java.util.Optional<String> open) {
        return aside(open.<DomContent>map(j2html.TagCreator::rawHtml)
                        .orElseGet(() -> div(p("Click a citation or a source to see the code here.")
                                        .withClass("muted"))
                                .withClass("viewer-empty")))
                .withId("code-viewer")
                .withClass(open.isPresent() ? "viewer open" : "viewer")
                .withData("testid", "code-viewer");
    }
}
