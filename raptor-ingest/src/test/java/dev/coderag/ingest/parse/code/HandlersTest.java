package dev.coderag.ingest.parse.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Language;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every language of the registry has a tree-sitter handler or is declared not code. */
class HandlersTest {
    /** Documentation, data and plain text: parsed elsewhere (Markdown, manifests) or kept as text. */
    private static final Set<Language> NOT_CODE =
            EnumSet.of(Language.MARKDOWN, Language.TOML, Language.XML, Language.JSON, Language.TEXT);

    @Test
    void every_language_has_a_handler_of_its_own_or_is_declared_not_code() {
        for (Language language : Language.values()) {
            for (boolean header : new boolean[] {false, true}) {
                if (NOT_CODE.contains(language)) {
                    assertThat(Handlers.of(language, header)).as(language.id()).isEmpty();
                    assertThat(CodeChunker.isCode(language)).as(language.id()).isFalse();
                } else {
                    assertThat(Handlers.of(language, header))
                            .as(language.id())
                            .get()
                            .extracting(LanguageHandler::language)
                            .isEqualTo(language);
                    assertThat(CodeChunker.isCode(language)).as(language.id()).isTrue();
                }
            }
        }
    }

    @Test
    void c_and_cpp_headers_get_their_own_handler_and_a_h_header_holding_cpp_is_parsed_as_cpp() {
        LanguageHandler cHeader = Handlers.of(Language.C, true).orElseThrow();
        assertThat(cHeader).isNotSameAs(Handlers.of(Language.C, false).orElseThrow());
        assertThat(Handlers.of(Language.CPP, true).orElseThrow())
                .isNotSameAs(Handlers.of(Language.CPP, false).orElseThrow());
        assertThat(cHeader.forText("int log_level(void);\n").language()).isEqualTo(Language.C);
        assertThat(cHeader.forText("namespace leveldb {\nclass Status;\n}\n").language())
                .isEqualTo(Language.CPP);
        assertThat(Handlers.of(Language.C, false)
                        .orElseThrow()
                        .forText("namespace x {}\n")
                        .language())
                .isEqualTo(Language.C);
    }
}
