package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.code;
import static dev.coderag.store.embedded.StoreFixtures.readme;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LexicalSearchTest {
    @TempDir
    Path dir;

    private Store store;
    private final CodeChunk camel = code(
            "web",
            "src/http/RequestReader.java",
            "parseHttpRequest",
            "public Request parseHttpRequest(InputStream in) {\n  return new Request(readLine(in));\n}",
            10,
            List.of());
    private final CodeChunk snake = code(
            "py",
            "lib/config_loader.py",
            "load_yaml_config",
            "def load_yaml_config(path):\n    return yaml.safe_load(open(path))",
            1,
            List.of());
    private final CodeChunk acronym = code(
            "web",
            "src/json/JSONWriter.java",
            "writeUTF8String",
            "void writeUTF8String(String s) { out.write(s.getBytes(UTF_8)); }",
            3,
            List.of());
    private final List<Chunk> filler = new ArrayList<>();

    @BeforeEach
    void fill() {
        store = Store.open(dir, MODEL, DIM);
        // Many chunks sharing ubiquitous words, so that those carry no weight and rare ones decide.
        for (int i = 0; i < 40; i++) {
            filler.add(code(
                    "web",
                    "src/gen/Gen" + i + ".java",
                    "generated" + i,
                    "public void generated" + i + "() { return value" + i + "; } // request handler",
                    1,
                    List.of()));
        }
        filler.add(readme("web", "README.md", "Usage", "Send an HTTP request and read the response."));
        List<Chunk> all = new ArrayList<>(filler);
        all.addAll(List.of(camel, snake, acronym));
        Random random = new Random(1);
        StoreFixtures.insertAll(
                store,
                all,
                all.stream().map(c -> StoreFixtures.random(random, DIM)).toList());
    }

    @org.junit.jupiter.api.AfterEach
    void close() {
        store.close();
    }

    private List<Chunk> top(String query, int k) {
        return store.lexical().search(ChunkKind.CODE, query, k, SearchFilter.NONE).stream()
                .map(ScoredChunk::chunk)
                .toList();
    }

    @Test
    void camel_case_identifiers_are_found_by_their_words() {
        assertThat(top("parse http request", 3)).first().isEqualTo(camel);
        assertThat(top("how is the HTTP request parsed?", 3)).first().isEqualTo(camel);
    }

    @Test
    void snake_case_identifiers_are_found_by_camel_case_and_words() {
        assertThat(top("loadYamlConfig", 3)).first().isEqualTo(snake);
        assertThat(top("load yaml config", 3)).first().isEqualTo(snake);
        assertThat(top("parse_http_request", 3)).first().isEqualTo(camel);
    }

    @Test
    void acronyms_and_digits_split_into_words() {
        assertThat(top("utf 8 string writer", 3)).first().isEqualTo(acronym);
        assertThat(top("JSON writer", 3)).first().isEqualTo(acronym);
    }

    @Test
    void scores_are_in_zero_one_and_best_first() {
        List<ScoredChunk> hits = store.lexical().search(ChunkKind.CODE, "parse request yaml", 10, SearchFilter.NONE);
        assertThat(hits).isNotEmpty();
        assertThat(hits).allSatisfy(h -> assertThat(h.score()).isBetween(0.0, 1.0));
        for (int i = 1; i < hits.size(); i++) {
            assertThat(hits.get(i).score()).isLessThanOrEqualTo(hits.get(i - 1).score());
        }
    }

    @Test
    void free_text_with_fts_syntax_and_punctuation_is_not_interpreted() {
        List<String> nasty = List.of(
                "\"unbalanced quote",
                "NEAR(parse http) AND -request OR *",
                "parse* ^request col:value {a b} (x OR",
                "'; DROP TABLE chunks; --",
                "",
                "   ",
                "the of and is",
                "()[]{}<>!@#$%^&*");
        for (String query : nasty) {
            assertThat(store.lexical().search(ChunkKind.CODE, query, 5, SearchFilter.NONE))
                    .isNotNull();
        }
        assertThat(top("NEAR(parse http) AND -request OR *", 1)).containsExactly(camel);
        assertThat(store.chunks().counts()).containsEntry(ChunkKind.CODE, 43);
    }

    @Test
    void a_long_bug_report_still_finds_the_rare_identifier() {
        StringBuilder report = new StringBuilder("Bug: \"request handler\" crashes! Steps: ");
        for (int i = 0; i < 300; i++) {
            report.append("word").append(i).append(", the value is {").append(i).append("} (see log); ");
        }
        report.append("Stack trace: at dev.web.RequestReader.parseHttpRequest(RequestReader.java:12) NullPointer");
        assertThat(top(report.toString(), 3)).first().isEqualTo(camel);
    }

    @Test
    void other_tables_have_their_own_index() {
        assertThat(store.lexical().search(ChunkKind.README, "response", 5, SearchFilter.NONE))
                .extracting(ScoredChunk::chunk)
                .containsExactly(filler.getLast());
        assertThat(store.lexical().search(ChunkKind.MANIFEST, "response", 5, SearchFilter.NONE))
                .isEmpty();
    }
}
