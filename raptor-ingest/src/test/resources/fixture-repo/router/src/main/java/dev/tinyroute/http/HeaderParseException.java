package dev.tinyroute.http;

/** Thrown when a header line is malformed; the message names the offending part. */
public final class HeaderParseException extends RuntimeException {
    public HeaderParseException(String message) {
        super(message);
    }
}
