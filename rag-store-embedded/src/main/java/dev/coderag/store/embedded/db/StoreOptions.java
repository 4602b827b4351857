package dev.coderag.store.embedded.db;

/**
 * Tuning of the embedded store (its vector and lexical sides). The defaults suit the product; tests and benchmarks change them
 * through the package or the system properties below.
 *
 * @param exactBelow tables (or filtered subsets) with fewer live vectors than this are searched exactly,
 *     by brute force — exact and, at this size, about as fast as the graph; {@code coderag.store.exactBelow}
 * @param graphDegree JVector graph max degree M; {@code coderag.store.graphDegree}
 * @param graphBeam JVector construction beam width; {@code coderag.store.graphBeam}
 * @param searchBeam candidates the graph search keeps per query (at least k) in graphs of up to 100k nodes;
 *     larger graphs widen it faster than the square root of their size (the vector graph's {@code IndexGraph.searchBeam});
 *     {@code coderag.store.searchBeam}
 * @param backgroundGraph build and extend graphs on a background thread (searches use exact search on what the
 *     graph does not cover yet); false builds them on the searching thread, for benchmarks and tests;
 *     {@code coderag.store.backgroundGraph}
 * @param persistGraph keep a derived copy of each graph on disk so that a restart does not rebuild it;
 *     {@code coderag.store.persistGraph}
 * @param lucene rank BM25 with the tables' Lucene indexes ({@code LuceneIndexes}; synced from {@code store.db} in the
 *     background unless {@code backgroundGraph} is false); false keeps BM25 in FTS5 only, for comparisons;
 *     {@code coderag.store.lucene}
 * @param compressAbove a table with at least this many live vectors moves to the compressed tier
 *     ({@code DiskVectors}): in memory only JVector product-quantization codes (96 bytes per 384-d vector instead
 *     of 1,536) with the graph and the per-ordinal fields; the full vectors in a derived file of the store
 *     directory, {@code vectors-<table>.<pid>-<id>.f32}, read with positional reads (not memory-mapped: the OS
 *     page cache holds its hot pages, outside the process's resident set); graph search with PQ scores keeping
 *     twice the search beam (at least 4k) of candidates, all reranked exactly from the file
 *     ({@code DiskVectors.rerankK}), so scores stay exact cosines. Below it nothing changes. At least
 *     {@value #MIN_COMPRESS_ABOVE}; {@code coderag.store.compressAbove}
 */
public record StoreOptions(
        int exactBelow,
        int graphDegree,
        int graphBeam,
        int searchBeam,
        boolean backgroundGraph,
        boolean persistGraph,
        boolean lucene,
        int compressAbove) {

    public static final StoreOptions DEFAULTS = new StoreOptions(20_000, 32, 100, 64, true, true, true, 200_000);

    /** The smallest {@link #compressAbove}: the PQ codebook has 256 centroids per subspace to train. */
    static final int MIN_COMPRESS_ABOVE = 1_000;

    public StoreOptions {
        if (exactBelow < 0
                || graphDegree < 2
                || graphBeam < 1
                || searchBeam < 1
                || compressAbove < MIN_COMPRESS_ABOVE) {
            throw new IllegalArgumentException("bad store options " + exactBelow + "/" + graphDegree + "/" + graphBeam
                    + "/" + searchBeam + "/" + compressAbove);
        }
    }

    public static StoreOptions fromSystemProperties() {
        StoreOptions d = DEFAULTS;
        return new StoreOptions(
                Integer.getInteger("coderag.store.exactBelow", d.exactBelow),
                Integer.getInteger("coderag.store.graphDegree", d.graphDegree),
                Integer.getInteger("coderag.store.graphBeam", d.graphBeam),
                Integer.getInteger("coderag.store.searchBeam", d.searchBeam),
                Boolean.parseBoolean(
                        System.getProperty("coderag.store.backgroundGraph", String.valueOf(d.backgroundGraph))),
                Boolean.parseBoolean(System.getProperty("coderag.store.persistGraph", String.valueOf(d.persistGraph))),
                Boolean.parseBoolean(System.getProperty("coderag.store.lucene", String.valueOf(d.lucene))),
                Integer.getInteger("coderag.store.compressAbove", d.compressAbove));
    }

    public StoreOptions withExactBelow(int n) {
        return new StoreOptions(
                n, graphDegree, graphBeam, searchBeam, backgroundGraph, persistGraph, lucene, compressAbove);
    }

    public StoreOptions withGraph(int degree, int beam) {
        return new StoreOptions(
                exactBelow, degree, beam, searchBeam, backgroundGraph, persistGraph, lucene, compressAbove);
    }

    public StoreOptions withBackgroundGraph(boolean background) {
        return new StoreOptions(
                exactBelow, graphDegree, graphBeam, searchBeam, background, persistGraph, lucene, compressAbove);
    }

    public StoreOptions withPersistGraph(boolean persist) {
        return new StoreOptions(
                exactBelow, graphDegree, graphBeam, searchBeam, backgroundGraph, persist, lucene, compressAbove);
    }

    public StoreOptions withCompressAbove(int n) {
        return new StoreOptions(
                exactBelow, graphDegree, graphBeam, searchBeam, backgroundGraph, persistGraph, lucene, n);
    }

    public StoreOptions withLucene(boolean on) {
        return new StoreOptions(
                exactBelow, graphDegree, graphBeam, searchBeam, backgroundGraph, persistGraph, on, compressAbove);
    }
}
