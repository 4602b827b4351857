package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The attacks of issue 12 on the browser boundary, each through the real server on a real port: requests
 * another web page can make (text/plain and form POSTs, cross-site Origin and Sec-Fetch-Site), DNS rebinding
 * (a foreign Host on every route), and the token. Each asserts the request is refused and changed nothing.
 */
class BoundarySecurityTest {
    private static final String EVIL = "https://evil.example";

    private static Store store;
    private static ChatServer open;
    private static HttpHelper http;

    @BeforeAll
    static void start() {
        store = FixtureStore.store();
        open = start(ServerOptions.defaults().withPort(0));
        http = new HttpHelper(open);
    }

    @AfterAll
    static void stop() {
        open.close();
    }

    private static ChatServer start(ServerOptions options) {
        return ChatServer.start(
                store, SharedModel.embedder(), new IngesterIndexer(store, SharedModel.embedder(), List.of()), options);
    }

    private HttpRequest.Builder post(String path, String contentType, String body) {
        return HttpRequest.newBuilder(URI.create(http.base() + path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private static boolean repoListed(String name) {
        return http.get("/api/repos").body().contains("\"" + name + "\"");
    }

    @Test
    void a_text_plain_post_from_another_page_indexes_nothing() {
        // what a page elsewhere can send without a CORS preflight
        Response withOrigin = http.send(post("/api/repos", "text/plain", "{\"path\":\"/etc\",\"name\":\"etcx\"}")
                .header("Origin", EVIL)
                .header("Sec-Fetch-Site", "cross-site"));
        assertThat(withOrigin.status()).isEqualTo(403);
        assertThat(withOrigin.json().path("error").asText()).contains("cross-site");

        Response plain = http.send(post("/api/repos", "text/plain", "{\"path\":\"/etc\",\"name\":\"etcy\"}"));
        assertThat(plain.status()).isEqualTo(415);
        assertThat(repoListed("etcx")).isFalse();
        assertThat(repoListed("etcy")).isFalse();
    }

    @Test
    void a_form_post_without_the_pages_token_is_refused() {
        Response forged = http.send(post("/ui/repos", "application/x-www-form-urlencoded", "source=%2Fetc&name=etcz"));
        assertThat(forged.status()).isEqualTo(403);
        assertThat(forged.body()).contains("page token");

        Response wrongToken = http.send(post("/ui/ask", "application/x-www-form-urlencoded", "query=hello")
                .header("X-CSRF-Token", "guessed"));
        assertThat(wrongToken.status()).isEqualTo(403);
        assertThat(repoListed("etcz")).isFalse();

        // the page's own token works (what htmx sends from the page)
        assertThat(http.postForm("/ui/ask", "query", "hello").status()).isEqualTo(200);
    }

    @Test
    void a_cross_site_origin_is_refused_and_the_same_origin_is_served() {
        String ask = body("query", "where is parseHeader implemented?");
        Response evil = http.send(post("/api/chat", "application/json", ask).header("Origin", EVIL));
        assertThat(evil.status()).isEqualTo(403);
        Response opaque = http.send(post("/api/chat", "application/json", ask).header("Origin", "null"));
        assertThat(opaque.status()).isEqualTo(403);
        Response sameSite = http.send(post("/api/chat", "application/json", ask).header("Sec-Fetch-Site", "same-site"));
        assertThat(sameSite.status())
                .as("another port of localhost is another origin")
                .isEqualTo(403);

        Response own = http.send(post("/api/chat", "application/json", ask)
                .header("Origin", http.base())
                .header("Sec-Fetch-Site", "same-origin"));
        assertThat(own.status()).as(own.body()).isEqualTo(200);
        // no CORS is offered to anyone
        assertThat(own.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void a_cross_site_page_cannot_load_api_responses_as_subresources() {
        Response script = http.send(HttpRequest.newBuilder(URI.create(http.base() + "/api/repos"))
                .header("Sec-Fetch-Site", "cross-site")
                .header("Sec-Fetch-Mode", "no-cors"));
        assertThat(script.status()).isEqualTo(403);
        Response navigation = http.send(HttpRequest.newBuilder(URI.create(http.base() + "/"))
                .header("Sec-Fetch-Site", "cross-site")
                .header("Sec-Fetch-Mode", "navigate"));
        assertThat(navigation.status())
                .as("a link from elsewhere still opens the page")
                .isEqualTo(200);
    }

    @Test
    void a_foreign_host_is_refused_on_every_route() {
        List<String> routes = List.of(
                "GET /",
                "GET /health",
                "GET /metrics",
                "GET /login",
                "GET /api/repos",
                "GET /api/repos/" + FixtureStore.REPO,
                "GET /api/chats",
                "GET /api/source?repo=" + FixtureStore.REPO + "&path=README.md",
                "GET /ui/repos",
                "GET /ui/source?repo=" + FixtureStore.REPO + "&path=README.md",
                "GET /ui/stream/0123",
                "GET /static/app.js",
                "GET " + dev.coderag.chat.web.WebUi.HTMX,
                "GET /no/such/route",
                "POST /api/chat",
                "POST /api/repos",
                "POST /api/chats",
                "POST /ui/ask",
                "POST /login");
        int port = open.port();
        for (String route : routes) {
            String[] mp = route.split(" ", 2);
            String req = mp[0] + " " + mp[1] + " HTTP/1.1\r\nHost: evil.example:" + port
                    + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
            Response r = http.raw(req);
            assertThat(r.status()).as(route).isEqualTo(421);
            assertThat(r.body()).as(route).doesNotContain("tinyroute").doesNotContain("htmx");
        }
        // loopback names and addresses are ours
        for (String host : List.of("localhost", "127.0.0.1", "[::1]", "app.localhost")) {
            Response ok =
                    http.raw("GET /health HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nConnection: close\r\n\r\n");
            assertThat(ok.status()).as(host).isEqualTo(200);
        }
    }

    @Test
    void every_response_carries_the_security_headers_and_a_csp_without_inline_script() {
        for (String path : List.of("/", "/static/app.js", "/api/repos", "/no/such/route", "/health")) {
            Response r = http.get(path);
            String csp = r.header("Content-Security-Policy");
            assertThat(csp)
                    .as(path)
                    .isNotNull()
                    .contains("frame-ancestors 'none'")
                    .contains("script-src 'self'");
            assertThat(csp).as(path).doesNotContain("unsafe-inline").doesNotContain("unsafe-eval");
            assertThat(r.header("X-Content-Type-Options")).as(path).isEqualTo("nosniff");
            assertThat(r.header("Referrer-Policy")).as(path).isEqualTo("no-referrer");
            assertThat(r.header("X-Frame-Options")).as(path).isEqualTo("DENY");
        }
        String page = http.get("/").body();
        assertThat(page)
                .doesNotContainPattern("\\son[a-z]+=")
                .doesNotContain("hx-on")
                .doesNotContain("style=");
        assertThat(page).doesNotContainPattern("<script(?![^>]*\\ssrc=)[^>]*>");
    }

    @Test
    void extreme_line_ranges_are_served_or_refused_with_a_reason_never_a_500() {
        String file = "/api/source?repo=" + FixtureStore.REPO + "&path=README.md";
        Response all = http.get(file + "&start=1&end=2147483647");
        assertThat(all.status()).as(all.body()).isEqualTo(200);
        assertThat(all.json().path("lines").size()).isPositive().isLessThanOrEqualTo(5_000);
        Response viewer = http.get("/ui/source?repo=" + FixtureStore.REPO + "&path=README.md&start=1&end=2147483647");
        assertThat(viewer.status()).as(viewer.body()).isEqualTo(200);
        for (String range : List.of("&start=2147483647", "&start=99999999999", "&end=-1", "&start=1&end=0")) {
            Response r = http.get(file + range);
            assertThat(r.status()).as(range).isEqualTo(400);
            assertThat(r.json().path("error").asText()).as(range).isNotBlank().doesNotContain("Exception");
        }
    }

    @Test
    void a_server_on_another_interface_without_a_token_refuses_to_start() {
        assertThatThrownBy(() -> start(ServerOptions.defaults().withPort(0).withHost("0.0.0.0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without a token")
                .hasMessageNotContaining("\n");
    }

    @Test
    void with_a_token_the_api_needs_it_the_page_logs_in_and_health_stays_open() {
        String token = "s3cret-" + Long.toHexString(System.nanoTime());
        try (ChatServer locked = start(ServerOptions.defaults().withPort(0).withToken(Optional.of(token)))) {
            HttpHelper h = new HttpHelper(locked);
            Response anonymous = h.get("/api/repos");
            assertThat(anonymous.status()).isEqualTo(401);
            assertThat(anonymous.header("WWW-Authenticate")).startsWith("Bearer");
            assertThat(anonymous.body()).doesNotContain(token);
            assertThat(h.get("/metrics").status()).isEqualTo(401);
            assertThat(h.get("/health").status()).isEqualTo(200);
            assertThat(h.send(HttpRequest.newBuilder(URI.create(h.base() + "/api/repos"))
                                    .header("Authorization", "Bearer wrong"))
                            .status())
                    .isEqualTo(401);
            assertThat(h.send(HttpRequest.newBuilder(URI.create(h.base() + "/api/repos"))
                                    .header("Authorization", "Bearer " + token))
                            .status())
                    .isEqualTo(200);

            // the page: redirected to log in, a wrong token is refused, the right one sets a strict cookie
            Response page = h.raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertThat(page.status()).isEqualTo(303);
            assertThat(page.header("Location")).isEqualTo("/login");
            assertThat(h.send(post(h, "/login", "token=nope")).status()).isEqualTo(401);
            Response login = h.send(post(h, "/login", "token=" + token));
            assertThat(login.status()).isEqualTo(303);
            String cookie = login.header("Set-Cookie");
            assertThat(cookie).contains("HttpOnly").contains("SameSite=Strict").doesNotContain(token);
            String session = cookie.split(";", 2)[0];
            Response in =
                    h.send(HttpRequest.newBuilder(URI.create(h.base() + "/")).header("Cookie", session));
            assertThat(in.status()).isEqualTo(200);
            assertThat(in.body()).contains("data-testid=\"question-input\"");
            assertThat(h.send(HttpRequest.newBuilder(URI.create(h.base() + "/api/chats"))
                                    .header("Cookie", session))
                            .status())
                    .isEqualTo(200);
        }
    }

    @Test
    void a_one_time_login_link_logs_the_page_in_once_and_never_carries_the_token() {
        String token = "s3cret-" + Long.toHexString(System.nanoTime());
        try (ChatServer locked = start(ServerOptions.defaults().withPort(0).withToken(Optional.of(token)))) {
            HttpHelper h = new HttpHelper(locked);
            String link = locked.loginUrl();
            assertThat(link).startsWith(locked.url() + "login?once=").doesNotContain(token);
            String path = link.substring(locked.url().length() - 1);

            Response first = h.get(path);
            assertThat(first.status()).isEqualTo(303);
            assertThat(first.header("Location")).isEqualTo("/");
            String session = first.header("Set-Cookie").split(";", 2)[0];
            assertThat(h.send(HttpRequest.newBuilder(URI.create(h.base() + "/")).header("Cookie", session))
                            .status())
                    .isEqualTo(200);

            Response again = h.get(path);
            assertThat(again.status()).as("used once").isEqualTo(401);
            assertThat(again.header("Set-Cookie")).isNull();
            assertThat(h.get("/login?once=" + "A".repeat(32)).status()).isEqualTo(401);
            assertThat(h.get(locked.loginUrl().substring(locked.url().length() - 1))
                            .status())
                    .as("a new link works")
                    .isEqualTo(303);
        }
        try (ChatServer open = start(ServerOptions.defaults().withPort(0))) {
            assertThat(open.loginUrl()).as("no token, no login").isEqualTo(open.url());
        }
    }

    private static HttpRequest.Builder post(HttpHelper h, String path, String form) {
        return HttpRequest.newBuilder(URI.create(h.base() + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
    }
}
