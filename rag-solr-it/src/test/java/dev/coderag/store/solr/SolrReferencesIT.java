package dev.coderag.store.solr;

import static dev.coderag.store.solr.Chunks.DIM;
import static dev.coderag.store.solr.Chunks.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.solrit.SolrCluster;
import dev.coderag.store.CallEdge;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resolved references on a real 2-shard × 2-replica collection: hand-written resolved files over hand-written code
 * chunks (a class chunk holding its method chunks), every expected reference and edge written out by hand. The
 * fixture, repo {@code r}: {@code src/A.java} (class A 1-30 holding run 5-12 and helper 14-18, and a reference on
 * line 40 outside every chunk), {@code src/B.java} (class B 1-20 holding work 4-8 and callA 10-15), two copies of
 * class Dup ({@code src/d1/Dup.java}, {@code src/d2/Dup.java}: class 1-10 holding go 3-5 and callGo 7-9) and
 * {@code src/C.java} (useRun 1-5), which has no resolved references; repo {@code s} holds a copy of A's
 * declarations, which must not count in repo {@code r}.
 */
@ExtendWith(SolrCluster.class)
class SolrReferencesIT {
    private static final String R = "r";
    private static final String A = "src/A.java";
    private static final String B = "src/B.java";
    private static final String D1 = "src/d1/Dup.java";
    private static final String D2 = "src/d2/Dup.java";
    private static final String C = "src/C.java";

    private static final CodeChunk A_CLASS = chunk(R, A, "A", SymbolKind.CLASS, 1, 30);
    private static final CodeChunk A_RUN = chunk(R, A, "run", SymbolKind.METHOD, 5, 12, "helper", "println", "B");
    private static final CodeChunk A_HELPER = chunk(R, A, "helper", SymbolKind.METHOD, 14, 18, "work");
    private static final CodeChunk B_CLASS = chunk(R, B, "B", SymbolKind.CLASS, 1, 20);
    private static final CodeChunk B_WORK = chunk(R, B, "work", SymbolKind.METHOD, 4, 8, "helper");
    private static final CodeChunk B_CALL_A = chunk(R, B, "callA", SymbolKind.METHOD, 10, 15, "run");
    private static final CodeChunk D1_CLASS = chunk(R, D1, "Dup", SymbolKind.CLASS, 1, 10);
    private static final CodeChunk D1_GO = chunk(R, D1, "go", SymbolKind.METHOD, 3, 5);
    private static final CodeChunk D1_CALL_GO = chunk(R, D1, "callGo", SymbolKind.METHOD, 7, 9, "go");
    private static final CodeChunk D2_CLASS = chunk(R, D2, "Dup", SymbolKind.CLASS, 1, 10);
    private static final CodeChunk D2_GO = chunk(R, D2, "go", SymbolKind.METHOD, 3, 5);
    private static final CodeChunk C_USE_RUN = chunk(R, C, "useRun", SymbolKind.METHOD, 1, 5, "run");
    private static final CodeChunk S_HELPER = chunk("s", A, "helper", SymbolKind.METHOD, 14, 18);

