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
import org.treesitter.TSNode;
import org.treesitter.TreeSitterRust;

/** Rust: {@code ///} (or {@code /** *\/}) outer docs; {@code //!} at the file top is the module doc. */
final class RustHandler extends LanguageHandler {
    RustHandler() {
        super(
                Language.RUST,
                List.of("rust.scm"),
                TreeSitterRust::new,
                Set.of("block", "field_declaration_list", "declaration_list", "enum_variant_list"),
                new DocRule.LineRun(BlockDocs::isJavadoc, RustHandler::isOuterLineDoc, c -> true, List.of("///")));
    }

    private static boolean isOuterLineDoc(String comment) {
        return comment.startsWith("///") && !comment.startsWith("////");
    }

    private static boolean isInnerDoc(String comment) {
        return comment.startsWith("//!") || comment.startsWith("/*!");
    }

    @Override
    String cleanName(SymbolKind kind, String raw) {
        return kind == SymbolKind.IMPL ? baseTypeName(raw) : raw;
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("use_declaration")
                || nodeType.equals("extern_crate_declaration")
                || nodeType.equals("inner_attribute_item")
                || nodeType.equals("attribute_item")
                || nodeType.equals("mod_item");
    }

    /** Inner docs ({@code //!}, {@code /*! *\/}) before the first item; other comments may sit between. */
    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        List<Comment> docs = new ArrayList<>();
        int previousEnd = 0;
        for (Comment c : comments) {
            if (!onlyBlanksOrInnerAttributes(src.slice(previousEnd, c.start()))) {
                break;
            }
            if (isInnerDoc(c.text())) {
                docs.add(c);
            }
            previousEnd = c.end();
        }
        if (docs.isEmpty()) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        for (Comment c : docs) {
            if (c.text().startsWith("/*!")) {
                lines.add(DocText.fromBlockComment(c.text()));
            } else {
                lines.add(c.text().strip().substring(3));
            }
        }
        String text = DocText.dedentAndTrim(List.of(String.join("\n", lines).split("\n", -1)), false);
        if (text.isEmpty()) {
            return null;
        }
        return new ModuleDocChunk(
                file.repo(),
                file.path(),
                Language.RUST,
                ModuleNames.rust(file.path(), file.repo()),
                text,
                docs.getFirst().startRow() + 1,
                docs.getLast().endRow() + 1,
                file.modelId());
    }

    private static boolean onlyBlanksOrInnerAttributes(String gap) {
        for (String line : gap.split("\n", -1)) {
            String stripped = line.strip();
            if (!stripped.isEmpty() && !stripped.startsWith("#![")) {
                return false;
            }
        }
        return true;
    }
}
