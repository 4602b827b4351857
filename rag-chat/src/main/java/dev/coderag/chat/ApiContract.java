package dev.coderag.chat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What every front end of the chat side shares on the wire: the JSON shape (snake_case field names, the
 * {@code /api/*} and MCP contract), the version it reports, and how numbers and echoed text are written into it
 * (the one home of these helpers: the pipeline, the HTTP and MCP front ends and the command line all use them).
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

    /**
     * A user-supplied name echoed in a message (a repository, chat id, path or symbol), cut to at most 80
     * characters with an ellipsis; escaped wherever it is rendered.
     */
    public static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "…";
    }

    /** A score, relevance or duration as the JSON shows it: rounded to three decimals. */
    public static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
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