    private static final ResolvedFile A_REFS = new ResolvedFile(
            A,
            List.of(
                    decl("LA;", 1, "dev.x.A", ""),
                    decl("LA;.count", 3, "dev.x.A#count", ""),
                    decl("LA;.run()V", 5, "dev.x.A#run", "()"),
                    decl("LA;.helper()V", 14, "dev.x.A#helper", "()")),
            List.of( // not in line order: from() sorts by line, then by this order
                    new ResolvedFile.Referenced(ReferenceKind.CALL, 9, "LB;.<init>()V", "LB;", "", Resolution.INFERRED),
                    ref(ReferenceKind.CALL, 7, "LA;.helper()V"),
                    ref(ReferenceKind.FIELD, 7, "LA;.count"),
                    ref(ReferenceKind.TYPE, 6, "LB;"),
                    new ResolvedFile.Referenced(
                            ReferenceKind.CALL, 8, "", "", "java.io.PrintStream#println", Resolution.EXACT),
                    ref(ReferenceKind.CALL, 11, "LDup;.go()V"),
                    ref(ReferenceKind.CALL, 12, "LNobody;.x()V"),
                    ref(ReferenceKind.CALL, 16, "LB;.work()V"),
                    ref(ReferenceKind.TYPE, 3, "LB;"),
                    ref(ReferenceKind.CALL, 40, "LA;.run()V")));
    private static final ResolvedFile B_REFS = new ResolvedFile(
            B,
            List.of(
                    decl("LB;", 1, "dev.x.B", ""),
                    decl("LB;.work()V", 4, "dev.x.B#work", "()"),
                    decl("LB;.callA()V", 10, "dev.x.B#callA", "()")),
            List.of(ref(ReferenceKind.CALL, 6, "LA;.helper()V"), ref(ReferenceKind.CALL, 12, "LA;.run()V")));
    private static final List<ResolvedFile.Declared> DUP =
            List.of(decl("LDup;", 1, "dev.x.Dup", ""), decl("LDup;.go()V", 3, "dev.x.Dup#go", "()"));
    private static final ResolvedFile D1_REFS =
            new ResolvedFile(D1, DUP, List.of(ref(ReferenceKind.CALL, 8, "LDup;.go()V")));
    private static final ResolvedFile D2_REFS = new ResolvedFile(D2, DUP, List.of());

    private static final SymbolRef.InRepo TO_B_CLASS = new SymbolRef.InRepo(B, 1, "dev.x.B", "", B_CLASS.id());
    private static final SymbolRef.InRepo TO_HELPER =
            new SymbolRef.InRepo(A, 14, "dev.x.A#helper", "()", A_HELPER.id());
    private static final SymbolRef.InRepo TO_RUN = new SymbolRef.InRepo(A, 5, "dev.x.A#run", "()", A_RUN.id());
    private static final SymbolRef.InRepo TO_COUNT = new SymbolRef.InRepo(A, 3, "dev.x.A#count", "", A_CLASS.id());
    private static final SymbolRef.InRepo TO_D1_GO = new SymbolRef.InRepo(D1, 3, "dev.x.Dup#go", "()", D1_GO.id());
    private static final SymbolRef.External PRINTLN = new SymbolRef.External("java.io.PrintStream#println");

    @TempDir
    static Path tmp;

    /** The fixture as written, read by the tests that do not write. */
    private static Store fixture;

    @BeforeAll
    static void writeTheFixture() {
        fixture = open("refs");
    }

    @AfterAll
    static void close() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void from_gives_a_chunks_own_lines_in_line_order_linked_to_declarations_and_their_innermost_chunks() {
        assertThat(fixture.references().from(A_RUN.id()))
                .containsExactly(
                        at(ReferenceKind.TYPE, A, 6, A_RUN, TO_B_CLASS, Resolution.EXACT),
                        at(ReferenceKind.CALL, A, 7, A_RUN, TO_HELPER, Resolution.EXACT),
                        at(ReferenceKind.FIELD, A, 7, A_RUN, TO_COUNT, Resolution.EXACT),
                        at(ReferenceKind.CALL, A, 8, A_RUN, PRINTLN, Resolution.EXACT),
                        // no constructor B() is declared: the reference falls back to its class
                        at(ReferenceKind.CALL, A, 9, A_RUN, TO_B_CLASS, Resolution.INFERRED));
        // the class chunk has only the lines no method chunk holds; line 40 is in no chunk at all
        assertThat(fixture.references().from(A_CLASS.id()))
                .containsExactly(at(ReferenceKind.TYPE, A, 3, A_CLASS, TO_B_CLASS, Resolution.EXACT));
        assertThat(fixture.references().from(A_HELPER.id()))
                .containsExactly(at(
                        ReferenceKind.CALL,
                        A,
                        16,
                        A_HELPER,
                        new SymbolRef.InRepo(B, 4, "dev.x.B#work", "()", B_WORK.id()),
                        Resolution.EXACT));
        assertThat(fixture.references().from(C_USE_RUN.id())).isEmpty();
        assertThat(fixture.references().from("no-such-chunk")).isEmpty();
    }

