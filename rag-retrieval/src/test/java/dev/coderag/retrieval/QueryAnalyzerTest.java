package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.retrieval.QueryAnalysis.StackFrame;
import org.junit.jupiter.api.Test;

class QueryAnalyzerTest {

    @Test
    void jvm_stack_frames_give_type_method_file_line_and_package_path() {
        QueryAnalysis a = QueryAnalyzer.analyze("""
                NPE when disconnecting
                java.lang.NullPointerException
                    at org.eclipse.ecf.provider.Container.disconnect(Container.java:412)
                    at org.eclipse.ecf.ui.Action$1.run(Action.java:55)
                    at java.lang.Thread.run(Thread.java:748)
                """);
        assertThat(a.frames()).hasSize(3);
        StackFrame top = a.frames().getFirst();
        assertThat(top.qualifiedType()).isEqualTo("org.eclipse.ecf.provider.Container");
        assertThat(top.method()).isEqualTo("disconnect");
        assertThat(top.line()).isEqualTo(412);
        assertThat(top.pathHint()).isEqualTo("org/eclipse/ecf/provider/Container.java");
        assertThat(QueryAnalyzer.isLibraryFrame(a.frames().get(2))).isTrue();
        // frame evidence leads the lexical query; the JDK frame contributes nothing
        assertThat(a.lexicalQuery()).startsWith("Container disconnect Action run");
        assertThat(a.lexicalQuery()).doesNotContain("Thread");
        // a frame's file is not listed again as a named file
        assertThat(a.fileNames()).isEmpty();
    }

    @Test
    void python_traceback_frames_are_recognised() {
        QueryAnalysis a = QueryAnalyzer.analyze(
                "Traceback (most recent call last):\n  File \"src/app/http.py\", line 42, in parse_header\n"
                        + "ValueError: bad header");
        assertThat(a.frames()).singleElement().satisfies(f -> {
            assertThat(f.fileName()).isEqualTo("src/app/http.py");
            assertThat(f.method()).isEqualTo("parse_header");
            assertThat(f.line()).isEqualTo(42);
            assertThat(f.pathHint()).isEqualTo("src/app/http.py");
        });
    }

    @Test
    void file_names_and_code_shaped_identifiers_are_extracted_but_plain_words_are_not_identifiers() {
        QueryAnalysis a = QueryAnalyzer.analyze(
                "show me Router.java and what parseHeader() does with `max_size` in src/util/io.rs");
        assertThat(a.fileNames()).containsExactly("Router.java", "src/util/io.rs");
        assertThat(a.identifiers()).contains("parseHeader", "max_size");
        assertThat(a.identifiers()).doesNotContain("show", "Router", "does");
    }

    @Test
    void type_dot_member_names_are_identifiers_but_sentence_ends_and_lower_case_pairs_are_not() {
        assertThat(QueryAnalyzer.analyze("Which methods call Reconciler.plan?").identifiers())
                .contains("Reconciler.plan");
        assertThat(QueryAnalyzer.analyze("What does Client.send call?").identifiers())
                .contains("Client.send");
        assertThat(QueryAnalyzer.analyze("Which helpers does _build_redirect_request call?")
                        .identifiers())
                .as("a leading underscore is code")
                .contains("_build_redirect_request");
        assertThat(QueryAnalyzer.analyze("It fails. Then it stops.").identifiers())
                .isEmpty();
        assertThat(QueryAnalyzer.analyze("see www.example for details").identifiers())
                .isEmpty();
    }

    @Test
    void short_questions_offer_plain_words_as_symbol_candidates_without_stop_words() {
        QueryAnalysis a = QueryAnalyzer.analyze("what does tokenize do?");
        assertThat(a.words()).containsExactly("tokenize");
        assertThat(a.lexicalQuery()).isEqualTo("tokenize");
    }

    @Test
    void long_bug_reports_keep_the_lexical_query_bounded_and_identifiers_first() {
        StringBuilder report = new StringBuilder("The ContainerManager fails. ");
        for (int i = 0; i < 200; i++) {
            report.append("word").append(i).append(" the and of ");
        }
        QueryAnalysis a = QueryAnalyzer.analyze(report.toString());
        String[] terms = a.lexicalQuery().split(" ");
        assertThat(terms).hasSizeLessThanOrEqualTo(QueryAnalyzer.MAX_LEXICAL_TERMS);
        assertThat(terms[0]).isEqualTo("ContainerManager");
        assertThat(a.lexicalQuery()).doesNotContain(" the ").doesNotContain(" and ");
        assertThat(a.words()).isEmpty(); // long: no plain-word symbol guesses
    }

    @Test
    void an_unrelated_question_has_no_code_evidence() {
        QueryAnalysis a = QueryAnalyzer.analyze("what is the capital of France?");
        assertThat(a.frames()).isEmpty();
        assertThat(a.fileNames()).isEmpty();
        assertThat(a.identifiers()).isEmpty();
        assertThat(a.lexicalQuery()).isEqualTo("capital France");
    }
}
