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
import org.treesitter.TreeSitterPython;

/** Python: docstrings are the first statement of a body (or of the module) when it is a string. */
final class PythonHandler extends LanguageHandler {
    PythonHandler() {
        super(Language.PYTHON, List.of("python.scm"), TreeSitterPython::new, Set.of("block"), new DocRule.None());
    }

    @Override
    String bodyPlaceholder(byte first) {
        return "...";
    }

    @Override
    SymbolKind refineKind(SymbolKind kind, String name, String owner, boolean inClassLike) {
        if (kind == SymbolKind.FUNCTION && inClassLike) {
            return name.equals("__init__") ? SymbolKind.CONSTRUCTOR : SymbolKind.METHOD;
        }
        return kind;
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("import_statement")
                || nodeType.equals("import_from_statement")
                || nodeType.equals("future_import_statement");
    }

    @Override
    String docFromBody(TSNode body, SourceText src) {
        TSNode string = leadingString(body);
        return string == null ? "" : DocText.fromPythonString(src.slice(string.getStartByte(), string.getEndByte()));
    }

    /** The string of a first statement that is only a string literal, or null. */
    private static TSNode leadingString(TSNode block) {
        int count = block.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode statement = block.getNamedChild(i);
            String type = statement.getType();
            if (type.equals("comment")) {
                continue;
            }
            if (type.equals("expression_statement") && statement.getNamedChildCount() == 1) {
                TSNode expression = statement.getNamedChild(0);
                if (expression.getType().equals("string")) {
                    return expression;
                }
            }
            return null;
        }
        return null;
    }

    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        TSNode string = leadingString(root);
        if (string == null) {
            return null;
        }
        int start = string.getStartByte();
        int end = string.getEndByte();
        String text = DocText.fromPythonString(src.slice(start, end));
        if (text.isEmpty()) {
            return null;
        }
        return new ModuleDocChunk(
                file.repo(),
                file.path(),
                Language.PYTHON,
                ModuleNames.python(file.path()),
                text,
                src.rowOf(start) + 1,
                src.endRowOf(start, end) + 1,
                file.modelId());
    }
}
