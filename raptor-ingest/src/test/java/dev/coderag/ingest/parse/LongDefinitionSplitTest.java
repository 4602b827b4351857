package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LongDefinitionSplitTest {
    private static final int MAX_TOKENS = 200;
    private static final ChunkParser SMALL_WINDOW = ChunkParser.create(ParseOptions.DEFAULT.withMaxTokens(MAX_TOKENS));

    /** Lines 1-3 header, the method from line 4 to 4 + statements + 1, then the class end. */
    private static String javaWithLongMethod(int statements) {
        String body = IntStream.rangeClosed(1, statements)
                .mapToObj(i -> "        total += weigh(item" + i + ", \"step " + i + "\");")
                .collect(Collectors.joining("\n"));
        return "package com.example;\n\nclass Scale {\n"
                + "    /** Weighs everything. */\n"
                + "    int weighAll(Item item1) {\n"
                + "        int total = 0;\n"
                + body + "\n"
                + "        return report(total);\n"
                + "    }\n"
                + "}\n";
    }

    @Test
    void long_method_is_split_into_parts_with_contiguous_exact_ranges() {
        String source = javaWithLongMethod(120);
        String[] lines = source.split("\n");
        ParseResult result = SMALL_WINDOW.parse(new SourceFile("shop", "src/Scale.java", source, "m"));
        List<CodeChunk> parts = Fixtures.code(result).stream()
                .filter(c -> c.symbol().equals("weighAll"))
                .toList();

        assertThat(parts).hasSizeGreaterThan(3);
        assertThat(parts.getFirst().startLine()).isEqualTo(5);
        assertThat(parts.getLast().endLine()).isEqualTo(5 + 1 + 120 + 2);
        for (int i = 0; i < parts.size(); i++) {
            CodeChunk part = parts.get(i);
            assertThat(part.symbolKind()).isEqualTo(SymbolKind.METHOD);
            assertThat(part.enclosing()).isEqualTo("Scale");
            assertThat(part.signature()).isEqualTo("int weighAll(Item item1)");
            assertThat(TokenCounter.APPROXIMATE.count(part.embeddingText())).isLessThanOrEqualTo(MAX_TOKENS - 2);
            String cited = String.join("\n", List.of(lines).subList(part.startLine() - 1, part.endLine()));
            if (i == 0) {
                assertThat(part.docstring()).isEqualTo("Weighs everything.");
                assertThat(part.code()).isEqualTo(cited);
            } else {
                assertThat(part.docstring()).isEmpty();
                assertThat(part.startLine()).isEqualTo(parts.get(i - 1).endLine() + 1);
                String header = "// Scale.weighAll (part " + (i + 1) + " of " + parts.size() + ")\n"
                        + "int weighAll(Item item1)\n";
                assertThat(part.code()).isEqualTo(header + cited);
            }
        }
        assertThat(parts.getFirst().calls()).containsExactly("weigh");
        assertThat(parts.getLast().calls()).contains("report");
        assertThat(parts.subList(0, parts.size() - 1))
                .allSatisfy(p -> assertThat(p.calls()).doesNotContain("report"));
        assertThat(parts).extracting(CodeChunk::id).doesNotHaveDuplicates();
    }

    @Test
    void class_with_many_members_is_split_too_and_keeps_elided_bodies() {
        String methods = IntStream.rangeClosed(1, 60)
                .mapToObj(i -> "    int field" + i + " = compute(" + i + ");\n    void method" + i
                        + "() {\n        run(" + i + ");\n    }")
                .collect(Collectors.joining("\n"));
        String source = "class Big {\n" + methods + "\n}\n";
        ParseResult result = SMALL_WINDOW.parse(new SourceFile("shop", "Big.java", source, "m"));
        List<CodeChunk> parts = Fixtures.code(result).stream()
                .filter(c -> c.symbolKind() == SymbolKind.CLASS)
                .toList();

        assertThat(parts).hasSizeGreaterThan(1);
        assertThat(parts.getFirst().startLine()).isEqualTo(1);
        assertThat(parts.getLast().endLine()).isEqualTo(1 + 60 * 4 + 1);
        for (int i = 1; i < parts.size(); i++) {
            assertThat(parts.get(i).startLine()).isEqualTo(parts.get(i - 1).endLine() + 1);
        }
        assertThat(parts).allSatisfy(p -> {
            assertThat(p.code()).doesNotContain("run(");
            assertThat(p.calls()).containsOnly("compute");
        });
        assertThat(parts.get(1).code()).startsWith("// Big (part 2 of " + parts.size() + ")\nclass Big\n");
    }

    @Test
    void python_function_parts_use_hash_comments_for_their_header() {
        String body = IntStream.rangeClosed(1, 80)
                .mapToObj(i -> "    total += weigh(item, " + i + ")  # step " + i)
                .collect(Collectors.joining("\n"));
        String source = "def weigh_all(item):\n    total = 0\n" + body + "\n    return total\n";
        ParseResult result = SMALL_WINDOW.parse(new SourceFile("shop", "scale.py", source, "m"));
        List<CodeChunk> parts = Fixtures.code(result);

        assertThat(parts).hasSizeGreaterThan(1).allSatisfy(p -> assertThat(p.symbol())
                .isEqualTo("weigh_all"));
        assertThat(parts.get(1).code())
                .startsWith("# weigh_all (part 2 of " + parts.size() + ")\ndef weigh_all(item):\n");
        assertThat(parts.getLast().endLine()).isEqualTo(83);
    }

    @Test
    void the_token_counter_is_asked_only_about_texts_that_might_not_fit() {
        AtomicInteger calls = new AtomicInteger();
        TokenCounter counting = text -> {
            calls.incrementAndGet();
            return text.length(); // one token per character: stricter than any real tokenizer
        };
        ChunkParser parser = ChunkParser.create(ParseOptions.DEFAULT.withTokens(counting));

        ParseResult small = parser.parse(new SourceFile("shop", "a.py", "def f():\n    return 1\n", "m"));
        assertThat(Fixtures.names(small)).containsExactly("f");
        assertThat(calls).as("a 40-byte chunk cannot exceed 510 tokens").hasValue(0);

        ParseResult big = parser.parse(new SourceFile("shop", "src/Scale.java", javaWithLongMethod(40), "m"));
        assertThat(calls.get()).isPositive();
        assertThat(Fixtures.code(big))
                .allSatisfy(c -> assertThat(c.embeddingText().length()).isLessThanOrEqualTo(510));
        assertThat(Fixtures.code(big).stream()
                        .filter(c -> c.symbol().equals("weighAll"))
                        .count())
                .isGreaterThan(3);
    }

    @Test
    void short_definitions_are_not_split() {
        ParseResult result = SMALL_WINDOW.parse(new SourceFile("shop", "src/Scale.java", javaWithLongMethod(3), "m"));
        assertThat(Fixtures.names(result)).containsExactly("Scale", "Scale.weighAll");
    }
}
