package dev.coderag.chat.http;

import dev.coderag.chat.ChatOwners;
import io.javalin.http.Context;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whose chats a request may see ({@link ChatOwners}): the browser session in the {@value #COOKIE} cookie when it
 * carries one, else its bearer token, else {@link ChatOwners#ANONYMOUS}. The page gives each browser its session:
 * 32 random bytes in an HttpOnly, SameSite=Strict cookie kept for a year, so no script reads it and no other
 * site's request carries it. The token check itself stays {@link Boundary}'s (untouched); this only tells owners
 * apart. Thread-safe.
 */
final class Owners {
    static final String COOKIE = "rag_owner";
    private static final Pattern SESSION = Pattern.compile("[A-Za-z0-9_-]{43}");

    private final SecureRandom random;

    Owners(SecureRandom random) {
        this.random = random;
    }

    /** The owner of an API request: its session, its bearer token, or anonymous. */
    static String of(Context ctx) {
        String session = ctx.cookie(COOKIE);
        if (session != null && SESSION.matcher(session).matches()) {
            return ChatOwners.session(session);
        }
        String auth = ctx.header("Authorization");
        if (auth != null
                && auth.regionMatches(true, 0, "Bearer ", 0, 7)
                && !auth.substring(7).isBlank()) {
            return ChatOwners.token(auth.substring(7).strip());
        }
        return ChatOwners.ANONYMOUS;
    }

    /**
     * The owner of a page request: the browser's session, begun here when it has none. A navigation from another
     * site arrives without the SameSite=Strict cookie although the browser may hold one: it is not replaced then
     * (the page's own requests, which carry it, find the chats), and this page view gets a session of its own.
     */
    String page(Context ctx) {
        String session = ctx.cookie(COOKIE);
        if (session != null && SESSION.matcher(session).matches()) {
            return ChatOwners.session(session);
        }
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String fresh = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        String site = String.valueOf(ctx.header("Sec-Fetch-Site")).toLowerCase(Locale.ROOT);
        if (!site.equals("cross-site") && !site.equals("same-site")) {
            // kept for a year: chats outlive the server's restarts, and closing the browser must not lose them
            ctx.res()
                    .addHeader(
                            "Set-Cookie",
                            COOKIE + "=" + fresh + "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict");
        }
        return ChatOwners.session(fresh);
    }
}
