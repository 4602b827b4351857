package dev.coderag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.stream.LongStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class TokenWindowsTest {
    private static final long CLS = 101;
    private static final long SEP = 102;

    /** [CLS], content tokens 1..n, [SEP]. */
    private static long[] doc(int content) {
        long[] ids = new long[content + 2];
        ids[0] = CLS;
        for (int i = 1; i <= content; i++) {
            ids[i] = i;
        }
        ids[content + 1] = SEP;
        return ids;
    }

    @Test
    void a_document_that_fits_the_window_is_one_window_and_the_same_array() {
        long[] ids = doc(254);

        long[][] windows = TokenWindows.split(ids, 256, CLS, SEP);

        assertThat(windows).hasNumberOfRows(1);
        assertThat(windows[0]).isSameAs(ids);
    }

    @Test
    void a_longer_document_is_cut_into_framed_windows_of_equal_length_holding_every_token_once_in_order() {
        long[] ids = doc(510); // 512 tokens, as a truncated chunk

        long[][] windows = TokenWindows.split(ids, 256, CLS, SEP);

        assertThat(windows).hasNumberOfRows(3); // 510 content tokens, 254 per window
        for (long[] w : windows) {
            assertThat(w.length).isBetween(171, 172).isLessThanOrEqualTo(256);
            assertThat(w[0]).isEqualTo(CLS);
            assertThat(w[w.length - 1]).isEqualTo(SEP);
        }
        long[] content = Arrays.stream(windows)
                .flatMapToLong(w -> Arrays.stream(w, 1, w.length - 1))
                .toArray();
        assertThat(content).containsExactly(LongStream.rangeClosed(1, 510).toArray());
    }

    @Test
    void one_token_over_the_window_makes_two_windows() {
        long[][] windows = TokenWindows.split(doc(255), 256, CLS, SEP);

        assertThat(windows).hasNumberOfRows(2);
        assertThat(windows[0]).hasSize(130);
        assertThat(windows[1]).hasSize(129);
    }

    @Test
    void windows_too_small_for_content_or_ids_without_framing_are_refused() {
        assertThatThrownBy(() -> TokenWindows.split(doc(5), 2, CLS, SEP)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TokenWindows.split(new long[] {CLS}, 256, CLS, SEP))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pooling_weights_each_window_by_its_content_tokens_and_normalises() {
        long[][] windows = {doc(3), doc(1)};
        float[][] vectors = {{1, 0}, {0, 1}};

        float[] pooled = TokenWindows.pool(windows, vectors);

        // (3, 1) normalised
        assertThat(pooled[0]).isCloseTo((float) (3 / Math.sqrt(10)), Offset.offset(1e-6f));
        assertThat(pooled[1]).isCloseTo((float) (1 / Math.sqrt(10)), Offset.offset(1e-6f));
    }

    @Test
    void pooling_one_window_returns_its_vector_unchanged() {
        float[] v = {0.6f, 0.8f};

        assertThat(TokenWindows.pool(new long[][] {doc(4)}, new float[][] {v})).isSameAs(v);
    }
}
