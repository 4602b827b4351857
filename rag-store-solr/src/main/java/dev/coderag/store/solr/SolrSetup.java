package dev.coderag.store.solr;

import dev.coderag.store.StoreException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.client.solrj.request.ConfigSetAdminRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.client.solrj.request.schema.SchemaRequest;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.util.ContentStreamBase;

/**
 * The collection of a store: created on first use from the configset shipped in this module (uploaded as
 * {@code coderag-v<version>-d<dimension>}; the URL's shards and replicas), its schema version checked on every
 * open, and the metadata document that records the embedding model — checked as the embedded store checks its
 * model id.
 */
final class SolrSetup {
    private SolrSetup() {}

    /** The schema version; the configset's schema is named {@code coderag-v<VERSION>}. Bump it with any schema change. */
    static final int VERSION = 2;

    static final String SCHEMA_NAME = "coderag-v" + VERSION;

    private static final String CONFIGSET_DIR = "configset/";

    /** Whether the collection exists (nothing is created). */
    static boolean exists(SolrConnection solr) {
        return collections(solr).contains(solr.url().collection());
    }

    /**
     * Makes sure the collection exists with this version's schema and returns; creates it (configset and
     * collection) when absent. A collection made by another coderag version or by something else fails with
     * CORRUPT naming it.
     */
    static void ensure(SolrConnection solr, int dimension) {
        String name = solr.url().collection();
        if (!collections(solr).contains(name)) {
            create(solr, dimension);
        }
        String schema = solr.retry(
                "read the schema of collection " + name, SolrConnection.READ_RETRY, () -> new SchemaRequest.SchemaName()
                        .process(solr.client(), name)
                        .getSchemaName());
        if (!SCHEMA_NAME.equals(schema)) {
            throw new StoreException(
                    StoreException.Reason.CORRUPT,
                    schema != null && schema.startsWith("coderag-v")
                            ? "Solr collection " + name + " was made by another coderag version (schema " + schema
                                    + ", this one needs " + SCHEMA_NAME + "); use another collection or re-ingest"
                                    + " into a new one."
                            : "Solr collection " + name + " is not a coderag store (schema " + schema + ").");
        }
    }

    /**
     * The model id in the collection's metadata; when it has none yet, records {@code modelId} (the first writer
     * of the metadata wins a race). Fails with MODEL_MISMATCH when the collection holds another model's vectors.
     */
    static void checkModel(SolrConnection solr, String modelId, int dimension) {
        Optional<SolrDocument> meta = meta(solr);
        if (meta.isEmpty()) {
            SolrInputDocument d = new SolrInputDocument();
            d.setField("id", SolrDocs.META_ID);
            d.setField("doc", SolrDocs.META);
            d.setField("model_id", modelId);
            d.setField("dimension", dimension);
            d.setField("schema_version", VERSION);
            d.setField("_version_", -1L); // only if absent
            try {
                solr.write(new UpdateRequest().add(d), "record the store's model");
                solr.commit("record the store's model");
            } catch (SolrConnection.Conflict lost) {
                // Another process recorded it first: check against theirs.
            }
            meta = meta(solr);
        }
        String stored = meta.map(m -> SolrDocs.string(m, "model_id")).orElse(modelId);
        long dim = meta.map(m -> SolrDocs.number(m, "dimension")).orElse((long) dimension);
        if (!stored.equals(modelId) || dim != dimension) {
            throw new StoreException(
                    StoreException.Reason.MODEL_MISMATCH,
                    "Store " + solr.url().describe() + " was built with " + stored + " (" + dim
                            + "-d) but this run uses " + modelId + "; re-ingest with --full to rebuild it.");
        }
    }

    /** The model id recorded in an existing collection; empty when there is no collection or no record yet. */
    static Optional<String> storedModel(SolrConnection solr) {
        if (!exists(solr)) {
            return Optional.empty();
        }
        return meta(solr).map(m -> SolrDocs.string(m, "model_id")).filter(s -> !s.isEmpty());
    }

    /** Deletes the collection (its configset stays for the next one). */
    static void delete(SolrConnection solr) {
        String name = solr.url().collection();
        if (collections(solr).contains(name)) {
            solr.retry(
                    "delete collection " + name, solr.url().retry(), () -> CollectionAdminRequest.deleteCollection(name)
                            .process(solr.client()));
        }
    }

    private static Optional<SolrDocument> meta(SolrConnection solr) {
        return Optional.ofNullable(
                solr.retry("read the store's metadata", SolrConnection.READ_RETRY, () -> solr.client()
                        .getById(solr.url().collection(), SolrDocs.META_ID)));
    }

    private static List<String> collections(SolrConnection solr) {
        return solr.retry(
                "list the collections",
                SolrConnection.READ_RETRY,
                () -> CollectionAdminRequest.listCollections(solr.client()));
    }

    private static void create(SolrConnection solr, int dimension) {
        SolrUrl url = solr.url();
        String config = "coderag-v" + VERSION + "-d" + dimension;
        List<String> configs =
                solr.retry("list the configsets", SolrConnection.READ_RETRY, () -> new ConfigSetAdminRequest.List()
                        .process(solr.client())
                        .getConfigSets());
        if (!configs.contains(config)) {
            byte[] zip = configsetZip(dimension);
            solr.retry("upload configset " + config, url.retry(), () -> new ConfigSetAdminRequest.Upload()
                    .setConfigSetName(config)
                    .setUploadStream(new ContentStreamBase.ByteArrayStream(zip, config + ".zip", "application/zip"))
                    .process(solr.client()));
        }
        try {
            solr.retry(
                    "create collection " + url.collection(), url.retry(), () -> CollectionAdminRequest.createCollection(
                                    url.collection(), config, url.shards(), url.replicas())
                            .process(solr.client()));
        } catch (StoreException e) {
            if (!collections(solr).contains(url.collection())) { // not created by someone else meanwhile
                throw e;
            }
        }
    }

    /** The configset as a zip: solrconfig.xml and schema.xml with the vector dimension filled in. */
    static byte[] configsetZip(int dimension) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (String file : List.of("solrconfig.xml", "schema.xml")) {
                String text;
                try (InputStream in = SolrSetup.class.getResourceAsStream(CONFIGSET_DIR + file)) {
                    if (in == null) {
                        throw new IllegalStateException("configset file missing: " + file);
                    }
                    text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                zip.putNextEntry(new ZipEntry(file));
                zip.write(
                        text.replace("@DIMENSION@", Integer.toString(dimension)).getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot build the configset", e);
        }
        return bytes.toByteArray();
    }
}
