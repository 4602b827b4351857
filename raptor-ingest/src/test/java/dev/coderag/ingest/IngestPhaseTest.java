package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.ingest.ProgressListener.IngestProgress;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class IngestPhaseTest {
    @Test
    void wire_names_are_the_strings_the_api_and_progress_lines_always_printed() {
        assertThat(Arrays.stream(IngestPhase.values()).map(IngestPhase::wireName))
                .containsExactly("scan", "parse", "embed", "write", "resolve", "done");
    }

    @Test
    void to_string_is_the_wire_name_so_concatenation_and_format_print_the_same() {
        assertThat(IngestPhase.EMBED.toString()).isEqualTo("embed");
        assertThat(String.format("%s", IngestPhase.WRITE)).isEqualTo("write");
        assertThat(new IngestProgress("r", IngestPhase.PARSE, 1, 2, 3, 4).phase() + "")
                .isEqualTo("parse");
    }

    @Test
    void wire_names_read_back_to_the_same_phase() {
        for (IngestPhase phase : IngestPhase.values()) {
            assertThat(IngestPhase.fromWireName(phase.wireName())).isSameAs(phase);
        }
    }

    @Test
    void unknown_or_differently_cased_wire_names_are_rejected() {
        assertThatThrownBy(() -> IngestPhase.fromWireName("EMBED")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IngestPhase.fromWireName("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void progress_requires_a_phase() {
        assertThatThrownBy(() -> new IngestProgress("r", null, 0, 0, 0, 0)).isInstanceOf(NullPointerException.class);
    }
}
