package dev.coderag.store.solr;

import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.spi.StoreBackend;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link StoreBackend} for {@code solr://} and {@code solrs://} URLs ({@link SolrUrl}), found by
 * {@link java.util.ServiceLoader}. Public only for the service loader.
 */
public final class SolrBackend implements StoreBackend {
    private static final Set<String> SCHEMES = Set.of("solr", "solrs");

    public SolrBackend() {}

    @Override
    public boolean serves(StoreLocation location) {
        return switch (location) {
            case StoreLocation.Directory d -> false;
            case StoreLocation.Remote r -> SCHEMES.contains(r.scheme());
        };
    }

    @Override
    public void check(StoreLocation location) {
        SolrUrl.parse(remote(location).url());
    }

    @Override
    public Store open(StoreLocation location, String modelId, int dimension) {
        StoreLocation.Remote r = remote(location);
        return SolrStore.open(parse(r.url()), r.localDir(), modelId, dimension);
    }

    @Override
    public Store recreate(StoreLocation location, String modelId, int dimension) {
        StoreLocation.Remote r = remote(location);
        return SolrStore.recreate(parse(r.url()), r.localDir(), modelId, dimension);
    }

    @Override
    public Store rebuild(StoreLocation location, String modelId, int dimension) {
        SolrUrl u = parse(remote(location).url());
        throw new StoreException(
                StoreException.Reason.MODEL_MISMATCH,
                "Store " + u.describe() + " holds another model's vectors; a Solr store is not rebuilt in place:"
                        + " ingest into a new collection (?collection=…) with this model, or delete the collection"
                        + " first (docs/SCALE.md).");
    }

    @Override
    public Optional<String> storedModelId(StoreLocation location) {
        try (SolrConnection solr = new SolrConnection(parse(remote(location).url()))) {
            return SolrSetup.storedModel(solr);
        }
    }

    /** The location as the Solr URL it must be ({@link #serves} said so before any other call). */
    private static StoreLocation.Remote remote(StoreLocation location) {
        return switch (location) {
            case StoreLocation.Remote r -> r;
            case StoreLocation.Directory d -> throw new IllegalArgumentException("not a solr:// URL: " + d.describe());
        };
    }

    private static SolrUrl parse(String url) {
        try {
            return SolrUrl.parse(url);
        } catch (IllegalArgumentException e) {
            throw new StoreException(StoreException.Reason.IO, e.getMessage(), e);
        }
    }
}
