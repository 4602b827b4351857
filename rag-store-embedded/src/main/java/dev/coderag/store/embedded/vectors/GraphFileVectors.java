package dev.coderag.store.embedded.vectors;

import io.github.jbellis.jvector.disk.IndexWriter;
import io.github.jbellis.jvector.quantization.ProductQuantization;
import io.github.jbellis.jvector.vector.types.ByteSequence;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The vectors section of a graph file ({@link GraphFiles}): a tier byte, then the exact tier's vectors, or the
 * compressed tier's vectors-file id and checksum, PQ codebook (JVector's format) and codes.
 */
final class GraphFileVectors {
    private GraphFileVectors() {}

    private static final byte HEAP = 0;
    private static final byte PQ = 1;

    static void write(StreamWriter out, VectorStorage.Frozen frozen, int n, int dimension) throws IOException {
        switch (frozen) {
            case VectorStorage.HeapFrozen heap -> {
                out.writeByte(HEAP);
                ByteBuffer vector = ByteBuffer.allocate(dimension * Float.BYTES);
                for (int i = 0; i < n; i++) {
                    vector.clear();
                    VectorFloat<?> v = heap.vectors()[i];
                    for (int d = 0; d < dimension; d++) {
                        vector.putFloat(v.get(d));
                    }
                    out.write(vector.array());
                }
            }
            case VectorStorage.PqFrozen pq -> {
                out.writeByte(PQ);
                out.writeLong(pq.fileId());
                out.writeLong(pq.checksum());
                pq.pq().write(out, 4);
                int m = pq.pq().getSubspaceCount();
                out.writeInt(m);
                byte[] code = new byte[m];
                for (int i = 0; i < n; i++) {
                    ByteSequence<?> c = pq.codes().get(i);
                    for (int b = 0; b < m; b++) {
                        code[b] = c.get(b);
                    }
                    out.write(code);
                }
            }
        }
    }

    /** The storage part of a file, read back: heap vectors, or PQ codes with the claimed vectors file. */
    static VectorStorage read(DataInputStream in, Path dir, String fileName, String storeId, int dimension, int n)
            throws IOException {
        byte tier = in.readByte();
        if (tier == HEAP) {
            VectorFloat<?>[] vectors = new VectorFloat<?>[n];
            byte[] vectorBytes = new byte[dimension * Float.BYTES];
            for (int i = 0; i < n; i++) {
                in.readFully(vectorBytes);
                float[] floats = new float[dimension];
                ByteBuffer.wrap(vectorBytes).asFloatBuffer().get(floats);
                vectors[i] = VectorIndex.VTS.createFloatVector(floats);
            }
            return new HeapVectors(dimension, vectors, n);
        }
        if (tier != PQ) {
            throw new IOException("unknown vector tier " + tier);
        }
        long fileId = in.readLong();
        long checksum = in.readLong();
        ProductQuantization pq;
        try {
            pq = ProductQuantization.load(new StreamGraphReader(in));
        } catch (RuntimeException e) {
            throw new IOException("PQ codebook unreadable: " + e, e);
        }
        int m = in.readInt();
        if (pq.getOriginalDimension() != dimension || m != pq.getSubspaceCount()) {
            throw new IOException("PQ codebook for another dimension");
        }
        byte[][] codes = new byte[n][m];
        for (int i = 0; i < n; i++) {
            in.readFully(codes[i]);
        }
        VectorFile file = VectorFile.claim(dir, fileName, storeId, dimension, fileId, n, checksum);
        return DiskVectors.restore(dimension, pq, codes, file);
    }

    /** A {@link DataOutputStream} that JVector's writers (the PQ codebook) accept. */
    static final class StreamWriter extends DataOutputStream implements IndexWriter {
        StreamWriter(OutputStream out) {
            super(out);
        }

        @Override
        public long position() {
            return size();
        }
    }
}
