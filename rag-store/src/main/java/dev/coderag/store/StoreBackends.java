package dev.coderag.store;

import java.util.ServiceLoader;

/** The {@link StoreBackend}s on the classpath, by scheme. */
final class StoreBackends {
    private StoreBackends() {}

    /** The backend serving {@code location}'s scheme; {@link StoreException.Reason#IO} when none is installed. */
    static StoreBackend of(StoreLocation.Remote location) {
        String scheme = location.scheme();
        for (StoreBackend backend : ServiceLoader.load(StoreBackend.class, StoreBackends.class.getClassLoader())) {
            if (backend.schemes().contains(scheme)) {
                return backend;
            }
        }
        throw new StoreException(
                StoreException.Reason.IO,
                "No store backend for " + scheme + ":// URLs on the classpath (" + location.url() + ").");
    }
}
