package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterScala;

/**
 * Scala: Scaladoc {@code /** *\/} docs; classes (case classes too), objects and package objects (as classes, like
 * Kotlin's objects), traits, enums, type aliases, {@code def}s ({@code def this(…)} is a constructor) and
 * {@code val}s bound to a lambda. Any expression can be a {@code def}'s body ({@code def size = items.length}), so a
 * member's body in its class chunk is {@code = …} or {@code = { … }}. The module doc is a Scaladoc comment directly
 * above the {@code package} clause, as Go's package comment.
 */
final class ScalaHandler extends LanguageHandler {
    private static final Pattern TRAILING_EQUALS = Pattern.compile("\\s*=$");

    /** How deep {@link #codeEnd} follows last children (a file nested deeper keeps the node's end). */
    private static final int MAX_END_DEPTH = 256;

    ScalaHandler() {
        super(
                Language.SCALA,
                List.of("scala.scm"),
                TreeSitterScala::new,
                Set.of("template_body", "enum_body", "block", "indented_block", "lambda_expression"),
                new DocRule.Javadoc());
    }

    /** Whatever follows {@code =} is the body. */
    @Override
    boolean isBodyField(String nodeType) {
        return true;
    }

    @Override
    String bodyPlaceholder(byte first) {
        return first == '{' ? "{ … }" : "…";
    }

    /** {@code def size: Int =} reads as {@code def size: Int}. */
    @Override
    String signature(String declaration) {
        return TRAILING_EQUALS.matcher(declaration).replaceFirst("");
    }

    @Override
    SymbolKind refineKind(SymbolKind kind, String name, String owner, boolean inClassLike) {
        if (kind == SymbolKind.FUNCTION && inClassLike) {
            return name.equals("this") ? SymbolKind.CONSTRUCTOR : SymbolKind.METHOD;
        }
        return kind;
    }

    /**
     * The end of the last token that is not a comment: a definition whose body is an indented block
     * ({@code def f =} and the expression on the next line) ends, in tree-sitter-scala, where the next member
     * starts, and so holds that member's Scaladoc; it stays with that member.
     */
    @Override
    int codeEnd(TSNode node) {
        TSNode current = node;
        for (int depth = 0; depth < MAX_END_DEPTH; depth++) {
            TSNode last = null;
            for (int i = current.getChildCount() - 1; i >= 0 && last == null; i--) {
                TSNode child = current.getChild(i);
                boolean comment =
                        child.getType().equals("comment") || child.getType().equals("block_comment");
                if (!comment && child.getEndByte() > child.getStartByte()) {
                    last = child;
                }
            }
            if (last == null) {
                return current == node ? node.getEndByte() : current.getEndByte();
            }
            current = last;
        }
        return node.getEndByte();
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("package_clause") || nodeType.equals("import_declaration");
    }

    @Override
    boolean isTransparent(String nodeType) {
        return nodeType.equals("package_clause") || nodeType.equals("template_body");
    }

    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        int count = root.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode clause = root.getNamedChild(i);
            if (!clause.getType().equals("package_clause")) {
                continue;
            }
            List<Comment> block = CommentBlocks.above(comments, clause.getStartByte(), src);
            if (block.isEmpty()
                    || src.hasBlankLine(block.getLast().end(), clause.getStartByte())
                    || !BlockDocs.isJavadoc(block.getLast().text())) {
                return null;
            }
            TSNode name = clause.getChildByFieldName("name");
            String packageName = name == null || name.isNull()
                    ? ModuleNames.fileName(file.path())
                    : src.slice(name.getStartByte(), name.getEndByte());
            List<Comment> doc = List.of(block.getLast());
            return HeaderDocs.chunk(file, Language.SCALA, packageName, docText(doc), doc);
        }
        return null;
    }
}
