package dev.coderag.store.solr;

import dev.coderag.store.Store;
import dev.coderag.store.StoreBackend;
import dev.coderag.store.StoreException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link StoreBackend} for {@code solr://} and {@code solrs://} URLs ({@link SolrUrl}), found by
 * {@link java.util.ServiceLoader}. Public only for the service loader.
 */
public final class SolrBackend implements StoreBackend {

    public SolrBackend() {}

    @Override
    public Set<String> schemes() {
        return Set.of("solr", "solrs");
    }

    @Override
    public void check(String url) {
        SolrUrl.parse(url);
    }

    @Override
    public Store open(String url, Path localDir, String modelId, int dimension) {
        return SolrStore.open(parse(url), localDir, modelId, dimension);
    }

    @Override
    public Store recreate(String url, Path localDir, String modelId, int dimension) {
        return SolrStore.recreate(parse(url), localDir, modelId, dimension);
    }

    @Override
    public Store rebuild(String url, Path localDir, String modelId, int dimension) {
        SolrUrl u = parse(url);
        throw new StoreException(
                StoreException.Reason.MODEL_MISMATCH,
                "Store " + u.describe() + " holds another model's vectors; a Solr store is not rebuilt in place:"
                        + " ingest into a new collection (?collection=…) with this model, or delete the collection"
                        + " first (docs/SCALE.md).");
    }

    @Override
    public Optional<String> storedModelId(String url, Path localDir) {
        try (SolrConnection solr = new SolrConnection(parse(url))) {
            return SolrSetup.storedModel(solr);
        }
    }

    private static SolrUrl parse(String url) {
        try {
            return SolrUrl.parse(url);
        } catch (IllegalArgumentException e) {
            throw new StoreException(StoreException.Reason.IO, e.getMessage(), e);
        }
    }
}
