package dev.coderag.ingest.parse.code;

import dev.coderag.types.Language;
import java.util.List;
import java.util.Set;
import org.treesitter.TreeSitterKotlin;

/**
 * Kotlin: KDoc {@code /** *\/} docs; classes, interfaces, enum classes, objects and named companion objects,
 * functions (extension functions by their own name), secondary constructors and type aliases. Kotlin keeps
 * package docs outside the source (Dokka module files), so a file has no module doc.
 */
final class KotlinHandler extends LanguageHandler {
    KotlinHandler() {
        super(
                Language.KOTLIN,
                List.of("kotlin.scm"),
                TreeSitterKotlin::new,
                // a secondary constructor's block is its statements between braces, with no node of its own
                Set.of("function_body", "class_body", "enum_class_body", "statements"),
                new DocRule.Javadoc());
    }

    /**
     * {@code fun f() = expr} keeps reading as an expression body; a secondary constructor's statements (inside
     * its braces) become {@code …}.
     */
    @Override
    String bodyPlaceholder(byte first) {
        return switch (first) {
            case '=' -> "= …";
            case '{' -> "{ … }";
            default -> "…";
        };
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("package_header")
                || nodeType.equals("import_list")
                || nodeType.equals("shebang_line")
                || nodeType.equals("file_annotation");
    }
}
