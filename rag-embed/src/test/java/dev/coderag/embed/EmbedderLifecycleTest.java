package dev.coderag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening and closing an embedder of its own (the int8 model: the smaller file to copy). */
class EmbedderLifecycleTest {

    @Test
    void close_is_idempotent_and_later_calls_fail_clearly(@TempDir Path cache) {
        Embedder embedder = DjlEmbedder.open(EmbeddingModel.BGE_SMALL_INT8, new EmbedSettings(2, 1, 2048, 32), cache);
        assertThat(embedder.embedDocuments(List.of("a", "b", "c"))).hasSize(3);

        embedder.close();
        embedder.close();

        assertThatThrownBy(() -> embedder.embedQuery("x"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> embedder.embedDocuments(List.of("x"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void the_model_file_is_copied_into_the_given_cache_and_reused(@TempDir Path cache) throws Exception {
        try (Embedder first =
                DjlEmbedder.open(EmbeddingModel.BGE_SMALL_INT8, new EmbedSettings(1, 1, 2048, 32), cache)) {
            assertThat(first.embedQuery("x")).hasSize(384);
        }
        Path onnx = onnxFiles(cache).get(0);
        long modified = Files.getLastModifiedTime(onnx).toMillis();

        try (Embedder second =
                DjlEmbedder.open(EmbeddingModel.BGE_SMALL_INT8, new EmbedSettings(1, 1, 2048, 32), cache)) {
            assertThat(second.embedQuery("x")).hasSize(384);
        }

        assertThat(onnxFiles(cache)).containsExactly(onnx);
        assertThat(Files.getLastModifiedTime(onnx).toMillis()).isEqualTo(modified);
        assertThat(onnx.getFileName().toString()).isEqualTo("bge-small-en-v1.5-q.onnx");
    }

    @Test
    void an_unwritable_cache_fails_to_load_naming_the_directory(@TempDir Path dir) throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");

        assertThatThrownBy(() -> DjlEmbedder.open(
                        EmbeddingModel.BGE_SMALL_INT8, new EmbedSettings(1, 1, 2048, 32), notADirectory))
                .isInstanceOfSatisfying(
                        EmbedException.class, e -> assertThat(e.reason()).isEqualTo(EmbedException.Reason.LOAD))
                .hasMessageContaining(notADirectory.toString())
                .hasMessageContaining("RAG_CACHE_DIR");
    }

    private static List<Path> onnxFiles(Path cache) throws Exception {
        try (Stream<Path> files = Files.walk(cache)) {
            return files.filter(p -> p.toString().endsWith(".onnx")).toList();
        }
    }
}