    @Test
    void in_file_gives_every_line_of_a_file_each_with_its_innermost_chunk_or_none() {
        assertThat(fixture.references().inFile(R, A))
                .containsExactly(
                        at(ReferenceKind.TYPE, A, 3, A_CLASS, TO_B_CLASS, Resolution.EXACT),
                        at(ReferenceKind.TYPE, A, 6, A_RUN, TO_B_CLASS, Resolution.EXACT),
                        at(ReferenceKind.CALL, A, 7, A_RUN, TO_HELPER, Resolution.EXACT),
                        at(ReferenceKind.FIELD, A, 7, A_RUN, TO_COUNT, Resolution.EXACT),
                        at(ReferenceKind.CALL, A, 8, A_RUN, PRINTLN, Resolution.EXACT),
                        at(ReferenceKind.CALL, A, 9, A_RUN, TO_B_CLASS, Resolution.INFERRED),
                        at(
                                ReferenceKind.CALL,
                                A,
                                16,
                                A_HELPER,
                                new SymbolRef.InRepo(B, 4, "dev.x.B#work", "()", B_WORK.id()),
                                Resolution.EXACT),
                        at(ReferenceKind.CALL, A, 40, null, TO_RUN, Resolution.EXACT));
        assertThat(fixture.references().inFile(R, C)).isEmpty(); // not resolved
        // helper(), new B() (its class), and run() at line 40 is in no chunk; println is outside the repository
        assertThat(fixture.references().callNames(A_RUN.id())).contains(List.of("helper", "B"));
        assertThat(fixture.references().callNames(C_USE_RUN.id())).isEmpty();
        assertThat(fixture.references().inFile(R, "src/none.java")).isEmpty();
    }

    @Test
    void a_key_two_current_files_declare_links_only_from_one_of_them_to_its_own() {
        // A's call of Dup.go (line 11) is left out of from(run) above; D1's own call links to D1's go
        assertThat(fixture.references().from(D1_CALL_GO.id()))
                .containsExactly(at(ReferenceKind.CALL, D1, 8, D1_CALL_GO, TO_D1_GO, Resolution.EXACT));
        assertThat(fixture.references().to(D1_GO.id(), EnumSet.of(ReferenceKind.CALL), 10))
                .containsExactly(at(ReferenceKind.CALL, D1, 8, D1_CALL_GO, TO_D1_GO, Resolution.EXACT));
        assertThat(fixture.references().to(D2_GO.id(), EnumSet.allOf(ReferenceKind.class), 10))
                .isEmpty();
        assertThat(fixture.calls().callees(D1_CALL_GO.id()))
                .as("resolved, where the name go has two definitions")
                .containsExactly(new CallEdge(D1_CALL_GO.id(), "go", Optional.of(D1_GO.id()), Resolution.EXACT));
    }

    @Test
    void to_gives_the_references_into_a_chunks_declarations_by_path_and_line_of_the_asked_kinds() {
        assertThat(fixture.references().to(A_HELPER.id(), EnumSet.of(ReferenceKind.CALL), 10))
                .containsExactly(
                        at(ReferenceKind.CALL, A, 7, A_RUN, TO_HELPER, Resolution.EXACT),
                        at(ReferenceKind.CALL, B, 6, B_WORK, TO_HELPER, Resolution.EXACT));
        assertThat(fixture.references().to(A_RUN.id(), EnumSet.of(ReferenceKind.CALL), 10))
                .containsExactly(
                        at(ReferenceKind.CALL, A, 40, null, TO_RUN, Resolution.EXACT),
                        at(ReferenceKind.CALL, B, 12, B_CALL_A, TO_RUN, Resolution.EXACT));
        Set<ReferenceKind> typeOrCall = EnumSet.of(ReferenceKind.TYPE, ReferenceKind.CALL);
        assertThat(fixture.references().to(B_CLASS.id(), typeOrCall, 10))
                .containsExactly(
                        at(ReferenceKind.TYPE, A, 3, A_CLASS, TO_B_CLASS, Resolution.EXACT),
                        at(ReferenceKind.TYPE, A, 6, A_RUN, TO_B_CLASS, Resolution.EXACT),
                        at(ReferenceKind.CALL, A, 9, A_RUN, TO_B_CLASS, Resolution.INFERRED));
        assertThat(fixture.references().to(B_CLASS.id(), typeOrCall, 2))
                .containsExactly(
                        at(ReferenceKind.TYPE, A, 3, A_CLASS, TO_B_CLASS, Resolution.EXACT),
                        at(ReferenceKind.TYPE, A, 6, A_RUN, TO_B_CLASS, Resolution.EXACT));
        assertThat(fixture.references().to(B_CLASS.id(), EnumSet.of(ReferenceKind.CALL), 10))
                .containsExactly(at(ReferenceKind.CALL, A, 9, A_RUN, TO_B_CLASS, Resolution.INFERRED));
        assertThat(fixture.references().to(A_CLASS.id(), EnumSet.of(ReferenceKind.FIELD), 10))
                .as("the field's line belongs to the class chunk")
                .containsExactly(at(ReferenceKind.FIELD, A, 7, A_RUN, TO_COUNT, Resolution.EXACT));
        assertThat(fixture.references().to(C_USE_RUN.id(), EnumSet.allOf(ReferenceKind.class), 10))
                .isEmpty();
    }

