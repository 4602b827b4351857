package dev.coderag.ingest.parse.code;

import dev.coderag.types.Language;
import java.util.List;
import java.util.Set;
import org.treesitter.TreeSitterCSharp;

/**
 * C#: XML doc comments ({@code ///} lines, or {@code /** *\/}) directly above a declaration, turned into
 * plain text by {@link XmlDocText}; classes, interfaces, structs, records, enums, delegates, methods,
 * constructors and local functions. A block {@code namespace X { … }} encloses its types (a file-scoped
 * {@code namespace X;} does not: its declarations are not inside it in the tree). C# has no module docs.
 */
final class CSharpHandler extends LanguageHandler {
    CSharpHandler() {
        super(
                Language.CSHARP,
                List.of("c-sharp.scm"),
                TreeSitterCSharp::new,
                Set.of("block", "declaration_list", "enum_member_declaration_list", "arrow_expression_clause"),
                new DocRule.Mapped(
                        new DocRule.LineRun(
                                BlockDocs::isJavadoc,
                                c -> c.startsWith("///") && !c.startsWith("////"),
                                c -> true,
                                List.of("///")),
                        XmlDocText::toText));
    }

    /** {@code int Add(int a, int b) => a + b;} keeps reading as an expression body. */
    @Override
    String bodyPlaceholder(byte first) {
        return first == '=' ? "=> …" : "{ … }";
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("using_directive")
                || nodeType.equals("extern_alias_directive")
                || nodeType.equals("file_scoped_namespace_declaration");
    }

    @Override
    boolean isTransparent(String nodeType) {
        return nodeType.equals("namespace_declaration") || nodeType.equals("declaration_list");
    }
}
