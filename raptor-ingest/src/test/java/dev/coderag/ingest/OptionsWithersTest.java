package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.ingest.history.HistoryOptions;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.TokenCounter;
import dev.coderag.store.VectorTier;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OptionsWithersTest {
    private static final Path STORE = Path.of("/tmp/store");
    private static final long S = IngestOptions.DEFAULT_SLICE_BYTES;

    @Test
    void ingest_defaults_are_incremental_writing_one_mib_no_plain_text_file_urls_and_clones_under_the_store() {
        IngestOptions d = IngestOptions.defaults(STORE);

        assertThat(d)
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        false,
                        true,
                        STORE.resolve("repos"),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
    }

    @Test
    void each_ingest_wither_changes_its_own_field_and_nothing_else() {
        IngestOptions d = IngestOptions.defaults(STORE);
        Path clones = Path.of("/elsewhere");

        assertThat(d.withFull(true))
                .isEqualTo(new IngestOptions(
                        true,
                        false,
                        1 << 20,
                        false,
                        true,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withDryRun(true))
                .isEqualTo(new IngestOptions(
                        false,
                        true,
                        1 << 20,
                        false,
                        true,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withMaxFileBytes(7))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        7,
                        false,
                        true,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withPlainText(true))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        true,
                        true,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withAllowFileUrls(false))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        false,
                        false,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withCloneDir(clones))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        false,
                        true,
                        clones,
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withGit(GitPolicy.network()))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        false,
                        true,
                        d.cloneDir(),
                        GitPolicy.network(),
                        VectorTier.FULL,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withVectors(VectorTier.STATIC))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        false,
                        true,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.STATIC,
                        S,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withSliceBytes(9))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        false,
                        true,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        9,
                        true,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withResolve(false))
                .isEqualTo(new IngestOptions(
                        false,
                        false,
                        1 << 20,
                        false,
                        true,
                        d.cloneDir(),
                        GitPolicy.LOCAL,
                        VectorTier.FULL,
                        S,
                        false,
                        Optional.empty(),
                        HistoryOptions.DEFAULT));
        assertThat(d.withLocalRoots(List.of(clones)).localRoots()).contains(List.of(clones));
        assertThat(d.withLocalRoots(List.of(clones)).withLocalRoots(null)).isEqualTo(d);
        HistoryOptions off = HistoryOptions.OFF;
        assertThat(d.withHistory(off).history()).isEqualTo(off);
        assertThat(d.withHistory(off).withHistory(HistoryOptions.DEFAULT)).isEqualTo(d);
        assertThatThrownBy(() -> d.withSliceBytes(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ingest_withers_leave_the_original_unchanged_and_chain() {
        IngestOptions d = IngestOptions.defaults(STORE);

        IngestOptions changed = d.withFull(true).withDryRun(true).withFull(false);

        assertThat(d).isEqualTo(IngestOptions.defaults(STORE));
        assertThat(changed.full()).isFalse();
        assertThat(changed.dryRun()).isTrue();
    }

    @Test
    void each_parse_wither_changes_its_own_field_and_nothing_else() {
        TokenCounter counter = text -> 1;
        ParseOptions d = ParseOptions.DEFAULT;

        assertThat(d).isEqualTo(new ParseOptions(false, TokenCounter.APPROXIMATE, 512));
        assertThat(d.withPlainText(true)).isEqualTo(new ParseOptions(true, TokenCounter.APPROXIMATE, 512));
        assertThat(d.withTokens(counter)).isEqualTo(new ParseOptions(false, counter, 512));
        assertThat(d.withMaxTokens(64)).isEqualTo(new ParseOptions(false, TokenCounter.APPROXIMATE, 64));
    }

    @Test
    void parse_withers_keep_the_validation_of_the_constructor() {
        assertThatThrownBy(() -> ParseOptions.DEFAULT.withMaxTokens(31)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ParseOptions.DEFAULT.withTokens(null)).isInstanceOf(NullPointerException.class);
    }
}
