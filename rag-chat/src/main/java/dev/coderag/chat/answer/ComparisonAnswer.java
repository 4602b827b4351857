package dev.coderag.chat.answer;

import dev.coderag.chat.answer.Generator.GenerationInput;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.ManifestChunk;
import java.util.ArrayList;
import java.util.List;

/**
 * The extractive answer to "X vs Y": one cited sentence per side — the best match, and the first other source
 * with another name — then what differs as the index shows it (kind, language, declaration, the calls each
 * makes, a package's dependencies), then the other sources. Pure.
 */
final class ComparisonAnswer {
    private ComparisonAnswer() {}

    static String compose(GenerationInput input) {
        List<ContextBlock> blocks = input.blocks();
        ContextBlock a = blocks.getFirst();
        ContextBlock b = otherSide(blocks);
        StringBuilder sb = new StringBuilder();
        if (b == null) {
            sb.append("Only one side is among the sources: ")
                    .append(Evidence.line(a))
                    .append("\n\n");
            return sb.toString();
        }
        sb.append("Comparing ")
                .append(Evidence.name(a.hit().chunk()))
                .append(' ')
                .append(Evidence.cite(a))
                .append(" with ")
                .append(Evidence.name(b.hit().chunk()))
                .append(' ')
                .append(Evidence.cite(b))
                .append(":\n\n");
        sb.append("- ").append(Evidence.line(a)).append('\n');
        sb.append("- ").append(Evidence.line(b)).append("\n\n");
        List<String> diffs = differences(a, b);
        if (diffs.isEmpty()) {
            sb.append("The index records no kind, declaration, calls or dependencies to set side by side for ")
                    .append(Evidence.cite(a))
                    .append(" and ")
                    .append(Evidence.cite(b))
                    .append("; their texts above are what differs.\n\n");
        } else {
            sb.append("What differs:\n");
            diffs.forEach(d -> sb.append("- ").append(d).append('\n'));
            sb.append('\n');
        }
        Others.append(sb, blocks, 1);
        return sb.toString();
    }

    /** The first source after the best whose name differs from the best's; else the second; null for one. */
    private static ContextBlock otherSide(List<ContextBlock> blocks) {
        String first = Relations.title(blocks.getFirst().hit().chunk());
        for (ContextBlock b : blocks.subList(1, blocks.size())) {
            if (!Relations.title(b.hit().chunk()).equals(first)) {
                return b;
            }
        }
        return blocks.size() > 1 ? blocks.get(1) : null;
    }

    /** One cited line per difference the index records between two sources. */
    static List<String> differences(ContextBlock a, ContextBlock b) {
        Chunk ca = a.hit().chunk();
        Chunk cb = b.hit().chunk();
        String na = Evidence.name(ca) + " " + Evidence.cite(a);
        String nb = Evidence.name(cb) + " " + Evidence.cite(b);
        List<String> out = new ArrayList<>();
        if (ca instanceof CodeChunk x && cb instanceof CodeChunk y) {
            if (!Evidence.kind(x).equals(Evidence.kind(y))) {
                out.add(na + " is " + Evidence.kind(x) + ", " + nb + " " + Evidence.kind(y) + ".");
            }
            if (!x.signature().strip().equals(y.signature().strip())) {
                out.add(na + " is declared as " + Evidence.code(x.signature()) + ", " + nb + " as "
                        + Evidence.code(y.signature()) + ".");
            }
            List<String> xCalls = a.hit().calls();
            List<String> yCalls = b.hit().calls();
            List<String> onlyX = minus(xCalls, yCalls);
            List<String> onlyY = minus(yCalls, xCalls);
            if (!onlyX.isEmpty()) {
                out.add("Only " + na + " calls " + Evidence.list(onlyX, Evidence.MAX_CALLS) + ".");
            }
            if (!onlyY.isEmpty()) {
                out.add("Only " + nb + " calls " + Evidence.list(onlyY, Evidence.MAX_CALLS) + ".");
            }
            java.util.Set<String> ySet = new java.util.HashSet<>(yCalls);
            List<String> both = xCalls.stream().filter(ySet::contains).toList();
            if (!both.isEmpty() && (!onlyX.isEmpty() || !onlyY.isEmpty())) {
                out.add("Both call " + Evidence.list(both, Evidence.MAX_CALLS) + " " + Evidence.cite(a) + " "
                        + Evidence.cite(b) + ".");
            }
        } else if (ca instanceof ManifestChunk x && cb instanceof ManifestChunk y) {
            List<String> onlyX = minus(x.dependencies(), y.dependencies());
            List<String> onlyY = minus(y.dependencies(), x.dependencies());
            if (!onlyX.isEmpty()) {
                out.add("Only " + na + " depends on " + Evidence.list(onlyX, 8) + ".");
            }
            if (!onlyY.isEmpty()) {
                out.add("Only " + nb + " depends on " + Evidence.list(onlyY, 8) + ".");
            }
        } else if (ca.kind() != cb.kind()) {
            out.add(na + " is " + what(ca) + ", " + nb + " " + what(cb) + ".");
        }
        return out;
    }

    private static String what(Chunk c) {
        return switch (c) {
            case CodeChunk code -> "code";
            case dev.coderag.types.ReadmeChunk r -> "documentation";
            case ManifestChunk m -> "a build manifest";
            case dev.coderag.types.ModuleDocChunk d -> "module documentation";
            case dev.coderag.types.CommitChunk h -> "a commit";
        };
    }

    /** The items of {@code xs} not in {@code ys}, in order (bounded: lists of calls and dependencies). */
    private static List<String> minus(List<String> xs, List<String> ys) {
        java.util.Set<String> drop = new java.util.HashSet<>(ys);
        return xs.stream().filter(s -> !drop.contains(s)).distinct().toList();
    }
}
