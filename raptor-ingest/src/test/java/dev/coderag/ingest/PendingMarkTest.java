package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.FileEntry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The file index's pending mark keeps the stored format every existing store holds. */
class PendingMarkTest {
    private static final String HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    @Test
    void aPendingHashIsTheRealHashBehindTheStoredPrefix() {
        assertThat(FileEntry.pendingHash(HASH)).isEqualTo("pending:" + HASH);
        assertThat(FileEntry.isPending(FileEntry.pendingHash(HASH))).isTrue();
        assertThat(FileEntry.isPending(HASH)).isFalse();
    }

    @Test
    void anEntryKnowsWhetherItsFileIsPending() {
        assertThat(new FileEntry("r", "a.java", "pending:" + HASH, List.of()).pending())
                .isTrue();
        assertThat(new FileEntry("r", "a.java", HASH, List.of()).pending()).isFalse();
    }
}
