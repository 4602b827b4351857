package dev.coderag.embed;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The static tier: a text's vector is the sum of its WordPiece tokens' rows of a {@link StaticTable} distilled
 * from the base model, less its component along the direction all such sums share ({@link #commonDirection}),
 * normalised — tokenizer plus table look-up, about a hundred times cheaper than running the
 * transformer (0.05 ms per question), of the same dimension. Queries and documents are embedded alike (no
 * instruction prefix: its tokens would add the same vector to every question).
 *
 * <p>Lazy: opening costs nothing; the first embedding loads the table from the cache, or distils it there first (one
 * pass of the base model over its vocabulary, ~6 s on 2 cores, once per machine and model version), so that a
 * server that never needs the tier never pays for it. A failure to load is an {@link EmbedException} of that call.
 *
 * <p>A text with no token in the vocabulary (empty, or only characters the tokenizer drops) gets a fixed unit
 * vector, so every chunk can be stored. Texts longer than {@link #MAX_CHARS} are cut first. Thread-safe; {@link
 * #close} waits for calls in flight, then drops the table.
 */
final class StaticEmbedder implements Embedder {
    /** Batches of at least this many texts are embedded on two threads. */
    private static final int PARALLEL_MIN = 16;

    /** Texts longer than this many characters are cut before tokenizing: a bound on work per text. */
    static final int MAX_CHARS = 64 * 1024;

    private final EmbeddingModel base;
    private final Path cacheRoot;
    /** Embeddings hold the read lock; {@link #close} the write lock, so it never drops the table under a call. */
    private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();

    private volatile Loaded loaded;
    private boolean closed;
    /** Embeds the second half of a large batch; see {@link #helper()}. */
    private ExecutorService helper;

    /**
     * Bumped whenever a text's static vector would change (the table's raw cache has its own {@link
     * StaticTable#VERSION}): part of the {@link #modelId}, so a store of older static vectors is not read as current.
     * 2: the common direction removed.
     */
    static final int TIER_VERSION = 2;

    /** The word pieces, the table and the common direction, once loaded. */
    private record Loaded(WordPieces pieces, StaticTable table, float[] common) {}

    private StaticEmbedder(EmbeddingModel base, Path cacheRoot) {
        this.base = base;
        this.cacheRoot = cacheRoot;
    }

    static Embedder open(EmbeddingModel base) {
        return open(base, ModelCache.defaultRoot(System.getenv()));
    }

    static StaticEmbedder open(EmbeddingModel base, Path cacheRoot) {
        return new StaticEmbedder(Objects.requireNonNull(base, "base"), Objects.requireNonNull(cacheRoot, "cacheRoot"));
    }

    /** The loaded table; the caller holds the read lock. */
    private Loaded loaded() {
        if (closed) {
            throw new IllegalStateException("the embedder is closed");
        }
        Loaded l = loaded;
        if (l != null) {
            return l;
        }
        synchronized (this) {
            if (loaded == null) {
                loaded = load();
            }
            return loaded;
        }
    }

    /** Runs {@code body} with the table, under the read lock. */
    private <T> T withLoaded(java.util.function.Function<Loaded, T> body) {
        lifecycle.readLock().lock();
        try {
            return body.apply(loaded());
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    private Loaded load() {
        ClassLoader loader = StaticEmbedder.class.getClassLoader();
        try {
            WordPieces pieces = WordPieces.load(base, loader);
            String key = ModelCache.install(loader, base.onnxResource(), cacheRoot)
                    .getParent()
                    .getFileName()
                    .toString();
            StaticTable table = StaticTable.load(cacheRoot, key, () -> distil(base, cacheRoot));
            return new Loaded(pieces, table, commonDirection(loader, table.dimension()));
        } catch (IOException | RuntimeException e) {
            if (e instanceof EmbedException ee) {
                throw ee;
            }
            throw new EmbedException(
                    EmbedException.Reason.LOAD,
                    "cannot build the static tier of the " + base.shortName() + " model (cache " + cacheRoot + "; set "
                            + ModelCache.CACHE_DIR_ENV + " to a writable directory): " + e.getMessage(),
                    e);
        }
    }

    /**
     * The direction every static vector shares ({@code static-direction.txt}: a unit vector, one float per line after
     * a {@code #} comment). Sums of the table's rows all lie within ~13° of it, whatever the text's language (the
     * mean static vector of a corpus has norm ~0.975), which leaves cosines between any two texts at 0.85–1 and
     * graph search and product quantization little to tell apart; each vector's component along it is removed.
     * Computed from the development corpora (rag-bench {@code StaticDirection}; docs/STORE.md).
     */
    static float[] commonDirection(ClassLoader loader, int dimension) throws IOException {
        String name = "dev/coderag/embed/static-direction.txt";
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing resource " + name);
            }
            float[] u = new float[dimension];
            int d = 0;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                if (d == dimension) {
                    throw new IOException(name + " has more than " + dimension + " values");
                }
                u[d++] = Float.parseFloat(t);
            }
            if (d != dimension) {
                throw new IOException(name + " has " + d + " values, not " + dimension);
            }
            return u;
        }
    }

    /** One pass of the base model over the vocabulary, in large batches of three-token sequences. */
    private static float[][] distil(EmbeddingModel base, Path cacheRoot) {
        EmbedSettings defaults = EmbedSettings.fromSystemProperties(base);
        EmbedSettings wide = new EmbedSettings(
                defaults.workers(), defaults.intraOpThreads(), 256 * 3, 256, defaults.documentWindow());
        try (DjlEmbedder model = DjlEmbedder.open(base, wide, cacheRoot)) {
            return model.embedVocabulary(StaticTable.VOCABULARY);
        }
    }

    @Override
    public String modelId() {
        return staticModelId(base);
    }

    /** The model id of {@code base}'s static tier: the base model's id and {@code /static-v<version>}. */
    static String staticModelId(EmbeddingModel base) {
        return base.modelId() + "/static-v" + TIER_VERSION;
    }

    @Override
    public int dimension() {
        return DjlEmbedder.DIMENSION;
    }

    @Override
    public int maxTokens() {
        return Integer.MAX_VALUE;
    }

    @Override
    public int countTokens(String text) {
        Objects.requireNonNull(text, "text");
        return withLoaded(l -> ids(l, text).length);
    }

    @Override
    public float[] embedQuery(String query) {
        Objects.requireNonNull(query, "query");
        return withLoaded(l -> embed(l, query));
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        texts.forEach(t -> Objects.requireNonNull(t, "texts must not contain null"));
        if (texts.isEmpty()) {
            return List.of();
        }
        return withLoaded(l -> {
            int n = texts.size();
            ExecutorService helper = n >= PARALLEL_MIN ? helper() : null;
            if (helper == null) {
                return List.copyOf(embedRange(l, texts, 0, n));
            }
            // The second half on the helper thread; this thread keeps the read lock until both are done, so the
            // helper needs no lock of its own (and close() cannot drop the table under it).
            int half = n / 2;
            Future<List<float[]>> second = helper.submit(() -> embedRange(l, texts, half, n));
            List<float[]> out = new ArrayList<>(n);
            out.addAll(embedRange(l, texts, 0, half));
            try {
                out.addAll(second.get());
            } catch (InterruptedException e) {
                second.cancel(true);
                Thread.currentThread().interrupt();
                throw new EmbedException(EmbedException.Reason.STOPPED, "interrupted while embedding", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException re
                        ? re
                        : new EmbedException(EmbedException.Reason.RUN, "embedding failed: " + e.getCause(), e);
            }
            return List.copyOf(out);
        });
    }

    private static List<float[]> embedRange(Loaded l, List<String> texts, int from, int to) {
        List<float[]> out = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            out.add(embed(l, texts.get(i)));
        }
        return out;
    }

    /** The helper thread for large batches, started on first use; none on one core or once closed. */
    private synchronized ExecutorService helper() {
        if (helper == null && !closed && Runtime.getRuntime().availableProcessors() > 1) {
            helper = Executors.newSingleThreadExecutor(
                    Thread.ofPlatform().name("coderag-static").daemon(true).factory());
        }
        return helper;
    }

    private static float[] embed(Loaded l, String text) {
        float[] sum = new float[l.table().dimension()];
        // Code repeats its pieces ("(", "_", a name): each distinct piece is added once, times its count.
        int[] ids = ids(l, text);
        Arrays.sort(ids);
        for (int i = 0; i < ids.length; ) {
            int j = i + 1;
            while (j < ids.length && ids[j] == ids[i]) {
                j++;
            }
            l.table().addTo(ids[i], j - i, sum);
            i = j;
        }
        float[] u = l.common();
        double along = 0;
        for (int d = 0; d < sum.length; d++) {
            along += (double) sum[d] * u[d];
        }
        for (int d = 0; d < sum.length; d++) {
            sum[d] -= (float) (along * u[d]);
        }
        double norm = 0;
        for (float x : sum) {
            norm += (double) x * x;
        }
        if (norm == 0 || !Double.isFinite(norm)) {
            float[] unit = new float[sum.length];
            unit[0] = 1f;
            return unit;
        }
        float inv = (float) (1 / Math.sqrt(norm));
        for (int d = 0; d < sum.length; d++) {
            sum[d] *= inv;
        }
        return sum;
    }

    private static int[] ids(Loaded l, String text) {
        String t = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
        return l.pieces().ids(t);
    }

    /** Waits for calls in flight, then drops the table; later calls fail. Idempotent. */
    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                loaded = null;
                synchronized (this) {
                    if (helper != null) {
                        helper.shutdownNow();
                    }
                }
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
    }
}
