package dev.coderag.ingest.parse.code;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which text the code chunker keeps away from tree-sitter (the end-to-end case is in RobustParsingTest). */
class CodeChunkerTest {
    @Test
    void undecodable_bytes_are_not_source_code() {
        String junk = "int main() {}\n" + "\uFFFD".repeat(50) + "\n";
        assertThat(CodeChunker.looksLikeBinary(junk)).isTrue();
        assertThat(CodeChunker.looksLikeBinary("caf\u00e9 \uFFFD once in a long enough line of text ........"))
                .isFalse();
    }
}
