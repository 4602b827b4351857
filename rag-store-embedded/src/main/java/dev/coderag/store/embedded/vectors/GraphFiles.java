package dev.coderag.store.embedded.vectors;

import dev.coderag.store.VectorTier;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.types.ChunkKind;
import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import io.github.jbellis.jvector.graph.NodesIterator;
import io.github.jbellis.jvector.graph.OnHeapGraphIndex;
import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.ScoreFunction;
import io.github.jbellis.jvector.graph.similarity.SearchScoreProvider;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * The derived graph files of a store directory, {@code graph-<table>.jvg}: a table's vector index as of some
 * commit — the ordinals its graph covers with their row ids, filter fields and vectors (in the compressed tier:
 * the PQ codebook and codes, and the name, id and a checksum of the vectors file, {@link VectorFile}, that holds
 * the full vectors), then the graph in JVector's on-heap format — so that a restart loads the graph instead of rebuilding it (minutes at 100k+
 * vectors). Row ids are never reused, so a file stays valid whatever was committed since: on load, rows deleted
 * since become dead ordinals and newer rows are appended (see {@link VectorTables}).
 *
 * <p>Files are written to a temporary name, synced and renamed, so a reader never sees a partial file; a CRC32C
 * trailer catches anything else. A file that fails to load is deleted and the index is rebuilt from SQLite — it
 * is derived data, never a reason to fail.
 */
public final class GraphFiles {
    private GraphFiles() {}

    static final String PREFIX = "graph-";
    static final String SUFFIX = ".jvg";
    private static final int MAGIC = 0x43524731; // "CRG1"
    private static final int VERSION = 2;
    private static final int END = 0x454E4421; // "END!"

    public static Path path(Path dir, ChunkKind kind) {
        return path(dir, VectorTier.FULL, kind);
    }

    /** The graph file of one tier's table: {@code graph-<table>.jvg}, {@code graph-static-<table>.jvg}. */
    public static Path path(Path dir, VectorTier tier, ChunkKind kind) {
        return dir.resolve(PREFIX + VectorRows.fileTable(tier, kind) + SUFFIX);
    }

