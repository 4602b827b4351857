package dev.coderag.ingest;

import java.util.logging.Level;
import java.util.logging.Logger;

/** What every coderag command line shares: quiet library logging and one-line error messages. */
public final class CliSupport {
    private CliSupport() {}

    /** A message as one printable line: whitespace runs and line breaks folded, control characters replaced. */
    public static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "unknown error";
        }
        return message.strip().replaceAll("\\s*\\R\\s*", " ").replaceAll("\\p{Cntrl}", "?");
    }

    /**
     * Keeps DJL, ONNX Runtime, JVector and SQLite chatter off the console unless the user asked for it, and
     * keeps DJL offline. Call before any of those libraries loads; values the user set win.
     */
    public static void quietLibraries() {
        setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "error");
        quietModelLibraries();
        if (System.getProperty("java.util.logging.config.file") == null) {
            Logger.getLogger("").setLevel(Level.SEVERE);
        }
    }

    /**
     * Only the model libraries: DJL offline, and its start-up chatter (no CUDA here, no ONNX extension) off the
     * console, leaving every other logger as configured — for a server, whose own log lines the user wants.
     */
    public static void quietModelLibraries() {
        setIfAbsent("org.slf4j.simpleLogger.log.ai.djl", "error");
        setIfAbsent("ai.djl.offline", "true");
        setIfAbsent("offline", "true");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
