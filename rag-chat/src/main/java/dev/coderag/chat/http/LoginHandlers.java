package dev.coderag.chat.http;

import dev.coderag.chat.web.WebUi;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

/**
 * The page's login when the server has a token: {@code GET /login} shows a form, {@code POST /login} checks the
 * token and sets the HttpOnly, SameSite=Strict session cookie. Without a token both send the user to the chat.
 */
final class LoginHandlers {
    private final Boundary boundary;

    LoginHandlers(Boundary boundary) {
        this.boundary = boundary;
    }

    /** {@code GET /login}. */
    void page(Context ctx) {
        if (!boundary.requiresToken()) {
            ctx.redirect("/", HttpStatus.SEE_OTHER);
            return;
        }
        ctx.html(WebUi.loginPage(null));
    }

    /** {@code POST /login}: form field {@code token}. */
    void submit(Context ctx) {
        if (!boundary.requiresToken()) {
            ctx.redirect("/", HttpStatus.SEE_OTHER);
            return;
        }
        if (!boundary.tokenMatches(Requests.formText(ctx, "token"))) {
            ctx.status(401).html(WebUi.loginPage("That is not the server's token."));
            return;
        }
        ctx.header("Set-Cookie", boundary.sessionCookie());
        ctx.redirect("/", HttpStatus.SEE_OTHER);
    }
}
