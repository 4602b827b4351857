package dev.coderag.chat.http;

import java.util.Objects;

/**
 * A request refused at the server's boundary before any handler ran: wrong host, cross-site, no token, wrong
 * content type, or too busy. {@link HttpErrors} maps {@link #reason()} to the status; the message is one line
 * for the client and never echoes a secret.
 */
final class HttpRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    enum Reason {
        /** The {@code Host} header names no host this server answers to (DNS rebinding): 421. */
        FOREIGN_HOST,
        /** A state-changing request from another site, or a page request without the CSRF token: 403. */
        CROSS_SITE,
        /** A token is required and the request carries none that matches: 401. */
        UNAUTHENTICATED,
        /** A JSON endpoint got a body of another content type: 415. */
        NOT_JSON,
        /** Too many answers are being written at once: 503 with {@code Retry-After}. */
        BUSY,
        /** The path has a percent sign not followed by two hex digits (the router could not decode it): 400. */
        MALFORMED_PATH
    }

    private final Reason reason;

    HttpRefusal(Reason reason, String message) {
        super(message, null, false, false); // no stack trace: a refusal is routine
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    Reason reason() {
        return reason;
    }
}
