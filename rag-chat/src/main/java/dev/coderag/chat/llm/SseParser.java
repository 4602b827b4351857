package dev.coderag.chat.llm;

import java.util.function.Consumer;

/**
 * Incremental parser of the {@code text/event-stream} wire format (the WHATWG rules: {@code field: value}
 * lines, one optional space after the colon, {@code :} comments, blank line dispatches, multi-line data joined
 * by newlines). Not thread-safe: one per stream.
 */
public final class SseParser {
    /** One dispatched event; {@code event} is "message" when the stream did not name it. */
    public record Event(String event, String data, String id) {}

    private final Consumer<Event> sink;
    private final StringBuilder data = new StringBuilder();
    private String event = "";
    private String id = "";
    private boolean hasData;

    public SseParser(Consumer<Event> sink) {
        this.sink = sink;
    }

    /** Feeds one line without its terminator. */
    public void line(String line) {
        if (line.isEmpty()) {
            dispatch();
            return;
        }
        if (line.startsWith(":")) {
            return;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "data" -> {
                if (hasData) {
                    data.append('\n');
                }
                data.append(value);
                hasData = true;
            }
            case "event" -> event = value;
            case "id" -> id = value;
            default -> {
                // "retry" and unknown fields do not concern a one-shot client
            }
        }
    }

    /** Ends the stream: a final event without its blank line is still delivered. */
    public void end() {
        dispatch();
    }

    private void dispatch() {
        if (hasData) {
            sink.accept(new Event(event.isEmpty() ? "message" : event, data.toString(), id));
        }
        data.setLength(0);
        hasData = false;
        event = "";
    }
}
