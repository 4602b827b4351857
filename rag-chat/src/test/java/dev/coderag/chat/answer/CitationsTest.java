package dev.coderag.chat.answer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CitationsTest {

    @Test
    void citations_to_missing_sources_are_removed_and_valid_ones_kept() {
        String cleaned = Citations.clean("Parsing happens in `parse` [1]. It retries [7]. See also [2, 9].", 3);
        assertThat(cleaned).isEqualTo("Parsing happens in `parse` [1]. It retries. See also [2].");
        assertThat(Citations.cited(cleaned)).containsExactly(1, 2);
    }

    @Test
    void zero_and_out_of_range_numbers_are_not_citations_of_anything() {
        assertThat(Citations.clean("a [0] b [4]", 3)).isEqualTo("a b");
    }

    @Test
    void code_is_left_alone() {
        String md = "Use `arr[5]` here [1].\n```java\nint x = arr[9];\n```\nDone [9].";
        String cleaned = Citations.clean(md, 1);
        assertThat(cleaned).contains("`arr[5]`").contains("int x = arr[9];").endsWith("Done.");
        assertThat(Citations.cited(md)).containsExactly(1, 9);
    }

    @Test
    void segments_preserve_every_character() {
        String md = "a `b` c\n```\nd\n```\ne";
        StringBuilder sb = new StringBuilder();
        Citations.segments(md).forEach(s -> sb.append(s.text()));
        assertThat(sb.toString()).isEqualTo(md);
    }
}
