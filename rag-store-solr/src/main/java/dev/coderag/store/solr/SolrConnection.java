package dev.coderag.store.solr;

import dev.coderag.store.StoreException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.impl.CloudSolrClient;
import org.apache.solr.client.solrj.impl.HttpJdkSolrClient;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrException;
import org.apache.solr.common.params.SolrParams;
import org.apache.solr.common.util.NamedList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one SolrJ client of a store ({@link CloudSolrClient} over the JDK's HTTP client, HTTP/1.1; it learns the
 * cluster's state over HTTP from the nodes of the URL, never from ZooKeeper) and how requests are retried.
 *
 * <p>A request that fails for a reason that passes — the connection (a node died), or a 5xx answer (a shard has no
 * leader yet, a replica is not reachable yet) — is sent again with a growing pause: writes for up to the URL's
 * {@code retry} window (by default 60 s, longer than a ZooKeeper session timeout, so a write outlives a leader
 * election), reads for up to {@link #READ_RETRY}. Writes are idempotent (documents keyed by id, deletes by id), so
 * a retried batch that had partly arrived is harmless. A 409 (a version conflict) is {@link Conflict}; any other
 * 4xx fails at once. Every failure becomes a {@link StoreException} with reason IO naming the store's URL.
 * Thread-safe.
 */
final class SolrConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SolrConnection.class);
    /** How long a read keeps trying other replicas and nodes before it fails. */
    static final Duration READ_RETRY = Duration.ofSeconds(15);
    /** The system property that sets the Solr login inside a JVM ({@link #credentials()}). */
    static final String AUTH_PROPERTY = "rag.solr.auth";

    private final SolrUrl url;
    private final CloudSolrClient client;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Requests sent again after a passing failure, since this connection opened (for tests and logs). */
    private final java.util.concurrent.atomic.AtomicLong retries = new java.util.concurrent.atomic.AtomicLong();

    private final java.util.concurrent.atomic.AtomicLong searches = new java.util.concurrent.atomic.AtomicLong();

    /** A write refused because a document's version was not the one expected (optimistic concurrency). */
    static final class Conflict extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Conflict(String message) {
            super(message, null, false, false);
        }
    }

    SolrConnection(SolrUrl url) {
        this.url = url;
        HttpJdkSolrClient.Builder http = new HttpJdkSolrClient.Builder()
                .useHttp1_1(true)
                .withConnectionTimeout(5, TimeUnit.SECONDS)
                .withIdleTimeout(120, TimeUnit.SECONDS)
                .withRequestTimeout(300, TimeUnit.SECONDS);
        credentials().ifPresent(http::withOptionalBasicAuthCredentials);
        this.client = new CloudSolrClient.Builder(url.nodes())
                .withHttpClientBuilder(http)
                .withDefaultCollection(url.collection())
                .withRetryExpiryTime(5, TimeUnit.SECONDS)
                .build();
    }

    SolrUrl url() {
        return url;
    }

    /**
     * The Solr login, {@code user:password}, sent as HTTP basic authentication: the JVM's {@value #AUTH_PROPERTY}
     * property when set, else the {@code RAG_SOLR_AUTH} environment variable; empty when neither holds a ':'. The
     * property is for callers inside the JVM (tests of a cluster whose login they generated), set with
     * {@code System.setProperty}: it wins over an environment the caller does not control. Never pass it with
     * {@code -D}: a command line shows in {@code ps}, the environment does not.
     */
    static java.util.Optional<String> credentials() {
        String property = System.getProperty(AUTH_PROPERTY);
        String auth = property != null ? property : System.getenv("RAG_SOLR_AUTH");
        return auth != null && auth.contains(":") ? java.util.Optional.of(auth) : java.util.Optional.empty();
    }

    /** For the collection set-up (admin requests go to any node). */
    CloudSolrClient client() {
        return client;
    }

    /** A search on the collection, POSTed (vectors and long term lists do not fit a URL), retried as a read. */
    QueryResponse query(SolrParams params, String what) {
        QueryRequest request = new QueryRequest(params, SolrRequest.METHOD.POST);
        searches.incrementAndGet();
        return retry(what, READ_RETRY, () -> request.process(client, url.collection()));
    }

    /** Any request on the collection (or, for admin requests, the cluster), retried as a read. */
    NamedList<Object> read(SolrRequest<?> request, String what) {
        return retry(what, READ_RETRY, () -> client.request(request, url.collection()));
    }

    /** An update on the collection, retried for the write window; a version conflict is {@link Conflict}. */
    void write(UpdateRequest request, String what) {
        retry(what, url.retry(), () -> client.request(request, url.collection()));
    }

    /** Makes every write so far visible (a soft commit on every replica), retried for the write window. */
    void commit(String what) {
        UpdateRequest commit = new UpdateRequest();
        commit.setAction(UpdateRequest.ACTION.COMMIT, true, true, true);
        write(commit, what);
    }

    long retries() {
        return retries.get();
    }

    /** The searches sent so far (each one round trip, retries aside); for tests of a read's round trips. */
    long searches() {
        return searches.get();
    }

    void checkOpen() {
        if (closed.get()) {
            throw new StoreException(StoreException.Reason.IO, "Store " + url.describe() + " is closed.");
        }
    }

    boolean isClosed() {
        return closed.get();
    }

    @FunctionalInterface
    interface Call<T> {
        T run() throws SolrServerException, IOException;
    }

    /** Runs {@code call}, again while it fails for a passing reason and {@code window} has not elapsed. */
    <T> T retry(String what, Duration window, Call<T> call) {
        checkOpen();
        long deadline = System.nanoTime() + window.toNanos();
        long pause = 100;
        int attempts = 0;
        while (true) {
            attempts++;
            try {
                return call.run();
            } catch (Exception e) {
                if (e instanceof SolrException se && se.code() == 409) {
                    throw new Conflict(oneLine(e));
                }
                if (!passing(e) || System.nanoTime() + pause * 1_000_000 > deadline || closed.get()) {
                    throw failure(what, e, attempts);
                }
                retries.incrementAndGet();
                LOG.debug("{}: {} (attempt {}, retrying in {} ms)", what, oneLine(e), attempts, pause);
                try {
                    Thread.sleep(pause); // a leader election or a node coming back: nothing to be notified by
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw failure(what, e, attempts);
                }
                pause = Math.min(2000, pause * 2);
            }
        }
    }

    /**
     * Whether a failure may pass: no connection or no answer (SolrServerException, IOException), a 5xx (no leader,
     * a replica unreachable) or a SolrException without an HTTP code (SolrJ's own cluster-state errors). A 4xx
     * (a bad request) and programming errors do not.
     */
    static boolean passing(Exception e) {
        return switch (e) {
            case SolrException se -> se.code() >= 500 || se.code() <= 0;
            case SolrServerException se -> true;
            case IOException io -> true;
            default -> false;
        };
    }

    private StoreException failure(String what, Exception e, int attempts) {
        return new StoreException(
                StoreException.Reason.IO,
                "Solr store " + url.describe() + ": could not " + what + " (" + oneLine(e)
                        + (attempts > 1 ? "; " + attempts + " attempts" : "") + ")."
                        // Solr answers a missing login with 401, which SolrJ's cluster-state lookup reports only
                        // as "failed fetching live_nodes": name the likely cause when no login was given.
                        + (credentials().isEmpty()
                                ? " No Solr login is set: if the cluster asks for one, set RAG_SOLR_AUTH=user:password."
                                : ""),
                e);
    }

    static String oneLine(Throwable e) {
        Throwable t = e;
        String message = t.getMessage();
        while ((message == null || message.isBlank()) && t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
            message = t.getMessage();
        }
        String m = message == null ? t.getClass().getSimpleName() : message;
        m = m.strip().replaceAll("\\s+", " ");
        return m.length() > 300 ? m.substring(0, 300) + "…" : m;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            client.close();
        }
    }
}
