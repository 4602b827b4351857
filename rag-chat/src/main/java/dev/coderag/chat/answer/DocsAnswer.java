package dev.coderag.chat.answer;

import dev.coderag.chat.answer.Generator.GenerationInput;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import java.util.List;

/**
 * The extractive answer to usage and overview questions, documentation first: what the best match says, the
 * steps of the first documentation section among the best matches that has any (its numbered items, bullets
 * and code blocks, quoted in order and cited), then one cited sentence per other source — for an overview the
 * packages, modules and sections the sources name. Pure.
 */
final class DocsAnswer {
    /** How far down the sources a section with steps is looked for. */
    static final int STEPS_WITHIN = 3;

    private DocsAnswer() {}

    static String compose(GenerationInput input) {
        List<ContextBlock> blocks = input.blocks();
        ContextBlock best = blocks.getFirst();
        StringBuilder sb = new StringBuilder();
        sb.append(Evidence.line(best)).append("\n\n");
        for (ContextBlock b : blocks.subList(0, Math.min(STEPS_WITHIN, blocks.size()))) {
            String steps = DocSteps.of(docText(b.hit().chunk()), Evidence.cite(b));
            if (!steps.isEmpty()) {
                sb.append("The steps, quoted from ")
                        .append(b == best ? Evidence.cite(b) : Evidence.ranged(b))
                        .append(":\n\n")
                        .append(steps)
                        .append("\n\n");
                break;
            }
        }
        Others.append(sb, blocks, 1);
        return sb.toString();
    }

    /** The Markdown a chunk's steps are read from: a README section or module doc; code and manifests have none. */
    private static String docText(Chunk c) {
        return switch (c) {
            case ReadmeChunk r -> r.text();
            case ModuleDocChunk d -> d.text();
            case CodeChunk code -> "";
            case ManifestChunk m -> "";
            case dev.coderag.types.CommitChunk h -> "";
        };
    }
}
