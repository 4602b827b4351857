package dev.coderag.chat.http;

import static dev.coderag.chat.http.Requests.optionalText;
import static dev.coderag.chat.http.Requests.requiredText;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.AnswerListener;
import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.ChatRequest;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.ChatService;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Optional;

/**
 * The chat JSON API: questions answered as one JSON response, or streamed as SSE events {@code token},
 * {@code reset}, {@code sources}, {@code done} (or {@code error} once streaming has begun) when the client
 * accepts {@code text/event-stream}; and the chats with their messages. Every chat belongs to the owner the
 * request's credential names ({@link Owners}): another owner's chat is 404 on every route, as if it did not exist.
 */
final class ChatHandlers {
    private final ChatService service;
    private final Requests requests;
    private final AnswerSlots slots;

    ChatHandlers(ChatService service, Requests requests, AnswerSlots slots) {
        this.service = service;
        this.requests = requests;
        this.slots = slots;
    }

    /** {@code POST /api/chat}: {@code query}, optional {@code repo}, {@code branch} and {@code chat_id}. */
    void ask(Context ctx) {
        JsonNode body = requests.jsonBody(ctx);
        answer(
                ctx,
                new ChatRequest(
                        requiredText(body, "query"),
                        service.repoAt(optionalText(body, "repo"), optionalText(body, "branch")),
                        optionalText(body, "chat_id"),
                        Owners.of(ctx)));
    }

    /** {@code POST /api/chats/{id}/messages}: {@code content}, optional {@code repo}, in an existing chat. */
    void post(Context ctx) {
        String id = ctx.pathParam("id");
        if (service.chat(id, Owners.of(ctx)).isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND, "unknown chat '" + ApiContract.abbreviate(id) + "'");
        }
        JsonNode body = requests.jsonBody(ctx);
        answer(
                ctx,
                new ChatRequest(
                        requiredText(body, "content"), optionalText(body, "repo"), Optional.of(id), Owners.of(ctx)));
    }

    /** Answers as JSON, or as SSE when the client asks for {@code text/event-stream}. */
    private void answer(Context ctx, ChatRequest request) {
        if (!Requests.wantsEventStream(ctx)) {
            ctx.json(slots.run(() -> service.ask(request)));
            return;
        }
        SseWriter sse = new SseWriter(ctx.res());
        try {
            ChatResponse response = slots.run(() -> service.ask(request, new AnswerListener() {
                @Override
                public void onToken(String token) {
                    sse.send("token", requests.toJson(Map.of("text", token)));
                }

                @Override
                public void onReset(String warning) {
                    sse.send("reset", requests.toJson(Map.of("warning", warning)));
                }
            }));
            sse.send("sources", requests.toJson(response.sources()));
            sse.send("done", requests.toJson(response));
        } catch (RuntimeException e) {
            if (!sse.started()) {
                throw e; // nothing streamed yet: an ordinary HTTP error with the right status
            }
            HttpErrors.HttpError err = HttpErrors.logged(e);
            sse.send("error", requests.toJson(Map.of("status", err.status(), "error", err.message())));
        }
    }

    /** {@code GET /api/chats}. */
    void list(Context ctx) {
        ctx.json(Map.of("chats", service.chats(Owners.of(ctx))));
    }

    /** {@code POST /api/chats}: optional {@code repo}; 201 with the new chat. */
    void create(Context ctx) {
        ChatInfo chat = service.newChat(optionalText(requests.optionalJsonBody(ctx), "repo"), Owners.of(ctx));
        ctx.status(201).json(Map.of("chat_id", chat.id(), "chat", chat));
    }

    /** {@code DELETE /api/chats/{id}}: the chat and its messages; 204, or 404 when there is no such chat. */
    void delete(Context ctx) {
        service.deleteChat(ctx.pathParam("id"), Owners.of(ctx));
        ctx.status(204);
    }

    /** {@code GET /api/chats/{id}/messages}. */
    void messages(Context ctx) {
        String id = ctx.pathParam("id");
        ctx.json(Map.of("chat_id", id, "messages", service.messages(id, Owners.of(ctx))));
    }
}
