/**
 * A local SolrCloud for development and tests: ZooKeeper and N Solr 9 nodes, each in a child JVM on loopback,
 * started from the Maven artifacts of this module (never a download). {@link dev.coderag.solrcluster.LocalSolrCluster}
 * starts, kills, restarts and stops them using only the JDK, so a test JVM can drive a cluster without Solr's
 * classes (and its Jetty 10) on its own classpath, with {@code ChildJvms} (the children's command lines, start and
 * stop), {@code ClusterFiles} (the directory's ports and pid files) and {@code Probes} (ZooKeeper's {@code ruok},
 * the nodes' HTTP API, free ports) behind it; {@link dev.coderag.solrcluster.SolrNode} is the main class of a
 * node's JVM; {@link dev.coderag.solrcluster.DevCluster} is {@code ./rag dev-cluster start|stop}. The application
 * never depends on this module.
 */
package dev.coderag.solrcluster;
