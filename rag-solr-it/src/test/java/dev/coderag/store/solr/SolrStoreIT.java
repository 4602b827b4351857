package dev.coderag.store.solr;

import static dev.coderag.store.solr.Chunks.DIM;
import static dev.coderag.store.solr.Chunks.MODEL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.solrit.SolrCluster;
import dev.coderag.store.ChatLog;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.common.cloud.DocCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** What only the Solr store has to get right: creating and checking its collection, the lease, visibility, chats. */
@ExtendWith(SolrCluster.class)
class SolrStoreIT {
    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

    @TempDir
    Path tmp;

    private StoreLocation location(String url) {
        return new StoreLocation.Remote(url, tmp);
    }

    @Test
    void the_collection_is_created_on_first_use_with_the_urls_shards_and_replicas_and_the_model_is_checked() {
        String collection = SolrCluster.collection("create");
        String url = SolrCluster.get().storeUrl(collection, 2, 2);
        assertThat(Store.storedModelId(location(url))).isEmpty();
        try (SolrConnection solr = new SolrConnection(SolrUrl.parse(url))) {
            assertThat(SolrSetup.exists(solr))
                    .as("storedModelId creates nothing")
                    .isFalse();
        }
        try (Store store = Store.open(location(url), MODEL, DIM)) {
            assertThat(store.directory()).isEqualTo(tmp.toAbsolutePath());
            assertThat(store.describe()).isEqualTo(url);
            assertThat(store.repos().list()).isEmpty();
        }
        try (SolrConnection solr = new SolrConnection(SolrUrl.parse(url))) {
            DocCollection c = solr.client().getClusterState().getCollection(collection);
            assertThat(c.getSlices()).hasSize(2);
            assertThat(c.getReplicas()).hasSize(4);
            // the replicas of a shard are on different nodes
            c.getSlices().forEach(s -> assertThat(
                            s.getReplicas().stream().map(r -> r.getNodeName()).distinct())
                    .hasSize(2));
        }
        assertThat(Store.storedModelId(location(url))).contains(MODEL);
        assertThatThrownBy(() -> Store.open(location(url), "other/model", DIM))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("was built with " + MODEL + " (" + DIM + "-d) but this run uses other/model")
                .extracting(e -> ((StoreException) e).reason())
                .isEqualTo(StoreException.Reason.MODEL_MISMATCH);
        assertThatThrownBy(() -> Store.open(location(url), MODEL, DIM * 2))
                .extracting(e -> ((StoreException) e).reason())
                .isEqualTo(StoreException.Reason.MODEL_MISMATCH);
    }

    @Test
    void a_collection_with_another_schema_is_refused() throws Exception {
        String collection = SolrCluster.collection("foreign");
        String url = SolrCluster.get().storeUrl(collection, 1, 1);
        try (SolrConnection solr = new SolrConnection(SolrUrl.parse(url))) {
            byte[] zip = configsetWithSchemaName(DIM, "coderag-v0");
            new org.apache.solr.client.solrj.request.ConfigSetAdminRequest.Upload()
                    .setConfigSetName("old-" + collection)
                    .setUploadStream(new org.apache.solr.common.util.ContentStreamBase.ByteArrayStream(
                            zip, "c.zip", "application/zip"))
                    .process(solr.client());
            CollectionAdminRequest.createCollection(collection, "old-" + collection, 1, 1)
                    .process(solr.client());
        }
        assertThatThrownBy(() -> Store.open(location(url), MODEL, DIM))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("made by another coderag version (schema coderag-v0, this one needs coderag-v2)")
                .extracting(e -> ((StoreException) e).reason())
                .isEqualTo(StoreException.Reason.CORRUPT);
    }