    @Test
    void the_call_graph_of_resolved_files_comes_from_their_references() {
        assertThat(fixture.calls().callees(A_RUN.id()))
                .as("println is external, so no callee; B() falls back to class B")
                .containsExactly(
                        new CallEdge(A_RUN.id(), "helper", Optional.of(A_HELPER.id()), Resolution.EXACT),
                        new CallEdge(A_RUN.id(), "B", Optional.of(B_CLASS.id()), Resolution.INFERRED));
        assertThat(fixture.calls().callers(A_RUN.id()))
                .as("B's resolved call, C's name edge (C is not resolved); not B's name edge, nor line 40's call")
                .containsExactly(
                        new CallEdge(B_CALL_A.id(), "run", Optional.of(A_RUN.id()), Resolution.EXACT),
                        new CallEdge(C_USE_RUN.id(), "run", Optional.of(A_RUN.id())));
        assertThat(fixture.calls().callees(C_USE_RUN.id()))
                .containsExactly(new CallEdge(C_USE_RUN.id(), "run", Optional.of(A_RUN.id())));
    }

    @Test
    void resolved_files_hashes_keys_and_referencing_files() {
        assertThat(fixture.references().resolved(A_RUN.id())).isTrue();
        assertThat(fixture.references().resolved(C_USE_RUN.id())).isFalse();
        assertThat(fixture.references().resolved("no-such-chunk")).isFalse();
        assertThat(fixture.references().resolvedHashes(R))
                .containsExactly(Map.entry(A, "a1"), Map.entry(B, "b1"), Map.entry(D1, "d1"), Map.entry(D2, "d2"));
        assertThat(fixture.references().resolvedHashes("s")).containsExactly(Map.entry(A, "s1"));
        assertThat(fixture.references().declaredKeys(R, B))
                .containsExactlyInAnyOrder("LB;", "LB;.work()V", "LB;.callA()V");
        assertThat(fixture.references().declaredKeys(R, C)).isEmpty();
        assertThat(fixture.references().referencing(R, List.of("LB;"), 10)).containsExactly(A);
        assertThat(fixture.references().referencing(R, List.of("LA;.run()V", "LDup;.go()V"), 10))
                .containsExactly(A, B, D1);
        assertThat(fixture.references().referencing(R, List.of("LA;.run()V", "LDup;.go()V"), 2))
                .containsExactly(A, B);
        assertThat(fixture.references().referencing(R, List.of("LB;.<init>()V"), 10))
                .containsExactly(A);
    }

