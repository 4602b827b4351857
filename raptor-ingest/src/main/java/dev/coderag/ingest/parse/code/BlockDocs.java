package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.code.LanguageHandler.Comment;
import java.util.List;

/** Shared rules for {@code /** … *\/} doc comments (Java, JS, TS; outer block docs in Rust). */
final class BlockDocs {
    private BlockDocs() {}

    /** {@code /** …} but not {@code /**\/} or a {@code /*** …} banner. */
    static boolean isJavadoc(String comment) {
        return comment.startsWith("/**") && !comment.startsWith("/***") && !comment.equals("/**/");
    }

    /** The closest {@code /** *\/} comment that ends before {@code offset} with only blanks between. */
    static Comment lastJavadocBefore(List<Comment> comments, int offset, SourceText src) {
        Comment found = null;
        for (Comment c : comments) {
            if (c.end() > offset) {
                break;
            }
            found = c;
        }
        if (found != null && isJavadoc(found.text()) && src.isBlank(found.end(), offset)) {
            return found;
        }
        return null;
    }
}