    @Test
    void one_writer_at_a_time_across_store_objects_and_batches_become_visible_at_checkpoints() {
        String url = SolrCluster.storeUrl("lease");
        Random random = new Random(3);
        try (Store writer = Store.open(location(url), MODEL, DIM);
                Store other = Store.open(location(url), MODEL, DIM)) {
            CodeChunk a = Chunks.code("r", "A.java", "alpha", SymbolKind.METHOD, "void alpha() {}", 1, List.of());
            CodeChunk b = Chunks.code("r", "B.java", "beta", SymbolKind.METHOD, "void beta() {}", 1, List.of());
            try (WriteTransaction tx = writer.begin()) {
                assertThatThrownBy(other::begin)
                        .isInstanceOf(StoreException.class)
                        .hasMessageContaining("another ingest is running")
                        .extracting(e -> ((StoreException) e).reason())
                        .isEqualTo(StoreException.Reason.LOCKED);
                assertThatThrownBy(writer::begin)
                        .extracting(e -> ((StoreException) e).reason())
                        .isEqualTo(StoreException.Reason.LOCKED);
                tx.insert(a, Chunks.random(random));
                tx.putFile("r", "A.java", "h1");
                assertThat(other.chunks().get(a.id()))
                        .as("nothing visible before a checkpoint")
                        .isEmpty();
                tx.putRepo(new RepoRecord("r", "/r", "", T0, IndexState.PARTIAL, 1, "dev"));
                tx.checkpoint();
                assertThat(other.chunks().get(a.id())).isPresent();
                assertThat(other.files().hashes("r")).isEqualTo(Map.of("A.java", "h1"));
                assertThat(other.repos().get("r").orElseThrow().state()).isEqualTo(IndexState.PARTIAL);
                assertThat(other.repos().get("r").orElseThrow().branch()).isEqualTo("dev");
                tx.insert(b, Chunks.random(random));
                tx.deleteFile("r", "A.java");
                // closed without commit: b is dropped, A.java stays
            }
            assertThat(other.chunks().get(b.id())).isEmpty();
            assertThat(other.chunks().get(a.id())).isPresent();
            try (WriteTransaction tx = other.begin()) { // the lease was released
                tx.putSkipped(
                        "r", List.of(new SkippedFile("z.bin", "binary"), new SkippedFile("b.min.js", "minified")));
                tx.checkpoint();
                assertThat(writer.repos().skipped("r", 1)).containsExactly(new SkippedFile("b.min.js", "minified"));
                tx.putSkipped("r", List.of(new SkippedFile("c.bin", "binary")));
                tx.checkpoint();
                assertThat(writer.repos().skipped("r", 10))
                        .as("a new list replaces the old one")
                        .containsExactly(new SkippedFile("c.bin", "binary"));
                tx.deleteRepo("r");
                tx.commit();
                assertThatThrownBy(tx::commit).isInstanceOf(IllegalStateException.class);
            }
            assertThat(writer.repos().list()).isEmpty();
            assertThat(writer.repos().skipped("r", 10)).isEmpty();
            assertThat(writer.chunks().counts()).containsEntry(ChunkKind.CODE, 0);
        }
    }

    @Test
    void a_closed_store_fails_with_io() {
        String url = SolrCluster.storeUrl("closed");
        Store store = Store.open(location(url), MODEL, DIM);
        store.close();
        store.close(); // idempotent
        assertThatThrownBy(() ->
                        store.vectors().search(ChunkKind.CODE, Chunks.random(new Random(1)), 3, SearchFilter.NONE))
                .extracting(e -> ((StoreException) e).reason())
                .isEqualTo(StoreException.Reason.IO);
        assertThatThrownBy(() -> store.chats().list(3))
                .extracting(e -> ((StoreException) e).reason())
                .isEqualTo(StoreException.Reason.IO);
    }

    @Test
    void recreate_empties_the_collection() {
        String url = SolrCluster.storeUrl("recreate");
        try (Store store = Store.open(location(url), MODEL, DIM);
                WriteTransaction tx = store.begin()) {
            tx.putRepo(new RepoRecord("r", "/r", "", T0));
            tx.commit();
        }
        try (Store store = Store.recreate(location(url), "another/model", DIM)) {
            assertThat(store.repos().list()).isEmpty();
            assertThat(store.modelId()).isEqualTo("another/model");
        }
        assertThat(Store.storedModelId(location(url))).contains("another/model");
    }

