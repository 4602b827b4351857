package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.CallEdge;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.VectorTier;
import dev.coderag.types.CodeChunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ingest resolves the references of a repository's Java files with the compiler (real JDT, real tree-sitter,
 * real store, the real model's static tier) and the store's call graph then follows the compiler: a namesake is no
 * callee, a JDK call is none, a type's implementations are known. Changed files are resolved again alone; a file
 * that referred to a declaration that is gone is resolved again with them. The expected edges are read off the
 * fixture's sources by hand.
 */
class ResolvePassTest {
    private static final String REPO = "shop";
    private static Embedder embedder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void openModel() {
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
    }

    @AfterAll
    static void closeModel() {
        embedder.close();
    }

    private static final String APP = """
            package shop;

            import java.util.ArrayList;
            import java.util.List;

            public class App {
                public List<String> run() {
                    List<String> out = new ArrayList<>();
                    out.add(new Cart().total());
                    new Store().open();
                    return out;
                }
            }
            """;

    private static final String CART = """
            package shop;

            public class Cart implements Priced {
                public String total() {
                    return "0";
                }

                @Override
                public int price() {
                    return 0;
                }
            }
            """;

    private static final String STORE = """
            package shop;

            public class Store {
                public void open() {
                    total();
                }

                String total() {
                    return "";
                }
            }
            """;

    private static final String PRICED = """
            package shop;

            public interface Priced {
                int price();
            }
            """;

    private Path repo() throws IOException {
        Path src = tmp.resolve(REPO).resolve("src/main/java/shop");
        Files.createDirectories(src);
        Files.writeString(src.resolve("App.java"), APP);
        Files.writeString(src.resolve("Cart.java"), CART);
        Files.writeString(src.resolve("Store.java"), STORE);
        Files.writeString(src.resolve("Priced.java"), PRICED);
        return tmp.resolve(REPO);
    }

    private Store open() {
        return Store.open(tmp.resolve("store"), embedder.modelId(), embedder.dimension());
    }

    private static void ingest(Store store, Path repo, boolean resolve) {
        IngestOptions options = IngestOptions.defaults(store.directory())
                .withVectors(VectorTier.STATIC)
                .withResolve(resolve);
        Ingester.create(store, embedder, options)
                .ingest(List.of(IngestRequest.of(repo.toString())), ProgressListener.NONE);
    }

    private static CodeChunk chunk(Store store, String qualified) {
        return store.chunks().bySymbol(qualified.substring(qualified.lastIndexOf('.') + 1), Optional.of(REPO)).stream()
                .map(StoredChunk::chunk)
                .map(CodeChunk.class::cast)
                .filter(c -> c.qualifiedName().equals(qualified))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no chunk " + qualified));
    }

    private static List<String> calleeNames(Store store, String qualified) {
        List<String> ids = store.calls().callees(chunk(store, qualified).id()).stream()
                .map(e -> e.calleeId().orElseThrow())
                .toList();
        return store.chunks().getAll(ids).stream()
                .map(c -> ((CodeChunk) c.chunk()).qualifiedName())
                .toList();
    }

    @Test
    void an_ingest_binds_calls_as_the_compiler_does_and_leaves_out_namesakes_and_jdk_calls() throws IOException {
        Path repo = repo();
        try (Store store = open()) {
            ingest(store, repo, true);

            // new Cart() and new Store() have no declared constructor: they bind to the classes
            assertThat(calleeNames(store, "App.run"))
                    .containsExactlyInAnyOrder("Cart", "Cart.total", "Store", "Store.open");
            assertThat(store.calls().callees(chunk(store, "App.run").id()))
                    .allSatisfy(e -> assertThat(e.resolution()).isEqualTo(Resolution.EXACT));
            // Store.total's only caller is Store.open: App.run's total() is Cart's
            assertThat(store.calls().callers(chunk(store, "Store.total").id()))
                    .extracting(CallEdge::callerId)
                    .containsExactly(chunk(store, "Store.open").id());
            List<SymbolRef> implementers =
                    store.references().to(chunk(store, "Priced").id(), EnumSet.of(ReferenceKind.SUPERTYPE), 10);
            assertThat(implementers)
                    .extracting(SymbolRef::path, SymbolRef::line, SymbolRef::fromChunkId)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(
                            "src/main/java/shop/Cart.java",
                            3,
                            chunk(store, "Cart").id()));
        }
    }

    @Test
    void a_changed_file_is_resolved_again_alone_and_references_into_it_follow_its_new_lines() throws IOException {
        Path repo = repo();
        try (Store store = open()) {
            ingest(store, repo, false);
            ResolvePass.Result first =
                    ResolvePass.run(store, store::begin, REPO, repo, () -> false, ProgressListener.NONE);
            assertThat(first.resolved()).isEqualTo(4);
            assertThat(ResolvePass.run(store, store::begin, REPO, repo, () -> false, ProgressListener.NONE))
                    .isEqualTo(ResolvePass.Result.NONE);

            Files.writeString(
                    repo.resolve("src/main/java/shop/Cart.java"),
                    CART.replace("package shop;\n", "package shop;\n\n\n"));
            ingest(store, repo, false);
            ResolvePass.Result second =
                    ResolvePass.run(store, store::begin, REPO, repo, () -> false, ProgressListener.NONE);

            assertThat(second.resolved()).isEqualTo(1);
            assertThat(second.dependents()).isZero();
            assertThat(calleeNames(store, "App.run")).contains("Cart.total");
            assertThat(chunk(store, "Cart.total").startLine()).isEqualTo(6);
        }
    }

    @Test
    void a_file_that_called_a_removed_method_is_resolved_again_and_loses_the_edge() throws IOException {
        Path repo = repo();
        try (Store store = open()) {
            ingest(store, repo, true);
            assertThat(calleeNames(store, "App.run")).contains("Cart.total");

            Files.writeString(repo.resolve("src/main/java/shop/Cart.java"), CART.replace("total()", "sum()"));
            ingest(store, repo, false);
            ResolvePass.Result again =
                    ResolvePass.run(store, store::begin, REPO, repo, () -> false, ProgressListener.NONE);

            assertThat(again.resolved()).isEqualTo(1);
            assertThat(again.dependents()).isEqualTo(1); // App.java
            assertThat(calleeNames(store, "App.run")).containsExactlyInAnyOrder("Cart", "Store", "Store.open");
        }
    }

    @Test
    void a_stop_request_leaves_the_files_unresolved_for_the_next_run() throws IOException {
        Path repo = repo();
        try (Store store = open()) {
            ingest(store, repo, false);
            ResolvePass.Result stopped =
                    ResolvePass.run(store, store::begin, REPO, repo, () -> true, ProgressListener.NONE);
            assertThat(stopped).isEqualTo(ResolvePass.Result.NONE);
            assertThat(store.references().resolvedHashes(REPO)).isEmpty();
            // name edges meanwhile: total() is defined twice, so App.run's call of it is not placed
            assertThat(store.calls().callees(chunk(store, "App.run").id()))
                    .allSatisfy(e -> assertThat(e.resolution()).isEqualTo(Resolution.NAME_ONLY));
            assertThat(ResolvePass.run(store, store::begin, REPO, repo, () -> false, ProgressListener.NONE)
                            .resolved())
                    .isEqualTo(4);
        }
    }
}
