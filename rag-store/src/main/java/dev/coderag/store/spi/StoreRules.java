package dev.coderag.store.spi;

import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The rules every {@link Store} follows alike, for {@link StoreBackend}s outside this package: what an insert
 * accepts, the one lexical analysis (the tokens indexed for a chunk and the terms a query searches for, so that a
 * backend's BM25 sees exactly the embedded store's tokens), how call names match symbols, and how chunks are
 * serialised. Pure and thread-safe.
 */
public final class StoreRules {
    private StoreRules() {}

    private static final double UNIT_TOLERANCE = 1e-2;

    /**
     * Checks a chunk and its vector as {@link WriteTransaction#insert} requires, and says which tier the vector is
     * of: the chunk's model id is the store's ({@link VectorTier#FULL}) or the store's static tier
     * ({@link VectorTier#STATIC}, see {@link VectorTier#of}).
     *
     * @throws IllegalArgumentException when the vector has another dimension, a non-finite value or is not unit
     *     length (±1%), or the chunk names another embedding model than {@code modelId} or its static tier
     */
    public static VectorTier checkInsert(Chunk chunk, float[] vector, int dimension, String modelId) {
        Objects.requireNonNull(chunk, "chunk");
        VectorTier tier;
        try {
            tier = VectorTier.of(chunk.modelId(), modelId);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("chunk " + chunk.location() + " was embedded with " + chunk.modelId()
                    + " but the store holds " + modelId + " vectors");
        }
        if (vector == null) {
            return tier; // stored without a vector: lexical, symbol and graph evidence only, until re-inserted with one
        }
        if (vector.length != dimension) {
            throw new IllegalArgumentException(
                    "vector of " + chunk.location() + " must have " + dimension + " dimensions, got " + vector.length);
        }
        double norm = 0;
        for (float x : vector) {
            if (!Float.isFinite(x)) {
                throw new IllegalArgumentException("vector of " + chunk.location() + " has a non-finite value");
            }
            norm += (double) x * x;
        }
        if (Math.abs(Math.sqrt(norm) - 1.0) > UNIT_TOLERANCE) {
            throw new IllegalArgumentException(
                    "vector of " + chunk.location() + " is not unit length (norm " + Math.sqrt(norm) + ")");
        }
        return tier;
    }

    /**
     * The lexical index text of a chunk: two columns, names (symbol, enclosing names, headings, package name,
     * path) and body, each the chunk's tokens joined by single spaces — identifiers split and kept whole,
     * lower-cased, Porter-stemmed, stop words dropped (docs/STORE.md, "Lexical search"). The embedded store
     * weighs names 3 and body 1.
     */
    public static String[] lexicalColumns(Chunk chunk) {
        return LexicalText.columns(chunk);
    }

    /**
     * What a lexical search needs to know of a table to choose its terms.
     *
     * @param totalDocs the number of chunks in the table
     * @param docs for the terms that occur in the table, the number of its chunks containing each
     */
    public record DocFrequencies(long totalDocs, Map<String, Long> docs) {
        public DocFrequencies {
            docs = Map.copyOf(docs);
        }
    }

    /**
     * The terms a lexical search looks for, chosen as the embedded store chooses them: the query's tokens (by the
     * same analysis as {@link #lexicalColumns}), those in no chunk of the table dropped, those in more than half
     * of its chunks dropped when rarer ones exist, at most 64, whole identifiers first, then words, then numbers,
     * rarest first. Empty when the query has no searchable term or none occurs ({@code lookup} is then not
     * called for a query without terms).
     *
     * @param lookup receives the candidate terms (at most 2,000) and answers the table's document frequencies
     */
    public static List<String> lexicalQueryTerms(String query, Function<List<String>, DocFrequencies> lookup) {
        List<LexicalText.QueryTerm> terms = LexicalText.queryTerms(query);
        if (terms.isEmpty()) {
            return List.of();
        }
        return LexicalQuery.select(terms, lookup);
    }

    /** The key a call name matches symbols by: its last segment ({@code this.parse}, {@code Foo::parse()} → parse). */
    public static String callKey(String callee) {
        return CallKeys.key(callee);
    }

    /**
     * A path or path suffix as {@code byPath} looks it up: stripped, without leading "./" and "/"; "" when nothing
     * is left.
     */
    public static String pathSuffix(String pathOrSuffix) {
        String path = pathOrSuffix.strip();
        while (path.startsWith("./")) {
            path = path.substring(2);
        }
        while (path.startsWith("/")) {
            path = path.substring(1);
        }
        return path;
    }

    /** A chunk as the JSON document the embedded store keeps (its record components). */
    public static String chunkJson(Chunk chunk) {
        return ChunkCodec.toJson(chunk);
    }

    /** The chunk of a JSON document from {@link #chunkJson}; IllegalArgumentException when it does not fit the kind. */
    public static Chunk chunkFromJson(ChunkKind kind, String json) {
        return ChunkCodec.fromJson(kind, json);
    }
}
