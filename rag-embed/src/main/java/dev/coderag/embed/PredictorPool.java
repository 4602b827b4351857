package dev.coderag.embed;

import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.translate.TranslateException;
import ai.djl.translate.Translator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * DJL predictors of one model, created on demand up to {@code max} and reused: a DJL predictor is not thread-safe
 * (the ONNX Runtime session under it is), so each is used by one thread at a time. Thread-safe; callers beyond
 * {@code max} wait for a free predictor.
 */
final class PredictorPool<I, O> implements AutoCloseable {
    private final Model model;
    private final Translator<I, O> translator;
    private final int max;
    private final BlockingQueue<Predictor<I, O>> idle;
    private final List<Predictor<I, O>> all = new ArrayList<>();
    private final AtomicInteger created = new AtomicInteger();

    PredictorPool(Model model, Translator<I, O> translator, int max) {
        this.model = model;
        this.translator = translator;
        this.max = max;
        this.idle = new ArrayBlockingQueue<>(max);
    }

    /** Runs one input on a free predictor. */
    O predict(I input) throws TranslateException {
        Predictor<I, O> predictor = borrow();
        try {
            return predictor.predict(input);
        } finally {
            idle.offer(predictor);
        }
    }

    private Predictor<I, O> borrow() {
        Predictor<I, O> p = idle.poll();
        if (p != null) {
            return p;
        }
        if (created.incrementAndGet() <= max) {
            Predictor<I, O> fresh = model.newPredictor(translator);
            synchronized (all) {
                all.add(fresh);
            }
            return fresh;
        }
        created.decrementAndGet();
        try {
            return idle.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbedException(EmbedException.Reason.STOPPED, "interrupted while embedding", e);
        }
    }

    /** Closes every predictor; the caller makes sure none is in use (the embedder's lifecycle lock). */
    @Override
    public void close() {
        synchronized (all) {
            all.forEach(Predictor::close);
            all.clear();
        }
        idle.clear();
    }
}
