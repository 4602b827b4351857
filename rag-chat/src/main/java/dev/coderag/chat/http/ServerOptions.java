package dev.coderag.chat.http;

import dev.coderag.chat.ChatOptions;
import java.util.Objects;

/**
 * Where and how {@link ChatServer} listens.
 *
 * @param host interface to bind; {@code 127.0.0.1} by default so nothing is exposed beyond this machine
 * @param port TCP port; 0 = any free port (see {@link ChatServer#port()})
 */
public record ServerOptions(String host, int port, ChatOptions chat) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 3000;

    public ServerOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(chat, "chat");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535: " + port);
        }
    }

    public static ServerOptions defaults() {
        return new ServerOptions(DEFAULT_HOST, DEFAULT_PORT, ChatOptions.defaults());
    }

    public ServerOptions withPort(int p) {
        return new ServerOptions(host, p, chat);
    }

    public ServerOptions withChat(ChatOptions c) {
        return new ServerOptions(host, port, c);
    }
}
