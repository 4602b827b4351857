package dev.coderag.cli;

import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.StoreLocation;
import java.nio.file.Path;

/**
 * The one place where a command line chooses its store: {@code --store URL} (or {@code RAG_STORE}) names a remote
 * store — {@code solr://host:8983/solr[,host2:8983/solr]?collection=coderag&shards=2&replicas=2}, served by the
 * backend on the classpath (rag-store-solr) — and {@code --db DIR} stays the local directory (for a remote store,
 * where git clones go). Without {@code --store} the store is the embedded one in {@code --db}, as always.
 */
final class StoreSelection {
    private StoreSelection() {}

    /** The help text of {@code --store}, the same for every command. */
    static final String HELP = "A remote store instead of the one in --db, e.g."
            + " solr://host1:8983/solr,host2:8983/solr?collection=coderag&shards=2&replicas=2 (SolrCloud; env"
            + " RAG_STORE; default: none, the embedded store in --db). --db then only holds git clones."
            + " See docs/SCALE.md.";

    /**
     * The store of a command line: remote when {@code store} is not blank, else the embedded store in {@code db}.
     * The URL's syntax is checked here (bad usage otherwise), before anything is opened.
     */
    static StoreLocation of(String store, Path db) {
        if (store == null || store.isBlank()) {
            return new StoreLocation.Directory(db);
        }
        try {
            StoreLocation location = new StoreLocation.Remote(store.strip(), db);
            Store.check(location);
            return location;
        } catch (IllegalArgumentException e) {
            throw new UsageException("--store: " + e.getMessage());
        } catch (StoreException e) {
            throw new UsageException("--store: " + e.getMessage());
        }
    }
}
