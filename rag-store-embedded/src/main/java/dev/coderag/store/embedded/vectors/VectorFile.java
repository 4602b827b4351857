package dev.coderag.store.embedded.vectors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/**
 * The full-precision vectors of one compressed-tier table ({@link DiskVectors}) in a derived file of the store
 * directory, {@code vectors-<table>.<pid>-<id>.f32}: a 64-byte header (magic, version, dimension, store-id hash,
 * file id), then ordinal × dimension little-endian floats. Ordinals are written as they are appended and read
 * with positional {@link FileChannel} reads — never memory-mapped — so that a serving process's resident set
 * holds only the buffers of the reads in flight; the OS page cache keeps the hot pages.
 *
 * <p>A file has one owner: the process (and, within it, the index) that writes it; its pid is in the name. A
 * graph file ({@link GraphFiles}) names the vectors file its PQ codes belong to, and how many ordinals of it
 * it covers; the file is synced before the graph file is renamed into place, so after a kill at any moment the
 * pair is consistent or the graph file is older. A restart {@linkplain #claim claims} the named file when its owner
 * is dead (or is this process and closed it): atomically renamed to the new owner's name, so two processes never
 * write one file, and found by its table and id whatever pid it carries, since a process that claimed it and
 * changed nothing never rewrote the graph file. The claim checks its header, length and a checksum of sampled
 * vectors, and truncates it to the covered ordinals. Anything else (missing, foreign, short, damaged, still owned by a live process) fails the
 * restore and the index is rebuilt from {@code store.db} with a new file: derived data, never a reason to fail.
 * Files no graph file names and no live process owns are deleted on open ({@link #deleteUnused}).
 *
 * <p>Thread-safety: reads are positional and concurrent; writes come from one thread at a time (the index's
 * write lock). A thread interrupted during a read closes a {@link FileChannel}; the channel is then reopened.
 */
public final class VectorFile implements AutoCloseable {
    static final String PREFIX = "vectors-";
    static final String SUFFIX = ".f32";
    public static final int HEADER = 64;
    private static final int MAGIC = 0x43525631; // "CRV1"
    private static final int VERSION = 1;
    /** Files open in this process: a file named with our own pid is claimable only when not among these. */
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final long id;
    private final int dimension;
    private final int bytes;
    private volatile FileChannel channel;
    private volatile boolean closed;
    private final ByteBuffer writeBuffer;

    private VectorFile(Path file, long id, int dimension, FileChannel channel) {
        this.file = file;
        this.id = id;
        this.dimension = dimension;
        this.bytes = dimension * Float.BYTES;
        this.channel = channel;
        this.writeBuffer = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    long id() {
        return id;
    }

    Path path() {
        return file;
    }

    private static Path path(Path dir, String table, long id) {
        return dir.resolve(PREFIX + table + "." + ProcessHandle.current().pid() + "-" + Long.toHexString(id) + SUFFIX);
    }

    /** A new, empty file of this process for {@code table}. */
    static VectorFile create(Path dir, String table, String storeId, int dimension) throws IOException {
        long id = ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
        Path file = path(dir, table, id);
        FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        OPEN.add(file);
        VectorFile out = new VectorFile(file, id, dimension, channel);
        try {
            ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            header.putInt(MAGIC)
                    .putInt(VERSION)
                    .putInt(dimension)
                    .putLong(storeHash(storeId))
                    .putLong(id);
            header.clear();
            while (header.hasRemaining()) {
                channel.write(header, header.position());
            }
            return out;
        } catch (IOException | RuntimeException e) {
            out.close(true);
            throw e;
        }
    }

    /**
     * Takes over the file {@code name} (as recorded in a graph file) holding at least {@code n} vectors whose
     * sampled checksum is {@code checksum}, and truncates it to them. IOException when it cannot be trusted or is
     * still someone else's.
     */
    static VectorFile claim(Path dir, String name, String storeId, int dimension, long id, int n, long checksum)
            throws IOException {
        Path old = dir.resolve(name);
        if (!name.startsWith(PREFIX)
                || !name.endsWith(SUFFIX)
                || !old.getParent().equals(dir)) {
            throw new IOException("bad vectors file name " + name);
        }
        if (!Files.exists(old)) {
            // A process that claimed the file renamed it to its own pid and, if it changed nothing, never rewrote
            // the graph file that names it: the file is the one with the same table and id, whatever its pid.
            old = sameFile(dir, name).orElse(old);
            name = old.getFileName().toString();
        }
        long owner = ownerPid(name);
        long me = ProcessHandle.current().pid();
        if (owner == me
                ? OPEN.contains(old)
                : ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false)) {
            throw new IOException(name + " is in use by process " + owner);
        }
        Path file = path(dir, name.substring(PREFIX.length(), name.indexOf('.')), id);
        try {
            Files.move(old, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            throw new IOException(name + " is missing", e);
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        OPEN.add(file);
        VectorFile out = new VectorFile(file, id, dimension, channel);
        try {
            ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            out.readFully(header, 0);
            header.flip();
            if (header.getInt() != MAGIC
                    || header.getInt() != VERSION
                    || header.getInt() != dimension
                    || header.getLong() != storeHash(storeId)
                    || header.getLong() != id) {
                throw new IOException(name + " has a foreign header");
            }
            long length = HEADER + (long) n * out.bytes;
            if (channel.size() < length) {
                throw new IOException(name + " is truncated: " + channel.size() + " < " + length + " bytes");
            }
            if (out.checksum(n) != checksum) {
                throw new IOException(name + " does not hold the vectors its graph was built from");
            }
            channel.truncate(length);
            return out;
        } catch (IOException | RuntimeException e) {
            out.close(true);
            throw e;
        }
    }

    /**
     * The name without its owner: {@code vectors-<table>.<id>.f32} for {@code vectors-<table>.<pid>-<id>.f32}, so that
     * a file renamed by a claim is still the file a graph file names. Null for a name not of that form.
     */
    static String identity(String name) {
        int dot = name.indexOf('.');
        int dash = name.indexOf('-', dot + 1);
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX) || dot < 0 || dash < 0) {
            return null;
        }
        return name.substring(0, dot + 1) + name.substring(dash + 1);
    }

