package dev.coderag.types;

import java.util.Locale;
import java.util.Optional;

/**
 * Languages the ingester knows. {@link #id()} is the stable lower-case name used in storage and JSON.
 *
 * <p>New constants go at the end: a store's graph files record languages by ordinal.
 */
public enum Language {
    JAVA("java", ".java"),
    PYTHON("python", ".py", ".pyi"),
    RUST("rust", ".rs"),
    GO("go", ".go"),
    TYPESCRIPT("typescript", ".ts", ".mts", ".cts"),
    TSX("tsx", ".tsx"),
    JAVASCRIPT("javascript", ".js", ".jsx", ".mjs", ".cjs"),
    MARKDOWN("markdown", ".md", ".markdown"),
    TOML("toml", ".toml"),
    XML("xml", ".xml"),
    JSON("json", ".json"),
    /** Any other text file, chunked as plain text when that option is on. */
    TEXT("text"),
    KOTLIN("kotlin", ".kt", ".kts"),
    CSHARP("csharp", ".cs"),
    /** C; a {@code .h} header may turn out to be C++ when parsed (see the ingester's handlers). */
    C("c", ".c", ".h"),
    CPP("cpp", ".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++"),
    SHELL("shell", ".sh", ".bash");

    private final String id;
    private final String[] extensions;

    Language(String id, String... extensions) {
        this.id = id;
        this.extensions = extensions;
    }

    public String id() {
        return id;
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
