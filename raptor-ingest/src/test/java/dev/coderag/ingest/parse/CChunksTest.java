package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

/** C on rxi's log.c ({@code src/log.c}, {@code src/log.h}; real/log.c) and on Doxygen snippets. */
class CChunksTest {
    private final ParseResult source = Fixtures.parseReal("log.c", "src/log.c");
    private final ParseResult header = Fixtures.parseReal("log.c", "src/log.h");

    @Test
    void c_source_yields_its_functions_and_typedef_struct_with_the_rest_as_module_code() {
        assertThat(source.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(source))
                .containsExactly(
                        "log.c",
                        "Callback",
                        "log.c",
                        "stdout_callback",
                        "file_callback",
                        "lock",
                        "unlock",
                        "log_level_string",
                        "log_set_lock",
                        "log_set_level",
                        "log_set_quiet",
                        "log_add_callback",
                        "log_add_fp",
                        "init_event",
                        "log_log");
        assertThat(Fixtures.code(source))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.C));
        CodeChunk state = Fixtures.all(source, "log.c").get(1);
        assertThat(state.symbolKind()).isEqualTo(SymbolKind.MODULE);
        assertThat(state.location())
                .as("the static state and the #ifdef'd colour table")
                .isEqualTo("src/log.c:33-49");
    }

    @Test
    void function_has_exact_lines_signature_and_calls_including_calls_through_pointers() {
        CodeChunk log = code(source, "log_log");
        assertThat(log.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(log.location()).isEqualTo("src/log.c:140-168");
        assertThat(log.signature())
                .isEqualTo("void log_log(int level, const char *file, int line, const char *fmt, ...)");
        assertThat(log.calls())
                .containsExactly("lock", "init_event", "va_start", "stdout_callback", "va_end", "fn", "unlock");
        CodeChunk levelString = code(source, "log_level_string");
        assertThat(levelString.signature())
                .as("a pointer return type")
                .isEqualTo("const char* log_level_string(int level)");
        assertThat(code(source, "Callback").symbolKind()).isEqualTo(SymbolKind.STRUCT);
        assertThat(code(source, "Callback").signature()).isEqualTo("typedef struct");
    }

    @Test
    void a_header_chunks_its_prototypes_typedefs_and_keeps_macros_as_module_code() {
        assertThat(names(header))
                .containsExactly(
                        "log.h",
                        "log_Event",
                        "log_LogFn",
                        "log_LockFn",
                        "log.h",
                        "log_level_string",
                        "log_set_lock",
                        "log_set_level",
                        "log_set_quiet",
                        "log_add_callback",
                        "log_add_fp",
                        "log_log");
        assertThat(Fixtures.code(header))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.C));
        assertThat(code(header, "log_LogFn").symbolKind()).isEqualTo(SymbolKind.TYPE);
        assertThat(code(header, "log_LogFn").signature()).isEqualTo("typedef void (*log_LogFn)(log_Event *ev)");
        CodeChunk prototype = code(header, "log_add_fp");
        assertThat(prototype.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(prototype.location()).isEqualTo("src/log.h:45-45");
        assertThat(prototype.signature()).isEqualTo("int log_add_fp(FILE *fp, int level)");
        CodeChunk macros = Fixtures.all(header, "log.h").get(1);
        assertThat(macros.location()).isEqualTo("src/log.h:31-38");
        assertThat(macros.code()).contains("#define log_trace(...)").contains("enum { LOG_TRACE");
        assertThat(header.chunks()).as("a licence comment is no file doc").noneMatch(ModuleDocChunk.class::isInstance);
    }

    @Test
    void a_source_file_does_not_chunk_forward_declarations() {
        ParseResult result = Fixtures.parse("src/queue.c", """
                static int grow(int n);

                int push(int n) { return grow(n); }

                static int grow(int n) { return n * 2; }
                """);
        assertThat(names(result)).containsExactly("queue.c", "push", "grow");
        assertThat(code(result, "queue.c").symbolKind()).isEqualTo(SymbolKind.MODULE);
    }

    @Test
    void doxygen_comments_are_docs_and_a_file_comment_is_the_module_doc() {
        ParseResult result = Fixtures.parse("include/ring.h", """
                /**
                 * @file ring.h
                 * @brief A fixed-size ring buffer.
                 *
                 * Not thread-safe.
                 */
                #ifndef RING_H
                #define RING_H

                #include <stddef.h>

                /// A ring of bytes.
                typedef struct ring { unsigned char *data; size_t head, tail; } ring_t;

                /*!
                 * @brief Pushes one byte.
                 * @return 0, or -1 when full
                 */
                int ring_push(ring_t *r, unsigned char b);

                // Pops one byte, -1 when empty.
                int ring_pop(ring_t *r);

                /* Unrelated note. */

                size_t ring_size(const ring_t *r);

                #endif
                """);
        assertThat(result.chunks().getFirst()).isInstanceOfSatisfying(ModuleDocChunk.class, doc -> {
            assertThat(doc.moduleName()).isEqualTo("ring.h");
            assertThat(doc.language()).isEqualTo(Language.C);
            assertThat(doc.text()).isEqualTo("A fixed-size ring buffer.\n\nNot thread-safe.");
            assertThat(doc.startLine()).isEqualTo(1);
            assertThat(doc.endLine()).isEqualTo(6);
        });
        CodeChunk ring = code(result, "ring");
        assertThat(ring.symbolKind()).isEqualTo(SymbolKind.STRUCT);
        assertThat(ring.docstring()).isEqualTo("A ring of bytes.");
        assertThat(ring.location()).as("the typedef around the struct").isEqualTo("include/ring.h:13-13");
        assertThat(code(result, "ring_push").docstring()).isEqualTo("Pushes one byte.\n@return 0, or -1 when full");
        assertThat(code(result, "ring_pop").docstring()).isEqualTo("Pops one byte, -1 when empty.");
        assertThat(code(result, "ring_size").docstring())
                .as("after a blank line")
                .isEmpty();
    }
}
