package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.axis;
import static dev.coderag.store.embedded.StoreFixtures.code;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.CallEdge;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.References;
import dev.coderag.store.Resolution;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.ResolvedFile.Declared;
import dev.coderag.store.ResolvedFile.Referenced;
import dev.coderag.store.Store;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resolved references in the embedded store: linked by key when read, a line belonging to its innermost chunk, only
 * while a file's content is the one resolved, and taking over the call graph from name matching for resolved files.
 * The expected edges are written out by hand from the fixture's sources.
 */
class ResolvedReferencesTest {
    @TempDir
    Path dir;

    private static final String R = "r";
    // A.java: class A { void run() { helper(); System.out.println(); new B(); } void helper() {} }
    private final CodeChunk classA = type("A.java", "A", SymbolKind.CLASS, 1, 20);
    private final CodeChunk run = method("A.java", "run", 3, 8, List.of("helper", "System.out.println", "B"));
    private final CodeChunk helperA = method("A.java", "helper", 10, 12, List.of());
    // B.java: class B implements I { void helper() {} } — a namesake of A.helper
    private final CodeChunk classB = type("B.java", "B", SymbolKind.CLASS, 1, 10);
    private final CodeChunk helperB = method("B.java", "helper", 3, 5, List.of());
    // I.java: interface I {}
    private final CodeChunk iface = type("I.java", "I", SymbolKind.INTERFACE, 1, 5);

    private static final ResolvedFile A = new ResolvedFile(
            "A.java",
            List.of(
                    new Declared("LA;", 1, "A", ""),
                    new Declared("LA;.run()V", 3, "A#run", "()"),
                    new Declared("LA;.helper()V", 10, "A#helper", "()")),
            List.of(
                    new Referenced(ReferenceKind.CALL, 4, "LA;.helper()V", "", "", Resolution.EXACT),
                    new Referenced(ReferenceKind.CALL, 5, "", "", "java.io.PrintStream#println()", Resolution.EXACT),
                    new Referenced(ReferenceKind.CALL, 6, "LB;.()V", "LB;", "", Resolution.INFERRED)));
    private static final ResolvedFile B = new ResolvedFile(
            "B.java",
            List.of(new Declared("LB;", 1, "B", ""), new Declared("LB;.helper()V", 3, "B#helper", "()")),
            List.of(new Referenced(ReferenceKind.SUPERTYPE, 1, "LI;", "", "", Resolution.EXACT)));
    // and an import on line 7, below the interface's chunk (as if the file were laid out so)
    private static final ResolvedFile I = new ResolvedFile(
            "I.java",
            List.of(new Declared("LI;", 1, "I", "")),
            List.of(new Referenced(ReferenceKind.IMPORT, 7, "", "", "java.util.List", Resolution.EXACT)));

    private Store store;

    private static CodeChunk type(String path, String name, SymbolKind kind, int start, int end) {
        return code(R, path, Language.JAVA, name, kind, body(name, start, end), start, List.of());
    }

    private static CodeChunk method(String path, String name, int start, int end, List<String> calls) {
        return code(R, path, Language.JAVA, name, SymbolKind.METHOD, body(name, start, end), start, calls);
    }

    private static String body(String name, int start, int end) {
        return name + "\n" + "x\n".repeat(end - start);
    }

