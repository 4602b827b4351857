package dev.coderag.retrieval;

import static dev.coderag.retrieval.TestChunks.code;
import static dev.coderag.retrieval.TestChunks.readme;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.retrieval.Fusion.Lane;
import dev.coderag.retrieval.Fusion.RankedList;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FusionTest {
    private final Chunk a = code("a.py", "a", 1, 2);
    private final Chunk b = code("b.py", "b", 1, 2);
    private final Chunk c = code("c.py", "c", 1, 2);
    private final Chunk r = readme("Install", "pip install demo", 1, 3);

    @Test
    void rrf_rewards_agreement_between_lists() {
        List<Fused> fused = Fusion.rrf(
                List.of(
                        new RankedList(Via.VECTOR, 0.5, List.of(a, b, c)),
                        new RankedList(Via.LEXICAL, 0.5, List.of(c, b))),
                60);
        // b: 0.5/62 + 0.5/62 beats a: 0.5/61 alone; c: 0.5/63 + 0.5/61 beats both
        assertThat(fused).extracting(f -> f.chunk()).containsExactly(c, b, a);
        assertThat(fused.getFirst().via()).containsExactlyInAnyOrder(Via.VECTOR, Via.LEXICAL);
        assertThat(fused.get(2).via()).containsExactly(Via.VECTOR);
    }

    @Test
    void rrf_weights_shift_the_balance() {
        List<RankedList> lists = List.of(
                new RankedList(Via.VECTOR, 0.9, List.of(a, b)), new RankedList(Via.LEXICAL, 0.1, List.of(b, a)));
        assertThat(Fusion.rrf(lists, 60).getFirst().chunk()).isEqualTo(a);
        List<RankedList> lexicalHeavy = List.of(
                new RankedList(Via.VECTOR, 0.1, List.of(a, b)), new RankedList(Via.LEXICAL, 0.9, List.of(b, a)));
        assertThat(Fusion.rrf(lexicalHeavy, 60).getFirst().chunk()).isEqualTo(b);
    }

    @Test
    void a_pinned_chunk_outranks_the_best_unpinned_one() {
        List<Fused> fused = Fusion.rrf(
                List.of(
                        new RankedList(Via.VECTOR, 0.5, List.of(a, b, c)),
                        new RankedList(Via.LEXICAL, 0.5, List.of(a, b, c)),
                        new RankedList(Via.PIN, 2.0, List.of(c))),
                60);
        assertThat(fused.getFirst().chunk()).isEqualTo(c);
        assertThat(fused.getFirst().via()).contains(Via.PIN);
    }

    @Test
    void select_respects_quotas_then_fills_unused_slots_in_fused_order() {
        List<Fused> fused = Fusion.rrf(List.of(new RankedList(Via.VECTOR, 1, List.of(a, b, c, r))), 60);
        Map<Lane, Integer> quotas = new EnumMap<>(Lane.class);
        quotas.put(Lane.CODE, 1);
        quotas.put(Lane.README, 1);
        List<Fused> two = Fusion.select(fused, quotas, 2);
        assertThat(two).extracting(Fused::chunk).containsExactly(a, r);
        // three slots, quotas sum to two: the best remaining code chunk fills the third, order kept
        List<Fused> three = Fusion.select(fused, quotas, 3);
        assertThat(three).extracting(Fused::chunk).containsExactly(a, b, r);
    }

    @Test
    void quotas_scale_to_the_requested_limit_keeping_proportions() {
        RoutingTable.Route route = new RoutingTable.Route(
                Map.of(ChunkKind.CODE, 5, ChunkKind.README, 1, ChunkKind.MANIFEST, 1, ChunkKind.MODULE_DOC, 2),
                0,
                0.5,
                AnswerStyle.DEFINITION);
        assertThat(Fusion.quotas(route, 0)).containsEntry(Lane.CODE, 5).containsEntry(Lane.MODULE_DOC, 2);
        Map<Lane, Integer> hundred = Fusion.quotas(route, 90);
        assertThat(hundred)
                .containsEntry(Lane.CODE, 50)
                .containsEntry(Lane.README, 10)
                .containsEntry(Lane.GRAPH, 0);
    }

    @Test
    void graph_only_finds_use_the_graph_lane() {
        Fused g = new Fused(a, 0.1, java.util.EnumSet.of(Via.GRAPH));
        Fused gv = new Fused(a, 0.1, java.util.EnumSet.of(Via.GRAPH, Via.VECTOR));
        assertThat(g.lane()).isEqualTo(Lane.GRAPH);
        assertThat(gv.lane()).isEqualTo(Lane.CODE);
    }
}
