package dev.coderag.types;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Languages the ingester knows, and the one registry of what is per language and not specific to a parser: the
 * file extensions (sources and headers), the line-comment marker, which languages call each other's code and the
 * code viewer's highlight.js grammar. The ingester picks a parser per constant (every constant has one or is
 * declared not code there); nothing else lists extensions of languages. {@link #id()} is the stable lower-case
 * name used in storage and JSON.
 *
 * <p>New constants go at the end: a store's graph files record languages by ordinal.
 */
public enum Language {
    JAVA("java", "java", "//", List.of(".java")),
    PYTHON("python", "python", "#", List.of(".py", ".pyi")),
    RUST("rust", "rust", "//", List.of(".rs")),
    GO("go", "go", "//", List.of(".go")),
    TYPESCRIPT("typescript", "typescript", "//", List.of(".ts", ".mts", ".cts")),
    /** highlight.js's TypeScript grammar reads TSX's JSX too. */
    TSX("tsx", "typescript", "//", List.of(".tsx")),
    JAVASCRIPT("javascript", "javascript", "//", List.of(".js", ".jsx", ".mjs", ".cjs")),
    MARKDOWN("markdown", "markdown", "", List.of(".md", ".markdown")),
    /** highlight.js has no TOML grammar of its own: its INI grammar is "TOML, also INI". */
    TOML("toml", "ini", "#", List.of(".toml")),
    XML("xml", "xml", "", List.of(".xml")),
    JSON("json", "json", "", List.of(".json")),
    /**
     * Any other text file, chunked as plain text when that option is on. It has no extensions of its own; the
     * viewer highlights some build and configuration files kept as text by their names ({@link #highlight}).
     */
    TEXT("text", "", "", List.of()),
    KOTLIN("kotlin", "kotlin", "//", List.of(".kt", ".kts")),
    CSHARP("csharp", "csharp", "//", List.of(".cs")),
    /** C; a {@code .h} header may turn out to be C++ when parsed (see the ingester's handlers). */
    C("c", "c", "//", List.of(".c"), List.of(".h")),
    CPP("cpp", "cpp", "//", List.of(".cpp", ".cc", ".cxx", ".c++"), List.of(".hpp", ".hh", ".hxx", ".h++")),
    SHELL("shell", "bash", "#", List.of(".sh", ".bash")),
    /** A {@code .gemspec} is Ruby too, but the ingester reads it as a manifest (by its name), not as code. */
    RUBY("ruby", "ruby", "#", List.of(".rb", ".rake", ".gemspec")),
    PHP("php", "php", "//", List.of(".php")),
    /** {@code .sc}: Scala scripts and worksheets (Ammonite, scala-cli). */
    SCALA("scala", "scala", "//", List.of(".scala", ".sc")),
    SWIFT("swift", "swift", "//", List.of(".swift")),
    LUA("lua", "lua", "--", List.of(".lua"));

    /**
     * Build and configuration files kept as {@link #TEXT}, by the end of their file name (lower case), with the
     * highlight.js grammar each gets; the first match wins.
     */
    private static final List<Map.Entry<String, String>> TEXT_HIGHLIGHTS = List.of(
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
            Map.entry("gemfile", "ruby"),
            Map.entry("rakefile", "ruby"),
            Map.entry(".sbt", "scala"),
            Map.entry(".rockspec", "lua"));

    private final String id;
    private final String highlight;
    private final String lineComment;
    /** Sources first, then headers: {@link #fromFileName} tries them in this order. */
    private final List<String> extensions;

    private final List<String> headerExtensions;

    Language(String id, String highlight, String lineComment, List<String> sourceExtensions) {
        this(id, highlight, lineComment, sourceExtensions, List.of());
    }

    Language(
            String id,
            String highlight,
            String lineComment,
            List<String> sourceExtensions,
            List<String> headerExtensions) {
        this.id = id;
        this.highlight = highlight;
        this.lineComment = lineComment;
        this.extensions = Stream.concat(sourceExtensions.stream(), headerExtensions.stream())
                .toList();
        this.headerExtensions = headerExtensions;
    }

    public String id() {
        return id;
    }

    /** The marker that starts a line comment ({@code //}, {@code #}), or "" where the language has none. */
    public String lineComment() {
        return lineComment;
    }

    /**
     * Whether {@code extension} (lower case, with its dot) is one of this language's header extensions: C's
     * {@code .h}, C++'s {@code .hpp} and the like, files that declare an API rather than define it.
     */
    public boolean isHeader(String extension) {
        return headerExtensions.contains(extension);
    }

    /**
     * highlight.js's grammar for a file of this language at {@code path} (only {@link #TEXT} looks at the file
     * name); "" when the file is shown without highlighting.
     */
    public String highlight(String path) {
        if (this != TEXT) {
            return highlight;
        }
        String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> e : TEXT_HIGHLIGHTS) {
            if (name.endsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return "";
    }

    /**
     * The languages whose definitions code of this language may call: its own, with the ones that call each
     * other's code (Java, Kotlin and Scala, which share the JVM; TypeScript, TSX and JavaScript; C and C++); none
     * for documentation, data and plain text.
     */
    public Set<Language> callable() {
        return switch (this) {
            case JAVA, KOTLIN, SCALA -> Set.of(JAVA, KOTLIN, SCALA);
            case TYPESCRIPT, TSX, JAVASCRIPT -> Set.of(TYPESCRIPT, TSX, JAVASCRIPT);
            case C, CPP -> Set.of(C, CPP);
            case PYTHON, RUST, GO, CSHARP, SHELL, RUBY, PHP, SWIFT, LUA -> Set.of(this);
            case MARKDOWN, TOML, XML, JSON, TEXT -> Set.of();
        };
    }

    /** The language of a file name by its extension, or empty when none matches. Never null. */
    public static Optional<Language> fromFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (Language language : values()) {
            for (String ext : language.extensions) {
                if (lower.endsWith(ext)) {
                    return Optional.of(language);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The language whose extension is exactly {@code extension} (lower case, with its dot, e.g. {@code .h}), or
     * empty. Never null.
     */
    public static Optional<Language> fromExtension(String extension) {
        for (Language language : values()) {
            if (language.extensions.contains(extension)) {
                return Optional.of(language);
            }
        }
        return Optional.empty();
    }

    /** Parses {@link #id()}; throws IllegalArgumentException with the known ids when unknown. */
    public static Language fromId(String id) {
        for (Language language : values()) {
            if (language.id.equals(id)) {
                return language;
            }
        }
        throw new IllegalArgumentException("unknown language '" + id + "'");
    }
}
