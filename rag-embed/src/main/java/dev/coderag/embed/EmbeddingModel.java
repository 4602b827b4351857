package dev.coderag.embed;

import java.util.Locale;

/** The embedding models shipped inside Maven jars; nothing is downloaded at run time. */
public enum EmbeddingModel {
    /** BAAI bge-small-en-v1.5, fp32 ONNX. */
    BGE_SMALL_FP32("fp32", "BAAI/bge-small-en-v1.5", "bge-small-en-v1.5.onnx", "bge-small-en-v1.5-tokenizer.json"),
    /** BAAI bge-small-en-v1.5, int8-quantised ONNX. */
    BGE_SMALL_INT8(
            "int8", "BAAI/bge-small-en-v1.5-int8", "bge-small-en-v1.5-q.onnx", "bge-small-en-v1.5-q-tokenizer.json");

    /**
     * The model of a new store: int8 embeds 1.4–2× as many chunks per second and a question in about half the
     * time, at the same retrieval quality (docs/EVALUATION.md, "fp32 or int8?"). A store keeps the model it was
     * built with; the command line chooses this one only for a store that does not exist yet.
     */
    public static final EmbeddingModel DEFAULT = BGE_SMALL_INT8;

    private final String shortName;
    private final String modelId;
    private final String onnxResource;
    private final String tokenizerResource;

    EmbeddingModel(String shortName, String modelId, String onnxResource, String tokenizerResource) {
        this.shortName = shortName;
        this.modelId = modelId;
        this.onnxResource = onnxResource;
        this.tokenizerResource = tokenizerResource;
    }

    /** {@code fp32} or {@code int8}: the name used by {@code --model} / {@code RAG_MODEL}. */
    public String shortName() {
        return shortName;
    }

    public String modelId() {
        return modelId;
    }

    String onnxResource() {
        return onnxResource;
    }

    String tokenizerResource() {
        return tokenizerResource;
    }

    /** Parses a short name or model id; IllegalArgumentException naming the choices otherwise. */
    public static EmbeddingModel fromName(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (EmbeddingModel m : values()) {
            if (m.shortName.equals(n) || m.modelId.toLowerCase(Locale.ROOT).equals(n)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown embedding model '" + name + "' (choose fp32 or int8)");
    }
}
