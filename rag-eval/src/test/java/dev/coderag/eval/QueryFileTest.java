package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueryFileTest {
    @TempDir
    Path dir;

    @Test
    void reads_queries_with_gold_files_and_optional_ranges() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, """
                {"id": "a", "query": "NPE in parser", "gold_files": ["./src/P.java", "src\\\\Q.java"]}

                {"id": "b", "query": "x", "gold_files": ["R.java"], "repo": "r", "gold_ranges": [{"path": "R.java", "ranges": [[3, 9], [20, 20]]}]}
                """);
        var qs = QueryFile.read(f);
        assertThat(qs).hasSize(2);
        assertThat(qs.get(0).goldFiles()).containsExactly("src/P.java", "src/Q.java");
        assertThat(qs.get(0).goldRanges()).isEmpty();
        assertThat(qs.get(0).repo()).isEmpty();
        assertThat(qs.get(1).goldRanges())
                .containsExactly(new EvalQuery.GoldRange("R.java", 3, 9), new EvalQuery.GoldRange("R.java", 20, 20));
        assertThat(qs.get(1).repo()).contains("r");
    }

    @Test
    void reads_the_optional_kind_from_the_closed_set() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, """
                {"id": "a", "query": "what calls Foo.bar?", "gold_files": ["F.java"], "kind": "calls"}
                {"id": "b", "query": "x", "gold_files": ["R.java"]}
                """);
        var qs = QueryFile.read(f);
        assertThat(qs.get(0).kind()).contains(QueryKind.CALLS);
        assertThat(qs.get(1).kind()).isEmpty();
    }

    @Test
    void a_kind_outside_the_closed_set_is_rejected_with_the_choices() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"gold_files\": [\"A\"], \"kind\": \"why\"}\n");
        assertThatThrownBy(() -> QueryFile.read(f))
                .isInstanceOf(EvalException.class)
                .hasMessage(f + ":1: unknown kind 'why' (choose where, how, calls, usage or overview)");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"gold_files\": [\"A\"], \"kind\": 3}\n");
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessage(f + ":1: 'kind' must be a string");
    }

    @Test
    void a_refusal_question_carries_its_label_and_may_have_no_gold() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, """
                {"id": "a", "repo": "r", "query": "How do I build it?", "answerable": true, "kind": "answerable", "gold_files": ["README.md"]}
                {"id": "b", "repo": "r", "query": "Will it rain?", "answerable": false, "kind": "off-topic"}
                {"id": "c", "repo": "r", "query": "How do I use GraphQL?", "answerable": false, "kind": "missing-feature", "absent": ["graphql"]}
                {"id": "d", "repo": "r", "query": "What is it?", "answerable": true}
                """);
        var qs = QueryFile.read(f);
        assertThat(qs)
                .extracting(EvalQuery::refusal)
                .containsExactly(
                        java.util.Optional.of(RefusalKind.ANSWERABLE),
                        java.util.Optional.of(RefusalKind.OFF_TOPIC),
                        java.util.Optional.of(RefusalKind.MISSING_FEATURE),
                        java.util.Optional.of(RefusalKind.ANSWERABLE));
        assertThat(qs).extracting(EvalQuery::ranked).containsExactly(true, false, false, false);
        assertThat(qs.get(0).goldFiles()).containsExactly("README.md");
        assertThat(qs).allSatisfy(q -> assertThat(q.kind()).isEmpty());
    }

    @Test
    void a_refusal_label_must_agree_with_its_kind_and_name_one_of_the_three() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"answerable\": true, \"kind\": \"off-topic\"}\n");
        assertThatThrownBy(() -> QueryFile.read(f))
                .hasMessage(f + ":1: kind 'off-topic' disagrees with \"answerable\": true");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"answerable\": false, \"kind\": \"where\"}\n");
        assertThatThrownBy(() -> QueryFile.read(f))
                .hasMessage(f + ":1: unknown kind 'where' of a refusal question (choose answerable, off-topic or"
                        + " missing-feature)");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"answerable\": false}\n");
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessageContaining("an unanswerable question needs a 'kind'");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"answerable\": \"yes\"}\n");
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessage(f + ":1: 'answerable' must be true or false");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"kind\": \"where\"}\n");
        assertThatThrownBy(() -> QueryFile.read(f))
                .as("without a label, gold files are still required")
                .hasMessage(f + ":1: 'gold_files' must be a non-empty array of paths");
    }

    @Test
    void malformed_line_fails_with_file_and_line_number() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"gold_files\": [\"A\"]}\n{not json\n");
        assertThatThrownBy(() -> QueryFile.read(f))
                .isInstanceOf(EvalException.class)
                .hasMessageStartingWith(f + ":2: not a JSON object");
    }

    @Test
    void missing_gold_files_is_rejected() throws Exception {
        Path f = dir.resolve("q.jsonl");
        Files.writeString(f, "{\"id\": \"a\", \"query\": \"q\", \"gold_files\": []}\n");
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessageContaining(":1: 'gold_files' must be a non-empty array");
    }

    @Test
    void duplicate_ids_are_rejected() throws Exception {
        Path f = dir.resolve("q.jsonl");
        String line = "{\"id\": \"a\", \"query\": \"q\", \"gold_files\": [\"A\"]}\n";
        Files.writeString(f, line + line);
        assertThatThrownBy(() -> QueryFile.read(f)).hasMessageContaining(":2: duplicate query id 'a'");
    }

    @Test
    void absent_file_is_one_clear_line() {
        assertThatThrownBy(() -> QueryFile.read(dir.resolve("nope.jsonl")))
                .isInstanceOf(EvalException.class)
                .hasMessage("query file not found: " + dir.resolve("nope.jsonl"));
    }
}
