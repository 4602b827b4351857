package dev.coderag.chat.http;

import dev.coderag.chat.AnswerListener;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.ChatMessage;
import dev.coderag.chat.ChatRequest;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.answer.Markdown;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.web.WebUi;
import dev.coderag.embed.Embedder;
import io.javalin.http.Context;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The web chat: the page, and a question's two steps. {@code POST /ui/ask} answers at once with the question
 * and a streaming placeholder and remembers a pending turn under an unguessable id; {@code GET
 * /ui/stream/{turn}} (the placeholder's EventSource) then answers it, streaming escaped tokens and ending with
 * the finished message's HTML as {@code done}. A reconnecting stream gets the same result, never a second
 * answer.
 */
final class PageHandlers {
    private final ChatService service;
    private final RepoManager repos;
    private final Embedder embedder;
    private final SourceHandlers sources;
    private final HistoryHandlers history;
    private final AnswerSlots slots;
    private final String csrfToken;
    private final PendingTurns turns = new PendingTurns(System::nanoTime);
    private final SecureRandom random = new SecureRandom();
    private final Owners owners = new Owners(random);

    PageHandlers(
            ChatService service,
            RepoManager repos,
            Embedder embedder,
            SourceHandlers sources,
            HistoryHandlers history,
            AnswerSlots slots,
            String csrfToken) {
        this.service = service;
        this.repos = repos;
        this.embedder = embedder;
        this.sources = sources;
        this.history = history;
        this.slots = slots;
        this.csrfToken = csrfToken;
    }

    /**
     * {@code GET /}, with the history of {@code ?chat=id} when that chat exists, and the code viewer open on
     * {@code ?repo=&path=&start=&end=} when those name an indexed file, or on a commit with {@code ?repo=&sha=}
     * (what MCP results link to).
     */
    void page(Context ctx) {
        String owner = owners.page(ctx);
        Optional<ChatInfo> chat = Optional.ofNullable(ctx.queryParam("chat")).flatMap(id -> service.chat(id, owner));
        List<ChatMessage> messages =
                chat.map(c -> service.messages(c.id(), owner)).orElse(List.of());
        ctx.html(WebUi.page(new WebUi.PageModel(
                ChatServer.VERSION,
                embedder.modelId(),
                service.generator(),
                repos.list(),
                chat,
                messages,
                service.chats(owner),
                csrfToken,
                viewer(ctx))));
    }

    /** The code viewer's HTML for the lines the query names, or an error fragment saying why not. */
    private Optional<String> viewer(Context ctx) {
        String repo = ctx.queryParam("repo");
        String path = ctx.queryParam("path");
        String sha = ctx.queryParam("sha");
        if (repo == null || (path == null && sha == null)) {
            return Optional.empty();
        }
        try {
            if (sha != null) {
                return Optional.of(history.view(ctx));
            }
            return Optional.of(
                    sources.view(repo, path, Requests.lineParam(ctx, "start"), Requests.lineParam(ctx, "end"), false));
        } catch (ChatException e) {
            return Optional.of(WebUi.errorFragment(HttpErrors.of(e).message()));
        }
    }

    /** {@code POST /ui/ask}: {@code query}, optional {@code repo} and {@code chat_id} (a new chat otherwise). */
    void ask(Context ctx) {
        String query = Requests.formText(ctx, "query");
        if (query.isEmpty()) {
            throw new ChatException(ChatException.Reason.EMPTY_QUERY, "Type a question first.");
        }
        if (query.length() > service.options().maxQueryChars()) {
            throw new ChatException(
                    ChatException.Reason.QUERY_TOO_LONG,
                    "The question is " + query.length() + " characters; the limit is "
                            + service.options().maxQueryChars() + ".");
        }
        Optional<String> repo = Requests.optionalForm(ctx, "repo");
        String owner = owners.page(ctx);
        String chatId = Requests.optionalForm(ctx, "chat_id")
                .filter(id -> service.chat(id, owner).isPresent())
                .orElseGet(() -> service.newChat(repo, owner).id());
        String turnId = randomId();
        turns.add(turnId, query, chatId, repo);
        ctx.header("HX-Push-Url", "/?chat=" + chatId);
        ctx.html(WebUi.pendingTurn(turnId, query, chatId));
    }

    /** {@code GET /ui/stream/{turn}}: SSE {@code token}s, then {@code done} with the message's HTML. */
    void stream(Context ctx) {
        String turnId = ctx.pathParam("turn");
        PendingTurns.Turn turn = turns.get(turnId).orElse(null);
        SseWriter sse = new SseWriter(ctx.res());
        if (turn == null) {
            sse.send("done", WebUi.errorMessage(turnId, "This answer is no longer available; ask again."));
            return;
        }
        if (!turn.started().compareAndSet(false, true)) {
            // the browser reconnected: never answer twice, just deliver the result
            try {
                String done = turn.html().get(5, TimeUnit.MINUTES);
                if (done == null) {
                    throw new IllegalStateException("dropped");
                }
                sse.send("done", done);
            } catch (Exception e) {
                sse.send("done", WebUi.errorMessage(turnId, "The answer did not complete; ask again."));
            }
            return;
        }
        String html;
        try {
            ChatResponse r = slots.run(() -> service.ask(
                    new ChatRequest(turn.query(), turn.repo(), Optional.of(turn.chatId()), owners.page(ctx)),
                    new AnswerListener() {
                        @Override
                        public void onToken(String token) {
                            sse.send("token", Markdown.escape(token));
                        }

                        @Override
                        public void onReset(String warning) {
                            sse.send("token", "<hr class=\"reset\">");
                        }
                    }));
            html = WebUi.assistantMessage(turnId, r);
        } catch (RuntimeException e) {
            html = WebUi.errorMessage(turnId, HttpErrors.logged(e).message());
        }
        turns.complete(turnId, turn, html);
        sse.send("done", html);
    }

    private String randomId() {
        byte[] b = new byte[12];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
