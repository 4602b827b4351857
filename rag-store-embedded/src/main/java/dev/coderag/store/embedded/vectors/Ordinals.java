package dev.coderag.store.embedded.vectors;

import dev.coderag.store.SearchFilter;
import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import java.util.BitSet;

/**
 * The ordinal table of a {@link VectorIndex}: how many ordinals there are, each one's chunk row id and filter
 * fields ({@link OrdinalFields}), the ordinal of a row id, which ordinals are live, and the highest row id seen.
 * Ordinals are appended in row-id order and never reused; a deleted row only clears its live bit. The vectors
 * themselves are the index's {@link VectorStorage}, which the index keeps in step ({@link #grow}).
 *
 * <p>Not thread-safe: guarded by the owning index's lock (changes under its write lock, reads under its read lock,
 * or on an index nobody else sees yet).
 */
final class Ordinals {
    private final OrdinalFields fields;
    private final BitSet live = new BitSet();
    private final LongIntMap ordinalByRid;
    private int size;
    private int liveCount;
    private long maxRid;

    Ordinals(int capacity) {
        this(new OrdinalFields(capacity), capacity);
    }

    private Ordinals(OrdinalFields fields, int capacity) {
        this.fields = fields;
        this.ordinalByRid = new LongIntMap(capacity);
    }

    /** The ordinals [0, n) of a graph file, with room for {@code capacity}; none live yet. */
    static Ordinals restore(FrozenIndex state, int capacity) {
        Ordinals out = new Ordinals(OrdinalFields.restore(state, capacity), capacity);
        for (int ordinal = 0; ordinal < state.n(); ordinal++) {
            long rid = out.fields.rid(ordinal);
            out.ordinalByRid.put(rid, ordinal);
            out.maxRid = Math.max(out.maxRid, rid);
        }
        out.size = state.n();
        return out;
    }

    int size() {
        return size;
    }

    int liveCount() {
        return liveCount;
    }

    long maxRid() {
        return maxRid;
    }

    /** Raises the highest row id seen (a compacted copy remembers its deleted rows' ids too). */
    void raiseMaxRid(long rid) {
        maxRid = Math.max(maxRid, rid);
    }

    boolean contains(long rid) {
        return ordinalByRid.get(rid) >= 0;
    }

    /** Makes room for the next append, growing the fields when full; returns the capacity (which storage needs). */
    int grow() {
        if (size == fields.capacity()) {
            fields.grow(size * 2);
        }
        return fields.capacity();
    }

    /** Appends a row (its vector is stored by the caller at {@link #size()}); room made by {@link #grow}. */
    void append(VectorRow row) {
        int ordinal = size;
        fields.set(ordinal, row);
        ordinalByRid.put(row.rid(), ordinal);
        live.set(ordinal);
        liveCount++;
        maxRid = Math.max(maxRid, row.rid());
        size = ordinal + 1;
    }

    /** Appends a live copy of another table's ordinal (compaction); room made by {@link #grow}. */
    void appendCopy(Ordinals from, int ordinal) {
        int o = size;
        fields.copy(from.fields, ordinal, o);
        ordinalByRid.put(fields.rid(o), o);
        live.set(o);
        liveCount++;
        size = o + 1;
    }

    /** Clears the live bit of a row; unknown row ids are ignored. */
    void delete(long rid) {
        int ordinal = ordinalByRid.get(rid);
        if (ordinal >= 0 && live.get(ordinal)) {
            live.clear(ordinal);
            liveCount--;
        }
    }

    /** Makes exactly the known rows among {@code liveRids} live. */
    void resetLive(long[] liveRids) {
        live.clear();
        liveCount = 0;
        for (long rid : liveRids) {
            int ordinal = ordinalByRid.get(rid);
            if (ordinal >= 0 && !live.get(ordinal)) {
                live.set(ordinal);
                liveCount++;
            }
        }
    }

    /** The next live ordinal at or after {@code from}, or -1. */
    int nextLive(int from) {
        return live.nextSetBit(from);
    }

    /** The live ordinals passing {@code filter} (the live set itself when there is no filter: do not change it). */
    BitSet accepted(SearchFilter filter) {
        return filter.isEmpty() ? live : fields.accepted(filter, live, size);
    }

    /** The number of ordinals in {@code accepted}, as returned by {@link #accepted} for {@code filter}. */
    int acceptedCount(SearchFilter filter, BitSet accepted) {
        return filter.isEmpty() ? liveCount : accepted.cardinality();
    }

    /** The chunk row id of every ordinal (shared, not copied). */
    long[] rids() {
        return fields.rids();
    }

    /** A copy of ordinals [0, n) for a graph file, with the vectors and the graph over them. */
    FrozenIndex freeze(long seq, int n, VectorStorage.Frozen vectors, ImmutableGraphIndex graph) {
        return fields.freeze(seq, n, vectors, graph);
    }
}
