package dev.coderag.chat.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ChatException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code next_cursor} of a paged result and its check when it comes back as {@code cursor}. A cursor is
 * opaque to the client: a position (the next result's offset, or the next line) with the tool, a digest of the
 * call's arguments (all but {@code cursor} and {@code max_tokens}, which may change between pages) and a digest
 * of the index's state (repositories, commits, indexing times), signed with a key this server process drew at
 * start. A cursor that was altered, made up or issued by another process, belongs to another tool or other
 * arguments, or outlived the index state it was issued for is refused with one line ({@link ChatException}
 * BAD_REQUEST) — never followed, never an exception trace. Thread-safe.
 */
final class Cursors {
    /** The longest cursor accepted; the ones issued are about 100 characters. */
    static final int MAX_CHARS = 512;

    /** The arguments a cursor is not bound to: they may change from page to page. */
    static final Set<String> UNBOUND = Set.of("cursor", "max_tokens");

    private static final String VERSION = "c1";
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{1,400}\\.[A-Za-z0-9_-]{22}");
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder UNB64 = Base64.getUrlDecoder();
    private static final String INVALID = "cursor is not one this server issued (altered, or from another server"
            + " session); pass next_cursor back exactly as a result gave it, or call without cursor";

    private final byte[] key = new byte[32];
    private final Supplier<String> indexState;
    private final ObjectMapper json = new ObjectMapper();

    /** @param indexState what the index holds now, as text that changes whenever the index does */
    Cursors(Supplier<String> indexState) {
        new SecureRandom().nextBytes(key);
        this.indexState = indexState;
    }

    /** The cursor of the page starting at {@code position} of {@code tool} called with {@code args}. */
    String issue(String tool, Map<String, Object> args, int position) {
        String payload = String.join(
                "|", VERSION, tool, argsDigest(args), digest(indexState.get(), 9), Integer.toString(position));
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        return B64.encodeToString(bytes) + "." + B64.encodeToString(mac(bytes));
    }

    /**
     * The position {@code cursor} continues at.
     *
     * @throws ChatException BAD_REQUEST, one line saying why, when the cursor is not a valid one for this call
     */
    int open(String cursor, String tool, Map<String, Object> args) {
        if (cursor.length() > MAX_CHARS || !SHAPE.matcher(cursor).matches()) {
            throw refused(INVALID);
        }
        int dot = cursor.indexOf('.');
        byte[] payload;
        byte[] signature;
        try {
            payload = UNB64.decode(cursor.substring(0, dot));
            signature = UNB64.decode(cursor.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw refused(INVALID);
        }
        // only the one encoding this server issued: base64 leaves spare bits in a last character that decoding
        // ignores, so another spelling of the same bytes would otherwise pass
        if (!MessageDigest.isEqual(mac(payload), signature)
                || !cursor.equals(B64.encodeToString(payload) + "." + B64.encodeToString(signature))) {
            throw refused(INVALID);
        }
        String[] parts = new String(payload, StandardCharsets.UTF_8).split("\\|", -1);
        if (parts.length != 5 || !parts[0].equals(VERSION)) {
            throw refused(INVALID);
        }
        if (!parts[1].equals(tool)) {
            throw refused("cursor belongs to a " + parts[1] + " result, not to " + tool + "; call " + tool
                    + " without cursor");
        }
        if (!parts[2].equals(argsDigest(args))) {
            throw refused("cursor belongs to a call with other arguments; repeat that call's arguments (all but"
                    + " cursor and max_tokens) with it, or call without cursor");
        }
        if (!parts[3].equals(digest(indexState.get(), 9))) {
            throw refused("cursor is stale: the index changed since it was issued; call again without cursor");
        }
        return Integer.parseInt(parts[4]); // signed by us: always a number
    }

    private String argsDigest(Map<String, Object> args) {
        Map<String, Object> bound = new TreeMap<>();
        args.forEach((k, v) -> {
            if (!UNBOUND.contains(k) && v != null) {
                bound.put(
                        k, v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) ? n.longValue() : v);
            }
        });
        try {
            return digest(json.writeValueAsString(bound), 12);
        } catch (JsonProcessingException e) {
            throw refused("the arguments cannot be bound to a cursor");
        }
    }

    private static String digest(String text, int bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return B64.encodeToString(Arrays.copyOf(d, bytes));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
    }

    private byte[] mac(byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Arrays.copyOf(mac.doFinal(payload), 16);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from the JDK", e);
        }
    }

    private static ChatException refused(String why) {
        return new ChatException(ChatException.Reason.BAD_REQUEST, why);
    }
}
