package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TSQuery;

/**
 * What differs between languages: the grammar, the definition query ({@code .scm} resources next to
 * this class, concatenated in order), where bodies are, and the doc-comment rules. {@link CodeExtractor} does the rest.
 *
 * <p>Capture names in the queries are the contract with {@link TreeFacts}, which reads them:
 *
 * <ul>
 *   <li>{@code @definition.<kind>}: the definition node; kind is a {@link SymbolKind} id, or {@code module}
 *       for a container that only contributes its name to {@code enclosing} (Rust {@code mod}, TS
 *       {@code namespace}, Ruby {@code module}).
 *   <li>{@code @name}: the definition's name (same match); {@code @receiver}: a Go method's receiver type, or
 *       C++'s qualified name {@code Type::name} (captured as both, each cleaned by the handler).
 *   <li>{@code @wrapped} / {@code @outer}: a node that widens a definition (export, decorators,
 *       {@code const x = () => …}, Go's {@code type} keyword); applied only when the outer node wraps
 *       exactly one such node.
 *   <li>{@code @call}: the called name of a call; {@code @comment}: comments (doc lookup);
 *       {@code @attribute}: Rust outer attributes, which belong to the item below them.
 * </ul>
 *
 * <p>Thread-safe: the grammar and the compiled query are created once, on first use, and shared.
 */
abstract class LanguageHandler {
    private final Language language;
    private final List<String> queryResources;
    private final Set<String> bodyTypes;
    private final DocRule docRule;
    private final Lazy<TSLanguage> grammar;
    private final Lazy<CompiledQuery> query = new Lazy<>(this::compileQuery);

    /** A compiled query and the role of each capture id. Immutable; shared by all threads. */
    record CompiledQuery(TSQuery query, String[] captureNames) {}

    LanguageHandler(
            Language language,
            List<String> queryResources,
            Supplier<TSLanguage> grammarFactory,
            Set<String> bodyTypes,
            DocRule docRule) {
        this.language = language;
        this.queryResources = List.copyOf(queryResources);
        this.grammar = new Lazy<>(grammarFactory);
        this.bodyTypes = bodyTypes;
        this.docRule = docRule;
    }

    final Language language() {
        return language;
    }

    final TSLanguage grammar() {
        return grammar.get();
    }

    /** Compiling costs 20–350 ms, so it happens once per handler, on first use. */
    final CompiledQuery query() {
        return query.get();
    }

    private CompiledQuery compileQuery() {
        StringBuilder text = new StringBuilder();
        queryResources.forEach(r -> text.append(readResource(r)));
        TSQuery compiled = new TSQuery(grammar(), text.toString());
        String[] names = new String[compiled.getCaptureCount()];
        for (int i = 0; i < names.length; i++) {
            names[i] = compiled.getCaptureNameForId(i);
        }
        return new CompiledQuery(compiled, names);
    }

