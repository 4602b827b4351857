package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.text.TextWindows;
import dev.coderag.types.Chunk;
import dev.coderag.types.Language;
import dev.coderag.types.Texts;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.treesitter.TSParser;
import org.treesitter.TSQueryCursor;

/**
 * Code files: the chunks of one file of a code {@link Language}, by its tree-sitter handler, falling back to
 * plain-text windows where the grammar cannot help (undecodable bytes, a grammar or query failure, nothing
 * recognised).
 *
 * <p>Thread-safe: tree-sitter parsers and query cursors are not, so each call borrows a set owned by one thread at a
 * time from a pool (it grows to the number of concurrent callers); each language's query is compiled once, on first
 * use, and shared.
 */
public final class CodeChunker {
    private static final Logger LOG = LoggerFactory.getLogger(CodeChunker.class);

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

    /** A chunker with the given options; cheap (grammars and queries load on first use). */
    public CodeChunker(ParseOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.extractor = new CodeExtractor(options);
    }

    /** Whether files of {@code language} are code: cut by a tree-sitter handler. */
    public static boolean isCode(Language language) {
        return Handlers.of(language, false).isPresent();
    }

    /**
     * The chunks of one code file, in file order. Never throws on bad content.
     *
     * @param language a language that {@link #isCode is code}
     * @param header the file's extension is one of the language's {@link Language#isHeader headers}
     * @throws IllegalArgumentException when {@code language} is not code (a caller bug)
     */
    public List<Chunk> chunks(SourceFile file, SourceText src, Language language, boolean header) {
        LanguageHandler handler = Handlers.of(language, header)
                .orElseThrow(() -> new IllegalArgumentException(language.id() + " is not code"))
                .forText(src.text());
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
            // the path is the repository's: escaped, so a file name with a line break cannot forge a log line
            LOG.warn(
                    "could not parse {} as {} ({}); indexing it as plain text",
                    Texts.forLog(file.path()),
                    handler.language().id(),
                    Texts.forLog(e));
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
