package dev.coderag.store;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * A store served by something other than the embedded store, for the URLs of its {@link #schemes()}: found with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/dev.coderag.store.StoreBackend}), so that rag-store never
 * depends on a backend — a backend module depends on rag-store and is put on the application's classpath. The
 * {@link Store} it returns keeps the whole contract of {@link Store}; where a backend's consistency differs (e.g.
 * eventually consistent replicas) its documentation says so.
 */
public interface StoreBackend {

    /** The URL schemes served, lower case ({@code solr}). */
    Set<String> schemes();

    /**
     * Checks a URL's syntax without contacting anything.
     *
     * @throws IllegalArgumentException with a one-line reason naming what is wrong
     */
    void check(String url);

    /** As {@link Store#open(StoreLocation, String, int)}. */
    Store open(String url, Path localDir, String modelId, int dimension);

    /** As {@link Store#recreate(StoreLocation, String, int)}. */
    Store recreate(String url, Path localDir, String modelId, int dimension);

    /** As {@link Store#rebuild(StoreLocation, String, int)}. */
    Store rebuild(String url, Path localDir, String modelId, int dimension);

    /** As {@link Store#storedModelId(StoreLocation)}: empty when the URL names no store yet. */
    Optional<String> storedModelId(String url, Path localDir);
}
