package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.types.ChunkKind;
import org.junit.jupiter.api.Test;

class RoutingTableTest {

    @Test
    void the_shipped_table_routes_every_known_intent() {
        RoutingTable table = RoutingTable.load();
        for (String intent : IntentClassifier.KNOWN) {
            assertThat(table.route(intent).total()).as(intent).isPositive();
        }
        assertThat(table.route("implementation").quota(ChunkKind.CODE)).isEqualTo(5);
        assertThat(table.route("usage").quota(ChunkKind.README))
                .isGreaterThan(table.route("usage").quota(ChunkKind.CODE));
        assertThat(table.route("relationship").graph()).isPositive();
        assertThat(table.relevanceFloor()).isBetween(0.0, 1.0);
    }

    @Test
    void what_an_intent_changes_in_the_answer_is_a_field_of_its_route() {
        RoutingTable table = RoutingTable.load();
        assertThat(table.route("usage").answer()).isEqualTo(AnswerStyle.DOCS_FIRST);
        assertThat(table.route("overview").answer()).isEqualTo(AnswerStyle.DOCS_FIRST);
        assertThat(table.route("relationship").answer()).isEqualTo(AnswerStyle.RELATIONS);
        assertThat(table.route("comparison").answer()).isEqualTo(AnswerStyle.COMPARISON);
        assertThat(table.route("implementation").answer()).isEqualTo(AnswerStyle.DEFINITION);
        assertThat(table.route("history").answer()).isEqualTo(AnswerStyle.HISTORY);
        // only the history route reads the commit table: code questions never see commits
        for (String intent : IntentClassifier.KNOWN) {
            assertThat(table.route(intent).quota(ChunkKind.COMMIT) > 0)
                    .as(intent)
                    .isEqualTo(intent.equals("history"));
        }
        assertThatThrownBy(() -> RoutingTable.parse("{\"intents\": {\"x\": {\"answer\": \"poem\"}}}"))
                .hasMessageContaining("poem");
    }

    @Test
    void routing_is_data_parsed_from_json() {
        RoutingTable t = RoutingTable.parse(
                "{\"rrf_k\": 10, \"relevance_floor\": 0.5, \"intents\": {\"overview\": {\"code\": 2, \"readme\": 7, \"lexical\": 0.25}}}");
        assertThat(t.rrfK()).isEqualTo(10);
        assertThat(t.route("overview").quota(ChunkKind.README)).isEqualTo(7);
        assertThat(t.route("overview").quota(ChunkKind.MANIFEST)).isZero();
        assertThat(t.route("overview").lexical()).isEqualTo(0.25);
        assertThatThrownBy(() -> t.route("usage")).hasMessageContaining("usage");
    }

    @Test
    void malformed_tables_fail_with_a_clear_message() {
        assertThatThrownBy(() -> RoutingTable.parse("{")).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> RoutingTable.parse("{\"intents\": {}}")).hasMessageContaining("intents");
        assertThatThrownBy(() -> RoutingTable.parse("{\"intents\": {\"x\": {\"lexical\": 3}}}"))
                .hasMessageContaining("lexical");
    }

    @Test
    void intent_prototypes_are_data_with_known_intents_only() {
        IntentClassifier.Prototypes p = IntentClassifier.parse(Resources.text("intents.json"));
        assertThat(p.questions().keySet()).containsExactlyInAnyOrderElementsOf(IntentClassifier.KNOWN);
        assertThatThrownBy(() -> IntentClassifier.parse("{\"intents\": {\"gossip\": [\"hi\"]}}"))
                .hasMessageContaining("gossip");
    }
}
