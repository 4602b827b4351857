package dev.coderag.store.spi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** How chunks and vectors are stored in SQLite: chunk records as JSON, vectors as little-endian float32 blobs. */
public final class ChunkCodec {
    private ChunkCodec() {}

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public static String toJson(Chunk chunk) {
        try {
            return JSON.writeValueAsString(chunk);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise chunk " + chunk.id(), e);
        }
    }

    /** Parses a stored chunk; throws IllegalArgumentException when the JSON does not fit the kind. */
    public static Chunk fromJson(ChunkKind kind, String json) {
        Class<? extends Chunk> type =
                switch (kind) {
                    case CODE -> CodeChunk.class;
                    case README -> ReadmeChunk.class;
                    case MANIFEST -> ManifestChunk.class;
                    case MODULE_DOC -> ModuleDocChunk.class;
                    case COMMIT -> CommitChunk.class;
                };
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "stored " + kind.table() + " chunk is not valid: " + e.getOriginalMessage(), e);
        }
    }

    public static byte[] toBlob(float[] vector) {
        ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(vector);
        return buffer.array();
    }

    /** Decodes a blob of {@code dimension} floats; IllegalArgumentException when its size does not fit. */
    public static float[] fromBlob(byte[] blob, int dimension) {
        if (blob == null || blob.length != dimension * Float.BYTES) {
            throw new IllegalArgumentException("stored vector has " + (blob == null ? 0 : blob.length / Float.BYTES)
                    + " floats, expected " + dimension);
        }
        float[] vector = new float[dimension];
        ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        return vector;
    }
}
