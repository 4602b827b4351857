package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.Store;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The retrieval API the evaluation harness calls, over the real fixture store. */
class RetrieverTest {
    private static Retriever retriever;
    private static Store store;

    @BeforeAll
    static void load() {
        store = FixtureStore.store();
        retriever = Retriever.create(store, SharedModel.embedder());
    }

    private static List<String> paths(Retrieval r) {
        return r.hits().stream().map(h -> h.chunk().path()).toList();
    }

    @Test
    void warm_up_changes_no_answer_and_never_throws_even_on_a_closed_store(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
        String q = "how are HTTP headers parsed?";
        List<String> before = paths(retriever.retrieve(q, Optional.empty(), RetrievalMode.FULL, 10));
        assertThat(retriever.warmUp()).isPositive();
        assertThat(paths(retriever.retrieve(q, Optional.empty(), RetrievalMode.FULL, 10)))
                .isEqualTo(before);

        Store closed = Store.open(
                tmp.resolve("db"),
                SharedModel.embedder().modelId(),
                SharedModel.embedder().dimension());
        Retriever overClosed = Retriever.create(closed, SharedModel.embedder());
        closed.close();
        assertThat(overClosed.warmUp()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void every_mode_returns_at_most_limit_hits_with_non_increasing_scores() {
        for (RetrievalMode mode : RetrievalMode.values()) {
            Retrieval r = retriever.retrieve("how are HTTP headers parsed?", Optional.empty(), mode, 7);
            assertThat(r.hits()).as(mode.name()).hasSizeBetween(1, 7);
            assertThat(r.details()).hasSameSizeAs(r.hits());
            List<Double> scores = r.hits().stream().map(ScoredChunk::score).toList();
            assertThat(scores).as(mode.name()).isSortedAccordingTo((a, b) -> Double.compare(b, a));
            assertThat(scores.getFirst()).isEqualTo(1.0);
            assertThat(paths(r)).as(mode.name()).contains("router/src/main/java/dev/tinyroute/http/HeaderParser.java");
        }
    }

    @Test
    void a_scoped_retrieval_returns_only_chunks_in_scope_pins_and_graph_included() {
        // "parseHeader" is pinned by name and has callers: without a scope it is the first hit
        String query = "who calls parseHeader in HeaderParser.java?";
        assertThat(paths(retriever.retrieve(query, Optional.empty(), RetrievalMode.FULL, 10)))
                .contains("router/src/main/java/dev/tinyroute/http/HeaderParser.java");
        Scope python = new Scope(
                dev.coderag.store.SearchFilter.repo(FixtureStore.REPO)
                        .withLanguages(java.util.Set.of(dev.coderag.types.Language.PYTHON)),
                java.util.Set.of(dev.coderag.types.ChunkKind.CODE));
        Retrieval r = retriever.retrieve(query, python, RetrievalMode.FULL, 10);
        assertThat(r.hits()).isNotEmpty().allSatisfy(h -> {
            assertThat(h.chunk().language()).isEqualTo(dev.coderag.types.Language.PYTHON);
            assertThat(h.chunk().kind()).isEqualTo(dev.coderag.types.ChunkKind.CODE);
        });
        Scope glob = new Scope(dev.coderag.store.SearchFilter.NONE.withPathGlob("web/**"), Scope.ALL.tables());
        assertThat(paths(retriever.retrieve(query, glob, RetrievalMode.FULL, 10)))
                .isNotEmpty()
                .allMatch(p -> p.startsWith("web/"));
        Scope readmes =
                new Scope(dev.coderag.store.SearchFilter.NONE, java.util.Set.of(dev.coderag.types.ChunkKind.README));
        assertThat(retriever.retrieve(query, readmes, RetrievalMode.FULL, 10).hits())
                .isNotEmpty()
                .allMatch(h -> h.chunk().kind() == dev.coderag.types.ChunkKind.README);
    }

    @Test
    void a_large_limit_returns_many_chunks_for_file_aggregation() {
        Retrieval r = retriever.retrieve("cache eviction", Optional.empty(), RetrievalMode.FULL, 60);
        assertThat(r.hits().size()).isGreaterThan(30).isLessThanOrEqualTo(60);
        assertThat(r.hits().stream().map(h -> h.chunk().id()).distinct().count())
                .isEqualTo(r.hits().size());
    }

    @Test
    void a_stack_trace_pins_the_frame_chunk_even_in_a_long_noisy_report() {
        String report = "Server crashes on malformed request. ".repeat(60)
                + "\ndev.tinyroute.http.HeaderParseException: missing colon in header: foo\n"
                + "\tat dev.tinyroute.http.HeaderParser.parseHeader(HeaderParser.java:41)\n"
                + "\tat dev.tinyroute.http.HeaderParser.parseHeaders(HeaderParser.java:60)\n"
                + "\tat java.base/java.lang.Thread.run(Thread.java:1583)\n";
        Retrieval r = retriever.retrieve(report, Optional.empty(), RetrievalMode.FULL, 50);
        assertThat(r.details().getFirst().via()).contains(Via.PIN);
        assertThat(r.hits().getFirst().chunk().location())
                .isEqualTo("router/src/main/java/dev/tinyroute/http/HeaderParser.java:34-48");
        assertThat(r.trace().pins()).contains("router/src/main/java/dev/tinyroute/http/HeaderParser.java:34-48");
        assertThat(r.trace().lexicalQuery()).startsWith("HeaderParser parseHeader");
    }

    @Test
    void naming_a_file_or_a_symbol_pins_it() {
        Retrieval file = retriever.retrieve("show me Router.java", Optional.empty(), RetrievalMode.FULL, 0);
        assertThat(file.hits().getFirst().chunk().path()).endsWith("Router.java");
        Retrieval symbol = retriever.retrieve("what does cache_key do", Optional.empty(), RetrievalMode.FULL, 0);
        assertThat(symbol.hits().getFirst().chunk().location()).isEqualTo("cache/src/lib.rs:13-15");
        assertThat(symbol.details().getFirst().via()).contains(Via.PIN);
    }

    @Test
    void relationship_questions_add_callers_and_callees_from_the_call_graph() {
        Retrieval r = retriever.retrieve("who calls fetch_with_retry?", Optional.empty(), RetrievalMode.FULL, 0);
        assertThat(r.intent()).isEqualTo("relationship");
        assertThat(r.relations()).anySatisfy(rel -> {
            assertThat(rel.calleeName()).isEqualTo("fetch_with_retry");
            assertThat(rel.callerName()).contains("cmd_fetch");
        });
        assertThat(r.details()).anySatisfy(h -> {
            assertThat(h.chunk().title()).contains("cmd_fetch");
            assertThat(h.via()).contains(Via.GRAPH);
        });
        assertThat(r.trace().hitsPerRetriever().get("graph")).isPositive();
    }

    @Test
    void routing_follows_the_table_per_intent() {
        Retrieval impl = retriever.retrieve(
                "where is the ttl cache insert implemented?", Optional.empty(), RetrievalMode.FULL, 0);
        RoutingTable.Route route = RoutingTable.load().route(impl.intent());
        assertThat(impl.hits()).hasSize(route.total());
        assertThat(impl.trace().hitsPerTable().get("code"))
                .isGreaterThanOrEqualTo(route.quota(dev.coderag.types.ChunkKind.CODE));
        Retrieval usage = retriever.retrieve("how do I install and build it?", Optional.empty(), RetrievalMode.FULL, 0);
        assertThat(usage.intent()).isEqualTo("usage");
        assertThat(usage.trace().hitsPerTable().get("readme"))
                .isGreaterThan(usage.trace().hitsPerTable().get("code"));
    }

    @Test
    void relevance_is_the_cosine_to_the_stored_vector_and_the_unrelated_question_stays_low() {
        Retrieval good = retriever.retrieve("parse an HTTP header line", Optional.empty(), RetrievalMode.FULL, 0);
        Retrieval bad = retriever.retrieve("what is the capital of France?", Optional.empty(), RetrievalMode.FULL, 0);
        double floor = dev.coderag.retrieval.evidence.EvidencePolicy.load().relevanceFloor();
        assertThat(good.bestRelevance()).isGreaterThanOrEqualTo(floor);
        assertThat(bad.bestRelevance()).isLessThan(floor);
        assertThat(bad.details()).noneMatch(h -> h.via().contains(Via.PIN));
        assertThat(good.answerable()).as(good.verdict().reason()).isTrue();
        assertThat(bad.answerable()).as(bad.verdict().reason()).isFalse();
    }

    @Test
    void the_repo_filter_restricts_every_retriever() {
        Retrieval r = retriever.retrieve("header parsing", Optional.of("no-such-repo"), RetrievalMode.FULL, 10);
        assertThat(r.hits()).isEmpty();
        Retrieval f = retriever.retrieve("header parsing", Optional.of(FixtureStore.REPO), RetrievalMode.HYBRID, 10);
        assertThat(f.hits()).allSatisfy(h -> assertThat(h.chunk().repo()).isEqualTo(FixtureStore.REPO));
    }
}
