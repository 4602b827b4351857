package dev.coderag.ingest.parse;

import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import java.util.ArrayList;
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
        super(Language.GO, "go.scm", TreeSitterGo::new, Set.of("block", "field_declaration_list"));
    }

    @Override
    int docCommentCount(List<Comment> block, boolean blankLineBefore) {
        if (blankLineBefore) {
            return 0;
        }
        if (block.getLast().text().startsWith("/*")) {
            return 1;
        }
        int count = 0;
        for (int i = block.size() - 1; i >= 0 && block.get(i).text().startsWith("//"); i--) {
            count++;
        }
        return count;
    }

    @Override
    String docText(List<Comment> docComments) {
        if (docComments.size() == 1 && docComments.getFirst().text().startsWith("/*")) {
            return DocText.fromBlockComment(docComments.getFirst().text());
        }
        List<String> lines = new ArrayList<>();
        for (Comment c : docComments) {
            if (!DIRECTIVE.matcher(c.text()).matches()) {
                lines.add(c.text());
            }
        }
        return DocText.fromLineComments(lines, "//");
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