    @BeforeEach
    void write() {
        store = SqliteStore.open(dir, MODEL, DIM, StoreOptions.DEFAULTS);
        List<CodeChunk> chunks = List.of(classA, run, helperA, classB, helperB, iface);
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < chunks.size(); i++) {
                tx.insert(chunks.get(i), axis(i));
            }
            tx.putFile(R, "A.java", "ha");
            tx.putFile(R, "B.java", "hb");
            tx.putFile(R, "I.java", "hi");
            tx.putResolved(R, "ha", A);
            tx.putResolved(R, "hb", B);
            tx.putResolved(R, "hi", I);
            tx.commit();
        }
    }

    @org.junit.jupiter.api.AfterEach
    void close() {
        store.close();
    }

    @Test
    void callees_of_a_resolved_file_are_the_declarations_the_compiler_bound_and_no_library_call() {
        assertThat(store.calls().callees(run.id()))
                .containsExactly(
                        new CallEdge(run.id(), "helper", Optional.of(helperA.id()), Resolution.EXACT),
                        // new B() with no declared constructor: the class, through the fallback key
                        new CallEdge(run.id(), "B", Optional.of(classB.id()), Resolution.INFERRED));
        assertThat(store.references().from(run.id()))
                .extracting(SymbolRef::line, SymbolRef::target)
                .contains(org.assertj.core.groups.Tuple.tuple(
                        5, new SymbolRef.External("java.io.PrintStream#println()")));
    }

    @Test
    void call_names_are_the_bound_declarations_names_of_a_chunks_own_calls() {
        // helper() and new B() (the class, by the fallback key); println is the JDK's
        assertThat(store.references().callNames(run.id())).contains(List.of("helper", "B"));
        // the class chunk spans run's lines, but run's calls are run's; the file is resolved: nothing, not unknown
        assertThat(store.references().callNames(classA.id())).contains(List.of());
        try (WriteTransaction tx = store.begin()) {
            tx.putFile(R, "A.java", "ha2");
            tx.commit();
        }
        assertThat(store.references().callNames(run.id())).isEmpty();
        assertThat(store.references().callNames("missing")).isEmpty();
    }

    @Test
    void a_line_belongs_to_its_innermost_chunk() {
        // the class chunk spans the method's lines, but the method's references are the method's
        assertThat(store.references().from(classA.id())).isEmpty();
        assertThat(store.calls().callers(classB.id()))
                .containsExactly(new CallEdge(run.id(), "B", Optional.of(classB.id()), Resolution.INFERRED));
    }

    @Test
    void callers_are_the_resolved_calls_into_the_definition_and_a_namesake_gets_none() {
        assertThat(store.calls().callers(helperA.id()))
                .containsExactly(new CallEdge(run.id(), "helper", Optional.of(helperA.id()), Resolution.EXACT));
        // run's name edge "helper" would match B.helper by name: A.java is resolved, so it does not count
        assertThat(store.calls().callers(helperB.id())).isEmpty();
    }

    @Test
    void implementations_are_the_types_that_name_a_type_as_their_supertype() {
        List<SymbolRef> refs = store.references().to(iface.id(), EnumSet.of(ReferenceKind.SUPERTYPE), 10);
        assertThat(refs).hasSize(1);
        assertThat(refs.getFirst().path()).isEqualTo("B.java");
        assertThat(refs.getFirst().line()).isEqualTo(1);
        assertThat(refs.getFirst().fromChunkId()).isEqualTo(classB.id());
        assertThat(store.references().to(iface.id(), EnumSet.of(ReferenceKind.CALL), 10))
                .isEmpty();
    }

    @Test
    void a_changed_file_falls_back_to_name_edges_until_it_is_resolved_again() {
        try (WriteTransaction tx = store.begin()) {
            tx.putFile(R, "A.java", "ha2");
            tx.commit();
        }
        assertThat(store.references().resolved(run.id())).isFalse();
        assertThat(store.references().from(run.id())).isEmpty();
        // by name: helper is defined twice (A and B), so unresolved; B resolves to the class by name
        assertThat(store.calls().callees(run.id()))
                .extracting(CallEdge::calleeName, CallEdge::resolution)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("helper", Resolution.NAME_ONLY),
                        org.assertj.core.groups.Tuple.tuple("System.out.println", Resolution.NAME_ONLY),
                        org.assertj.core.groups.Tuple.tuple("B", Resolution.NAME_ONLY));
        // and no resolved reference links into A's declarations while A is stale
        assertThat(store.calls().callers(helperA.id()))
                .allSatisfy(e -> assertThat(e.resolution()).isEqualTo(Resolution.NAME_ONLY));
        assertThat(store.references().resolvedHashes(R)).containsEntry("A.java", "ha");

        try (WriteTransaction tx = store.begin()) {
            tx.putResolved(R, "ha2", A);
            tx.commit();
        }
        assertThat(store.references().resolved(run.id())).isTrue();
        assertThat(store.calls().callees(run.id())).hasSize(2);
    }

    @Test
    void a_key_declared_by_two_files_links_only_from_the_declaring_file_itself() {
        CodeChunk copy = type("copy/I.java", "I", SymbolKind.INTERFACE, 1, 5);
        try (WriteTransaction tx = store.begin()) {
            tx.insert(copy, axis(7));
            tx.putFile(R, "copy/I.java", "hc");
            tx.putResolved(
                    R, "hc", new ResolvedFile("copy/I.java", List.of(new Declared("LI;", 1, "I", "")), List.of()));
            tx.commit();
        }
        assertThat(store.references().to(iface.id(), Set.of(ReferenceKind.SUPERTYPE), 10))
                .isEmpty();
        assertThat(store.references().from(classB.id())).isEmpty();
    }

    @Test
    void call_names_follow_from_for_a_key_two_current_files_declare() {
        // a second B (another source root's copy): new B() in A.java may mean either, so neither is named
        try (WriteTransaction tx = store.begin()) {
            tx.insert(type("copy/B.java", "B", SymbolKind.CLASS, 1, 10), axis(7));
            tx.putFile(R, "copy/B.java", "hc");
            tx.putResolved(
                    R, "hc", new ResolvedFile("copy/B.java", List.of(new Declared("LB;", 1, "B", "")), List.of()));
            tx.commit();
        }
        List<String> fromNames = store.references().from(run.id()).stream()
                .filter(r -> r.kind() == ReferenceKind.CALL && r.target() instanceof SymbolRef.InRepo)
                .map(r -> ((SymbolRef.InRepo) r.target()).simpleName())
                .distinct()
                .toList();
        assertThat(fromNames).containsExactly("helper");
        assertThat(store.references().callNames(run.id())).contains(fromNames);
    }

    @Test
    void a_files_references_include_those_on_lines_outside_every_chunk() {
        assertThat(store.references().inFile(R, "I.java"))
                .containsExactly(new SymbolRef(
                        ReferenceKind.IMPORT,
                        R,
                        "I.java",
                        7,
                        "",
                        new SymbolRef.External("java.util.List"),
                        Resolution.EXACT));
        assertThat(store.references().from(iface.id())).isEmpty();
        assertThat(store.references().inFile(R, "A.java"))
                .extracting(SymbolRef::line, SymbolRef::fromChunkId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(4, run.id()),
                        org.assertj.core.groups.Tuple.tuple(5, run.id()),
                        org.assertj.core.groups.Tuple.tuple(6, run.id()));
        assertThat(store.references().inFile(R, "missing.java")).isEmpty();
    }

    @Test
    void deleting_a_file_removes_its_references_and_declarations() {
        assertThat(store.references().referencing(R, List.of("LI;"), 10)).containsExactly("B.java");
        assertThat(store.references().declaredKeys(R, "B.java")).containsExactlyInAnyOrder("LB;", "LB;.helper()V");
        try (WriteTransaction tx = store.begin()) {
            tx.deleteFile(R, "B.java");
            tx.commit();
        }
        assertThat(store.references().to(iface.id(), Set.of(ReferenceKind.SUPERTYPE), 10))
                .isEmpty();
        assertThat(store.references().referencing(R, List.of("LI;"), 10)).isEmpty();
        assertThat(store.references().declaredKeys(R, "B.java")).isEmpty();
        assertThat(store.references().resolvedHashes(R)).doesNotContainKey("B.java");
    }

    @Test
    void a_stored_resolution_reads_back_as_it_was_put_and_puts_back_the_same_links() {
        assertThat(store.references().stored(R, "A.java")).contains(new References.Stored("ha", A));
        assertThat(store.references().stored(R, "B.java")).contains(new References.Stored("hb", B));
        assertThat(store.references().stored(R, "Nope.java")).isEmpty();
        List<SymbolRef> before = store.references().from(run.id());
        try (WriteTransaction tx = store.begin()) {
            References.Stored a = store.references().stored(R, "A.java").orElseThrow();
            tx.putResolved(R, a.fileHash(), a.file());
            tx.commit();
        }
        assertThat(store.references().from(run.id())).isEqualTo(before).isNotEmpty();
    }
}
