package dev.coderag.types;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextsTest {
    @Test
    void a_file_name_that_would_forge_a_log_line_becomes_one_line_showing_its_escapes() {
        String hostile = "a\n[INFO] forged\r\u001b[31mred\t\u0085\u2028\u202eevil\\n";
        String logged = Texts.forLog(hostile);
        assertThat(logged)
                .isEqualTo("a\\n[INFO] forged\\r\\u001b[31mred\\t\\u0085\\u2028\\u202eevil\\\\n")
                .doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}\\p{Cf}]");
    }

    @Test
    void ordinary_paths_and_unicode_names_are_unchanged() {
        String path = "src/main/java/dev/Émile/naïve café.java";
        assertThat(Texts.forLog(path)).isSameAs(path);
        assertThat(Texts.forLog(null)).isEqualTo("null");
    }
}
