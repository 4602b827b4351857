package dev.coderag.chat.http;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes {@code text/event-stream} to a servlet response, one flushed event at a time. The headers are
 * committed lazily at the first event, so a failure before anything was sent can still become an ordinary
 * HTTP error. Thread-safe (events are serialised).
 */
final class SseWriter {
    private final HttpServletResponse response;
    private OutputStream out;
    private boolean clientGone;

    SseWriter(HttpServletResponse response) {
        this.response = response;
    }

    synchronized boolean started() {
        return out != null;
    }

    /** False once the client has disconnected; writes are then dropped. */
    synchronized boolean open() {
        return !clientGone;
    }

    /** Sends one event; multi-line data becomes several {@code data:} lines (joined again by the client). */
    synchronized void send(String event, String data) {
        if (clientGone) {
            return;
        }
        StringBuilder sb = new StringBuilder(data.length() + 32);
        sb.append("event: ").append(event).append('\n');
        for (String line : data.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1)) {
            sb.append("data: ").append(line).append('\n');
        }
        sb.append('\n');
        try {
            start();
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException | UncheckedIOException e) {
            clientGone = true; // the reader went away; the answer still completes and is stored
        }
    }

    private void start() throws IOException {
        if (out == null) {
            response.setStatus(200);
            response.setContentType("text/event-stream;charset=utf-8");
            response.setHeader("Cache-Control", "no-cache");
            response.setHeader("X-Accel-Buffering", "no");
            out = response.getOutputStream();
        }
    }
}