    private static String readResource(String name) {
        try (InputStream in = LanguageHandler.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing query resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Node types that hold a definition's body (replaced by a placeholder in class chunks). */
    final boolean isBody(String nodeType) {
        return bodyTypes.contains(nodeType);
    }

    /**
     * Whether a node in a definition's {@code body} field is its body: one of the body types, except where any
     * expression can be a body (Scala's {@code def f = expr}).
     */
    boolean isBodyField(String nodeType) {
        return isBody(nodeType);
    }

    /**
     * The body of a definition: its {@code body} field, else the last named child followed down a few
     * levels ({@code const f = () => {…}}, Go {@code type X struct {…}}). Null when it has none.
     */
    final TSNode findBody(TSNode node) {
        TSNode current = node;
        for (int depth = 0; depth < 4; depth++) {
            TSNode body = current.getChildByFieldName("body");
            if (body != null && !body.isNull()) {
                return isBodyField(body.getType()) ? body : null;
            }
            int count = current.getNamedChildCount();
            if (count == 0) {
                return null;
            }
            TSNode last = current.getNamedChild(count - 1);
            if (isBody(last.getType())) {
                return last;
            }
            current = last;
        }
        return null;
    }

    /**
     * What a member's body becomes in its class chunk.
     *
     * @param first the body's first byte: Kotlin's {@code = expr} and C#'s {@code => expr} bodies read
     *     differently from a block
     */
    String bodyPlaceholder(byte first) {
        return "{ … }";
    }

    /**
     * The signature as chunks show it, from the declaration before its body on one line: as is, except where the
     * body follows a token that is not part of the declaration (Scala's {@code =}).
     */
    String signature(String declaration) {
        return declaration;
    }

    /**
     * The doc comment of a definition from the contiguous comments right above it, by the language's
     * {@link DocRule}.
     *
     * @return how many comments of the block (counted from the bottom) form the doc, 0 for none
     * @see DocRule#count
     */
    final int docCommentCount(List<Comment> block, boolean blankLineBefore) {
        return docRule.count(block, blankLineBefore);
    }

    /** The doc text of the comments chosen by {@link #docCommentCount}. */
    final String docText(List<Comment> docComments) {
        return docRule.text(docComments);
    }

    /**
     * The text tree-sitter parses: the file's text, or (C++) a copy with the same byte offsets in which what
     * the grammar cannot read is blanked.
     */
    String textForParser(String text) {
        return text;
    }

    /**
     * Where the code of a definition (or of its body) ends: the node's end, except in a grammar whose nodes can
     * run on over the comments after their last token (Scala's indentation-aware bodies take in the Scaladoc of
     * the next member). Called while the tree is open.
     */
    int codeEnd(TSNode node) {
        return node.getEndByte();
    }

    /**
     * The kind of a definition the query captured as {@code captured}: as captured, except where the node tells
     * more than its type (a Ruby {@code module} that defines methods is a mixin, not only a namespace). Called
     * while the tree is open.
     */
    SymbolKind definitionKind(SymbolKind captured, TSNode node) {
        return captured;
    }

    /** A docstring inside the body (Python), or "". Called while the tree is open. */
    String docFromBody(TSNode body, SourceText src) {
        return "";
    }

    /** The module doc of the file, or null. Called while the tree is open. */
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        return null;
    }

    /** The display name of a definition from its captured name text (strips generics, pointers, paths). */
    String cleanName(SymbolKind kind, String raw) {
        return raw;
    }

    /** The enclosing name given by a Go method receiver. */
    String cleanReceiver(String raw) {
        return raw;
    }

    /**
     * The kind after context: a function in a class-like container is a method, some are constructors.
     *
     * @param owner the name of the enclosing definition, else the receiver (Go, C++ {@code Type::name}), else
     *     null
     */
    SymbolKind refineKind(SymbolKind kind, String name, String owner, boolean inClassLike) {
        if (kind == SymbolKind.FUNCTION && inClassLike) {
            return SymbolKind.METHOD;
        }
        return kind;
    }

    /** Top-level nodes that carry no content of their own (imports, package lines). */
    boolean isBoringTopLevel(String nodeType) {
        return false;
    }

    /**
     * Whether lines of module code say nothing beyond what the file's chunks and name say, so they make no chunk:
     * Ruby's {@code require} lines, Lua's {@code local x = require(…)} and closing {@code return M}, which node
     * types alone do not tell from other calls and returns.
     */
    boolean saysNothing(List<String> lines) {
        return false;
    }

    /**
     * A field a top-level node of this type must have to be module code, or null: C's {@code #define X}
     * without a value (an include guard) says nothing.
     */
    String requiredField(String nodeType) {
        return null;
    }

    /** Top-level nodes that group several definitions (Go {@code type (…)}, {@code const a = …, b = …}). */
    boolean isDeclarationGroup(String nodeType) {
        return false;
    }

    /**
     * Containers whose items count as top-level for module code: C's {@code #ifndef} include guards and
     * {@code extern "C"} blocks, C++ and C# namespace bodies. Their named children without a field (and
     * those that are containers themselves) are looked at instead of the container.
     */
    boolean isTransparent(String nodeType) {
        return false;
    }

    /** {@link #isTransparent(String)} for a node, where its type alone does not tell. Called while the tree is open. */
    boolean isTransparent(TSNode node) {
        return isTransparent(node.getType());
    }

    /**
     * The handler for a file with this text: itself, except where the extension is ambiguous (a {@code .h}
     * header holding C++ is parsed as C++).
     */
    LanguageHandler forText(String text) {
        return this;
    }

    /** A comment captured from the tree, with its byte range and rows (0-based, inclusive). */
    record Comment(int start, int end, int startRow, int endRow, String text) {}

    /** Strips generic arguments and a path prefix: {@code fmt::Display<T>} becomes {@code Display}. */
    static String baseTypeName(String raw) {
        String name = raw.strip();
        while (name.startsWith("*") || name.startsWith("&")) {
            name = name.substring(1).strip();
        }
        int lt = name.indexOf('<');
        if (lt > 0) {
            name = name.substring(0, lt);
        }
        int bracket = name.indexOf('[');
        if (bracket > 0) {
            name = name.substring(0, bracket);
        }
        int colons = name.lastIndexOf("::");
        if (colons >= 0) {
            name = name.substring(colons + 2);
        }
        int dot = name.lastIndexOf('.');
        if (dot >= 0) {
            name = name.substring(dot + 1);
        }
        return name.strip();
    }
}
