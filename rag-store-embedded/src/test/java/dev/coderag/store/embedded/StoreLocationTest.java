package dev.coderag.store.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.StoreLocation;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreLocationTest {
    @TempDir
    Path dir;

    @Test
    void a_directory_is_the_embedded_store() {
        StoreLocation here = new StoreLocation.Directory(dir);
        assertThat(Store.storedModelId(here)).isEmpty();
        try (Store store = Store.open(here, "m", 4)) {
            assertThat(store.directory()).isEqualTo(dir.toAbsolutePath().normalize());
            assertThat(store.describe()).isEqualTo(store.directory().toString());
        }
        assertThat(Store.storedModelId(here)).contains("m");
        Store.check(here); // nothing to check
    }

    @Test
    void a_url_needs_a_backend_for_its_scheme() {
        StoreLocation remote = new StoreLocation.Remote("Nope+x://host/path", dir);
        assertThat(((StoreLocation.Remote) remote).scheme()).isEqualTo("nope+x");
        assertThatThrownBy(() -> Store.open(remote, "m", 4))
                .isInstanceOf(StoreException.class)
                .hasMessage("No store backend for nope+x:// URLs on the classpath (Nope+x://host/path).")
                .extracting(e -> ((StoreException) e).reason())
                .isEqualTo(StoreException.Reason.IO);
        assertThatThrownBy(() -> Store.check(remote)).isInstanceOf(StoreException.class);
    }

    @Test
    void a_url_without_a_scheme_is_refused() {
        for (String bad : new String[] {"host:8983/solr", "://x", "so lr://x", "/tmp/x"}) {
            assertThatThrownBy(() -> new StoreLocation.Remote(bad, dir))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("<scheme>://");
        }
    }
}
