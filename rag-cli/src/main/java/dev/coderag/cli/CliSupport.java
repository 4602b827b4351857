package dev.coderag.cli;

import dev.coderag.chat.ChatException;
import dev.coderag.embed.EmbedException;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.eval.EvalException;
import dev.coderag.ingest.IngestException;
import dev.coderag.store.StoreException;
import dev.coderag.store.VectorTier;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;

/**
 * What every coderag command line shares: one picocli setup (exit codes, one-line errors), quiet library
 * logging. Exit codes: 0 success, 1 failure, 2 bad usage.
 */
final class CliSupport {
    private CliSupport() {}

    /**
     * A picocli command line over {@code command} writing to {@code out}/{@code err}: a parse error or a
     * {@link UsageException} prints {@code error: …} and exits 2 (a parse error also says where help is), any
     * other failure prints {@code error: …} from {@link #describe} and exits 1 — never a stack trace.
     */
    static CommandLine commandLine(Object command, PrintStream out, PrintStream err) {
        CommandLine cmd = new CommandLine(command);
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        cmd.setParameterExceptionHandler((ex, args) -> {
            err.println("error: " + oneLine(ex.getMessage()));
            err.println("try: " + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help");
            return 2;
        });
        cmd.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("error: " + describe(ex));
            return ex instanceof UsageException ? 2 : 1;
        });
        return cmd;
    }

    /** True on an interactive terminal (JDK 22+ returns a Console even when redirected: ask it). */
    static boolean isTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            java.lang.reflect.Method isTerminal = java.io.Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: a console exists only on a terminal
        }
    }

    /** {@code --vectors}: {@code static} or {@code full} (any case); else bad usage naming the choices. */
    static VectorTier vectors(String name) {
        return switch (name == null ? "full" : name.strip().toLowerCase(Locale.ROOT)) {
            case "full" -> VectorTier.FULL;
            case "static" -> VectorTier.STATIC;
            default -> throw new UsageException("unknown --vectors '" + name + "' (choose static or full)");
        };
    }

    /** The model named on the command line ({@code fp32}, {@code int8} or a model id); else bad usage. */
    static EmbeddingModel model(String name) {
        try {
            return EmbeddingModel.fromName(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The model a command runs with: the one asked for ({@code --model} or {@code RAG_MODEL}), else the one the
     * store was built with when it is a shipped model (so a store keeps its model and never needs a surprise
     * {@code --full}), else {@link EmbeddingModel#DEFAULT} (a new store).
     *
     * @param asked the option's or variable's value; null or blank when neither was given
     * @param stored the model id recorded in the store; empty for a new store
     * @throws UsageException when {@code asked} names no shipped model
     */
    static EmbeddingModel chooseModel(String asked, Optional<String> stored) {
        if (asked != null && !asked.isBlank()) {
            return model(asked);
        }
        return stored.flatMap(CliSupport::shipped).orElse(EmbeddingModel.DEFAULT);
    }

    private static Optional<EmbeddingModel> shipped(String modelId) {
        for (EmbeddingModel m : EmbeddingModel.values()) {
            if (m.modelId().equals(modelId)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** The short name to pass as {@code --model} for a stored model id, or the id itself when none is known. */
    static String modelOption(String modelId) {
        return shipped(modelId).map(EmbeddingModel::shortName).orElse(modelId);
    }

    /** {@code raw} as a path; else bad usage naming {@code what} ("--db", "corpus", …). */
    static Path path(String raw, String what) {
        try {
            return Path.of(raw);
        } catch (InvalidPathException e) {
            throw new UsageException(what + " is not a valid path: " + raw);
        }
    }

    /** The one line a user sees for a failure: our own messages as they are, anything else by its type. */
    static String describe(Throwable ex) {
        return switch (ex) {
            case UsageException e -> oneLine(e.getMessage());
            case IngestException e -> oneLine(e.getMessage());
            case StoreException e -> oneLine(e.getMessage());
            case EmbedException e -> oneLine(e.getMessage());
            case ChatException e -> oneLine(e.getMessage());
            case EvalException e -> oneLine(e.getMessage());
            case OutOfMemoryError e -> "out of memory; give the JVM more heap (-Xmx)";
            default -> oneLine(ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage()));
        };
    }

    /**
     * A message as one printable line: a run of whitespace that holds a line break becomes one space, other
     * control characters (tabs included) become {@code ?}. One pass: the regex {@code \\s*\\R\\s*} it replaces
     * retried its greedy whitespace run from every position, quadratic on a long run of blanks.
     */
    static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "unknown error";
        }
        String s = message.strip();
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int end = i;
            boolean lineBreak = false;
            while (end < s.length() && (isBlank(s.charAt(end)) || isLineBreak(s.charAt(end)))) {
                lineBreak |= isLineBreak(s.charAt(end));
                end++;
            }
            if (lineBreak) {
                out.append(' ');
            } else {
                end = Math.max(end, i + 1);
                for (int k = i; k < end; k++) {
                    char c = s.charAt(k);
                    out.append(c < 0x20 || c == 0x7F ? '?' : c);
                }
            }
            i = end;
        }
        return out.toString();
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** What {@code \\R} matches, one character at a time. */
    private static boolean isLineBreak(char c) {
        return c == '\n' || c == '\r' || c == 0x0B || c == '\f' || c == 0x85 || c == 0x2028 || c == 0x2029;
    }

    /**
     * Keeps DJL, ONNX Runtime, JVector and SQLite chatter off the console unless the user asked for it, and
     * keeps DJL offline. Call before any of those libraries loads; values the user set win.
     */
    static void quietLibraries() {
        setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "error");
        quietModelLibraries();
        if (System.getProperty("java.util.logging.config.file") == null) {
            Logger.getLogger("").setLevel(Level.SEVERE);
        }
    }

    /**
     * Only the model libraries (and SolrJ's retry chatter): DJL offline, and its start-up chatter (no CUDA here, no ONNX extension) off the
     * console, leaving every other logger as configured — for a server, whose own log lines the user wants.
     */
    static void quietModelLibraries() {
        setIfAbsent("org.slf4j.simpleLogger.log.ai.djl", "error");
        // SolrJ logs a stack trace each time it polls a Solr node that is down; the Solr store retries and says
        // in one line what finally failed.
        setIfAbsent("org.slf4j.simpleLogger.log.org.apache.solr", "error");
        setIfAbsent("ai.djl.offline", "true");
        setIfAbsent("offline", "true");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
