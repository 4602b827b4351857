package dev.coderag.embed;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.NoBatchifyTranslator;
import ai.djl.translate.TranslatorContext;
import java.util.Arrays;

/**
 * Feeds a padded batch to BERT (input_ids, attention_mask and, when the model wants them, all-zero
 * token_type_ids) and returns the L2-normalised [CLS] vector of each row. Stateless; thread-safe.
 *
 * @param wantsTokenTypes whether the ONNX model declares a token_type_ids input
 */
record ClsTranslator(boolean wantsTokenTypes) implements NoBatchifyTranslator<TokenBatch, float[][]> {
    @Override
    public NDList processInput(TranslatorContext ctx, TokenBatch in) {
        NDManager nd = ctx.getNDManager();
        Shape shape = new Shape(in.rows(), in.cols());
        NDArray ids = nd.create(in.ids(), shape);
        ids.setName("input_ids");
        NDArray mask = nd.create(in.mask(), shape);
        mask.setName("attention_mask");
        if (!wantsTokenTypes) {
            return new NDList(ids, mask);
        }
        NDArray types = nd.zeros(shape, DataType.INT64);
        types.setName("token_type_ids");
        return new NDList(ids, mask, types);
    }

    @Override
    public float[][] processOutput(TranslatorContext ctx, NDList list) {
        NDArray hidden = list.get(0); // last_hidden_state [rows, cols, 384]
        long[] shape = hidden.getShape().getShape();
        int rows = (int) shape[0];
        int stride = (int) (shape[1] * shape[2]);
        int dim = (int) shape[2];
        float[] all = hidden.toFloatArray();
        float[][] out = new float[rows][];
        for (int r = 0; r < rows; r++) {
            out[r] = normalise(Arrays.copyOfRange(all, r * stride, r * stride + dim));
        }
        return out;
    }

    private static float[] normalise(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        float inv = (float) (1.0 / Math.sqrt(sum));
        for (int i = 0; i < v.length; i++) {
            v[i] *= inv;
        }
        return v;
    }
}
