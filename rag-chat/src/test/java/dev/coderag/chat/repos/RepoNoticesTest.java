package dev.coderag.chat.repos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The sentence an answer carries while its repository is still being indexed: how far, in plain words. */
class RepoNoticesTest {
    @Test
    void each_phase_says_how_far_the_index_is() {
        assertThat(IndexNotice.of("tinyroute", null))
                .isEqualTo("The index of tinyroute is still being built (queued): answers may miss sources.");
        assertThat(IndexNotice.of("tinyroute", new RepoStatus.Progress(IndexPhase.PARSE, 12, 40, 0, 0, 9)))
                .isEqualTo("The index of tinyroute is still being built (reading files: 12 of 40): answers may"
                        + " miss sources.");
        assertThat(IndexNotice.of("coderag", new RepoStatus.Progress(IndexPhase.EMBED, 0, 0, 1234, 2670, 62)))
                .isEqualTo("The index of coderag is still being built (1,234 of 2,670 chunks embedded): answers may"
                        + " miss sources.");
        assertThat(IndexNotice.of("x", new RepoStatus.Progress(IndexPhase.WRITE, 0, 0, 10, 10, 96)))
                .contains("(finishing)");
        assertThat(IndexNotice.of("x", new RepoStatus.Progress(IndexPhase.SCAN, 0, 0, 0, 0, 2)))
                .contains("(starting)");
    }

    @Test
    void a_re_index_of_a_complete_index_says_nothing_until_it_writes() {
        RepoStatus.Progress parse = new RepoStatus.Progress(IndexPhase.PARSE, 12, 40, 0, 0, 9);
        RepoStatus.Progress embed = new RepoStatus.Progress(IndexPhase.EMBED, 0, 0, 0, 30, 40);
        RepoStatus.Progress write = new RepoStatus.Progress(IndexPhase.WRITE, 0, 0, 30, 30, 96);
        assertThat(IndexNotice.needed(true, null)).isFalse();
        assertThat(IndexNotice.needed(true, new RepoStatus.Progress(IndexPhase.SCAN, 0, 0, 0, 0, 2)))
                .isFalse();
        assertThat(IndexNotice.needed(true, parse)).isFalse();
        assertThat(IndexNotice.needed(true, embed)).isTrue();
        assertThat(IndexNotice.needed(true, write)).isTrue();
        // a fresh or partial index: answers may miss sources from the start
        assertThat(IndexNotice.needed(false, null)).isTrue();
        assertThat(IndexNotice.needed(false, parse)).isTrue();
        assertThat(IndexNotice.needed(false, embed)).isTrue();
    }
}
