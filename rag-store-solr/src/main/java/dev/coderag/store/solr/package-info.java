/**
 * The store on SolrCloud: a {@link dev.coderag.store.spi.StoreBackend} for {@code solr://} URLs whose
 * {@link dev.coderag.store.Store} keeps everything in one collection (docs/SCALE.md). Talks to Solr with SolrJ over
 * the JDK's HTTP client only — no Jetty, no ZooKeeper client in the application. Public: only
 * {@link dev.coderag.store.solr.SolrBackend}, for the service loader; everything else is package-private. May import
 * rag-store, rag-types and SolrJ; no SolrJ type leaves this package.
 */
package dev.coderag.store.solr;
