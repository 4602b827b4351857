package dev.coderag.chat.web;

import dev.coderag.types.Language;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The code viewer's syntax highlighting: highlight.js, served by the server itself from its webjar on the classpath
 * (no CDN), runs in the browser ({@code static/app.js}); this class says which of its grammars a file gets. The
 * browser highlights the file's text as a whole (so block comments and multi-line strings are right) and splits
 * the result back into the numbered lines; highlight.js escapes the text it highlights.
 */
final class Highlighter {
    /** The webjar's version, read from its own Maven metadata so the page never names a file that is not there. */
    static final String VERSION = webjarVersion();

    static final String BASE = "/webjars/highlightjs/" + VERSION;

    /** highlight.js with its common grammars (Java, Python, Rust, Go, TypeScript, C, C++, C#, Kotlin, …). */
    static final String SCRIPT = BASE + "/highlight.min.js";

    /** Grammars outside the common build that the files coderag indexes need, from the webjar's languages/. */
    static final List<String> EXTRA_LANGUAGES = List.of("cmake", "gradle");

    /**
     * Build and configuration files coderag keeps as text ({@link Language#TEXT}), by the end of their file name
     * (lower case), with the grammar each gets; the first match wins.
     */
    private static final List<Map.Entry<String, String>> BY_FILE_NAME = List.of(
            Map.entry("cmakelists.txt", "cmake"),
            Map.entry(".cmake", "cmake"),
            Map.entry(".gradle", "gradle"),
            Map.entry(".csproj", "xml"),
            Map.entry(".fsproj", "xml"),
            Map.entry(".vbproj", "xml"),
            Map.entry(".props", "xml"),
            Map.entry(".targets", "xml"),
            Map.entry(".cfg", "ini"),
            Map.entry(".ini", "ini"),
            Map.entry("makefile", "makefile"),
            Map.entry(".mk", "makefile"),
            Map.entry(".yml", "yaml"),
            Map.entry(".yaml", "yaml"),
            Map.entry(".rb", "ruby"),
            Map.entry("gemfile", "ruby"),
            Map.entry(".gemspec", "ruby"));

    private Highlighter() {}

    /** The script paths the page loads, highlight.js first. */
    static List<String> scripts() {
        return java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(SCRIPT),
                        EXTRA_LANGUAGES.stream().map(l -> BASE + "/languages/" + l + ".min.js"))
                .toList();
    }

    /**
     * highlight.js's grammar for a file: by coderag's language id ({@code data-lang}), and for plain text by file
     * name; empty when the file is shown without highlighting.
     */
    static String language(String path, String languageId) {
        Language language;
        try {
            language = Language.fromId(languageId);
        } catch (IllegalArgumentException e) {
            language = Language.TEXT;
        }
        return switch (language) {
            case JAVA -> "java";
            case PYTHON -> "python";
            case RUST -> "rust";
            case GO -> "go";
            case TYPESCRIPT, TSX -> "typescript"; // highlight.js's TypeScript grammar reads TSX's JSX too
            case JAVASCRIPT -> "javascript";
            case MARKDOWN -> "markdown";
            case TOML -> "ini"; // "TOML, also INI"
            case XML -> "xml";
            case JSON -> "json";
            case KOTLIN -> "kotlin";
            case CSHARP -> "csharp";
            case C -> "c";
            case CPP -> "cpp";
            case SHELL -> "bash";
            case TEXT -> byFileName(path);
        };
    }

    private static String byFileName(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> e : BY_FILE_NAME) {
            if (name.endsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return "";
    }

    private static String webjarVersion() {
        String props = "/META-INF/maven/org.webjars/highlightjs/pom.properties";
        try (InputStream in = Highlighter.class.getResourceAsStream(props)) {
            if (in == null) {
                throw new IllegalStateException("the highlightjs webjar is not on the classpath (" + props + ")");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + props, e);
        }
    }
}
