package dev.coderag.chat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Who owns a chat: an opaque, never blank identity derived from the credential a request carries. Chats are
 * listed, read, continued and deleted only by their owner (anyone else gets "not found").
 *
 * <ul>
 *   <li>a browser: its session, a random id in an HttpOnly cookie the server sets on the page ({@link #session});
 *   <li>an API client: its bearer token ({@link #token}) — with a server token, every holder of that token is
 *       one owner; without one (loopback), a client may send any bearer value to keep its chats apart;
 *   <li>{@link #ANONYMOUS}: an API client with neither (loopback without a token): all such clients share chats;
 *   <li>{@link #LOCAL}: this process's own user (the CLI, MCP over stdio), never a network request.
 * </ul>
 *
 * <p>Only a hash of the credential is stored, so the chat log never holds a token or a session id.
 */
public final class ChatOwners {
    public static final String ANONYMOUS = "anonymous";
    public static final String LOCAL = "local";

    private ChatOwners() {}

    /** The owner of a browser session id. */
    public static String session(String sessionId) {
        return "session:" + hash(sessionId);
    }

    /** The owner of a bearer token. */
    public static String token(String token) {
        return "token:" + hash(token);
    }

    private static String hash(String secret) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
