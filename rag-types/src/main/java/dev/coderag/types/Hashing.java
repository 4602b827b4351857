package dev.coderag.types;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 helpers. Text is normalised (CRLF and CR to LF) before hashing so checkouts on any OS agree. */
public final class Hashing {
    private Hashing() {}

    /** Lower-case hex SHA-256 of the bytes. */
    public static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    /** Lower-case hex SHA-256 of the text after line-ending normalisation. */
    public static String sha256Text(String text) {
        return sha256(normalizeNewlines(text).getBytes(StandardCharsets.UTF_8));
    }

    public static String normalizeNewlines(String text) {
        return text.indexOf('\r') < 0 ? text : text.replace("\r\n", "\n").replace('\r', '\n');
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
