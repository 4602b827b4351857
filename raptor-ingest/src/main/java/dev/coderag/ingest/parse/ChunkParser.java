package dev.coderag.ingest.parse;

import dev.coderag.types.Chunk;
import dev.coderag.types.Language;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.treesitter.TSParser;
import org.treesitter.TSQueryCursor;

/**
 * Parses one file into chunks: code definitions (tree-sitter), Markdown sections, build manifests,
 * module docs, and — when {@link ParseOptions#plainText()} is on — plain-text windows of other files.
 *
 * <p>Chunk texts fit the token window: a code chunk whose {@link dev.coderag.types.Chunk#embeddingText()}
 * has more than {@code maxTokens - 2} tokens (by {@link ParseOptions#tokens()}, two kept for a model's
 * special tokens) is split into parts. The counter must report full lengths, not truncated ones.
 *
 * <p>Pure: no I/O and no store. Thread-safe: tree-sitter parsers and query cursors are not, so each call
 * borrows a set owned by one thread at a time from a pool (it grows to the number of concurrent callers);
 * each language's query is compiled once, on first use, and shared.
 */
public final class ChunkParser {
    private static final Logger LOG = LoggerFactory.getLogger(ChunkParser.class);
    private static final Set<String> MARKDOWN = Set.of(".md", ".markdown");

    /** Handlers by lower-case extension (with the dot). */
    private static final Map<String, LanguageHandler> HANDLERS = handlers();

    private final ParseOptions options;
    private final CodeExtractor extractor;
    private final ConcurrentLinkedQueue<Worker> workers = new ConcurrentLinkedQueue<>();

    /** Native parsing state for one thread at a time. */
    private static final class Worker {
        final Map<LanguageHandler, TSParser> parsers = new HashMap<>();
        final TSQueryCursor cursor = new TSQueryCursor();

        TSParser parser(LanguageHandler handler) {
            return parsers.computeIfAbsent(handler, h -> {
                TSParser parser = new TSParser();
                if (!parser.setLanguage(h.grammar())) {
                    throw new IllegalStateException(
                            "tree-sitter rejected the " + h.language().id() + " grammar");
                }
                return parser;
            });
        }
    }

    private ChunkParser(ParseOptions options) {
        this.options = options;
        this.extractor = new CodeExtractor(options);
    }

    /** A parser with the given options; cheap (grammars and queries load on first use). */
    public static ChunkParser create(ParseOptions options) {
        return new ChunkParser(Objects.requireNonNull(options, "options"));
    }

    private static Map<String, LanguageHandler> handlers() {
        Map<String, LanguageHandler> map = new HashMap<>();
        LanguageHandler java = new JavaHandler();
        LanguageHandler python = new PythonHandler();
        LanguageHandler rust = new RustHandler();
        LanguageHandler go = new GoHandler();
        LanguageHandler typescript = ScriptHandler.typescript();
        LanguageHandler tsx = ScriptHandler.tsx();
        LanguageHandler javascript = ScriptHandler.javascript();
        map.put(".java", java);
        map.put(".py", python);
        map.put(".pyi", python);
        map.put(".rs", rust);
        map.put(".go", go);
        map.put(".ts", typescript);
        map.put(".mts", typescript);
        map.put(".cts", typescript);
        map.put(".tsx", tsx);
        for (String ext : List.of(".js", ".jsx", ".mjs", ".cjs")) {
            map.put(ext, javascript);
        }
        LanguageHandler kotlin = new KotlinHandler();
        map.put(".kt", kotlin);
        map.put(".kts", kotlin);
        map.put(".cs", new CSharpHandler());
        map.put(".c", CFamilyHandler.c());
        LanguageHandler cpp = CFamilyHandler.cpp();
        LanguageHandler cppHeader = CFamilyHandler.cppHeader();
        map.put(".h", CFamilyHandler.cHeader(cppHeader));
        for (String ext : List.of(".cpp", ".cc", ".cxx", ".c++")) {
            map.put(ext, cpp);
        }
        for (String ext : List.of(".hpp", ".hh", ".hxx", ".h++")) {
            map.put(ext, cppHeader);
        }
        LanguageHandler shell = new ShellHandler();
        map.put(".sh", shell);
        map.put(".bash", shell);
        return Map.copyOf(map);
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return slash < 0 ? path : path.substring(slash + 1);
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? "" : name.substring(dot).toLowerCase(Locale.ROOT);
    }

    private static LanguageHandler handlerFor(String path) {
        return HANDLERS.get(extension(fileName(path)));
    }

    /**
     * Category by file name alone: MANIFEST for Cargo.toml, pom.xml, package.json, go.mod, pyproject.toml,
     * build.gradle(.kts), settings.gradle(.kts), requirements*.txt, setup.cfg, setup.py, *.csproj and
     * CMakeLists.txt; DOC for Markdown; CODE for Java, Python, Rust, Go, TypeScript, TSX, JavaScript, Kotlin,
     * C#, C, C++ and shell; UNSUPPORTED for anything else. Never null.
     */
    public static FileCategory categorize(String path) {
        String name = fileName(Objects.requireNonNull(path, "path"));
        if (ManifestParser.isManifest(name)) {
            return FileCategory.MANIFEST;
        }
        String ext = extension(name);
        if (MARKDOWN.contains(ext)) {
            return FileCategory.DOC;
        }
        return HANDLERS.containsKey(ext) ? FileCategory.CODE : FileCategory.UNSUPPORTED;
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
        LanguageHandler handler = handlerFor(file.path()).forText(src.text());
        if (src.text().isBlank()) {
            return List.of();
        }
        if (looksLikeBinary(src.text())) {
            // Tree-sitter's error recovery costs ~40 ms per KB on such input and finds nothing.
            return List.copyOf(TextWindows.plain(src, file, handler.language(), options));
        }
        List<Chunk> chunks;
        Worker worker = borrow();
        try {
            chunks = extractor.extract(handler, worker.parser(handler), worker.cursor, file, src);
        } catch (RuntimeException e) {
            // A grammar or query failure must not lose the file: index it as text instead.
            LOG.warn(
                    "could not parse {} as {} ({}); indexing it as plain text",
                    file.path(),
                    handler.language().id(),
                    e.toString());
            return List.copyOf(TextWindows.plain(src, file, handler.language(), options));
        } finally {
            workers.offer(worker);
        }
        if (chunks.isEmpty()) {
            // Nothing the grammar recognises (a comments-only file): keep the text rather than lose it.
            return List.copyOf(TextWindows.plain(src, file, handler.language(), options));
        }
        return chunks;
    }

    /** More than 1% replacement characters (undecodable bytes) or control characters: not source code. */
    static boolean looksLikeBinary(String text) {
        int suspicious = 0;
        int limit = Math.max(8, text.length() / 100);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\uFFFD' || (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f')) {
                if (++suspicious > limit) {
                    return true;
                }
            }
        }
        return false;
    }

    private Worker borrow() {
        Worker worker = workers.poll();
        return worker != null ? worker : new Worker();
    }
}
