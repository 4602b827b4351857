package dev.coderag.chat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What every front end of the chat side shares on the wire: the JSON shape (snake_case field names, the
 * {@code /api/*} and MCP contract) and the version it reports.
 */
public final class ApiContract {
    /** The build's version ({@code dev} when run from unfiltered classes). */
    public static final String VERSION = loadVersion();

    private ApiContract() {}

    /** A new mapper writing snake_case JSON, as every response of the API and the MCP server does. */
    public static ObjectMapper mapper() {
        return new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    /**
     * A message as one printable line of at most {@code max} characters (and an ellipsis): line breaks and other
     * control characters, which could forge lines in a client's log or ours, become spaces. Linear time.
     */
    public static String oneLine(String message, int max) {
        String m = message == null || message.isBlank() ? "error" : message.strip();
        StringBuilder sb = new StringBuilder(Math.min(m.length(), max + 1));
        for (int i = 0; i < m.length() && sb.length() < max; i++) {
            char c = m.charAt(i);
            boolean lineBreak = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            sb.append(lineBreak ? ' ' : c);
        }
        if (m.length() > max) {
            sb.append('…');
        }
        return sb.toString();
    }

    private static String loadVersion() {
        try (InputStream in = ApiContract.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            String v = p.getProperty("version", "dev");
            return v.startsWith("${") ? "dev" : v;
        } catch (IOException e) {
            return "dev";
        }
    }
}