    /** The file of {@code dir} with the same identity as {@code name} (another owner's pid), if there is one. */
    private static Optional<Path> sameFile(Path dir, String name) throws IOException {
        String identity = identity(name);
        if (identity == null) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX)) {
            for (Path file : files) {
                if (identity.equals(identity(file.getFileName().toString()))) {
                    return Optional.of(file);
                }
            }
        }
        return Optional.empty();
    }

    private static long ownerPid(String name) throws IOException {
        try {
            String tail = name.substring(name.indexOf('.') + 1, name.length() - SUFFIX.length());
            return Long.parseLong(tail.substring(0, tail.indexOf('-')));
        } catch (RuntimeException e) {
            throw new IOException("bad vectors file name " + name, e);
        }
    }

    private static long storeHash(String storeId) {
        CRC32C crc = new CRC32C();
        crc.update(storeId.getBytes(StandardCharsets.UTF_8));
        return crc.getValue() ^ ((long) storeId.length() << 32);
    }

    /** Writes the vector of {@code ordinal}; one writer at a time. */
    void write(int ordinal, float[] vector) {
        writeBuffer.clear();
        writeBuffer.asFloatBuffer().put(vector);
        writeBuffer.clear();
        long position = HEADER + (long) ordinal * bytes;
        io(() -> {
            ByteBuffer b = writeBuffer.duplicate();
            while (b.hasRemaining()) {
                channel.write(b, position + b.position());
            }
            return null;
        });
    }

    /** The vector of {@code ordinal}, read from the file (or the page cache). */
    float[] read(int ordinal) {
        ByteBuffer buffer = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        io(() -> {
            buffer.clear();
            readFully(buffer, HEADER + (long) ordinal * bytes);
            return null;
        });
        float[] out = new float[dimension];
        buffer.flip();
        buffer.asFloatBuffer().get(out);
        return out;
    }

    /** Makes every written vector durable: before a graph file that names them is renamed into place. */
    void sync() {
        io(() -> {
            channel.force(false);
            return null;
        });
    }

    /** A checksum of a few vectors of [0, n): enough to tell this file from another one or a damaged one. */
    long checksum(int n) {
        CRC32C crc = new CRC32C();
        for (int ordinal : new int[] {0, n / 3, n / 2, (int) (2L * n / 3), n - 1}) {
            if (ordinal >= 0 && ordinal < n) {
                ByteBuffer buffer = ByteBuffer.allocate(bytes);
                io(() -> {
                    buffer.clear();
                    readFully(buffer, HEADER + (long) ordinal * bytes);
                    return null;
                });
                crc.update(buffer.flip());
            }
        }
        return crc.getValue();
    }

    private void readFully(ByteBuffer buffer, long position) throws IOException {
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, position + buffer.position());
            if (read < 0) {
                throw new IOException(file.getFileName() + " ends before offset " + position);
            }
        }
    }

    @FunctionalInterface
    private interface Io {
        Object run() throws IOException;
    }

    /** Runs one channel operation, reopening the channel once if an interrupted thread closed it. */
    private void io(Io op) {
        for (int attempt = 0; ; attempt++) {
            FileChannel used = channel;
            try {
                op.run();
                return;
            } catch (ClosedChannelException e) {
                if (closed || attempt > 0) {
                    throw new IllegalStateException(file.getFileName() + " is closed", e);
                }
                reopen(used);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private synchronized void reopen(FileChannel used) {
        if (channel != used || closed) {
            return;
        }
        boolean interrupted = Thread.interrupted();
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Closes the file, deleting it when it is no longer wanted (an index replaced by compaction). */
    void close(boolean delete) {
        closed = true;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was pending: writes are positional and synced before anyone relies on them
        }
        OPEN.remove(file);
        if (delete) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // an unreferenced file is deleted on the next open
            }
        }
    }

    @Override
    public void close() {
        close(false);
    }

    /**
     * Deletes the vectors files of {@code dir} that no graph file in {@code referenced} names and whose owner is
     * gone (a dead process, or this process without the file open).
     */
    public static void deleteUnused(Path dir, Set<String> referenced) {
        long me = ProcessHandle.current().pid();
        Set<String> identities = new HashSet<>();
        referenced.stream().map(VectorFile::identity).filter(Objects::nonNull).forEach(identities::add);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (referenced.contains(name) || identities.contains(identity(name))) {
                    continue;
                }
                try {
                    long owner = ownerPid(name);
                    boolean owned = owner == me
                            ? OPEN.contains(file)
                            : ProcessHandle.of(owner)
                                    .map(ProcessHandle::isAlive)
                                    .orElse(false);
                    if (owned) {
                        continue;
                    }
                } catch (IOException notOurs) {
                    // a stray name under our prefix is still ours to clean
                }
                Files.deleteIfExists(file);
            }
        } catch (IOException ignored) {
            // best effort: unused files only cost disk space
        }
    }

    /** Deletes every vectors file of {@code dir} (a recreated store). */
    static void deleteAll(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX)) {
            for (Path file : files) {
                Files.deleteIfExists(file);
            }
        }
    }
}
