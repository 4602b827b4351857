package dev.coderag.chat.mcp;

import java.util.Map;
import java.util.Optional;

/**
 * A call's arguments, read by name; a wrong type or range is an IllegalArgumentException naming the argument (the
 * tool's one-line error). The SDK checks them against the input schema as well; this is the check the tools rely
 * on.
 */
record ToolArgs(Map<String, Object> raw) {
    /** A string argument, empty when absent, null or blank. */
    Optional<String> text(String name) {
        Object v = raw.get(name);
        if (v == null) {
            return Optional.empty();
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("\"" + name + "\" must be a string");
        }
        return Optional.of(s).filter(x -> !x.isBlank());
    }

    String required(String name) {
        return text(name).orElseThrow(() -> new IllegalArgumentException("\"" + name + "\" is required"));
    }

    Optional<Integer> optionalInteger(String name) {
        Object v = raw.get(name);
        if (v == null) {
            return Optional.empty();
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new IllegalArgumentException("\"" + name + "\" must be an integer");
        }
        if (n.doubleValue() < 1 || n.doubleValue() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("\"" + name + "\" must be a positive line number");
        }
        return Optional.of(n.intValue());
    }

    int integer(String name, int fallback, int min, int max) {
        Object v = raw.get(name);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new IllegalArgumentException("\"" + name + "\" must be an integer");
        }
        if (n.doubleValue() < min || n.doubleValue() > max) {
            throw new IllegalArgumentException("\"" + name + "\" must be between " + min + " and " + max);
        }
        return n.intValue();
    }

    /** {@code max_tokens}, or the default budget. */
    Budget budget() {
        return new Budget(integer("max_tokens", Budget.DEFAULT_TOKENS, Budget.MIN_TOKENS, Budget.MAX_TOKENS));
    }
}
