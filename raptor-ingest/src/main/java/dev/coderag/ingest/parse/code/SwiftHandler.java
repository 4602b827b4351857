package dev.coderag.ingest.parse.code;

import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Set;
import org.treesitter.TreeSitterSwift;

/**
 * Swift: {@code ///} lines (or a {@code /** *\/} comment) directly above a declaration as its doc; classes, actors,
 * structs, enums, protocols, extensions (named by the type they extend, enclosing their members as it does),
 * functions, initializers, deinitializers and type aliases. Swift keeps module docs outside the source (DocC
 * catalogs), so a file has no module doc.
 */
final class SwiftHandler extends LanguageHandler {
    SwiftHandler() {
        super(
                Language.SWIFT,
                List.of("swift.scm"),
                TreeSitterSwift::new,
                Set.of("class_body", "enum_class_body", "protocol_body", "function_body"),
                new DocRule.LineRun(
                        BlockDocs::isJavadoc,
                        c -> c.startsWith("///") && !c.startsWith("////"),
                        c -> true,
                        List.of("///")));
    }

    /** {@code extension Protected where Value: Equatable} extends {@code Protected}. */
    @Override
    String cleanName(SymbolKind kind, String raw) {
        return kind == SymbolKind.IMPL ? baseTypeName(raw) : raw;
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("import_declaration");
    }
}
