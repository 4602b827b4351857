package dev.tinyroute.http;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Parses raw HTTP/1.1 header lines into name/value pairs.
 *
 * <p>Header names are case-insensitive, so they are normalised to lower case.
 */
public final class HeaderParser {
    /** The longest header line accepted, in characters; longer lines are rejected. */
    public static final int MAX_HEADER_LENGTH = 8192;

    private final boolean strict;

    /**
     * Creates a parser.
     *
     * @param strict reject header names with characters outside the RFC 7230 token set
     */
    public HeaderParser(boolean strict) {
        this.strict = strict;
    }

    /**
     * Parses one header line such as {@code "Content-Type: text/html"}.
     *
     * @param line the raw header line, without the trailing CRLF
     * @return the header with a lower-case name and a trimmed value
     * @throws HeaderParseException when the line has no colon, is too long or has an invalid name
     */
    public Header parseHeader(String line) {
        if (line.length() > MAX_HEADER_LENGTH) {
            throw new HeaderParseException("header line too long: " + line.length());
        }
        int colon = line.indexOf(':');
        if (colon <= 0) {
            throw new HeaderParseException("missing colon in header: " + line);
        }
        String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        if (strict && !isToken(name)) {
            throw new HeaderParseException("invalid header name: " + name);
        }
        String value = line.substring(colon + 1).trim();
        return new Header(name, value);
    }

    /**
     * Parses a block of header lines up to the first empty line. A header that appears more than once
     * keeps all its values, joined with ", " as RFC 7230 allows.
     */
    public Map<String, String> parseHeaders(Iterable<String> lines) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isEmpty()) {
                break;
            }
            Header header = parseHeader(line);
            headers.merge(header.name(), header.value(), (first, second) -> first + ", " + second);
        }
        return headers;
    }

    /** RFC 7230 token characters: letters, digits and a few symbols, no separators. */
    private static boolean isToken(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = Character.isLetterOrDigit(c) || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** One parsed header: a lower-case name and its trimmed value. */
    public record Header(String name, String value) {}
}
