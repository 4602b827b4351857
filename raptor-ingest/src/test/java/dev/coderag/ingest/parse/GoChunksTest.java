package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

class GoChunksTest {
    private final ParseResult result = Fixtures.parseResource("queue.go", "internal/queue/queue.go");

    @Test
    void go_file_yields_types_functions_and_methods() {
        assertThat(names(result))
                .containsExactly(
                        "queue.go", "Job", "Handler", "JobID", "Queue", "Runner", "New", "Queue.Push", "Queue.Drain");
        assertThat(Fixtures.code(result))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.GO));
    }

    @Test
    void comment_directly_above_package_is_the_package_doc() {
        assertThat(result.chunks().getFirst()).isInstanceOfSatisfying(ModuleDocChunk.class, doc -> {
            assertThat(doc.moduleName()).isEqualTo("queue");
            assertThat(doc.text())
                    .as("the licence header is separated by a blank line")
                    .isEqualTo("Package queue implements a bounded, blocking job queue\nwith retry support.");
            assertThat(doc.startLine()).isEqualTo(3);
            assertThat(doc.endLine()).isEqualTo(4);
        });
    }

    @Test
    void method_is_enclosed_by_its_receiver_type() {
        CodeChunk push = code(result, "Queue.Push");
        assertThat(push.symbol()).isEqualTo("Push");
        assertThat(push.enclosing()).isEqualTo("Queue");
        assertThat(push.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(push.startLine()).isEqualTo(49);
        assertThat(push.endLine()).isEqualTo(57);
        assertThat(push.signature()).isEqualTo("func (q *Queue[T]) Push(item T) error");
        assertThat(push.docstring()).isEqualTo("Push appends an item or fails when the queue is closed.");
        assertThat(push.calls()).containsExactly("Lock", "Unlock", "append");
    }

    @Test
    void comment_separated_by_a_blank_line_is_not_a_doc_and_directives_are_dropped() {
        assertThat(code(result, "Queue.Drain").docstring()).isEmpty();
        CodeChunk constructor = code(result, "New");
        assertThat(constructor.docstring()).isEqualTo("New returns an empty queue.");
        assertThat(constructor.startLine()).isEqualTo(44);
    }

    @Test
    void type_declarations_are_chunks_grouped_or_not() {
        CodeChunk queue = code(result, "Queue");
        assertThat(queue.symbolKind()).isEqualTo(SymbolKind.STRUCT);
        assertThat(queue.startLine()).as("starts at the type keyword").isEqualTo(30);
        assertThat(queue.endLine()).isEqualTo(34);
        assertThat(queue.signature()).isEqualTo("type Queue[T any] struct");

        CodeChunk job = code(result, "Job");
        assertThat(job.symbolKind()).isEqualTo(SymbolKind.STRUCT);
        assertThat(job.startLine()).isEqualTo(18);
        assertThat(job.endLine()).isEqualTo(21);
        assertThat(job.docstring()).isEqualTo("Job is a unit of work.");
        assertThat(code(result, "Handler").symbolKind()).isEqualTo(SymbolKind.TYPE);
        assertThat(code(result, "JobID").symbolKind()).isEqualTo(SymbolKind.TYPE);
        assertThat(code(result, "Runner").symbolKind()).isEqualTo(SymbolKind.INTERFACE);
        assertThat(code(result, "Runner").signature()).isEqualTo("type Runner interface");
    }

    @Test
    void package_level_variables_are_module_code() {
        CodeChunk vars = code(result, "queue.go");
        assertThat(vars.symbolKind()).isEqualTo(SymbolKind.MODULE);
        assertThat(vars.startLine()).isEqualTo(13);
        assertThat(vars.endLine()).isEqualTo(14);
        assertThat(vars.calls()).containsExactly("New");
    }
}
