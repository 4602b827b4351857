package dev.coderag.chat.answer;

import dev.coderag.chat.answer.Generator.GenerationInput;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.List;

/**
 * The extractive answer to "how does X work": what the best match is and does (its doc comment, else its
 * declaration and the calls its body makes in order), where it is called from and what it calls when the call
 * graph shows it, then one cited sentence per other relevant source. Pure.
 */
final class DefinitionAnswer {
    private DefinitionAnswer() {}

    static String compose(GenerationInput input) {
        List<ContextBlock> blocks = input.blocks();
        ContextBlock best = blocks.getFirst();
        StringBuilder sb = new StringBuilder();
        sb.append(Evidence.line(best)).append("\n\n");
        if (best.hit().chunk() instanceof CodeChunk code) {
            String body = callsInOrder(code, best.hit().calls(), blocks);
            if (!body.isEmpty() && !code.docstring().isBlank()) {
                sb.append("In its body it calls ")
                        .append(body)
                        .append(", in that order ")
                        .append(Evidence.cite(best))
                        .append(".\n\n");
            }
            String graph = Relations.of(input, best).sentence();
            if (!graph.isEmpty()) {
                sb.append(graph).append("\n\n");
            }
        }
        Others.append(sb, blocks, 1);
        return sb.toString();
    }

    /**
     * The calls a body makes in first-seen order ({@code RetrievalHit#calls}), each cited when exactly one retrieved definition has that
     * name: {@code `parse` [2], `split`}.
     */
    static String callsInOrder(CodeChunk code, List<String> calls, List<ContextBlock> blocks) {
        List<String> out = new ArrayList<>();
        for (String call : calls.subList(0, Math.min(calls.size(), Evidence.MAX_CALLS))) {
            ContextBlock match = null;
            int matches = 0;
            for (ContextBlock b : blocks) {
                Chunk c = b.hit().chunk();
                if (c instanceof CodeChunk callee
                        && callee != code
                        && (callee.qualifiedName().equals(call)
                                || callee.symbol().equals(call))) {
                    match = b;
                    matches++;
                }
            }
            out.add(Evidence.code(call) + (matches == 1 ? " " + Evidence.cite(match) : ""));
        }
        if (calls.size() > Evidence.MAX_CALLS) {
            out.add((calls.size() - Evidence.MAX_CALLS) + " more");
        }
        return Evidence.join(out);
    }
}
