package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CliSupportTest {
    @Test
    void a_message_becomes_one_printable_line() {
        assertThat(CliSupport.oneLine("cannot read x:\n  line 2\r\n\tline 3  "))
                .isEqualTo("cannot read x: line 2 line 3");
        assertThat(CliSupport.oneLine("a\tb  c\u0007d\u007fe")).isEqualTo("a?b  c?d?e");
        assertThat(CliSupport.oneLine("a \u2028 b\u0085c")).isEqualTo("a b c");
        assertThat(CliSupport.oneLine("  \n ")).isEqualTo("unknown error");
        assertThat(CliSupport.oneLine(null)).isEqualTo("unknown error");
    }

    @Test
    void a_megabyte_of_blanks_is_folded_in_linear_time() {
        // a failure guard, not a benchmark: the regex it replaced took minutes on this
        String blanks = " ".repeat(1 << 20);
        String folded = assertTimeoutPreemptively(
                Duration.ofSeconds(10), () -> CliSupport.oneLine("a" + blanks + "b" + blanks + "\n" + blanks + "c"));
        assertThat(folded).hasSize(2 + (1 << 20) + 2).startsWith("a ").endsWith("b c");
    }
}
