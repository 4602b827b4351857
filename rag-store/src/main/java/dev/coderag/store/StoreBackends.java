package dev.coderag.store;

import dev.coderag.store.spi.StoreBackend;
import java.util.ServiceLoader;

/** The {@link StoreBackend}s on the classpath, by the locations they serve. */
final class StoreBackends {
    private StoreBackends() {}

    /** The backend serving {@code location}; {@link StoreException.Reason#IO} when none is installed. */
    static StoreBackend of(StoreLocation location) {
        for (StoreBackend backend : ServiceLoader.load(StoreBackend.class, StoreBackends.class.getClassLoader())) {
            if (backend.serves(location)) {
                return backend;
            }
        }
        String what =
                switch (location) {
                    case StoreLocation.Directory d -> "No embedded store backend (rag-store-embedded) on the classpath";
                    case StoreLocation.Remote r -> "No store backend for " + r.scheme() + ":// URLs on the classpath";
                };
        throw new StoreException(StoreException.Reason.IO, what + " (" + location.describe() + ").");
    }
}