    @Test
    void each_read_is_a_few_round_trips() {
        SolrStore store = (SolrStore) fixture;
        Map<String, Runnable> reads = new LinkedHashMap<>();
        // the chunk; its file's hash and resolved document
        reads.put("resolved", () -> store.references().resolved(A_RUN.id()));
        // + the declaring files; their hashes and code chunks
        reads.put("from", () -> store.references().from(A_RUN.id()));
        reads.put("callees", () -> store.calls().callees(A_RUN.id()));
        // the chunk; its file; a page of referring files; the declarations they refer to; their hashes and chunks
        reads.put("to", () -> store.references().to(A_HELPER.id(), EnumSet.of(ReferenceKind.CALL), 10));
        // + the one definition of the name, the name edges, whether their files are resolved
        reads.put("callers", () -> store.calls().callers(A_RUN.id()));
        Map<String, Long> trips = new LinkedHashMap<>();
        reads.forEach((name, read) -> {
            long before = store.searches();
            read.run();
            trips.put(name, store.searches() - before);
        });
        assertThat(trips)
                .containsExactly(
                        Map.entry("resolved", 2L),
                        Map.entry("from", 4L),
                        Map.entry("callees", 4L),
                        Map.entry("to", 5L),
                        Map.entry("callers", 8L));
    }

    @Test
    void a_file_whose_hash_changed_no_longer_counts_and_its_chunks_fall_back_to_name_edges() {
        try (Store store = open("changed")) {
            try (WriteTransaction tx = store.begin()) {
                tx.putFile(R, B, "b2");
                tx.commit();
            }
            assertThat(store.references().resolved(B_WORK.id())).isFalse();
            assertThat(store.references().from(B_CALL_A.id())).isEmpty();
            assertThat(store.references().resolvedHashes(R)).containsEntry(B, "b1");
            assertThat(store.calls().callees(B_CALL_A.id()))
                    .containsExactly(new CallEdge(B_CALL_A.id(), "run", Optional.of(A_RUN.id())));
            assertThat(store.calls().callers(B_WORK.id()))
                    .containsExactly(new CallEdge(A_HELPER.id(), "work", Optional.of(B_WORK.id())));
            // A's references into B's declarations link no more; its own still do
            assertThat(store.references().from(A_RUN.id()))
                    .containsExactly(
                            at(ReferenceKind.CALL, A, 7, A_RUN, TO_HELPER, Resolution.EXACT),
                            at(ReferenceKind.FIELD, A, 7, A_RUN, TO_COUNT, Resolution.EXACT),
                            at(ReferenceKind.CALL, A, 8, A_RUN, PRINTLN, Resolution.EXACT));
            assertThat(store.calls().callees(A_RUN.id()))
                    .containsExactly(new CallEdge(A_RUN.id(), "helper", Optional.of(A_HELPER.id()), Resolution.EXACT));
            assertThat(store.references().to(A_HELPER.id(), EnumSet.of(ReferenceKind.CALL), 10))
                    .containsExactly(at(ReferenceKind.CALL, A, 7, A_RUN, TO_HELPER, Resolution.EXACT));
            assertThat(store.calls().callers(A_RUN.id()))
                    .as("B's name edge counts again")
                    .containsExactly(
                            new CallEdge(B_CALL_A.id(), "run", Optional.of(A_RUN.id())),
                            new CallEdge(C_USE_RUN.id(), "run", Optional.of(A_RUN.id())));

            try (WriteTransaction tx = store.begin()) {
                tx.putResolved(R, "b2", B_REFS); // resolved again for its new content
                tx.commit();
            }
            assertThat(store.references().resolved(B_WORK.id())).isTrue();
            assertThat(store.calls().callees(B_CALL_A.id()))
                    .containsExactly(new CallEdge(B_CALL_A.id(), "run", Optional.of(A_RUN.id()), Resolution.EXACT));
        }
    }

