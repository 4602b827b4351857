package dev.coderag.ingest.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.HunkRange;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The parser fed directly, as git's reader thread feeds it, to measure what it allocates. */
class LineFeedTest {
    private static final String SHA = "0123456789abcdef0123456789abcdef01234567";

    @Test
    void a_100_mb_line_is_read_in_bounded_memory_and_its_names_are_found() {
        List<CommitDiff> out = new ArrayList<>();
        LogParser parser = new LogParser(
                HistoryBounds.DEFAULT,
                10,
                p -> new NameMatcher(Set.of("needle", "absent")),
                out::add,
                System.nanoTime() + 60_000_000_000L);
        LineFeed feed = new LineFeed(parser);
        String head = "commit " + SHA + "\n\nAuthor\n1700000000\n subject\n\n"
                + "diff --git a/x.js b/x.js\nnew file mode 100644\n--- /dev/null\n+++ b/x.js\n@@ -0,0 +1 @@\n+";
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();

        feed(feed, head.getBytes(StandardCharsets.US_ASCII));
        byte[] chunk = new byte[8192];
        Arrays.fill(chunk, (byte) 'x');
        chunk[100] = ' ';
        for (long sent = 0; sent < 100L << 20; sent += chunk.length) {
            feed(feed, chunk);
        }
        feed(feed, " needle\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(feed.finish()).isTrue();
        assertThat(parser.end()).isTrue();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated).as("bytes allocated reading 100 MB").isLessThan(8L << 20);
        assertThat(out).singleElement().satisfies(d -> {
            assertThat(d.commit().sha()).isEqualTo(SHA);
            assertThat(d.commit().subject()).isEqualTo("subject");
            FileChange f = d.files().getFirst();
            assertThat(f.path()).isEqualTo("x.js");
            assertThat(f.hunks()).containsExactly(new HunkRange(0, 0, 1, 1));
            assertThat(f.omitted()).isEqualTo(FileChange.Omission.MINIFIED);
            assertThat(f.touchedNames()).containsExactly("needle");
            assertThat(f.diff()).isEmpty();
        });
    }

    private static void feed(LineFeed feed, byte[] bytes) {
        assertThat(feed.accept(bytes, bytes.length)).isTrue();
    }
}
