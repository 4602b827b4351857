package dev.coderag.store;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rag-store holds the API and no backend: on its own classpath (no rag-store-embedded, no rag-store-solr) every
 * location, a directory included, fails with a one-line IO error instead of falling back to a built-in store.
 */
class StoreBackendsTest {
    @TempDir
    Path dir;

    @Test
    void a_directory_without_the_embedded_backend_on_the_classpath_is_an_io_error_naming_it() {
        assertThatThrownBy(() -> Store.open(dir, "m", 4))
                .isInstanceOfSatisfying(
                        StoreException.class, e -> org.assertj.core.api.Assertions.assertThat(e.reason())
                                .isEqualTo(StoreException.Reason.IO))
                .hasMessageContaining("rag-store-embedded")
                .hasMessageContaining(dir.toString());
    }

    @Test
    void a_url_without_a_backend_for_its_scheme_is_an_io_error_naming_the_scheme() {
        StoreLocation remote = new StoreLocation.Remote("solr://127.0.0.1:1/solr?collection=x", dir);
        assertThatThrownBy(() -> Store.storedModelId(remote))
                .isInstanceOfSatisfying(
                        StoreException.class, e -> org.assertj.core.api.Assertions.assertThat(e.reason())
                                .isEqualTo(StoreException.Reason.IO))
                .hasMessageContaining("solr://");
    }
}
