package dev.coderag.chat.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Language;
import org.junit.jupiter.api.Test;

/** Which languages' definitions the viewer links an identifier to, from the Language registry. */
class SymbolLinksLanguagesTest {
    @Test
    void languages_that_call_each_others_code_link_to_each_other() {
        assertThat(SymbolLinks.linkedLanguages("kotlin"))
                .containsExactlyInAnyOrder(Language.JAVA, Language.KOTLIN, Language.SCALA);
        assertThat(SymbolLinks.linkedLanguages("scala"))
                .containsExactlyInAnyOrder(Language.JAVA, Language.KOTLIN, Language.SCALA);
        assertThat(SymbolLinks.linkedLanguages("tsx"))
                .containsExactlyInAnyOrder(Language.TYPESCRIPT, Language.TSX, Language.JAVASCRIPT);
        assertThat(SymbolLinks.linkedLanguages("c")).containsExactlyInAnyOrder(Language.C, Language.CPP);
        assertThat(SymbolLinks.linkedLanguages("go")).containsExactly(Language.GO);
        assertThat(SymbolLinks.linkedLanguages("shell")).containsExactly(Language.SHELL);
        assertThat(SymbolLinks.linkedLanguages("ruby")).containsExactly(Language.RUBY);
        assertThat(SymbolLinks.linkedLanguages("php")).containsExactly(Language.PHP);
        assertThat(SymbolLinks.linkedLanguages("swift")).containsExactly(Language.SWIFT);
        assertThat(SymbolLinks.linkedLanguages("lua")).containsExactly(Language.LUA);
    }

    @Test
    void documentation_data_text_and_unknown_ids_link_nowhere() {
        for (String id : new String[] {"markdown", "toml", "xml", "json", "text", "no-such-language"}) {
            assertThat(SymbolLinks.linkedLanguages(id)).as(id).isEmpty();
        }
    }
}
