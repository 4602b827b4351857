package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The {@link PathGroup}s of {@code routing.json}, applied to fused candidates: a chunk's score is multiplied by
 * the weight of every group its path belongs to whose weight applies to the question. Pure; immutable.
 *
 * @param groups in file order
 */
record PathWeights(List<PathGroup> groups) {
    static final PathWeights NONE = new PathWeights(List.of());

    PathWeights {
        groups = List.copyOf(groups);
    }

    /** The group named {@code tests} (which callers are tests), or a group that matches nothing. */
    PathGroup tests() {
        return groups.stream().filter(g -> g.name().equals("tests")).findFirst().orElse(PathGroup.NONE);
    }

    /**
     * {@code fused} with the weights that apply to a question of {@code intent} with this text, best first (stable
     * for ties); the same list when no weight applies to any candidate.
     */
    List<Fused> apply(List<Fused> fused, String intent, String question) {
        List<PathGroup> applying =
                groups.stream().filter(g -> g.appliesTo(intent, question)).toList();
        if (applying.isEmpty() || fused.isEmpty()) {
            return fused;
        }
        List<Fused> out = new ArrayList<>(fused.size());
        boolean changed = false;
        for (Fused f : fused) {
            double factor = 1;
            for (PathGroup g : applying) {
                if (g.matches(f.chunk().path())) {
                    factor *= g.weight();
                }
            }
            if (factor != 1) {
                out.add(new Fused(f.found(), f.score() * factor, f.via()));
                changed = true;
            } else {
                out.add(f);
            }
        }
        if (!changed) {
            return fused;
        }
        out.sort(Comparator.comparingDouble(Fused::score).reversed());
        return out;
    }
}
