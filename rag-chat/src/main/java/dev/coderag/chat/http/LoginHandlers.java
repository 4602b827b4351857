package dev.coderag.chat.http;

import dev.coderag.chat.web.WebUi;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.Iterator;

/**
 * The page's login when the server has a token: {@code GET /login} shows a form, {@code POST /login} checks the
 * token and sets the HttpOnly, SameSite=Strict session cookie. Without a token both send the user to the chat.
 *
 * <p>One-time login links ({@link #oneTimeLink}), as Jupyter opens its page: {@code GET /login?once=CODE} with a
 * code the server printed logs the browser in and sends it to the chat. A code works once, for at most
 * {@link #ONCE_VALID_NANOS}, and at most {@link #MAX_PENDING} are pending (the oldest dropped first) — so the
 * token itself never lands in a URL, the browser's history or a terminal's scrollback. Thread-safe.
 */
final class LoginHandlers {
    /** How long a one-time code stays usable: 15 minutes. */
    static final long ONCE_VALID_NANOS = 15L * 60 * 1_000_000_000;

    /** The most one-time codes pending at once. */
    static final int MAX_PENDING = 16;

    private record Once(byte[] code, long made) {}

    private final Boundary boundary;
    private final SecureRandom random;
    private final Deque<Once> pending = new ArrayDeque<>(); // guarded by itself

    LoginHandlers(Boundary boundary, SecureRandom random) {
        this.boundary = boundary;
        this.random = random;
    }

    /**
     * A new one-time code for {@code GET /login?once=CODE}, or empty when the server has no token (its page needs
     * no login).
     */
    String oneTimeLink() {
        if (!boundary.requiresToken()) {
            return "";
        }
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        String code = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        synchronized (pending) {
            while (pending.size() >= MAX_PENDING) {
                pending.removeFirst();
            }
            pending.addLast(new Once(code.getBytes(StandardCharsets.US_ASCII), System.nanoTime()));
        }
        return "login?once=" + code;
    }

    /** {@code GET /login}; with {@code ?once=CODE} a one-time login. */
    void page(Context ctx) {
        if (!boundary.requiresToken()) {
            ctx.redirect("/", HttpStatus.SEE_OTHER);
            return;
        }
        String once = ctx.queryParam("once");
        if (once != null) {
            if (redeem(once)) {
                ctx.header("Set-Cookie", boundary.sessionCookie());
                ctx.redirect("/", HttpStatus.SEE_OTHER);
                return;
            }
            ctx.status(401).html(WebUi.loginPage("That login link was used already or has expired: paste the token."));
            return;
        }
        ctx.html(WebUi.loginPage(null));
    }

    /** Consumes {@code code} when it is pending and fresh (constant-time compare). */
    private boolean redeem(String code) {
        byte[] given = code.getBytes(StandardCharsets.US_ASCII);
        long now = System.nanoTime();
        synchronized (pending) {
            for (Iterator<Once> it = pending.iterator(); it.hasNext(); ) {
                Once o = it.next();
                if (now - o.made() > ONCE_VALID_NANOS) {
                    it.remove();
                } else if (MessageDigest.isEqual(o.code(), given)) {
                    it.remove();
                    return true;
                }
            }
        }
        return false;
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
