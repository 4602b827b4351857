package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Set;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterPhp;

/**
 * PHP: PHPDoc {@code /** *\/} docs; classes, interfaces, traits, enums, functions and methods ({@code __construct}
 * is the constructor). A block {@code namespace A\B { … }} encloses its declarations as {@code A.B}; a file-scoped
 * {@code namespace A\B;} does not (as in C#). The module doc is PHPDoc's file-level DocBlock: the file's first
 * comment when it is a {@code /** *\/} not directly followed by a declaration it documents.
 */
final class PhpHandler extends LanguageHandler {
    private static final Set<String> DECLARATIONS = Set.of(
            "class_declaration",
            "interface_declaration",
            "trait_declaration",
            "enum_declaration",
            "function_definition");

    /** What may come before a file doc: the opening tag and {@code declare(strict_types=1);}. */
    private static final Set<String> PROLOGUE = Set.of("php_tag", "declare_statement", "text");

    PhpHandler() {
        super(
                Language.PHP,
                List.of("php.scm"),
                TreeSitterPhp::new,
                Set.of("compound_statement", "declaration_list", "enum_declaration_list"),
                new DocRule.Javadoc());
    }

    @Override
    SymbolKind refineKind(SymbolKind kind, String name, String owner, boolean inClassLike) {
        if (kind == SymbolKind.METHOD && name.equalsIgnoreCase("__construct")) {
            return SymbolKind.CONSTRUCTOR;
        }
        return super.refineKind(kind, name, owner, inClassLike);
    }

    /** {@code Monolog\Handler} encloses as {@code Monolog.Handler}. */
    @Override
    String cleanName(SymbolKind kind, String raw) {
        return kind == SymbolKind.MODULE ? namespaceName(raw) : raw;
    }

    private static String namespaceName(String raw) {
        String name = raw.strip().replace('\\', '.');
        return name.startsWith(".") ? name.substring(1) : name;
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("php_tag")
                || nodeType.equals("declare_statement")
                || nodeType.equals("namespace_use_declaration");
    }

    @Override
    boolean isTransparent(String nodeType) {
        return nodeType.equals("namespace_definition") || nodeType.equals("compound_statement");
    }

    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        int count = root.getNamedChildCount();
        int i = 0;
        while (i < count && PROLOGUE.contains(root.getNamedChild(i).getType())) {
            i++;
        }
        if (i >= count || !root.getNamedChild(i).getType().equals("comment")) {
            return null;
        }
        TSNode comment = root.getNamedChild(i);
        String text = src.slice(comment.getStartByte(), comment.getEndByte());
        if (!BlockDocs.isJavadoc(text)) {
            return null;
        }
        TSNode next = i + 1 < count ? root.getNamedChild(i + 1) : null;
        if (next != null
                && DECLARATIONS.contains(next.getType())
                && src.isBlank(comment.getEndByte(), next.getStartByte())) {
            return null; // the declaration's own doc
        }
        Comment doc = new Comment(
                comment.getStartByte(),
                comment.getEndByte(),
                src.rowOf(comment.getStartByte()),
                src.endRowOf(comment.getStartByte(), comment.getEndByte()),
                text);
        return HeaderDocs.chunk(file, Language.PHP, namespaceOf(root, src, file), docText(List.of(doc)), List.of(doc));
    }

    /** The file's (first) namespace, else its file name. */
    private static String namespaceOf(TSNode root, SourceText src, SourceFile file) {
        int count = root.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode child = root.getNamedChild(i);
            if (child.getType().equals("namespace_definition")) {
                TSNode name = child.getChildByFieldName("name");
                if (name != null && !name.isNull()) {
                    return namespaceName(src.slice(name.getStartByte(), name.getEndByte()));
                }
            }
        }
        return ModuleNames.fileName(file.path());
    }
}
