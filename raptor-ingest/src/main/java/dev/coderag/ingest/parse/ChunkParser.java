package dev.coderag.ingest.parse;

import dev.coderag.ingest.parse.code.CodeChunker;
import dev.coderag.ingest.parse.manifest.ManifestParser;
import dev.coderag.ingest.parse.text.MarkdownChunker;
import dev.coderag.ingest.parse.text.TextWindows;
import dev.coderag.types.Chunk;
import dev.coderag.types.Language;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Parses one file into chunks: code definitions (tree-sitter), Markdown sections, build manifests,
 * module docs, and — when {@link ParseOptions#plainText()} is on — plain-text windows of other files.
 *
 * <p>Chunk texts fit the token window: a code chunk whose {@link dev.coderag.types.Chunk#embeddingText()}
 * has more than {@code maxTokens - 2} tokens (by {@link ParseOptions#tokens()}, two kept for a model's
 * special tokens) is split into parts. The counter must report full lengths, not truncated ones.
 *
 * <p>Pure: no I/O and no store. Thread-safe (see {@link CodeChunker}).
 */
public final class ChunkParser {
    private final ParseOptions options;
    private final CodeChunker code;

    private ChunkParser(ParseOptions options) {
        this.options = options;
        this.code = new CodeChunker(options);
    }

    /** A parser with the given options; cheap (grammars and queries load on first use). */
    public static ChunkParser create(ParseOptions options) {
        return new ChunkParser(Objects.requireNonNull(options, "options"));
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return slash < 0 ? path : path.substring(slash + 1);
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? "" : name.substring(dot).toLowerCase(Locale.ROOT);
    }

    /**
     * Category by file name alone: MANIFEST for Cargo.toml, pom.xml, package.json, go.mod, pyproject.toml,
     * build.gradle(.kts), settings.gradle(.kts), requirements*.txt, setup.cfg, setup.py, *.csproj,
     * CMakeLists.txt, composer.json, Gemfile, *.gemspec, build.sbt, Package.swift and *.rockspec (a manifest
     * before code: a .gemspec is Ruby, Package.swift Swift); DOC for Markdown; CODE for a language of the {@link
     * Language} registry that {@link CodeChunker#isCode is code} (Java, Python, Rust, Go, TypeScript, TSX,
     * JavaScript, Kotlin, C#, C, C++, shell, Ruby, PHP, Scala, Swift and Lua), by its exact extension; UNSUPPORTED
     * for anything else. Never null.
     */
    public static FileCategory categorize(String path) {
        String name = fileName(Objects.requireNonNull(path, "path"));
        if (ManifestParser.isManifest(name)) {
            return FileCategory.MANIFEST;
        }
        return Language.fromExtension(extension(name))
                .map(ChunkParser::category)
                .orElse(FileCategory.UNSUPPORTED);
    }

    private static FileCategory category(Language language) {
        if (language == Language.MARKDOWN) {
            return FileCategory.DOC;
        }
        return CodeChunker.isCode(language) ? FileCategory.CODE : FileCategory.UNSUPPORTED;
    }

    /**
     * The chunks of one file, in file order. Never throws on bad content: syntax errors still give the
     * definitions tree-sitter recovers, a manifest that does not parse still gives a chunk named after the
     * file, and if a grammar fails outright the file falls back to plain-text windows.
     *
     * @throws IllegalArgumentException when the file's repo or path is blank (a caller bug)
     */
    public ParseResult parse(SourceFile file) {
        Objects.requireNonNull(file, "file");
        if (file.repo().isBlank() || file.path().isBlank()) {
            throw new IllegalArgumentException(
                    "source file needs a repo and a path, got '" + file.repo() + "' and '" + file.path() + "'");
        }
        FileCategory category = categorize(file.path());
        SourceText src = SourceText.of(file.text());
        List<Chunk> chunks =
                switch (category) {
                    case CODE -> code(file, src);
                    case DOC -> List.copyOf(MarkdownChunker.chunk(file, src));
                    case MANIFEST -> List.of(ManifestParser.parse(file, src));
                    case UNSUPPORTED ->
                        options.plainText()
                                ? List.copyOf(TextWindows.plain(src, file, detectedLanguage(file.path()), options))
                                : List.of();
                };
        return new ParseResult(category, chunks);
    }

    private static Language detectedLanguage(String path) {
        return Language.fromFileName(fileName(path)).orElse(Language.TEXT);
    }

    private List<Chunk> code(SourceFile file, SourceText src) {
        String ext = extension(fileName(file.path()));
        Language language = Language.fromExtension(ext).orElseThrow(); // categorize found it
        return code.chunks(file, src, language, language.isHeader(ext));
    }
}
