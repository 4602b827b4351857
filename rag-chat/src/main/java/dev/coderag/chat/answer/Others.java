package dev.coderag.chat.answer;

import java.util.List;
import java.util.Set;

/** The closing list of an extractive answer: one cited sentence per other relevant source not yet cited. */
final class Others {
    /** Sources listed at most. */
    static final int MAX_LISTED = 5;

    private Others() {}

    /** Appends "Other relevant sources:" and a line per block from index {@code from} the text does not cite yet. */
    static void append(StringBuilder sb, List<ContextBlock> blocks, int from) {
        Set<Integer> cited = Citations.cited(sb.toString());
        StringBuilder list = new StringBuilder();
        int listed = 0;
        for (ContextBlock b : blocks.subList(Math.min(from, blocks.size()), blocks.size())) {
            if (listed == MAX_LISTED) {
                break;
            }
            if (cited.contains(b.n())) {
                continue;
            }
            list.append("- ").append(Evidence.line(b)).append('\n');
            listed++;
        }
        if (listed > 0) {
            sb.append("Other relevant sources:\n").append(list).append('\n');
        }
    }
}
