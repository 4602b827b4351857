package dev.tinyroute.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Matches request paths against registered route patterns such as {@code /users/:id}.
 *
 * <p>Routes are tried in registration order; the first match wins.
 */
public final class Router {
    private final List<Route> routes = new ArrayList<>();

    /** Registers a handler for a method and a path pattern; {@code :name} segments capture values. */
    public Router addRoute(String method, String pattern, Handler handler) {
        routes.add(new Route(method.toUpperCase(Locale.ROOT), splitPath(pattern), handler));
        return this;
    }

    /**
     * Finds the first route matching the request.
     *
     * @return the handler with the captured path parameters, or empty when no route matches
     */
    public Optional<Match> route(String method, String path) {
        List<String> segments = splitPath(path);
        for (Route candidate : routes) {
            if (!candidate.method().equals(method.toUpperCase(Locale.ROOT))) {
                continue;
            }
            Map<String, String> params = matchSegments(candidate.segments(), segments);
            if (params != null) {
                return Optional.of(new Match(candidate.handler(), params));
            }
        }
        return Optional.empty();
    }

    /** Compares pattern and path segment by segment; returns the captured parameters or null. */
    static Map<String, String> matchSegments(List<String> pattern, List<String> actual) {
        if (pattern.size() != actual.size()) {
            return null;
        }
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < pattern.size(); i++) {
            String expected = pattern.get(i);
            if (expected.startsWith(":")) {
                params.put(expected.substring(1), actual.get(i));
            } else if (!expected.equals(actual.get(i))) {
                return null;
            }
        }
        return params;
    }

    /** Splits "/a/b/" into ["a", "b"], ignoring empty segments. */
    static List<String> splitPath(String path) {
        List<String> segments = new ArrayList<>();
        for (String part : path.split("/")) {
            if (!part.isEmpty()) {
                segments.add(part);
            }
        }
        return segments;
    }

    /** Handles a matched request and returns the response body. */
    @FunctionalInterface
    public interface Handler {
        String handle(Map<String, String> params);
    }

    /** A registered route. */
    record Route(String method, List<String> segments, Handler handler) {}

    /** The result of routing: who handles the request and with which parameters. */
    public record Match(Handler handler, Map<String, String> params) {}
}
