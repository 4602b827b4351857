package dev.coderag.store.embedded;

import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.store.spi.StoreBackend;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The {@link StoreBackend} for a {@link StoreLocation.Directory}: the embedded store ({@link SqliteStore}), found by
 * {@link java.util.ServiceLoader} like every other backend. Public only for the service loader.
 */
public final class EmbeddedBackend implements StoreBackend {

    public EmbeddedBackend() {}

    @Override
    public boolean serves(StoreLocation location) {
        return switch (location) {
            case StoreLocation.Directory d -> true;
            case StoreLocation.Remote r -> false;
        };
    }

    @Override
    public void check(StoreLocation location) {
        dir(location);
    }

    @Override
    public Store open(StoreLocation location, String modelId, int dimension) {
        return SqliteStore.open(dir(location), modelId, dimension);
    }

    @Override
    public Store recreate(StoreLocation location, String modelId, int dimension) {
        return SqliteStore.recreate(dir(location), modelId, dimension);
    }

    @Override
    public Store rebuild(StoreLocation location, String modelId, int dimension) {
        return SqliteStore.rebuild(dir(location), modelId, dimension, StoreOptions.fromSystemProperties());
    }

    @Override
    public Optional<String> storedModelId(StoreLocation location) {
        return SqliteStore.storedModelId(dir(location));
    }

    private static Path dir(StoreLocation location) {
        return switch (location) {
            case StoreLocation.Directory d -> d.dir();
            case StoreLocation.Remote r -> throw new IllegalArgumentException("not a directory: " + r.describe());
        };
    }
}