    /** Deletes every graph file of {@code dir} and the vectors files they name. */
    public static void deleteAll(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        VectorFile.deleteAll(dir);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX + "*")) {
            for (Path file : files) {
                Files.deleteIfExists(file);
            }
        }
    }

    /**
     * Deletes temporary graph files left by processes that died while writing them (their names carry the
     * writer's pid); files of live processes are left alone.
     */
    public static void deleteStaleTemporaries(Path dir) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX + ".*.tmp")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                String[] parts =
                        name.substring(0, name.length() - ".tmp".length()).split("\\.");
                String pidAndRandom = parts[parts.length - 1];
                int dash = pidAndRandom.indexOf('-');
                try {
                    long pid = Long.parseLong(dash < 0 ? pidAndRandom : pidAndRandom.substring(0, dash));
                    if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                        continue;
                    }
                } catch (NumberFormatException ignored) {
                    // not one of ours: a stray name under our prefix is still ours to clean
                }
                Files.deleteIfExists(file);
            }
        } catch (IOException ignored) {
            // best effort: stale temporaries only cost disk space
        }
    }

    /** Writes a table's frozen index to {@code file} atomically. */
    static void write(Path file, String storeId, int dimension, StoreOptions options, FrozenIndex f)
            throws IOException {
        Path tmp = file.resolveSibling(
                file.getFileName() + "." + ProcessHandle.current().pid() + "-"
                        + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            CRC32C crc = new CRC32C();
            try (OutputStream raw = Files.newOutputStream(tmp);
                    BufferedOutputStream buffered = new BufferedOutputStream(raw, 1 << 16)) {
                GraphFileVectors.StreamWriter out =
                        new GraphFileVectors.StreamWriter(new CheckedOutputStream(buffered, crc));
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                writeString(out, storeId);
                out.writeLong(f.seq());
                out.writeInt(dimension);
                out.writeInt(options.graphDegree());
                out.writeInt(options.graphBeam());
                out.writeInt(f.n());
                writeString(out, f.vectors() instanceof VectorStorage.PqFrozen pq ? pq.fileName() : "");
                writeStrings(out, f.repos());
                writeStrings(out, f.paths());
                ByteBuffer fields = ByteBuffer.allocate(f.n() * (Long.BYTES + 2 * Integer.BYTES + 2));
                for (int i = 0; i < f.n(); i++) {
                    fields.putLong(f.rids()[i]).putInt(f.repoIds()[i]).putInt(f.pathIds()[i]);
                    fields.put(f.languages()[i]).put(f.symbolKinds()[i]);
                }
                out.write(fields.array());
                GraphFileVectors.write(out, f.vectors(), f.n(), dimension);
                writeGraph(out, f.graph(), f.vectors().scores(), f.n());
                out.writeInt(END);
                out.flush();
                buffered.write(
                        ByteBuffer.allocate(Long.BYTES).putLong(crc.getValue()).array());
            }
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * The graph in JVector's on-heap (V4) format, readable by {@code GraphIndexBuilder.load}. The loader
     * recomputes each edge's score with the builder's score provider and requires them in descending order, so
     * neighbours are written sorted by the very score it will compute (exact, or PQ in the compressed tier).
     */
    private static void writeGraph(DataOutputStream out, ImmutableGraphIndex graph, BuildScoreProvider provider, int n)
            throws IOException {
        ImmutableGraphIndex.View view = graph.getView();
        int levels = graph.getMaxLevel() + 1;
        out.writeInt(OnHeapGraphIndex.MAGIC);
        out.writeInt(4);
        out.writeInt(levels);
        for (int level = 0; level < levels; level++) {
            out.writeInt(graph.getDegree(level));
        }
        ImmutableGraphIndex.NodeAtLevel entry = view.entryNode();
        out.writeInt(entry == null ? ImmutableGraphIndex.ENTRY_NODE_ABSENT : entry.node);
        for (int level = 0; level < levels; level++) {
            List<Integer> nodes = new ArrayList<>();
            NodesIterator it = graph.getNodes(level);
            while (it.hasNext()) {
                int node = it.nextInt();
                if (node < n) {
                    nodes.add(node);
                }
            }
            out.writeInt(nodes.size());
            for (int node : nodes) {
                NodesIterator neighbors = view.getNeighborsIterator(level, node);
                int[] ids = new int[neighbors.size()];
                int count = 0;
                while (neighbors.hasNext()) {
                    int neighbor = neighbors.nextInt();
                    if (neighbor < n && count < ids.length) {
                        ids[count++] = neighbor;
                    }
                }
                SearchScoreProvider sp = provider.searchProviderFor(node);
                ScoreFunction sf = level > 0 || sp.reranker() == null ? sp.scoreFunction() : sp.exactScoreFunction();
                float[] scores = new float[count];
                for (int i = 0; i < count; i++) {
                    scores[i] = sf.similarityTo(ids[i]);
                }
                Integer[] order = new Integer[count];
                for (int i = 0; i < count; i++) {
                    order[i] = i;
                }
                Arrays.sort(order, (a, b) -> Float.compare(scores[b], scores[a]));
                out.writeInt(node);
                out.writeInt(count);
                for (int i : order) {
                    out.writeInt(ids[i]);
                    out.writeFloat(scores[i]);
                }
            }
        }
    }

    /**
     * Reads a graph file into an index (nothing live yet). IOException when the file is unreadable, from
     * another store or for another configuration; the caller then rebuilds from SQLite.
     */
    static VectorIndex read(Path file, String storeId, int dimension, StoreOptions options, DiskVectors.Place place)
            throws IOException {
        long length = Files.size(file);
        verifyChecksum(file, length);
        try (InputStream raw = Files.newInputStream(file);
                BufferedInputStream buffered = new BufferedInputStream(raw, 1 << 16)) {
            DataInputStream in = new DataInputStream(buffered);
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                throw new IOException("not a coderag graph file of version " + VERSION);
            }
            if (!readString(in).equals(storeId)) {
                throw new IOException("written for another store");
            }
            long seq = in.readLong();
            if (in.readInt() != dimension
                    || in.readInt() != options.graphDegree()
                    || in.readInt() != options.graphBeam()) {
                throw new IOException("built with another dimension or graph configuration");
            }
            int n = in.readInt();
            String vectorsFile = readString(in);
            if (n <= 0 || (long) n * (Long.BYTES + 2 * Integer.BYTES + 2) > length) {
                throw new IOException("bad vector count " + n);
            }
            List<String> repos = readStrings(in);
            List<String> paths = readStrings(in);
            byte[] fieldBytes = new byte[n * (Long.BYTES + 2 * Integer.BYTES + 2)];
            in.readFully(fieldBytes);
            ByteBuffer fields = ByteBuffer.wrap(fieldBytes);
            long[] rids = new long[n];
            int[] repoIds = new int[n];
            int[] pathIds = new int[n];
            byte[] languages = new byte[n];
            byte[] symbolKinds = new byte[n];
            for (int i = 0; i < n; i++) {
                rids[i] = fields.getLong();
                repoIds[i] = fields.getInt();
                pathIds[i] = fields.getInt();
                languages[i] = fields.get();
                symbolKinds[i] = fields.get();
                if (repoIds[i] < 0 || repoIds[i] >= repos.size() || pathIds[i] < 0 || pathIds[i] >= paths.size()) {
                    throw new IOException("bad field ids at ordinal " + i);
                }
                if (i > 0 && rids[i] <= rids[i - 1]) {
                    throw new IOException("row ids out of order at ordinal " + i);
                }
            }
            VectorStorage storage = GraphFileVectors.read(in, place.dir(), vectorsFile, storeId, dimension, n);
            FrozenIndex state =
                    new FrozenIndex(seq, n, rids, repoIds, pathIds, languages, symbolKinds, null, repos, paths, null);
            try {
                VectorIndex index = VectorIndex.restore(dimension, options, place, state, storage, builder -> {
                    try {
                        loadGraph(builder, in);
                    } catch (RuntimeException | AssertionError e) {
                        throw new IOException("graph section unreadable: " + e, e);
                    }
                });
                if (in.readInt() != END) {
                    throw new IOException("missing end marker");
                }
                return index;
            } catch (IOException | RuntimeException e) {
                storage.close(true);
                throw e;
            }
        } catch (EOFException e) {
            throw new IOException("truncated", e);
        }
    }

    /**
     * The name of the vectors file a graph file's compressed index belongs to (read from its header only), or
     * null: a heap-tier or unreadable file. What {@link VectorFile#deleteUnused} must keep.
     */
    static String vectorsFileOf(Path file) {
        try (InputStream raw = Files.newInputStream(file);
                DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 4096))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                return null;
            }
            readString(in);
            in.readLong();
            in.skipNBytes(4L * Integer.BYTES);
            String name = readString(in);
            return name.isEmpty() ? null : name;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The vectors files the graph files of {@code dir} name. */
    public static java.util.Set<String> referencedVectorFiles(Path dir) {
        java.util.Set<String> out = new java.util.HashSet<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX)) {
            for (Path file : files) {
                String name = vectorsFileOf(file);
                if (name != null) {
                    out.add(name);
                }
            }
        } catch (IOException ignored) {
            // then nothing is kept that a live process does not hold: restores rebuild instead
        }
        return out;
    }

    /**
     * Checks the CRC32C trailer before anything is parsed, so that a damaged file cannot make the parser allocate
     * or index wildly.
     */
    private static void verifyChecksum(Path file, long length) throws IOException {
        if (length < Long.BYTES + 8) {
            throw new IOException("truncated");
        }
        CRC32C crc = new CRC32C();
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long remaining = length - Long.BYTES;
            while (remaining > 0) {
                buffer.clear();
                buffer.limit((int) Math.min(buffer.capacity(), remaining));
                int read = channel.read(buffer);
                if (read < 0) {
                    throw new IOException("truncated");
                }
                buffer.flip();
                crc.update(buffer);
                remaining -= read;
            }
            ByteBuffer trailer = ByteBuffer.allocate(Long.BYTES);
            while (trailer.hasRemaining()) {
                if (channel.read(trailer) < 0) {
                    throw new IOException("truncated");
                }
            }
            if (trailer.getLong(0) != crc.getValue()) {
                throw new IOException("checksum mismatch");
            }
        }
    }

    @SuppressWarnings("deprecation") // load() is JVector's reader for the mutable on-heap graph format
    private static void loadGraph(io.github.jbellis.jvector.graph.GraphIndexBuilder builder, DataInputStream in)
            throws IOException {
        builder.load(new StreamGraphReader(in));
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readString(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > 1 << 20) {
            throw new IOException("bad string length " + length);
        }
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String s : strings) {
            writeString(out, s);
        }
    }

    private static List<String> readStrings(DataInputStream in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > 1 << 26) {
            throw new IOException("bad string count " + count);
        }
        List<String> out = new ArrayList<>(Math.min(count, 1 << 16));
        for (int i = 0; i < count; i++) {
            out.add(readString(in));
        }
        return out;
    }
}
