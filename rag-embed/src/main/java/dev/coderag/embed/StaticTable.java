package dev.coderag.embed;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The static tier's token table: one vector per vocabulary token of a base model, distilled from the model itself
 * the way model2vec does it (the public method of MinishLab's potion models): every token is embedded by the base
 * model as a one-token text ([CLS] token [SEP], its [CLS] vector, as bge pools), and weighted by smooth inverse
 * frequency, with the frequency estimated from the token's rank by Zipf's law ({@link #weight}). A text's static
 * vector is then the sum of its tokens' rows, less the direction all such sums share ({@link
 * StaticEmbedder#commonDirection}), normalised — a table look-up, no transformer. (model2vec also reduces
 * the dimension with PCA; the table keeps the base model's 384 so that a store holds one dimension.)
 *
 * <p>Distilling costs one pass of the base model over the vocabulary (30,522 three-token sequences); the raw vectors
 * are cached once per model version under {@code <cache>/static/<model key>-v<version>/} (written to a temporary file
 * and renamed into place, so concurrent processes never read a partial table), and the weighting is applied at load.
 * Immutable and thread-safe once built.
 */
final class StaticTable {
    /** Tokens in bge-small-en-v1.5's (BERT uncased) WordPiece vocabulary. */
    static final int VOCABULARY = 30_522;
    /** Bumped whenever the distilled vectors would change, so that an old cache is not read as a new one. */
    static final int VERSION = 1;
    /**
     * Smooth-inverse-frequency coefficient a: a token of estimated probability p weighs a ÷ (a + p); frequent pieces
     * ("the", ".", "(") weigh little, rare ones ~1. 1e-3 and 1e-4 (model2vec's default) score alike on the
     * development set (0.861 / 0.860 NDCG@10 with lexical search and ranking), 3e-5 lower.
     */
    static final double SIF = 1e-3;

    /** The id of the first word piece of the vocabulary ("the"); the ids below are specials and single characters. */
    static final int FIRST_WORD = 1996;

    /** Σ 1 / (r + 2) over the vocabulary's ranks: Zipf's normalisation. */
    private static final double ZIPF_NORM = zipfNorm();

    private static final int MAGIC = 0x43525354; // "CRST"

    private final int dimension;
    /** {@link #VOCABULARY} rows of {@link #dimension} floats, weighted. */
    private final float[] rows;

    private static double zipfNorm() {
        double norm = 0;
        for (int r = 0; r < VOCABULARY; r++) {
            norm += 1.0 / (r + 2);
        }
        return norm;
    }

    private StaticTable(int dimension, float[] rows) {
        this.dimension = dimension;
        this.rows = rows;
    }

    int dimension() {
        return dimension;
    }

    /** Adds {@code times} row {@code id} to {@code sum}; ids outside the vocabulary add nothing. */
    void addTo(int id, int times, float[] sum) {
        if (id < 0 || id >= VOCABULARY) {
            return;
        }
        int base = id * dimension;
        float t = times;
        for (int d = 0; d < dimension; d++) {
            sum[d] += t * rows[base + d];
        }
    }

    /**
     * The table from raw distilled vectors ({@code raw[id]} = the base model's vector of token {@code id}): each row
     * weighted by {@link #weight}. Rows are not centred: removing the vocabulary's mean vector cost 0.002 NDCG@10
     * on the development set (docs/EVALUATION.md, "The static tier").
     */
    static StaticTable fromRaw(float[][] raw) {
        if (raw.length != VOCABULARY) {
            throw new IllegalArgumentException("expected " + VOCABULARY + " token vectors, got " + raw.length);
        }
        int dim = raw[0].length;
        float[] rows = new float[raw.length * dim];
        for (int id = 0; id < raw.length; id++) {
            double weight = weight(id);
            for (int d = 0; d < dim; d++) {
                rows[id * dim + d] = (float) (raw[id][d] * weight);
            }
        }
        return new StaticTable(dim, rows);
    }

    /**
     * A token's smooth-inverse-frequency weight {@code a ÷ (a + p)}, its probability {@code p} estimated by Zipf's
     * law from its rank among the word pieces. BERT's vocabulary (bge-small's) opens with [PAD], 994 unused slots,
     * the special tokens and 997 single characters (ids below {@link #FIRST_WORD}); the word pieces after them
     * come roughly most frequent first ("the" is {@link #FIRST_WORD}). Single characters — punctuation, operators,
     * one-letter names, the most frequent tokens in code — count as rank 0. Ranking by raw id instead (model2vec's
     * estimate for vocabularies sorted by frequency) weighs "the" 0.7 of a rare word and scored 0.519 against 0.601
     * here (NDCG@10, static vectors alone); weights from token counts over the development corpora scored 0.584.
     */
    static double weight(int id) {
        int rank = id < FIRST_WORD ? 0 : id - FIRST_WORD;
        double p = 1.0 / (rank + 2) / ZIPF_NORM;
        return SIF / (SIF + p);
    }

    /**
     * The table of {@code base}: read from the cache under {@code cacheRoot}, or distilled with the base model and
     * cached.
     *
     * @param modelKey identifies the base model's content (its {@link ModelCache} directory name)
     * @param distil runs the base model over the vocabulary; called only when the cache has no table
     * @throws IOException if the cache can be neither read nor written
     */
    static StaticTable load(Path cacheRoot, String modelKey, java.util.function.Supplier<float[][]> distil)
            throws IOException {
        Path dir = cacheRoot.resolve("static").resolve(modelKey + "-v" + VERSION);
        Path file = dir.resolve("tokens.f32");
        float[][] raw = Files.isRegularFile(file) ? read(file) : null;
        if (raw == null) {
            raw = distil.get();
            write(dir, file, raw);
        }
        return fromRaw(raw);
    }

    /** The raw vectors in {@code file}, or null when it is not a complete table of this version. */
    private static float[][] read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file);
                DataInputStream data = new DataInputStream(new java.io.BufferedInputStream(in, 1 << 16))) {
            if (data.readInt() != MAGIC || data.readInt() != VERSION) {
                return null;
            }
            int vocabulary = data.readInt();
            int dim = data.readInt();
            if (vocabulary != VOCABULARY || dim < 1 || dim > 4096) {
                return null;
            }
            if (Files.size(file) != 16L + (long) vocabulary * dim * Float.BYTES) {
                return null;
            }
            byte[] row = new byte[dim * Float.BYTES];
            float[][] raw = new float[vocabulary][dim];
            for (int id = 0; id < vocabulary; id++) {
                data.readFully(row);
                ByteBuffer.wrap(row)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .asFloatBuffer()
                        .get(raw[id]);
            }
            return raw;
        }
    }

    private static void write(Path dir, Path file, float[][] raw) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "tokens.", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp);
                    DataOutputStream data = new DataOutputStream(new java.io.BufferedOutputStream(out, 1 << 16))) {
                data.writeInt(MAGIC);
                data.writeInt(VERSION);
                data.writeInt(raw.length);
                data.writeInt(raw[0].length);
                ByteBuffer row =
                        ByteBuffer.allocate(raw[0].length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                for (float[] v : raw) {
                    row.clear();
                    row.asFloatBuffer().put(v);
                    data.write(row.array());
                }
            }
            ModelCache.moveIntoPlace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
