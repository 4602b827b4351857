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
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterC;
import org.treesitter.TreeSitterCpp;

/**
 * C and C++. Docs are the comment block directly above a declaration (no blank line): Doxygen's
 * {@code /** *\/}, {@code /*! *\/}, {@code ///} and {@code //!}, and the plain {@code //} or {@code /* *\/}
 * comments many C and C++ projects document with; Doxygen's {@code @brief} is dropped. A Doxygen
 * {@code @file} comment is the file's module doc. Headers also chunk function prototypes (the API is
 * documented there); sources do not (a prototype there is a forward declaration). C++ adds classes,
 * namespaces (which enclose what they hold), templates and out-of-class definitions {@code Type::name},
 * enclosed by {@code Type}. A {@code .h} header is C unless its text looks like C++ ({@link CppSyntax}).
 */
final class CFamilyHandler extends LanguageHandler {
    private static final Set<String> BODIES =
            Set.of("compound_statement", "field_declaration_list", "enumerator_list", "declaration_list");
    private static final Set<String> BORING = Set.of("preproc_include", "preproc_call", "using_declaration");
    private static final Set<String> CONTAINERS = Set.of(
            "preproc_ifdef",
            "preproc_if",
            "preproc_else",
            "preproc_elif",
            "preproc_elifdef",
            "linkage_specification",
            "namespace_definition",
            "declaration_list");

    private final LanguageHandler cppHeader;
    private final UnaryOperator<String> forParser;

    private CFamilyHandler(
            Language language,
            List<String> queries,
            Supplier<TSLanguage> grammar,
            UnaryOperator<String> forParser,
            LanguageHandler cppHeader) {
        super(
                language,
                queries,
                grammar,
                BODIES,
                new DocRule.Mapped(
                        new DocRule.LineRun(
                                c -> c.startsWith("/*"),
                                c -> c.startsWith("//"),
                                c -> true,
                                List.of("///", "//!", "//")),
                        DoxygenText::withoutCommands));
        this.forParser = forParser;
        this.cppHeader = cppHeader;
    }

    static CFamilyHandler c() {
        return new CFamilyHandler(Language.C, List.of("c.scm"), TreeSitterC::new, UnaryOperator.identity(), null);
    }

    /** A {@code .h} header: C, or C++ ({@code cppHeader}) when its text looks like C++. */
    static CFamilyHandler cHeader(LanguageHandler cppHeader) {
        return new CFamilyHandler(
                Language.C,
                List.of("c.scm", "c-prototypes.scm"),
                TreeSitterC::new,
                UnaryOperator.identity(),
                cppHeader);
    }

    static CFamilyHandler cpp() {
        return new CFamilyHandler(
                Language.CPP, List.of("c.scm", "cpp.scm"), TreeSitterCpp::new, CppSyntax::withoutExportMacros, null);
    }

    static CFamilyHandler cppHeader() {
        return new CFamilyHandler(
                Language.CPP,
                List.of("c.scm", "cpp.scm", "c-prototypes.scm"),
                TreeSitterCpp::new,
                CppSyntax::withoutExportMacros,
                null);
    }

    @Override
    LanguageHandler forText(String text) {
        return cppHeader != null && CppSyntax.likely(text) ? cppHeader : this;
    }

    /** C++ export macros in class heads ({@code class LEVELDB_EXPORT Status}) are blanked for the grammar. */
    @Override
    String textForParser(String text) {
        return forParser.apply(text);
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return BORING.contains(nodeType);
    }

    /** An include guard's {@code #define X} has no value and is no module code. */
    @Override
    String requiredField(String nodeType) {
        return nodeType.equals("preproc_def") ? "value" : null;
    }

    @Override
    boolean isTransparent(String nodeType) {
        return CONTAINERS.contains(nodeType);
    }

    /** {@code Cart<T>::size} is {@code size}; {@code operator<} and {@code ~Cart} stay as written. */
    @Override
    String cleanName(SymbolKind kind, String raw) {
        List<String> parts = CppSyntax.scopeParts(raw);
        String last = parts.getLast();
        return last.startsWith("operator") ? last : CppSyntax.withoutTemplateArguments(last);
    }

    /** The type that {@code Cart<T>::size} belongs to: {@code Cart}. */
    @Override
    String cleanReceiver(String raw) {
        List<String> parts = CppSyntax.scopeParts(raw);
        return parts.size() < 2 ? "" : CppSyntax.withoutTemplateArguments(parts.get(parts.size() - 2));
    }

    /** A function named after its class (in it, or {@code Cart::Cart}) is a constructor. */
    @Override
    SymbolKind refineKind(SymbolKind kind, String name, String owner, boolean inClassLike) {
        boolean functionLike = kind == SymbolKind.FUNCTION || kind == SymbolKind.METHOD;
        if (functionLike && owner != null && name.equals(owner)) {
            return SymbolKind.CONSTRUCTOR;
        }
        return super.refineKind(kind, name, owner, inClassLike);
    }

    /** The first Doxygen comment with a {@code @file} (or {@code \file}) command. */
    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        for (int i = 0; i < comments.size(); i++) {
            Comment c = comments.get(i);
            if (!DoxygenText.isFileDoc(c.text())) {
                continue;
            }
            List<Comment> docs = new ArrayList<>(List.of(c));
            String text;
            if (c.text().startsWith("/*")) {
                text = DocText.fromBlockComment(c.text());
            } else {
                for (int j = i + 1;
                        j < comments.size()
                                && comments.get(j).startRow() == docs.getLast().endRow() + 1
                                && comments.get(j).text().startsWith("//");
                        j++) {
                    docs.add(comments.get(j));
                }
                text = DocText.fromLineComments(docs.stream().map(Comment::text).toList(), List.of("///", "//!", "//"));
            }
            text = DoxygenText.withoutCommands(text);
            if (text.isEmpty()) {
                return null;
            }
            return new ModuleDocChunk(
                    file.repo(),
                    file.path(),
                    language(),
                    ModuleNames.fileName(file.path()),
                    text,
                    docs.getFirst().startRow() + 1,
                    docs.getLast().endRow() + 1,
                    file.modelId());
        }
        return null;
    }
}
