package dev.coderag.chat.web;

import dev.coderag.types.Language;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
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

    /**
     * highlight.js with its common grammars (Java, Python, Rust, Go, TypeScript, C, C++, C#, Kotlin, Ruby, PHP,
     * Swift, Lua, …).
     */
    static final String SCRIPT = BASE + "/highlight.min.js";

    /** Grammars outside the common build that the files coderag indexes need, from the webjar's languages/. */
    static final List<String> EXTRA_LANGUAGES = List.of("cmake", "gradle", "scala");

    private Highlighter() {}

    /** The script paths the page loads, highlight.js first. */
    static List<String> scripts() {
        return java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(SCRIPT),
                        EXTRA_LANGUAGES.stream().map(l -> BASE + "/languages/" + l + ".min.js"))
                .toList();
    }

    /**
     * highlight.js's grammar for a file: the {@link Language} registry's, by coderag's language id ({@code
     * data-lang}; an unknown id counts as plain text), which for plain text goes by file name; empty when the file
     * is shown without highlighting.
     */
    static String language(String path, String languageId) {
        Language language;
        try {
            language = Language.fromId(languageId);
        } catch (IllegalArgumentException e) {
            language = Language.TEXT;
        }
        return language.highlight(path);
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
