package dev.coderag.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Relationship answers over this repository itself, ingested as a user would (static tier, Java references
 * resolved by the compiler): what {@code Reconciler.plan} calls names no namesake in another module and no JDK
 * call, and "What implements Store?" names both backends with file and line. The expected names and files are read
 * off this repository's sources by hand (they are what the compiler binds), not off the store.
 */
class ExactNavigationTest {
    private static final String REPO = "coderag";
    private static Embedder embedder;
    private static Store store;
    private static ChatService chat;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void ingestThisRepository() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assertThat(root.resolve("raptor-ingest/src/main/java/dev/coderag/ingest/Reconciler.java"))
                .as("run from the rag-cli module of a checkout")
                .satisfies(p -> assertThat(Files.isRegularFile(p)).isTrue());
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
        store = Store.open(tmp.resolve("store"), embedder.modelId(), embedder.dimension());
        Ingester.create(
                        store,
                        embedder,
                        IngestOptions.defaults(store.directory()).withVectors(VectorTier.STATIC))
                .ingest(
                        List.of(new IngestRequest(root.toString(), Optional.of(REPO), Optional.empty())),
                        ProgressListener.NONE);
        chat = ChatService.create(store, embedder, ChatOptions.defaults());
    }

    @AfterAll
    static void close() {
        store.close();
        embedder.close();
    }

    private static String ask(String question) {
        return chat.ask(new ChatRequest(question, Optional.of(REPO), Optional.empty()))
                .answer();
    }

    /** The paragraph of an answer that starts with {@code start}. */
    private static String paragraph(String answer, String start) {
        return java.util.Arrays.stream(answer.split("\n\n"))
                .filter(p -> p.startsWith(start))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no paragraph starting " + start + " in:\n" + answer));
    }

    @Test
    void what_reconciler_plan_calls_names_its_own_helpers_and_no_namesake_or_jdk_call() {
        String answer = ask("Which methods call Reconciler.plan?");

        String calls = paragraph(answer, "`Reconciler.plan` [1] calls ");
        // Reconciler.plan(current, stored, parsed) calls Reconciler.files(...) and FileEntry.pending(...)
        assertThat(calls).contains("`Reconciler.files`", "Reconciler.java:", "`FileEntry.pending`");
        // a namesake in another module, and the JDK collections the method uses, are not callees
        assertThat(answer).doesNotContain("SolrFileIndex");
        for (String jdk : List.of("`ArrayList`", "`TreeMap`", "`get`", "`put`", "`of`", "`entrySet`", "`getKey`")) {
            assertThat(calls).doesNotContain(jdk);
        }
        assertThat(paragraph(answer, "`Reconciler.plan` [1] is called by "))
                .contains("`RepoPlanner.planned`", "raptor-ingest/src/main/java/dev/coderag/ingest/RepoPlanner.java:");
    }

    @Test
    void what_implements_store_names_both_backends_with_file_and_line() {
        String answer = ask("What implements Store?");

        String implementers = paragraph(answer, "`Store` [1] is implemented or extended by ");
        assertThat(implementers)
                .containsPattern("`SqliteStore` \\(`rag-store-embedded/src/main/java/dev/coderag/store/embedded/"
                        + "SqliteStore\\.java:\\d+`\\)")
                .containsPattern(
                        "`SolrStore` \\(`rag-store-solr/src/main/java/dev/coderag/store/solr/SolrStore\\.java:\\d+`\\)");
    }
}
