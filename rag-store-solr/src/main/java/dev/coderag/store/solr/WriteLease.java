package dev.coderag.store.solr;

import dev.coderag.store.StoreException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one-writer rule across processes and machines: a lease in the document {@code lock-writer}, taken with
 * optimistic concurrency (Solr's {@code _version_}: create only if absent, replace only the version read) and
 * renewed every {@link #RENEW} while the write transaction is open. A writer that dies leaves a lease that expires
 * after {@link #LEASE}; until then another writer fails with LOCKED, as with the embedded store's file lock. A
 * lease that could not be renewed in time is lost: the transaction's next write fails with LOCKED. Clocks of the
 * writers' machines are assumed to agree to within seconds.
 */
final class WriteLease implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WriteLease.class);
    static final Duration LEASE = Duration.ofSeconds(60);
    static final Duration RENEW = Duration.ofSeconds(15);

    private final SolrConnection solr;
    private final String holder;
    private final ScheduledExecutorService renewer;
    private volatile long version;
    private volatile boolean lost;
    private volatile boolean closed;

    private WriteLease(SolrConnection solr, String holder, long version) {
        this.solr = solr;
        this.holder = holder;
        this.version = version;
        this.renewer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "solr-write-lease");
            t.setDaemon(true);
            return t;
        });
        renewer.scheduleWithFixedDelay(this::renew, RENEW.toMillis(), RENEW.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Takes the lease; LOCKED while another writer holds an unexpired one. */
    static WriteLease acquire(SolrConnection solr) {
        String holder = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID();
        SolrDocument current = read(solr);
        long now = System.currentTimeMillis();
        if (current != null && SolrDocs.number(current, "expires_at") > now) {
            throw locked(solr, current);
        }
        try {
            solr.write(
                    new UpdateRequest().add(doc(holder, current == null ? -1 : SolrDocs.number(current, "_version_"))),
                    "take the write lease");
        } catch (SolrConnection.Conflict e) {
            // Someone else was first — or a retry of our own write that had arrived: the holder says which.
        }
        SolrDocument mine = read(solr);
        if (mine == null || !holder.equals(SolrDocs.string(mine, "holder"))) {
            throw locked(solr, mine == null ? current : mine);
        }
        return new WriteLease(solr, holder, SolrDocs.number(mine, "_version_"));
    }

    /** Fails with LOCKED when the lease was lost (not renewed in time, or taken over). */
    void check() {
        if (lost) {
            throw new StoreException(
                    StoreException.Reason.LOCKED,
                    "Store " + solr.url().describe() + ": this writer lost its lease (it could not be renewed for "
                            + LEASE.toSeconds() + " s); run the ingest again.");
        }
    }

    private void renew() {
        if (closed || lost) {
            return;
        }
        try {
            try {
                solr.write(new UpdateRequest().add(doc(holder, version)), "renew the write lease");
            } catch (SolrConnection.Conflict e) {
                // Taken over — or a retry of our own renewal that had arrived: the holder says which.
            }
            SolrDocument mine = read(solr);
            if (mine == null || !holder.equals(SolrDocs.string(mine, "holder"))) {
                lost = true;
            } else {
                version = SolrDocs.number(mine, "_version_");
            }
        } catch (RuntimeException e) {
            LOG.warn("could not renew the write lease of {}: {}", solr.url().describe(), e.getMessage());
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        renewer.shutdownNow();
        if (!lost && !solr.isClosed()) {
            try {
                solr.write(new UpdateRequest().deleteById(SolrDocs.LOCK_ID, version), "release the write lease");
            } catch (RuntimeException e) {
                LOG.debug("releasing the write lease: {}", e.getMessage()); // it expires anyway
            }
        }
    }

    private static SolrInputDocument doc(String holder, long expectVersion) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", SolrDocs.LOCK_ID);
        d.setField("doc", SolrDocs.LOCK);
        d.setField("holder", holder);
        d.setField("expires_at", System.currentTimeMillis() + LEASE.toMillis());
        d.setField("_version_", expectVersion);
        return d;
    }

    private static SolrDocument read(SolrConnection solr) {
        return solr.retry("read the write lease", SolrConnection.READ_RETRY, () -> solr.client()
                .getById(solr.url().collection(), SolrDocs.LOCK_ID));
    }

    private static StoreException locked(SolrConnection solr, SolrDocument lease) {
        String who = lease == null ? "another writer" : SolrDocs.string(lease, "holder");
        String until = lease == null ? "" : " until " + Instant.ofEpochMilli(SolrDocs.number(lease, "expires_at"));
        return new StoreException(
                StoreException.Reason.LOCKED,
                "Store " + solr.url().describe() + " is locked: another ingest is running (" + who + ", lease" + until
                        + ").");
    }
}
