package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterRuby;

/**
 * Ruby: classes, methods ({@code def x}, {@code def self.x}; {@code initialize} is the constructor) and the
 * {@code #} lines directly above one as its doc. A {@code module} that defines methods (directly, in its
 * {@code class << self} or in a block such as a concern's {@code class_methods do}) is a mixin or a module of functions, asked for by name as a class is ({@code
 * Sinatra::Helpers}): it is a trait, whose chunk keeps its doc, constants and method signatures and whose methods
 * are its methods. Any other {@code module} is a namespace, as C++'s are: it encloses what it holds
 * ({@code Rack::Auth::Basic} is {@code Rack.Auth.Basic}) and its own code counts as top-level, so its constants and
 * {@code autoload}s are module code. The module doc is the file's header comment (not its magic comments or
 * licence), else the doc comment of its first documented namespace module.
 */
final class RubyHandler extends LanguageHandler {
    /** Magic comments and directives: no doc text. */
    private static final Pattern DIRECTIVE = Pattern.compile(
            "^#(!|\\s*(frozen_string_literal|encoding|coding|warn_indent|shareable_constant_value|typed|rubocop)"
                    + "\\s*:|\\s*-\\*-).*");

    /** Possessive quantifiers: linear on hostile lines. */
    private static final Pattern REQUIRE =
            Pattern.compile("require(?:_relative)?+\\s*+\\(?+\\s*+[\"'][^\"'#]*+[\"']\\s*+\\)?+");

    private static final Set<String> DEFINITIONS = Set.of("module", "class", "method", "singleton_method");

    private static final Set<String> METHODS = Set.of("method", "singleton_method");

    /** How deep {@link #firstDocumentedModule} looks into nested modules, and a module's body for a method. */
    private static final int MAX_MODULE_DEPTH = 8;

    RubyHandler() {
        super(
                Language.RUBY,
                List.of("ruby.scm"),
                TreeSitterRuby::new,
                Set.of("body_statement"),
                new DocRule.LineRun(
                        c -> false,
                        c -> c.startsWith("#") && !c.startsWith("#!"),
                        RubyHandler::isDocText,
                        List.of("#")));
    }

    /** {@code require} and {@code require_relative} lines and comments only. */
    @Override
    boolean saysNothing(List<String> lines) {
        return lines.stream().allMatch(l -> {
            String line = l.strip();
            return line.isEmpty() || line.startsWith("#") || HeaderDocs.isStatement(REQUIRE, line, "#");
        });
    }

    private static boolean isDocText(String comment) {
        return !DIRECTIVE.matcher(comment).matches();
    }

    /** A member's body, between its header line and its {@code end}. */
    @Override
    String bodyPlaceholder(byte first) {
        return "…";
    }

    @Override
    SymbolKind refineKind(SymbolKind kind, String name, String owner, boolean inClassLike) {
        if (kind == SymbolKind.FUNCTION && inClassLike) {
            return name.equals("initialize") ? SymbolKind.CONSTRUCTOR : SymbolKind.METHOD;
        }
        return kind;
    }

    /**
     * {@code class Rack::Files} is {@code Files}; a module {@code Rack::Auth} (a namespace or a mixin) encloses as
     * {@code Rack.Auth}.
     */
    @Override
    String cleanName(SymbolKind kind, String raw) {
        String name = raw.strip();
        if (kind == SymbolKind.MODULE || kind == SymbolKind.TRAIT) {
            return name.replace("::", ".").replaceFirst("^\\.", "");
        }
        int colons = name.lastIndexOf("::");
        return colons >= 0 ? name.substring(colons + 2) : name;
    }

    @Override
    boolean isTransparent(String nodeType) {
        return nodeType.equals("module") || nodeType.equals("body_statement");
    }

    /** A mixin's code is its own chunk's, not the file's. */
    @Override
    boolean isTransparent(TSNode node) {
        return isTransparent(node.getType()) && !definesMethods(node);
    }

