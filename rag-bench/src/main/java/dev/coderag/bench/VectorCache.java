package dev.coderag.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Real embeddings of chunk texts kept between benchmark runs: content hash → vector, in an append-only file
 * under the benchmark's work directory, so that a long embedding job can be interrupted and resumed and every
 * store size reuses the same real vectors. Not thread-safe.
 */
final class VectorCache implements AutoCloseable {
    private final Map<String, float[]> vectors = new HashMap<>();
    private final int dimension;
    private final DataOutputStream out;

    private VectorCache(Path file, int dimension) throws IOException {
        this.dimension = dimension;
        if (Files.exists(file)) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
                while (true) {
                    String hash;
                    float[] v = new float[dimension];
                    try {
                        hash = in.readUTF();
                        for (int i = 0; i < dimension; i++) {
                            v[i] = in.readFloat();
                        }
                    } catch (EOFException e) {
                        break; // a record cut short by an interrupted run is dropped
                    }
                    vectors.put(hash, v);
                }
            }
        }
        this.out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)));
    }

    static VectorCache open(Path file, int dimension) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        return new VectorCache(file, dimension);
    }

    float[] get(String contentHash) {
        return vectors.get(contentHash);
    }

    boolean contains(String contentHash) {
        return vectors.containsKey(contentHash);
    }

    int size() {
        return vectors.size();
    }

    /** Adds a vector and appends it to the file (flushed by {@link #flush}). */
    void put(String contentHash, float[] vector) throws IOException {
        if (vector.length != dimension) {
            throw new IllegalArgumentException("vector of " + vector.length + " floats, expected " + dimension);
        }
        if (vectors.putIfAbsent(contentHash, vector) == null) {
            out.writeUTF(contentHash);
            for (float f : vector) {
                out.writeFloat(f);
            }
        }
    }

    void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
