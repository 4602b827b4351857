package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterGo;

/**
 * Go: the doc of a declaration is the comment block directly above it (no blank line); the one above
 * {@code package x} is the package doc. Directives ({@code //go:generate}) are not doc text.
 */
final class GoHandler extends LanguageHandler {
    private static final Pattern DIRECTIVE = Pattern.compile("^//(go|line|nolint|export|extern)[:a-z].*");

    GoHandler() {
        super(
                Language.GO,
                List.of("go.scm"),
                TreeSitterGo::new,
                Set.of("block", "field_declaration_list"),
                new DocRule.LineRun(
                        c -> c.startsWith("/*"),
                        c -> c.startsWith("//"),
                        c -> !DIRECTIVE.matcher(c).matches(),
                        List.of("//")));
    }

    @Override
    String cleanReceiver(String raw) {
        return baseTypeName(raw);
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("package_clause") || nodeType.equals("import_declaration");
    }

    @Override
    boolean isDeclarationGroup(String nodeType) {
        return nodeType.equals("type_declaration");
    }

    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        int count = root.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode clause = root.getNamedChild(i);
            if (!clause.getType().equals("package_clause")) {
                continue;
            }
            String name = "";
            int named = clause.getNamedChildCount();
            for (int j = 0; j < named; j++) {
                TSNode part = clause.getNamedChild(j);
                if (part.getType().equals("package_identifier")) {
                    name = src.slice(part.getStartByte(), part.getEndByte());
                }
            }
            List<Comment> block = CommentBlocks.above(comments, clause.getStartByte(), src);
            if (block.isEmpty() || src.hasBlankLine(block.getLast().end(), clause.getStartByte())) {
                return null;
            }
            int n = docCommentCount(block, false);
            if (n == 0) {
                return null;
            }
            List<Comment> docs = block.subList(block.size() - n, block.size());
            String text = docText(docs);
            if (text.isEmpty()) {
                return null;
            }
            return new ModuleDocChunk(
                    file.repo(),
                    file.path(),
                    Language.GO,
                    name.isEmpty() ? ModuleNames.directoryOf(file.path()) : name,
                    text,
                    docs.getFirst().startRow() + 1,
                    docs.getLast().endRow() + 1,
                    file.modelId());
        }
        return null;
    }
}
