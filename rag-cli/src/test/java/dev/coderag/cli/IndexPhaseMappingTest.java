package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.repos.IndexPhase;
import dev.coderag.ingest.IngestPhase;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import org.junit.jupiter.api.Test;

/** The chat side reports every ingest phase under the ingester's own wire name. */
class IndexPhaseMappingTest {
    @Test
    void every_ingest_phase_maps_to_the_chat_phase_of_the_same_wire_name() throws Exception {
        for (IngestPhase phase : IngestPhase.values()) {
            IndexPhase chat = IndexProgress.phase(phase);
            assertThat(chat.id()).isEqualTo(phase.wireName());
            assertThat(ApiContract.mapper().writeValueAsString(chat)).isEqualTo("\"" + phase.wireName() + "\"");
        }
        assertThat(IndexProgress.of(new IngestProgress("r", IngestPhase.EMBED, 0, 0, 5, 10))
                        .phase())
                .isEqualTo(IndexPhase.EMBED);
    }
}
