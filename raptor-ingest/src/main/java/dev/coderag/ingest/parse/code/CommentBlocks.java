package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.code.LanguageHandler.Comment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Finds the contiguous comment block right above an offset. Pure; comments sorted by start. */
final class CommentBlocks {
    private CommentBlocks() {}

    /**
     * The comments directly above {@code offset}: the closest one ends before it with only blanks
     * between, and each earlier one is separated from the next by blanks without an empty line. Only
     * comments that start their own line count (a trailing comment after code belongs to that code).
     * Top to bottom; empty when there is none.
     */
    static List<Comment> above(List<Comment> comments, int offset, SourceText src) {
        int i = lastEndingBefore(comments, offset);
        if (i < 0 || !src.isBlank(comments.get(i).end(), offset)) {
            return List.of();
        }
        List<Comment> block = new ArrayList<>();
        int next = offset;
        for (; i >= 0; i--) {
            Comment c = comments.get(i);
            boolean adjacent = block.isEmpty()
                    ? src.isBlank(c.end(), next)
                    : src.isBlank(c.end(), next) && !src.hasBlankLine(c.end(), next);
            if (!adjacent || !src.isBlank(src.rowStart(c.startRow()), c.start())) {
                break;
            }
            block.add(c);
            next = c.start();
        }
        Collections.reverse(block);
        return block;
    }

    /** Index of the last comment whose end is at or before {@code offset}, or -1. */
    static int lastEndingBefore(List<Comment> comments, int offset) {
        int lo = 0;
        int hi = comments.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (comments.get(mid).end() <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
