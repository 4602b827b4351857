package dev.coderag.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code .fvec} files: per vector a little-endian int32 dimension, then that many little-endian float32s
 * (the format of the ANN benchmarks' corpora and of {@link RealVectorSet}).
 */
final class Fvecs {
    private Fvecs() {}

    /** The first {@code max} vectors of {@code file}; each must have {@code dim} dimensions. */
    static List<float[]> read(Path file, int max, int dim) throws IOException {
        int record = Integer.BYTES + dim * Float.BYTES;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long available = ch.size() / record;
            int n = (int) Math.min(max, available);
            List<float[]> out = new ArrayList<>(n);
            ByteBuffer buf = ByteBuffer.allocate(record * 1024).order(ByteOrder.LITTLE_ENDIAN);
            while (out.size() < n) {
                buf.clear();
                buf.limit(record * Math.min(1024, n - out.size()));
                while (buf.hasRemaining()) {
                    if (ch.read(buf) < 0) {
                        throw new IOException(file + " ends inside a vector");
                    }
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    int d = buf.getInt();
                    if (d != dim) {
                        throw new IOException(
                                file + ": vector " + out.size() + " has " + d + " dimensions, not " + dim);
                    }
                    float[] v = new float[dim];
                    buf.asFloatBuffer().get(v);
                    buf.position(buf.position() + dim * Float.BYTES);
                    out.add(v);
                }
            }
            return out;
        }
    }
}
