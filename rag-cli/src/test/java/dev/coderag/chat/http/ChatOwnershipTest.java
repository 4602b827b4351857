package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Chats belong to whoever made them, on the real server on a real port: each {@link HttpHelper} is one browser
 * (its own cookie jar, so its own session) or one API client; another owner's chat is 404 on every route.
 */
class ChatOwnershipTest {
    private static final Pattern CHAT_ID = Pattern.compile("id=\"chat-id\" value=\"([^\"]+)\" hx-swap-oob");
    private static final Pattern STREAM = Pattern.compile("data-stream=\"(/ui/stream/[0-9a-f]+)\"");

    private static ChatServer server;

    @BeforeAll
    static void start() {
        Store store = FixtureStore.store();
        server = ChatServer.start(
                store,
                SharedModel.embedder(),
                new IngesterIndexer(store, SharedModel.embedder(), List.of(Path.of("/"))),
                ServerOptions.defaults().withPort(0));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Asks on the page as a browser does (form post, then the answer's stream); returns the chat's id. */
    private static String askOnThePage(HttpHelper browser, String question, String chatId) {
        Response asked = browser.postForm("/ui/ask", "query", question, "chat_id", chatId);
        assertThat(asked.status()).isEqualTo(200);
        Matcher stream = STREAM.matcher(asked.body());
        Matcher chat = CHAT_ID.matcher(asked.body());
        assertThat(stream.find()).isTrue();
        assertThat(chat.find()).isTrue();
        assertThat(browser.getStream(stream.group(1)).events().getLast().data()).contains("data-state=\"done\"");
        return chat.group(1);
    }

    private static List<String> chatIds(HttpHelper client) {
        JsonNode chats = client.get("/api/chats").json().path("chats");
        return StreamSupport.stream(chats.spliterator(), false)
                .map(c -> c.path("id").asText())
                .toList();
    }

    @Test
    void two_browser_sessions_cannot_see_read_continue_or_delete_each_others_chats() {
        HttpHelper alice = new HttpHelper(server);
        HttpHelper bob = new HttpHelper(server);
        Response page = alice.get("/");
        assertThat(page.header("Set-Cookie"))
                .startsWith(Owners.COOKIE + "=")
                .contains("HttpOnly")
                .contains("SameSite=Strict")
                .contains("Max-Age=31536000");
        String chat = askOnThePage(alice, "where is parseHeader implemented?", "");

        assertThat(chatIds(alice)).contains(chat);
        assertThat(alice.get("/?chat=" + chat).body()).contains("data-testid=\"assistant-message\"");

        assertThat(bob.get("/").body()).doesNotContain(chat);
        assertThat(bob.get("/?chat=" + chat).body())
                .doesNotContain(chat)
                .doesNotContain("data-testid=\"assistant-message\"");
        assertThat(chatIds(bob)).doesNotContain(chat);
        assertThat(bob.get("/api/chats/" + chat + "/messages").status()).isEqualTo(404);
        assertThat(bob.postJson("/api/chats/" + chat + "/messages", body("content", "and then?"))
                        .status())
                .isEqualTo(404);
        assertThat(bob.postJson("/api/chat", body("query", "and then?", "chat_id", chat))
                        .status())
                .isEqualTo(404);
        assertThat(bob.delete("/api/chats/" + chat).status()).isEqualTo(404);
        // continuing someone else's chat on the page starts a chat of one's own
        assertThat(askOnThePage(bob, "and where is it called?", chat)).isNotEqualTo(chat);

        assertThat(alice.get("/api/chats/" + chat + "/messages").json().path("messages"))
                .hasSize(2);
        assertThat(alice.delete("/api/chats/" + chat).status()).isEqualTo(204);
    }

    @Test
    void api_clients_are_told_apart_by_their_credential_and_apart_from_browsers() {
        HttpHelper anonymous = new HttpHelper(server);
        HttpHelper browser = new HttpHelper(server);
        browser.get("/");
        String anonymousChat =
                anonymous.postJson("/api/chats", "{}").json().path("chat_id").asText();
        Response bearer = anonymous.send(HttpRequest.newBuilder(URI.create(anonymous.base() + "/api/chats"))
                .header("Authorization", "Bearer client-one"));

        assertThat(chatIds(anonymous)).contains(anonymousChat);
        assertThat(chatIds(new HttpHelper(server))).contains(anonymousChat); // every anonymous client is one
        assertThat(chatIds(browser)).doesNotContain(anonymousChat);
        assertThat(bearer.json().path("chats").toString()).doesNotContain(anonymousChat);
        assertThat(browser.get("/api/chats/" + anonymousChat + "/messages").status())
                .isEqualTo(404);
    }
}
