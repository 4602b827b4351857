package dev.coderag.ingest.parse.code;

import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.treesitter.TSLanguage;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterTsx;
import org.treesitter.TreeSitterTypescript;

/** JavaScript (with JSX), TypeScript and TSX: JSDoc {@code /** *\/} docs, {@code constructor} methods. */
final class ScriptHandler extends LanguageHandler {
    private ScriptHandler(Language language, String query, Supplier<TSLanguage> grammar) {
        super(
                language,
                List.of(query, "script-common.scm"),
                grammar,
                Set.of("statement_block", "class_body", "interface_body", "enum_body"),
                new DocRule.Javadoc());
    }

    static ScriptHandler javascript() {
        return new ScriptHandler(Language.JAVASCRIPT, "javascript.scm", TreeSitterJavascript::new);
    }

    static ScriptHandler typescript() {
        return new ScriptHandler(Language.TYPESCRIPT, "typescript.scm", TreeSitterTypescript::new);
    }

    /** TSX has the TypeScript node types plus JSX, so it shares the TypeScript query. */
    static ScriptHandler tsx() {
        return new ScriptHandler(Language.TSX, "typescript.scm", TreeSitterTsx::new);
    }

    @Override
    SymbolKind refineKind(SymbolKind kind, String name, String owner, boolean inClassLike) {
        if (kind == SymbolKind.METHOD && name.equals("constructor")) {
            return SymbolKind.CONSTRUCTOR;
        }
        return super.refineKind(kind, name, owner, inClassLike);
    }

    @Override
    boolean isDeclarationGroup(String nodeType) {
        return nodeType.equals("lexical_declaration") || nodeType.equals("variable_declaration");
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("import_statement") || nodeType.equals("empty_statement");
    }
}