    @Test
    void deleting_a_file_or_the_repo_removes_its_references_and_putResolved_replaces_them() {
        try (Store store = open("deleted")) {
            try (WriteTransaction tx = store.begin()) {
                tx.deleteFile(R, D2);
                tx.commit();
            }
            assertThat(store.references().resolvedHashes(R)).doesNotContainKey(D2);
            assertThat(store.references().declaredKeys(R, D2)).isEmpty();
            // Dup.go has one declaration now: A's call of it links
            assertThat(store.references().to(D1_GO.id(), EnumSet.of(ReferenceKind.CALL), 10))
                    .containsExactly(
                            at(ReferenceKind.CALL, A, 11, A_RUN, TO_D1_GO, Resolution.EXACT),
                            at(ReferenceKind.CALL, D1, 8, D1_CALL_GO, TO_D1_GO, Resolution.EXACT));
            assertThat(store.calls().callees(A_RUN.id()))
                    .extracting(CallEdge::calleeId)
                    .containsExactly(Optional.of(A_HELPER.id()), Optional.of(B_CLASS.id()), Optional.of(D1_GO.id()));

            try (WriteTransaction tx = store.begin()) {
                tx.putResolved(
                        R,
                        "a1",
                        new ResolvedFile(A, A_REFS.declared(), List.of(ref(ReferenceKind.CALL, 7, "LA;.helper()V"))));
                tx.commit();
            }
            assertThat(store.references().from(A_RUN.id()))
                    .containsExactly(at(ReferenceKind.CALL, A, 7, A_RUN, TO_HELPER, Resolution.EXACT));
            assertThat(store.references().to(B_CLASS.id(), EnumSet.allOf(ReferenceKind.class), 10))
                    .isEmpty();
            assertThat(store.references().referencing(R, List.of("LB;"), 10)).isEmpty();

            try (WriteTransaction tx = store.begin()) {
                tx.deleteRepo(R);
                tx.commit();
            }
            assertThat(store.references().resolvedHashes(R)).isEmpty();
            assertThat(store.references().resolvedHashes("s")).containsOnlyKeys(A);
            assertThat(store.references().declaredKeys(R, A)).isEmpty();
            assertThat(store.references().referencing(R, List.of("LA;.helper()V"), 10))
                    .isEmpty();
        }
    }

    /** A store on a new collection with the fixture written in one transaction. */
    private static Store open(String prefix) {
        Store store =
                Store.open(new StoreLocation.Remote(SolrCluster.storeUrl(prefix), tmp.resolve(prefix)), MODEL, DIM);
        Random random = new Random(11);
        Map<String, String> hashes = new LinkedHashMap<>();
        hashes.put(A, "a1");
        hashes.put(B, "b1");
        hashes.put(D1, "d1");
        hashes.put(D2, "d2");
        hashes.put(C, "c1");
        try (WriteTransaction tx = store.begin()) {
            // references before the chunks and the file's hash: they are linked when read, not when written
            tx.putResolved(R, "a1", A_REFS);
            tx.putResolved(R, "b1", B_REFS);
            tx.putResolved(R, "d1", D1_REFS);
            tx.putResolved(R, "d2", D2_REFS);
            tx.putResolved("s", "s1", new ResolvedFile(A, A_REFS.declared(), List.of()));
            for (CodeChunk c : List.of(
                    A_CLASS,
                    A_RUN,
                    A_HELPER,
                    B_CLASS,
                    B_WORK,
                    B_CALL_A,
                    D1_CLASS,
                    D1_GO,
                    D1_CALL_GO,
                    D2_CLASS,
                    D2_GO,
                    C_USE_RUN,
                    S_HELPER)) {
                tx.insert(c, Chunks.random(random));
            }
            hashes.forEach((path, hash) -> tx.putFile(R, path, hash));
            tx.putFile("s", A, "s1");
            tx.commit();
        }
        return store;
    }

    private static CodeChunk chunk(
            String repo, String path, String symbol, SymbolKind kind, int start, int end, String... calls) {
        StringBuilder code = new StringBuilder("// " + path + " " + symbol);
        for (int line = start + 1; line <= end; line++) {
            code.append("\n    step(").append(line).append(");");
        }
        return Chunks.code(repo, path, symbol, kind, code.toString(), start, List.of(calls));
    }

    private static ResolvedFile.Declared decl(String key, int line, String qualified, String signature) {
        return new ResolvedFile.Declared(key, line, qualified, signature);
    }

    private static ResolvedFile.Referenced ref(ReferenceKind kind, int line, String key) {
        return new ResolvedFile.Referenced(kind, line, key, "", "", Resolution.EXACT);
    }

    /** A reference read from repo r; {@code from} null for a line no chunk holds. */
    private static SymbolRef at(
            ReferenceKind kind, String path, int line, CodeChunk from, SymbolRef.Target to, Resolution resolution) {
        return new SymbolRef(kind, R, path, line, from == null ? "" : from.id(), to, resolution);
    }
}
