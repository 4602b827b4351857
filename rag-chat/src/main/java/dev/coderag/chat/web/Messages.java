package dev.coderag.chat.web;

import static j2html.TagCreator.a;
import static j2html.TagCreator.details;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.li;
import static j2html.TagCreator.ol;
import static j2html.TagCreator.rawHtml;
import static j2html.TagCreator.span;
import static j2html.TagCreator.summary;

import dev.coderag.chat.ChatMessage;
import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.MessageRole;
import dev.coderag.chat.Source;
import dev.coderag.chat.Trace;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.answer.Markdown;
import j2html.tags.DomContent;
import j2html.tags.specialized.ATag;
import j2html.tags.specialized.DivTag;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The chat's messages: a question, the streaming placeholder, a finished answer (Markdown with citation links,
 * intent, warnings, sources) and an error in place of an answer.
 */
final class Messages {
    private Messages() {}

    /** A stored message of the chat's history. */
    static DomContent history(ChatMessage m) {
        if (m.role() == MessageRole.USER) {
            return userMessage(m.content());
        }
        return rawHtml(assistantMessage(
                null, m.content(), m.sources(), m.intent(), m.warnings(), Optional.empty(), m.trace()));
    }

    static DomContent userMessage(String question) {
        return div(div(question).withClass("bubble")).withClass("msg user").withData("testid", "user-message");
    }

    /** The reply to POST /ui/ask: the question, a streaming placeholder, and the chat id (out of band). */
    static String pendingTurn(String turnId, String question, String chatId) {
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
                + PageShell.chatIdInput(chatId, true).render();
    }

    /**
     * A finished assistant message. {@code turnId} null for history (no element id needed); {@code trace} null when
     * not known (the "why these sources" panel then shows what the message has).
     */
    static String assistantMessage(
            String turnId,
            String answer,
            List<Source> sources,
            IntentInfo intent,
            List<String> warnings,
            Optional<LlmProvider> generator,
            Trace trace) {
        String html = Markdown.render(answer, n -> n >= 1 && n <= sources.size() ? citation(sources.get(n - 1)) : null);
        return done(
                "msg assistant",
                turnId,
                intent == null
                        ? null
                        : div(
                                        span(intent.name())
                                                .withClass("intent")
                                                .withData("testid", "intent")
                                                .withData("intent", intent.name())
                                                .withTitle("intent confidence " + Math.round(intent.confidence() * 100)
                                                        + "%"),
                                        generator
                                                .map(g -> span(WebUi.generatorLabel(g))
                                                        .withClass("generator"))
                                                .orElse(null))
                                .withClass("msg-meta"),
                each(
                        warnings,
                        w -> div(w).withClass("warning").attr("role", "alert").withData("testid", "warning")),
                div(rawHtml(html)).withClass("answer").withData("testid", "answer"),
                sources.isEmpty() ? null : sourcesList(sources),
                intent == null && trace == null ? null : TracePanel.render(trace, intent, sources));
    }

    /** An error in place of an answer (e.g. nothing ingested yet). */
    static String errorMessage(String turnId, String message) {
        return done("msg assistant error", turnId, errorText(message));
    }

    /** A finished assistant message's element; the id (for a live turn) lets htmx and app.js find it. */
    private static String done(String classes, String turnId, DomContent... content) {
        DivTag msg = div(content)
                .withClass(classes)
                .withData("testid", "assistant-message")
                .withData("state", "done");
        if (turnId != null) {
            msg.withId("turn-" + turnId);
        }
        return msg.render();
    }

    /** An error message's text, announced to screen readers. */
    static DivTag errorText(String message) {
        return div(message).withClass("error-text").attr("role", "alert").withData("testid", "error");
    }

    private static DomContent sourcesList(List<Source> sources) {
        return details(
                        summary("Sources (" + sources.size() + ")"),
                        ol(each(sources, Messages::sourceItem))
                                .withClass("sources-list")
                                .withData("testid", "sources-list"))
                .withClass("sources")
                .withData("testid", "sources");
    }

    private static DomContent sourceItem(Source s) {
        CommitSource commit = CommitSource.of(s);
        return li(opensInViewer(
                        a(
                                        span(s.kind()).withClass("badge kind-" + s.kind()),
                                        commit == null ? null : commit.header(),
                                        commit == null
                                                ? span(s.location()).withClass("loc")
                                                : span(s.path()).withClass("loc"),
                                        s.symbol() == null || s.symbol().isEmpty()
                                                ? null
                                                : span(commit == null ? s.symbol() : CommitView.visible(s.symbol()))
                                                        .withClass("sym"),
                                        span(s.relevancePct() + "%")
                                                .withClass("rel")
                                                .withTitle("relevance"))
                                .withHref(sourceUrl(s, false))
                                .withClass("source-link")
                                .withData("testid", "source-link"),
                        s))
                .withClass("source" + (s.cited() ? " cited" : "") + (commit == null ? "" : " commit-source"))
                .withData("testid", "source")
                .withData("n", Integer.toString(s.n()))
                .attr("value", Integer.toString(s.n()));
    }

    /** HTML of one citation link; every value is escaped (paths may contain anything). */
    static String citation(Source s) {
        return opensInViewer(
                        a("[" + s.n() + "]")
                                .withHref(sourceUrl(s, false))
                                .withClass("cite")
                                .withTitle(s.location())
                                .withData("testid", "citation")
                                .withData("n", Integer.toString(s.n())),
                        s)
                .render();
    }

    /** A link to a source that htmx opens in the code viewer; without script it leads to the JSON. */
    private static ATag opensInViewer(ATag link, Source s) {
        return link.attr("hx-get", sourceUrl(s, true))
                .attr("hx-target", "#code-viewer")
                .attr("hx-swap", "innerHTML");
    }

    private static String sourceUrl(Source s, boolean fragment) {
        CommitSource commit = CommitSource.of(s);
        if (commit != null) {
            return commit.url(fragment);
        }
        return (fragment ? "/ui/source" : "/api/source") + "?repo=" + enc(s.repo()) + "&path=" + enc(s.path())
                + "&start=" + s.startLine() + "&end=" + s.endLine();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
