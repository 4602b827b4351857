package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.ingest.IngestPhase;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
    private long now;

    @Test
    void plain_output_prints_phase_changes_and_then_a_line_every_five_seconds() {
        ProgressPrinter p = new ProgressPrinter(new PrintStream(buf, true, StandardCharsets.UTF_8), false, () -> now);

        p.onProgress(new IngestProgress("r", IngestPhase.PARSE, 0, 100, 0, 0));
        for (int i = 1; i <= 99; i++) {
            now += 100_000_000L; // 0.1 s per file: 9.9 s in all
            p.onProgress(new IngestProgress("r", IngestPhase.PARSE, i, 100, i * 3, 0));
        }
        p.onProgress(new IngestProgress("r", IngestPhase.PARSE, 100, 100, 300, 0));
        p.onProgress(new IngestProgress("r", IngestPhase.EMBED, 0, 0, 0, 300));
        now += 10_000_000_000L;
        p.onProgress(new IngestProgress("r", IngestPhase.EMBED, 100, 0, 100, 300));
        p.onProgress(new IngestProgress("r", IngestPhase.DONE, 100, 100, 300, 300));

        assertThat(buf.toString(StandardCharsets.UTF_8).lines().toList())
                .containsExactly(
                        "r: parse [........................] 0% 0/100 files, 0 files/s, 0 chunks",
                        "r: parse [############............] 50% 50/100 files, 10 files/s, 150 chunks, ETA 0m05s",
                        "r: parse [########################] 100% 100/100 files, 10 files/s, 300 chunks",
                        "r: embed [........................] 0% 0/300 chunks, 0.0 chunks/s",
                        "r: embed [########................] 33% 100/300 chunks, 10.0 chunks/s, ETA 0m20s");
    }

    @Test
    void terminal_output_redraws_one_line_and_ends_it_when_done() {
        ProgressPrinter p = new ProgressPrinter(new PrintStream(buf, true, StandardCharsets.UTF_8), true, () -> now);

        p.onProgress(new IngestProgress("r", IngestPhase.EMBED, 0, 0, 0, 10));
        now += 1_000_000_000L;
        p.onProgress(new IngestProgress("r", IngestPhase.EMBED, 0, 0, 5, 10));
        p.onProgress(new IngestProgress("r", IngestPhase.DONE, 0, 0, 10, 10));

        String out = buf.toString(StandardCharsets.UTF_8);
        assertThat(out)
                .startsWith("\r\033[2Kr: embed")
                .contains("5/10 chunks, 5.0 chunks/s, ETA 0m01s")
                .endsWith("\n");
        assertThat(out.chars().filter(c -> c == '\n')).hasSize(1);
        assertThat(out.split("\r")).hasSize(3); // drawn twice in place
    }
}
