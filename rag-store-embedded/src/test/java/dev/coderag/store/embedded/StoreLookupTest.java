package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.axis;
import static dev.coderag.store.embedded.StoreFixtures.code;
import static dev.coderag.store.embedded.StoreFixtures.stored;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.CallEdge;
import dev.coderag.store.FileEntry;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lookups by key: the file index, call edges, and chunks by symbol and by path. */
class StoreLookupTest {
    @TempDir
    Path dir;

    private final CodeChunk parse = code(
            "web",
            "src/http/Parser.java",
            "parseHttpRequest",
            "Request parseHttpRequest(String raw) {\n  return readHeaders(raw);\n}",
            10,
            List.of("readHeaders"));

    private Store open() {
        return SqliteStore.open(dir, MODEL, DIM, StoreOptions.DEFAULTS);
    }

    @Test
    void file_index_lists_each_files_hash_and_chunk_ids() {
        try (Store store = open()) {
            CodeChunk second = code("web", parse.path(), "second", "void second() {}", 40, List.of());
            try (WriteTransaction tx = store.begin()) {
                tx.putFile("web", parse.path(), "hash-1");
                tx.putFile("web", "empty.txt", "hash-2");
                tx.insert(second, axis(1));
                tx.insert(parse, axis(0));
                tx.commit();
            }
            try (WriteTransaction tx = store.begin()) {
                tx.putFile("web", parse.path(), "hash-3");
                tx.commit();
            }
            Map<String, FileEntry> index = store.files().entries("web");
            assertThat(index)
                    .containsExactly(
                            Map.entry("empty.txt", new FileEntry("web", "empty.txt", "hash-2", List.of())),
                            Map.entry(
                                    parse.path(),
                                    new FileEntry("web", parse.path(), "hash-3", List.of(parse.id(), second.id()))));
            assertThat(store.files().entries("other")).isEmpty();

            assertThat(store.files().hashes("web"))
                    .containsExactly(Map.entry("empty.txt", "hash-2"), Map.entry(parse.path(), "hash-3"));
            assertThat(store.files().entries("web", List.of(parse.path(), "gone.txt")))
                    .containsExactly(Map.entry(parse.path(), index.get(parse.path())));
            assertThat(store.files().entries("web", List.of())).isEmpty();
            assertThat(store.files().hashes("other")).isEmpty();
        }
    }

    @Test
    void call_edges_resolve_only_names_defined_once_in_the_same_repo() {
        CodeChunk main = code(
                "a",
                "Main.java",
                "main",
                "void main() { parse(); render(); helper(); }",
                1,
                List.of("parse", "this.render", "helper"));
        CodeChunk parseDef = code("a", "Parser.java", "parse", "void parse() {}", 1, List.of());
        // render is defined twice in repo a: ambiguous
        CodeChunk render1 = code("a", "A.java", "render", "void render() {}", 1, List.of());
        CodeChunk render2 = code("a", "B.java", "render", "void render() {}", 1, List.of());
        // helper is defined only in another repo: unresolved in a
        CodeChunk helperElsewhere = code("b", "H.java", "helper", "void helper() {}", 1, List.of());
        CodeChunk otherRepoCaller = code("b", "C.java", "caller", "void caller() { parse(); }", 1, List.of("parse"));
        try (Store store = open()) {
            StoreFixtures.insertAll(
                    store,
                    List.of(main, parseDef, render1, render2, helperElsewhere, otherRepoCaller),
                    List.of(axis(0), axis(1), axis(2), axis(3), axis(4), axis(5)));
            assertThat(store.calls().callees(main.id()))
                    .containsExactly(
                            new CallEdge(main.id(), "parse", Optional.of(parseDef.id())),
                            new CallEdge(main.id(), "this.render", Optional.empty()),
                            new CallEdge(main.id(), "helper", Optional.empty()));
            assertThat(store.calls().callers(parseDef.id()))
                    .containsExactly(new CallEdge(main.id(), "parse", Optional.of(parseDef.id())));
            assertThat(store.calls().callers(render1.id()))
                    .containsExactly(new CallEdge(main.id(), "this.render", Optional.empty()));
            assertThat(store.calls().callers(helperElsewhere.id())).isEmpty();
            assertThat(store.calls().callers("missing")).isEmpty();
            assertThat(store.calls().callees("missing")).isEmpty();
        }
    }

    @Test
    void a_definition_split_into_parts_still_resolves_to_its_first_part() {
        CodeChunk part1 =
                code("a", "Big.java", Language.JAVA, "big", SymbolKind.METHOD, "void big() {\n a();", 10, List.of());
        CodeChunk part2 = new CodeChunk(
                "a",
                "Big.java",
                Language.JAVA,
                "big",
                SymbolKind.METHOD,
                "",
                part1.signature(),
                "",
                " b();\n}",
                12,
                13,
                List.of(),
                MODEL);
        CodeChunk caller = code("a", "C.java", "c", "void c() { big(); }", 1, List.of("big"));
        try (Store store = open()) {
            StoreFixtures.insertAll(store, List.of(part2, part1, caller), List.of(axis(0), axis(1), axis(2)));
            assertThat(store.calls().callees(caller.id()))
                    .containsExactly(new CallEdge(caller.id(), "big", Optional.of(part1.id())));
        }
    }

    @Test
    void find_by_symbol_matches_the_symbol_or_qualified_name() {
        CodeChunk method = new CodeChunk(
                "a",
                "src/Server.java",
                Language.JAVA,
                "start",
                SymbolKind.METHOD,
                "Server",
                "void start()",
                "",
                "void start() {}",
                5,
                5,
                List.of(),
                MODEL);
        CodeChunk fn = code("b", "start.py", "start", "def start(): pass", 1, List.of());
        try (Store store = open()) {
            StoreFixtures.insertAll(store, List.of(method, fn), List.of(axis(0), axis(1)));
            assertThat(store.chunks().bySymbol("start", Optional.empty())).containsExactly(stored(method), stored(fn));
            assertThat(store.chunks().bySymbol("Server.start", Optional.empty()))
                    .containsExactly(stored(method));
            assertThat(store.chunks().bySymbol("start", Optional.of("b"))).containsExactly(stored(fn));
            assertThat(store.chunks().bySymbol("stop", Optional.empty())).isEmpty();
        }
    }

    @Test
    void find_by_path_matches_the_whole_path_or_a_suffix_after_a_slash() {
        CodeChunk a = code("a", "src/main/Foo.java", "foo", "void foo() {}", 1, List.of());
        CodeChunk b = code("a", "src/main/MyFoo.java", "bar", "void bar() {}", 1, List.of());
        CodeChunk c = code("b", "Foo.java", "baz", "void baz() {}", 1, List.of());
        try (Store store = open()) {
            StoreFixtures.insertAll(store, List.of(a, b, c), List.of(axis(0), axis(1), axis(2)));
            assertThat(store.chunks().byPath("Foo.java", Optional.empty())).containsExactly(stored(a), stored(c));
            assertThat(store.chunks().byPath("main/Foo.java", Optional.empty())).containsExactly(stored(a));
            assertThat(store.chunks().byPath("./src/main/Foo.java", Optional.empty()))
                    .containsExactly(stored(a));
            assertThat(store.chunks().byPath("Foo.java", Optional.of("b"))).containsExactly(stored(c));
            assertThat(store.chunks().byPath("oo.java", Optional.empty())).isEmpty();
        }
    }
}
