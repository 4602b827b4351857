package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SembleFileTest {
    @TempDir
    Path dir;

    /** The shapes of benchmarks/annotations/*.json: path strings, objects with lines, extra fields. */
    private static final String ANNOTATIONS = """

            [
              {"query": "how are HTTP requests sent", "relevant": ["httpx/_client.py"], "secondary": [],
               "category": "architecture"},
              {"query": "Axios", "category": "symbol",
               "relevant": [{"path": "lib/core/Axios.js", "start_line": 22, "end_line": 61}],
               "secondary": [{"path": "./lib/core/Axios.js", "start_line": "179", "end_line": "239"},
                             "lib/axios.js"],
               "seed": {"path": "lib/core/Axios.js", "line": 46}, "related": ["lib/other.js"]},
              {"query": "retry with backoff", "relevant": [{"path": "a.py", "start_line": 3}]},
              {"query": "PreparedRequest", "relevant": ["m.py"], "secondary": ["m.py"]},
              {"query": "How does routing work", "relevant": ["r.py"], "category": 7}
            ]
            """;

    @Test
    void reads_questions_targets_lines_and_categories_as_data_py_does() throws Exception {
        Path f = dir.resolve("httpx.json");
        Files.writeString(f, ANNOTATIONS);
        var qs = QueryFile.read(f); // detected by the leading '['
        assertThat(qs).extracting(EvalQuery::id).containsExactly("httpx-1", "httpx-2", "httpx-3", "httpx-4", "httpx-5");

        EvalQuery first = qs.get(0);
        assertThat(first.query()).isEqualTo("how are HTTP requests sent");
        assertThat(first.goldFiles()).containsExactly("httpx/_client.py");
        assertThat(first.goldRanges()).isEmpty();
        assertThat(first.semble()).hasValueSatisfying(j -> {
            assertThat(j.category()).isEqualTo("architecture");
            assertThat(j.targets()).containsExactly(SembleTarget.file("httpx/_client.py"));
        });

        SembleJudgement axios = qs.get(1).semble().orElseThrow();
        assertThat(axios.category()).isEqualTo("symbol");
        assertThat(axios.relevant()).containsExactly(new SembleTarget("lib/core/Axios.js", 22, 61));
        // numeric strings are lines too; "./" is dropped; seed and related are not targets
        assertThat(axios.secondary())
                .containsExactly(new SembleTarget("lib/core/Axios.js", 179, 239), SembleTarget.file("lib/axios.js"));
        assertThat(qs.get(1).goldFiles()).containsExactly("lib/core/Axios.js", "lib/axios.js");

        // a start line without an end line is no span: the whole file; no category: inferred (semantic)
        SembleJudgement third = qs.get(2).semble().orElseThrow();
        assertThat(third.targets()).containsExactly(SembleTarget.file("a.py"));
        assertThat(third.targets().get(0).hasLines()).isFalse();
        assertThat(third.category()).isEqualTo("semantic");

        // a path in both lists is two targets (the ideal DCG counts both), one gold file
        assertThat(qs.get(3).semble().orElseThrow().targets()).hasSize(2);
        assertThat(qs.get(3).goldFiles()).containsExactly("m.py");

        // a category that is not a string is inferred: "How ..." is architecture
        assertThat(qs.get(4).semble().orElseThrow().category()).isEqualTo("architecture");
    }

    @Test
    void the_category_is_inferred_like_infer_category() {
        assertThat(SembleJudgement.inferCategory("  PreparedRequest ")).isEqualTo("symbol");
        assertThat(SembleJudgement.inferCategory("how does it retry")).isEqualTo("architecture");
        assertThat(SembleJudgement.inferCategory("How are cookies merged")).isEqualTo("architecture");
        assertThat(SembleJudgement.inferCategory("however it ends")).isEqualTo("semantic");
        assertThat(SembleJudgement.inferCategory("cookie jar merging")).isEqualTo("semantic");
    }

    @Test
    void a_jsonl_file_is_still_read_as_jsonl() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"gold_files\": [\"A.java\"]}\n");
        assertThat(QueryFile.read(f)).singleElement().satisfies(q -> assertThat(q.semble())
                .isEmpty());
    }

    @Test
    void malformed_annotations_fail_with_the_file_and_the_question() throws Exception {
        Path f = dir.resolve("r.json");
        Files.writeString(
                f, "[{\"query\": \"q\", \"relevant\": [{\"path\": \"a.py\", \"start_line\": 9, \"end_line\": 3}]}]");
        assertThatThrownBy(() -> QueryFile.read(f))
                .isInstanceOf(EvalException.class)
                .hasMessage(f + ": question 1: bad target lines 9-3 in a.py");
        Files.writeString(f, "[{\"query\": \"q\", \"relevant\": [\"a.py\"]}, {\"query\": \"q2\", \"relevant\": []}]");
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessage(f + ": question 2: no 'relevant' or 'secondary' target");
        Files.writeString(f, "[{\"relevant\": [\"a.py\"]}]");
        assertThatThrownBy(() -> QueryFile.read(f))
                .hasMessage(f + ": question 1: missing or empty string field 'query'");
        Files.writeString(
                f,
                "[{\"query\": \"q\", \"relevant\": [{\"path\": \"a.py\", \"start_line\": \"x\", \"end_line\": 3}]}]");
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessageStartingWith(f + ": question 1: a target line must be");
        Files.writeString(f, "[]");
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessage("query file " + f + " holds no queries");
        Files.writeString(f, "[{\"query\": ");
        assertThatThrownBy(() -> QueryFile.read(f))
                .hasMessageStartingWith(f + ": not a semble annotation file (a JSON array of questions)");
    }
}