    @Override
    SymbolKind definitionKind(SymbolKind captured, TSNode node) {
        return captured == SymbolKind.MODULE && definesMethods(node) ? SymbolKind.TRAIT : captured;
    }

    /**
     * Whether a {@code module} node defines methods: in its body, in its {@code class << self}, or in a block there
     * ({@code class_methods do … end} and {@code included do … end} of an {@code ActiveSupport::Concern}), not in a
     * class or module it holds.
     */
    private static boolean definesMethods(TSNode node) {
        if (!node.getType().equals("module")) {
            return false;
        }
        TSNode body = node.getChildByFieldName("body");
        return body != null && !body.isNull() && hasMethod(body, 0);
    }

    private static boolean hasMethod(TSNode node, int depth) {
        if (depth > MAX_MODULE_DEPTH) {
            return false;
        }
        int count = node.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode child = node.getNamedChild(i);
            String type = child.getType();
            if (METHODS.contains(type)) {
                return true;
            }
            if (!type.equals("class") && !type.equals("module") && hasMethod(child, depth + 1)) {
                return true;
            }
        }
        return false;
    }

    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        TSNode first = null;
        int count = root.getNamedChildCount();
        for (int i = 0; i < count && first == null; i++) {
            TSNode child = root.getNamedChild(i);
            if (!child.getType().equals("comment")) {
                first = child;
            }
        }
        int firstCode = first == null ? src.byteLength() : first.getStartByte();
        boolean isDefinition = first != null && DEFINITIONS.contains(first.getType());
        List<Comment> header = HeaderDocs.headerDoc(comments, firstCode, isDefinition, src, c -> !isDocText(c));
        String firstModule = firstModuleName(root, src);
        String fileName = ModuleNames.fileName(file.path());
        if (!header.isEmpty()) {
            return HeaderDocs.chunk(
                    file, Language.RUBY, firstModule.isEmpty() ? fileName : firstModule, docText(header), header);
        }
        List<String> path = new ArrayList<>();
        List<Comment> docs = new ArrayList<>();
        if (firstDocumentedModule(root, src, comments, path, docs, 0)) {
            return HeaderDocs.chunk(file, Language.RUBY, String.join(".", path), docText(docs), docs);
        }
        return null;
    }

    /** The name of the file's first top-level module, or "". */
    private String firstModuleName(TSNode root, SourceText src) {
        int count = root.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode child = root.getNamedChild(i);
            if (child.getType().equals("module")) {
                return moduleName(child, src);
            }
        }
        return "";
    }

    private String moduleName(TSNode module, SourceText src) {
        TSNode name = module.getChildByFieldName("name");
        return name == null || name.isNull()
                ? ""
                : cleanName(SymbolKind.MODULE, src.slice(name.getStartByte(), name.getEndByte()));
    }

    /**
     * Depth first through the namespace modules in {@code node} (not into mixins): the first with a doc comment
     * fills {@code path} (its qualified name) and {@code docs}.
     */
    private boolean firstDocumentedModule(
            TSNode node, SourceText src, List<Comment> comments, List<String> path, List<Comment> docs, int depth) {
        if (depth > MAX_MODULE_DEPTH) {
            return false;
        }
        TSNode container = node.getType().equals("module") ? node.getChildByFieldName("body") : node;
        if (container == null || container.isNull()) {
            return false;
        }
        int count = container.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode child = container.getNamedChild(i);
            if (!child.getType().equals("module") || definesMethods(child)) {
                continue; // a mixin's doc is its own chunk's
            }
            path.add(moduleName(child, src));
            List<Comment> block = CommentBlocks.above(comments, child.getStartByte(), src);
            int n = block.isEmpty()
                    ? 0
                    : docCommentCount(block, src.hasBlankLine(block.getLast().end(), child.getStartByte()));
            if (n > 0) {
                docs.addAll(block.subList(block.size() - n, block.size()));
                return true;
            }
            if (firstDocumentedModule(child, src, comments, path, docs, depth + 1)) {
                return true;
            }
            path.removeLast();
        }
        return false;
    }
}
