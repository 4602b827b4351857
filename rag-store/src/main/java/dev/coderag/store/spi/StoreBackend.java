package dev.coderag.store.spi;

import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import java.util.Optional;

/**
 * A store implementation for the locations it {@link #serves}: the embedded store (rag-store-embedded) for
 * directories, Solr (rag-store-solr) for {@code solr://} URLs. Found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.coderag.store.spi.StoreBackend}), so that rag-store depends on no backend and no
 * backend is special: a backend module depends on rag-store and is put on the application's classpath. The
 * {@link Store} it returns keeps the whole contract of {@link Store}; where a backend's consistency differs (e.g.
 * eventually consistent replicas) its documentation says so.
 */
public interface StoreBackend {

    /** Whether this backend serves {@code location}; at most one backend on a classpath serves a location. */
    boolean serves(StoreLocation location);

    /**
     * Checks a location's syntax without contacting anything.
     *
     * @throws IllegalArgumentException with a one-line reason naming what is wrong
     */
    void check(StoreLocation location);

    /** As {@link Store#open(StoreLocation, String, int)}. */
    Store open(StoreLocation location, String modelId, int dimension);

    /** As {@link Store#recreate(StoreLocation, String, int)}. */
    Store recreate(StoreLocation location, String modelId, int dimension);

    /** As {@link Store#rebuild(StoreLocation, String, int)}. */
    Store rebuild(StoreLocation location, String modelId, int dimension);

    /** As {@link Store#storedModelId(StoreLocation)}: empty when the location holds no store yet. */
    Optional<String> storedModelId(StoreLocation location);
}
