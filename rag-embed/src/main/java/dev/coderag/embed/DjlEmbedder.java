package dev.coderag.embed;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.translate.TranslateException;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * bge-small-en-v1.5 on DJL + ONNX Runtime, fully offline: the ONNX file and tokenizer.json come from the
 * LangChain4j model jars on the classpath; nothing is downloaded.
 *
 * <p>Pipeline: tokenise (truncate to 512 tokens incl. [CLS]/[SEP]) → a document longer than the document window
 * (256 tokens) is cut into equal windows, each framed by [CLS]/[SEP] ({@link TokenWindows}) → sort all windows by
 * length and cut into batches under a token budget ({@link BatchPlan}) → pad per batch → ONNX Runtime → [CLS]
 * vector → L2-normalise → a document's vector is the token-weighted mean of its windows' vectors, L2-normalised →
 * results back in input order. Queries are never windowed: a question is one sequence (truncated at 512).
 *
 * <p>Threads: ONNX Runtime sessions are safe for concurrent runs but DJL predictors are not, so predictors
 * come from a {@link PredictorPool} (each in use by one thread at a time). {@link #embedDocuments} spreads
 * batches over {@code workers} threads (inline on the caller when there is one), each inference using
 * {@code intraOpThreads}; see {@link Settings#fromSystemProperties(EmbeddingModel)} for the defaults. Spin-waiting of ONNX
 * Runtime's threads is off, since it halves throughput as soon as another process competes for the cores.
 *
 * <p>Tuning knobs (system properties, read at {@link #open}): {@code coderag.embed.workers},
 * {@code coderag.embed.intraOpThreads}, {@code coderag.embed.batchTokens} (padded tokens per batch),
 * {@code coderag.embed.maxBatch}, {@code coderag.embed.documentWindow} (tokens per document window, 3–512; 512
 * embeds every document as one sequence, as before windows).
 *
 * <p>Thread-safe. {@link #close} waits for calls in flight, then frees the native memory.
 */
final class DjlEmbedder implements Embedder {

    static {
        // DJL probes a cloud metadata address at start-up unless offline; it reads these on use, so they
        // must be set before any DJL class does its work. Caller-set values win.
        setIfAbsent("ai.djl.offline", "true");
        setIfAbsent("offline", "true");
        setIfAbsent("OPT_OUT_TRACKING", "true");
    }

    /** The instruction bge-small-en-v1.5's model card asks for on retrieval queries (not on passages). */
    static final String QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";

    static final int DIMENSION = 384;
    static final int MAX_TOKENS = 512;
    /**
     * Documents longer than this many tokens are embedded as windows ({@link TokenWindows}). Measured on BLIZZARD
     * (docs/EVALUATION.md, "Document windows"): 256 embeds eclipse.jdt.debug and ecf ~1.4× faster than one
     * 512-token sequence and retrieves better on both (full Hit@10 +0.018 / +0.005, MRR@10 +0.003 / +0.015);
     * 192 and 128 are faster still but lose Hit@10 or MRR against 256.
     */
    static final int DOCUMENT_WINDOW = 256;

    private final EmbeddingModel model;
    private final EmbedSettings settings;
    private final HuggingFaceTokenizer tokenizer;
    /** Counts tokens; the model's input keeps {@link #tokenizer}. */
    private final WordPieces pieces;

    private final OrtSession.SessionOptions sessionOptions;
    private final Model djlModel;
    private final PredictorPool<TokenBatch, float[][]> predictors;
    private final ExecutorService workers;
    private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private final long clsId;
    private final long sepId;
    private boolean closed;
    /** Set when the JVM starts to exit: batches not yet started are skipped so the exit is prompt. */
    private volatile boolean exiting;
    /** Registered as a JVM shutdown hook; see {@link #holdOffExit()}. */
    private final Thread exitGuard =
            Thread.ofPlatform().name("coderag-embed-exit").unstarted(this::holdOffExit);

    private DjlEmbedder(
            EmbeddingModel model,
            EmbedSettings settings,
            HuggingFaceTokenizer tokenizer,
            WordPieces pieces,
            OrtSession.SessionOptions sessionOptions,
            Model djlModel) {
        this.model = model;
        this.settings = settings;
        this.tokenizer = tokenizer;
        this.pieces = pieces;
        this.sessionOptions = sessionOptions;
        this.djlModel = djlModel;
        this.predictors = new PredictorPool<>(
                djlModel,
                new ClsTranslator(djlModel.describeInput().keys().contains("token_type_ids")),
                Math.max(settings.workers(), Runtime.getRuntime().availableProcessors()));
        long[] empty = tokenizer.encode("", true, false).getIds();
        this.clsId = empty[0];
        this.sepId = empty[1];
        this.workers = settings.workers() == 1
                ? null
                : Executors.newFixedThreadPool(
                        settings.workers(),
                        Thread.ofPlatform()
                                .name("coderag-embed-", 0)
                                .daemon(true)
                                .factory());
    }

    static Embedder open(EmbeddingModel model) {
        return open(model, EmbedSettings.fromSystemProperties(model), ModelCache.defaultRoot(System.getenv()));
    }

    static DjlEmbedder open(EmbeddingModel model, EmbedSettings settings, Path cacheRoot) {
        Objects.requireNonNull(model, "model");
        ClassLoader loader = DjlEmbedder.class.getClassLoader();
        Path onnx;
        try {
            onnx = ModelCache.install(loader, model.onnxResource(), cacheRoot);
        } catch (IOException e) {
            throw new EmbedException(
                    EmbedException.Reason.LOAD,
                    "cannot copy the " + model.shortName() + " embedding model to the cache " + cacheRoot + " (set "
                            + ModelCache.CACHE_DIR_ENV + " to a writable directory): " + e.getMessage(),
                    e);
        }
        HuggingFaceTokenizer tokenizer = null;
        OrtSession.SessionOptions options = null;
        Model djlModel = null;
        try (InputStream json = loader.getResourceAsStream(model.tokenizerResource())) {
            if (json == null) {
                throw new IOException("resource " + model.tokenizerResource() + " is not on the classpath");
            }
            // No padding or truncation inside the tokenizer: countTokens needs the full length, and
            // padding is per batch. Truncation to 512 happens in tokenize().
            tokenizer = HuggingFaceTokenizer.newInstance(
                    json, Map.of("padding", "false", "truncation", "false", "addSpecialTokens", "true"));
            WordPieces pieces = WordPieces.load(model, loader);
            options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(settings.intraOpThreads());
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            djlModel = Model.newInstance(model.modelId(), Device.cpu(), "OnnxRuntime");
            djlModel.load(onnx, null, Map.of("sessionOptions", options));
            DjlEmbedder embedder = new DjlEmbedder(model, settings, tokenizer, pieces, options, djlModel);
            Runtime.getRuntime().addShutdownHook(embedder.exitGuard);
            return embedder;
        } catch (IOException | MalformedModelException | OrtException | RuntimeException e) {
            closeQuietly(djlModel, options, tokenizer);
            throw new EmbedException(
                    EmbedException.Reason.LOAD,
                    "cannot load the " + model.shortName() + " embedding model (" + onnx + "): " + e.getMessage(),
                    e);
        }
    }

    @Override
    public String modelId() {
        return model.modelId();
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    @Override
    public int maxTokens() {
        return MAX_TOKENS;
    }

    @Override
    public int countTokens(String text) {
        Objects.requireNonNull(text, "text");
        lifecycle.readLock().lock();
        try {
            ensureOpen();
            return pieces.count(text);
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    @Override
    public float[] embedQuery(String query) {
        Objects.requireNonNull(query, "query");
        lifecycle.readLock().lock();
        try {
            ensureOpen();
            long[] ids = tokenize(QUERY_PREFIX + query);
            return run(TokenBatch.of(List.of(ids)))[0];
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        texts.forEach(t -> Objects.requireNonNull(t, "texts must not contain null"));
        if (texts.isEmpty()) {
            return List.of();
        }
        lifecycle.readLock().lock();
        try {
            ensureOpen();
            // Each document becomes one or more windows (TokenWindows); the windows of all documents are
            // batched together by length, and each document's vector is pooled from its windows' vectors.
            long[][][] windows = new long[texts.size()][][];
            int pieces = 0;
            for (int i = 0; i < windows.length; i++) {
                windows[i] = TokenWindows.split(tokenize(texts.get(i)), settings.documentWindow(), clsId, sepId);
                pieces += windows[i].length;
            }
            long[][] ids = new long[pieces][];
            int p = 0;
            for (long[][] doc : windows) {
                for (long[] piece : doc) {
                    ids[p++] = piece;
                }
            }
            float[][] pieceVectors = embedSequences(ids);
            float[][] out = new float[texts.size()][];
            p = 0;
            for (int i = 0; i < out.length; i++) {
                int n = windows[i].length;
                out[i] = TokenWindows.pool(windows[i], Arrays.copyOfRange(pieceVectors, p, p + n));
                p += n;
            }
            return List.of(out);
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    /**
     * The [CLS] vectors of {@code ids} — each a whole framed sequence ([CLS] … [SEP], at most {@link #MAX_TOKENS}
     * ids) — in input order, batched by length over the workers. The caller holds the read lock.
     */
    private float[][] embedSequences(long[][] ids) {
        int[] lengths = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            lengths[i] = ids[i].length;
        }
        List<int[]> batches = BatchPlan.plan(lengths, settings.batchTokens(), settings.maxBatch());
        float[][] vectors = new float[ids.length][];
        if (workers == null || batches.size() == 1) {
            for (int[] batch : batches) {
                embedBatch(batch, ids, vectors);
            }
        } else {
            // Longest batches first, so the workers finish at about the same time.
            List<Future<?>> pending = new ArrayList<>(batches.size());
            for (int b = batches.size() - 1; b >= 0; b--) {
                int[] batch = batches.get(b);
                pending.add(workers.submit(() -> embedBatch(batch, ids, vectors)));
            }
            Workers.awaitAll(pending);
        }
        return vectors;
    }

    /**
     * The model's own vector of every vocabulary token as a one-token text ([CLS] token [SEP]), row {@code id} of
     * the result for token id {@code id}: what {@link StaticTable} is distilled from.
     */
    float[][] embedVocabulary(int vocabulary) {
        lifecycle.readLock().lock();
        try {
            ensureOpen();
            long[][] ids = new long[vocabulary][];
            for (int id = 0; id < vocabulary; id++) {
                ids[id] = new long[] {clsId, id, sepId};
            }
            return embedSequences(ids);
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            try {
                Runtime.getRuntime().removeShutdownHook(exitGuard);
            } catch (IllegalStateException shuttingDown) {
                // Called from another shutdown hook: the guard is running or done; nothing to remove.
            }
            if (workers != null) {
                workers.shutdownNow();
            }
            predictors.close();
            closeQuietly(djlModel, sessionOptions, tokenizer);
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    /**
     * Runs at JVM exit (Ctrl-C, SIGTERM). ONNX Runtime's native destructors run when the process exits; a
     * thread still inside {@code OrtSession.run} then crashes the JVM (SIGSEGV and an hs_err file instead
     * of a clean stop). Taking the write lock waits for the inference in flight; marking the embedder closed
     * keeps any new one from starting. Bounded, so a stuck call cannot hang the exit.
     */
    private void holdOffExit() {
        exiting = true;
        try {
            if (lifecycle.writeLock().tryLock(30, TimeUnit.SECONDS)) {
                // Released again so that other shutdown hooks can still call close() (it then returns at
                // once); closed = true keeps any new inference from starting.
                try {
                    closed = true;
                } finally {
                    lifecycle.writeLock().unlock();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Token ids with [CLS]/[SEP], truncated to {@link #MAX_TOKENS} the way the HF tokenizer truncates. */
    private long[] tokenize(String text) {
        long[] ids = tokenizer.encode(text, true, false).getIds();
        if (ids.length <= MAX_TOKENS) {
            return ids;
        }
        long[] cut = Arrays.copyOf(ids, MAX_TOKENS);
        cut[MAX_TOKENS - 1] = sepId;
        return cut;
    }

    private void embedBatch(int[] batch, long[][] ids, float[][] out) {
        if (exiting) {
            throw new EmbedException(EmbedException.Reason.STOPPED, "embedding stopped: the process is exiting");
        }
        List<long[]> rows = new ArrayList<>(batch.length);
        for (int i : batch) {
            rows.add(ids[i]);
        }
        float[][] vectors = run(TokenBatch.of(rows));
        for (int k = 0; k < batch.length; k++) {
            out[batch[k]] = vectors[k];
        }
    }

    private float[][] run(TokenBatch batch) {
        try {
            return predictors.predict(batch);
        } catch (TranslateException e) {
            throw new EmbedException(
                    EmbedException.Reason.RUN, "embedding failed (" + model.shortName() + "): " + e.getMessage(), e);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the embedder is closed");
        }
    }

    private static void closeQuietly(Model djlModel, OrtSession.SessionOptions options, HuggingFaceTokenizer tok) {
        if (djlModel != null) {
            djlModel.close();
        }
        // DJL does not close session options it was given.
        if (options != null) {
            options.close();
        }
        if (tok != null) {
            tok.close();
        }
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