    @Test
    void chats_are_shared_by_every_store_object_and_appends_from_two_writers_both_land() throws Exception {
        String url = SolrCluster.storeUrl("chats");
        try (Store one = Store.open(location(url), MODEL, DIM);
                Store two = Store.open(location(url), MODEL, DIM)) {
            one.chats().create("c1", Optional.of("web"), T0);
            one.chats().create("c1", Optional.empty(), T0.plusSeconds(9)); // an existing id is left alone
            assertThat(two.chats().append("c1", "How does X work?", "{\"n\":1}", T0.plusSeconds(1)))
                    .isTrue();
            assertThat(one.chats().append("c1", "and Y?", "{\"n\":2}", T0.plusSeconds(2)))
                    .isTrue();
            assertThat(one.chats().append("nope", "t", "{}", T0)).isFalse();
            // an owner's chats are listed by owner, and an append keeps the owner
            one.chats().create("mine", Optional.empty(), "session:a", T0.plusSeconds(5));
            assertThat(one.chats().append("mine", "q", "{}", T0.plusSeconds(6))).isTrue();
            assertThat(two.chats().list("session:a", 10))
                    .extracting(ChatLog.ChatRow::id)
                    .containsExactly("mine");
            assertThat(two.chats().list("session:b", 10)).isEmpty();
            assertThat(two.chats().get("mine").orElseThrow().owner()).isEqualTo("session:a");
            assertThat(one.chats().delete("mine")).isTrue();
            assertThat(two.chats().list(10))
                    .containsExactly(new ChatLog.ChatRow(
                            "c1", Optional.of("web"), T0, T0.plusSeconds(2), 2, "How does X work?", ChatLog.NO_OWNER));
            assertThat(two.chats().get("c1")).isEqualTo(one.chats().get("c1"));
            assertThat(one.chats().turns("c1"))
                    .extracting(ChatLog.TurnRow::json)
                    .containsExactly("{\"n\":1}", "{\"n\":2}");

            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<Boolean>> appends = pool.invokeAll(List.<Callable<Boolean>>of(
                        () -> one.chats().append("c1", "x", "{\"from\":1}", T0.plusSeconds(3)),
                        () -> two.chats().append("c1", "x", "{\"from\":2}", T0.plusSeconds(3))));
                for (Future<Boolean> f : appends) {
                    assertThat(f.get()).isTrue();
                }
            } finally {
                pool.shutdown();
            }
            assertThat(one.chats().turns("c1"))
                    .extracting(ChatLog.TurnRow::json)
                    .hasSize(4)
                    .contains("{\"from\":1}", "{\"from\":2}");
            assertThat(two.chats().delete("c1")).isTrue();
            assertThat(one.chats().get("c1")).isEmpty();
            assertThat(one.chats().turns("c1")).isEmpty();
            assertThat(one.chats().delete("c1")).isFalse();
            assertThat(one.chats().list(10)).isEmpty();
        }
    }

    @Test
    void chats_are_bounded_like_the_embedded_store() {
        String url = SolrCluster.storeUrl("chatbounds");
        try (Store store = Store.open(location(url), MODEL, DIM)) {
            SolrStore solrStore = (SolrStore) store;
            ChatLog small = solrStore.chatLog(100, 2);
            small.create("a", Optional.empty(), T0);
            small.create("b", Optional.empty(), T0.plusSeconds(1));
            small.create("c", Optional.empty(), T0.plusSeconds(2)); // "a" is the least recently used
            assertThat(small.list(10)).extracting(ChatLog.ChatRow::id).containsExactly("c", "b");
            for (int i = 0; i < ChatLog.MAX_TURNS + 3; i++) {
                assertThat(small.append("b", "q" + i, "{\"i\":" + i + "}", T0.plusSeconds(10 + i)))
                        .isTrue();
            }
            // over 100 characters of turns: chat c went first, then b's oldest turns
            assertThat(small.list(10)).extracting(ChatLog.ChatRow::id).containsExactly("b");
            List<ChatLog.TurnRow> turns = small.turns("b");
            assertThat(turns.stream().mapToInt(t -> t.json().length()).sum()).isLessThanOrEqualTo(100);
            assertThat(turns.getLast().json()).isEqualTo("{\"i\":" + (ChatLog.MAX_TURNS + 2) + "}");
            assertThat(small.get("b").orElseThrow().title()).isEqualTo("q0");
        }
    }

    /** This version's configset with another schema name, as another coderag version would have made it. */
    private static byte[] configsetWithSchemaName(int dimension, String name) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (var in = new java.util.zip.ZipInputStream(
                        new java.io.ByteArrayInputStream(SolrSetup.configsetZip(dimension)));
                var zip = new java.util.zip.ZipOutputStream(out)) {
            for (var e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                zip.putNextEntry(new java.util.zip.ZipEntry(e.getName()));
                zip.write(text.replace("name=\"" + SolrSetup.SCHEMA_NAME + "\"", "name=\"" + name + "\"")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return out.toByteArray();
    }
}
