package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import java.util.List;
import java.util.Set;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterJava;

/** Java: Javadoc {@code /** *\/} docs; {@code package-info.java} gives the package's module doc. */
final class JavaHandler extends LanguageHandler {
    JavaHandler() {
        super(
                Language.JAVA,
                List.of("java.scm"),
                TreeSitterJava::new,
                Set.of(
                        "block",
                        "class_body",
                        "interface_body",
                        "enum_body",
                        "constructor_body",
                        "annotation_type_body"),
                new DocRule.Javadoc());
    }

    @Override
    boolean isBoringTopLevel(String nodeType) {
        return nodeType.equals("package_declaration")
                || nodeType.equals("import_declaration")
                || nodeType.equals("module_declaration");
    }

    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        if (!file.path().endsWith("package-info.java")) {
            return null;
        }
        int count = root.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode child = root.getNamedChild(i);
            if (!child.getType().equals("package_declaration")) {
                continue;
            }
            String packageName = "";
            int named = child.getNamedChildCount();
            for (int j = 0; j < named; j++) {
                TSNode part = child.getNamedChild(j);
                if (part.getType().equals("scoped_identifier") || part.getType().equals("identifier")) {
                    packageName = src.slice(part.getStartByte(), part.getEndByte());
                }
            }
            Comment doc = BlockDocs.lastJavadocBefore(comments, child.getStartByte(), src);
            if (doc == null) {
                return null;
            }
            String text = DocText.fromBlockComment(doc.text());
            if (text.isEmpty()) {
                return null;
            }
            return new ModuleDocChunk(
                    file.repo(),
                    file.path(),
                    Language.JAVA,
                    packageName.isEmpty() ? ModuleNames.directoryOf(file.path()) : packageName,
                    text,
                    doc.startRow() + 1,
                    doc.endRow() + 1,
                    file.modelId());
        }
        return null;
    }
}
