package dev.coderag.store;

/**
 * The two kinds of vector a store holds (docs/STORE.md, "Two vector tiers"). A chunk has at most one vector at a time:
 * a {@link #STATIC} one written with its text, replaced by its {@link #FULL} one when that is embedded. Each tier is
 * searched on its own ({@link Store#vectors(VectorTier)}) with a question embedded by the same tier's embedder:
 * the two tiers' cosines are not on one scale.
 */
public enum VectorTier {
    /** The store's embedding model itself (bge-small): {@link Store#modelId()}. */
    FULL,
    /**
     * Vectors of a static token table distilled from the store's model: a table look-up per text instead of the
     * transformer. Chunks embedded so carry the store's model id followed by {@link #STATIC_SUFFIX} (and a version).
     */
    STATIC;

    /** What follows the store's model id in the model id of a static-tier vector ({@code …/static-v1}). */
    public static final String STATIC_SUFFIX = "/static";

    /**
     * The tier of a vector embedded with {@code vectorModelId} in a store of {@code storeModelId}.
     *
     * @throws IllegalArgumentException when the id is neither the store's model nor its static tier
     */
    public static VectorTier of(String vectorModelId, String storeModelId) {
        if (vectorModelId.equals(storeModelId)) {
            return FULL;
        }
        if (vectorModelId.startsWith(storeModelId + STATIC_SUFFIX)) {
            return STATIC;
        }
        throw new IllegalArgumentException(
                "vectors of " + vectorModelId + " do not belong in a store of " + storeModelId + " vectors");
    }
}
