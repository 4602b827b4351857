package dev.coderag.store.embedded.vectors;

import io.github.jbellis.jvector.disk.RandomAccessReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A forward-only {@link RandomAccessReader} over a stream: all JVector's graph loader needs to read the graph
 * section of a graph file ({@link GraphFiles}) in place, without seeking. Not thread-safe.
 */
final class StreamGraphReader implements RandomAccessReader {
    private final DataInputStream in;

    StreamGraphReader(DataInputStream in) {
        this.in = in;
    }

    @Override
    public void seek(long offset) {
        throw new UnsupportedOperationException("sequential reader");
    }

    @Override
    public long getPosition() {
        throw new UnsupportedOperationException("sequential reader");
    }

    @Override
    public int readInt() throws IOException {
        return in.readInt();
    }

    @Override
    public float readFloat() throws IOException {
        return in.readFloat();
    }

    @Override
    public long readLong() throws IOException {
        return in.readLong();
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
        in.readFully(bytes);
    }

    @Override
    public void readFully(ByteBuffer buffer) throws IOException {
        byte[] bytes = new byte[buffer.remaining()];
        in.readFully(bytes);
        buffer.put(bytes);
    }

    @Override
    public void readFully(long[] values) throws IOException {
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readLong();
        }
    }

    @Override
    public void read(int[] values, int offset, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            values[offset + i] = in.readInt();
        }
    }

    @Override
    public void read(float[] values, int offset, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            values[offset + i] = in.readFloat();
        }
    }

    @Override
    public void close() {
        // the stream belongs to the caller
    }

    @Override
    public long length() {
        throw new UnsupportedOperationException("sequential reader");
    }
}
