package dev.coderag.store;

/**
 * Tuning of the vector side of the store. The defaults suit the product; tests and benchmarks change them
 * through the package or the system properties below.
 *
 * @param exactBelow tables (or filtered subsets) with fewer live vectors than this are searched exactly,
 *     by brute force — exact and, at this size, about as fast as the graph; {@code coderag.store.exactBelow}
 * @param graphDegree JVector graph max degree M; {@code coderag.store.graphDegree}
 * @param graphBeam JVector construction beam width; {@code coderag.store.graphBeam}
 * @param searchBeam candidates the graph search keeps per query (at least k) in graphs of up to 100k nodes;
 *     larger graphs widen it with the square root of their size ({@link VectorIndex#searchBeam});
 *     {@code coderag.store.searchBeam}
 * @param backgroundGraph build and extend graphs on a background thread (searches use exact search on what the
 *     graph does not cover yet); false builds them on the searching thread, for benchmarks and tests;
 *     {@code coderag.store.backgroundGraph}
 * @param persistGraph keep a derived copy of each graph on disk so that a restart does not rebuild it;
 *     {@code coderag.store.persistGraph}
 * @param memoryBm25Above tables with at least this many chunks also keep their BM25 index in memory
 *     ({@link LexicalIndex}; built like graphs, in the background unless {@code backgroundGraph} is false);
 *     {@link Integer#MAX_VALUE} keeps BM25 in FTS5 only; {@code coderag.store.memoryBm25Above}
 */
record StoreOptions(
        int exactBelow,
        int graphDegree,
        int graphBeam,
        int searchBeam,
        boolean backgroundGraph,
        boolean persistGraph,
        int memoryBm25Above) {

    static final StoreOptions DEFAULTS = new StoreOptions(20_000, 32, 100, 64, true, true, 5_000);

    StoreOptions {
        if (exactBelow < 0 || graphDegree < 2 || graphBeam < 1 || searchBeam < 1 || memoryBm25Above < 0) {
            throw new IllegalArgumentException(
                    "bad store options " + exactBelow + "/" + graphDegree + "/" + graphBeam + "/" + searchBeam);
        }
    }

    static StoreOptions fromSystemProperties() {
        StoreOptions d = DEFAULTS;
        return new StoreOptions(
                Integer.getInteger("coderag.store.exactBelow", d.exactBelow),
                Integer.getInteger("coderag.store.graphDegree", d.graphDegree),
                Integer.getInteger("coderag.store.graphBeam", d.graphBeam),
                Integer.getInteger("coderag.store.searchBeam", d.searchBeam),
                Boolean.parseBoolean(
                        System.getProperty("coderag.store.backgroundGraph", String.valueOf(d.backgroundGraph))),
                Boolean.parseBoolean(System.getProperty("coderag.store.persistGraph", String.valueOf(d.persistGraph))),
                Integer.getInteger("coderag.store.memoryBm25Above", d.memoryBm25Above));
    }

    StoreOptions withExactBelow(int n) {
        return new StoreOptions(n, graphDegree, graphBeam, searchBeam, backgroundGraph, persistGraph, memoryBm25Above);
    }

    StoreOptions withGraph(int degree, int beam) {
        return new StoreOptions(exactBelow, degree, beam, searchBeam, backgroundGraph, persistGraph, memoryBm25Above);
    }

    StoreOptions withBackgroundGraph(boolean background) {
        return new StoreOptions(
                exactBelow, graphDegree, graphBeam, searchBeam, background, persistGraph, memoryBm25Above);
    }

    StoreOptions withPersistGraph(boolean persist) {
        return new StoreOptions(
                exactBelow, graphDegree, graphBeam, searchBeam, backgroundGraph, persist, memoryBm25Above);
    }

    StoreOptions withMemoryBm25Above(int rows) {
        return new StoreOptions(exactBelow, graphDegree, graphBeam, searchBeam, backgroundGraph, persistGraph, rows);
    }
}
