package dev.coderag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelCacheTest {
    // A small resource from the same model jar, so the jar code path is the one under test.
    private static final String RESOURCE = EmbeddingModel.BGE_SMALL_FP32.tokenizerResource();
    private static final ClassLoader LOADER = ModelCacheTest.class.getClassLoader();

    @TempDir
    Path root;

    @Test
    void copies_a_jar_resource_once_into_a_directory_keyed_by_its_content() throws Exception {
        Path first = ModelCache.install(LOADER, RESOURCE, root);
        Files.setLastModifiedTime(first, FileTime.fromMillis(1_000_000L));

        Path second = ModelCache.install(LOADER, RESOURCE, root);

        assertThat(second).isEqualTo(first);
        assertThat(Files.getLastModifiedTime(second).toMillis()).isEqualTo(1_000_000L);
        assertThat(first.getParent().getParent()).isEqualTo(root.resolve("models"));
        assertThat(first.getParent().getFileName().toString()).matches("[0-9a-f]{16}");
        assertThat(Files.readAllBytes(first)).isEqualTo(resourceBytes(LOADER, RESOURCE));
    }

    @Test
    void the_two_models_get_different_directories() throws Exception {
        Path fp32 = ModelCache.install(LOADER, EmbeddingModel.BGE_SMALL_FP32.tokenizerResource(), root);
        Path int8 = ModelCache.install(LOADER, EmbeddingModel.BGE_SMALL_INT8.tokenizerResource(), root);

        assertThat(fp32.getParent()).isNotEqualTo(int8.getParent());
    }

    @Test
    void a_truncated_copy_is_replaced() throws Exception {
        Path cached = ModelCache.install(LOADER, RESOURCE, root);
        Files.write(cached, new byte[] {1, 2, 3});

        Path again = ModelCache.install(LOADER, RESOURCE, root);

        assertThat(Files.readAllBytes(again)).isEqualTo(resourceBytes(LOADER, RESOURCE));
    }

    @Test
    void concurrent_installs_produce_one_complete_file_and_leave_no_temp_files() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Callable<Path>> installs = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                installs.add(() -> ModelCache.install(LOADER, RESOURCE, root));
            }
            List<Path> paths = new ArrayList<>();
            for (Future<Path> f : pool.invokeAll(installs)) {
                paths.add(f.get());
            }

            assertThat(paths).containsOnly(paths.get(0));
            assertThat(Files.readAllBytes(paths.get(0))).isEqualTo(resourceBytes(LOADER, RESOURCE));
            try (Stream<Path> files = Files.list(paths.get(0).getParent())) {
                assertThat(files).containsExactly(paths.get(0));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_resource_outside_a_jar_is_keyed_by_the_hash_of_its_bytes(@TempDir Path classes) throws Exception {
        Files.writeString(classes.resolve("model.onnx"), "version one");
        Path v1;
        Path v2;
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
            v1 = ModelCache.install(loader, "model.onnx", root);
        }
        Files.writeString(classes.resolve("model.onnx"), "version two");
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
            v2 = ModelCache.install(loader, "model.onnx", root);
        }

        assertThat(v1.getParent()).isNotEqualTo(v2.getParent());
        assertThat(Files.readString(v1)).isEqualTo("version one");
        assertThat(Files.readString(v2)).isEqualTo("version two");
    }

    @Test
    void a_missing_resource_is_an_io_error_naming_it() {
        assertThatThrownBy(() -> ModelCache.install(LOADER, "no-such-model.onnx", root))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no-such-model.onnx");
    }

    @Test
    void the_cache_root_honours_RAG_CACHE_DIR_then_XDG_CACHE_HOME() {
        assertThat(ModelCache.defaultRoot(Map.of("RAG_CACHE_DIR", "/x/rag", "XDG_CACHE_HOME", "/x/xdg")))
                .isEqualTo(Path.of("/x/rag"));
        assertThat(ModelCache.defaultRoot(Map.of("XDG_CACHE_HOME", "/x/xdg"))).isEqualTo(Path.of("/x/xdg/coderag"));
        assertThat(ModelCache.defaultRoot(Map.of()))
                .isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "coderag"));
    }

    private static byte[] resourceBytes(ClassLoader loader, String name) throws IOException {
        try (InputStream in = loader.getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }
}
