package dev.coderag.store.embedded.lexical;

import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import org.apache.lucene.index.IndexWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lexical side of one write transaction: the Lucene indexes are updated chunk by chunk as {@code store.db} is,
 * and committed in step with it — two-phase around each SQLite commit ({@link #prepare} flushes and syncs the
 * segments with the commit's sequence number in the user data, {@link #committed} publishes them), so a kill
 * between the two leaves the index at the previous commit, which the next writer or reader catches up from
 * {@code store.db}.
 *
 * <p>{@code store.db} stays the only source of truth: a Lucene failure never fails the store's write. It is
 * logged, the indexes are left at their last commit (searches use FTS5 until they are synced again) and this
 * writer does nothing more. Not thread-safe (one per transaction).
 */
public final class LuceneWriter {
    private static final Logger LOG = LoggerFactory.getLogger(LuceneWriter.class);

    private final LuceneIndexes indexes;
    private final Map<ChunkKind, IndexWriter> writers = new EnumMap<>(ChunkKind.class);
    private boolean failed;
    private boolean prepared;
    /** True while documents were added or deleted since the last commit. */
    private boolean dirty;
    /** Time spent adding and deleting documents since the last commit, for the debug log. */
    private long updateNanos;

    private LuceneWriter(LuceneIndexes indexes) {
        this.indexes = indexes;
    }

    /**
     * Opens the writers of every table and syncs them to {@code c}, the writer's connection right after {@code
     * BEGIN IMMEDIATE} (nothing written yet) at commit {@code seq}; the caller holds the store's write lock.
     */
    public static LuceneWriter open(LuceneIndexes indexes, Connection c, long seq) {
        LuceneWriter w = new LuceneWriter(indexes);
        long t0 = System.nanoTime();
        synchronized (indexes.maintenance) {
            try {
                indexes.sync(c, seq, w.writers);
            } catch (IOException | SQLException | RuntimeException e) {
                w.fail("bring the lexical indexes up to date", e);
            }
        }
        debug("open", t0);
        return w;
    }

    public void add(ChunkKind table, long rid, Chunk chunk) {
        if (failed) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            dirty = true;
            writers.get(table).addDocument(LuceneDocs.document(rid, chunk));
        } catch (IOException | RuntimeException e) {
            fail("index a chunk", e);
        }
        updateNanos += System.nanoTime() - t0;
    }

    public void delete(ChunkKind table, long rid) {
        if (failed) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            dirty = true;
            writers.get(table).deleteDocuments(LuceneDocs.ridTerm(rid));
        } catch (IOException | RuntimeException e) {
            fail("delete a chunk", e);
        }
        updateNanos += System.nanoTime() - t0;
    }

    /** First phase, before the SQLite commit of store commit {@code seq}; {@code c} sees the transaction's rows. */
    public void prepare(Connection c, long seq) {
        if (failed) {
            return;
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("lexical index updates: {} µs", updateNanos / 1_000);
        }
        updateNanos = 0;
        long t0 = System.nanoTime();
        try {
            Map<String, String> data = LuceneDocs.commitData(seq, LuceneDocs.maxRid(c), indexes.storeId());
            for (IndexWriter w : writers.values()) {
                w.setLiveCommitData(data.entrySet());
                w.prepareCommit();
            }
            prepared = true;
        } catch (IOException | SQLException | RuntimeException e) {
            fail("prepare the lexical commit", e);
        }
        debug("prepare", t0);
    }

    /** Second phase, once the SQLite commit succeeded. */
    public void committed() {
        if (failed || !prepared) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            for (IndexWriter w : writers.values()) {
                w.commit();
            }
            prepared = false;
            dirty = false;
        } catch (IOException | RuntimeException e) {
            fail("commit the lexical indexes", e);
        }
        debug("commit", t0);
    }

    /** The SQLite transaction was rolled back (or its commit failed): drop everything since the last commit. */
    public void abort() {
        if (!failed) {
            fail(null, null);
        }
    }

    /**
     * Releases the writers after the last commit (or {@link #abort}), letting running merges finish and committing
     * them.
     */
    public void close() {
        long t0 = System.nanoTime();
        if (dirty || prepared) { // not reached through SqliteWriteTransaction; never commit what SQLite did not
            LuceneIndexes.rollbackAll(writers.values());
        } else {
            LuceneIndexes.closeAll(writers.values());
        }
        writers.clear();
        debug("close", t0);
    }

    private static void debug(String step, long t0) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("lexical index {}: {} µs", step, (System.nanoTime() - t0) / 1_000);
        }
    }

    private void fail(String action, Exception e) {
        failed = true;
        if (e != null) {
            LOG.warn("could not {} (searches use FTS5 until the next sync): {}", action, e.toString());
        }
        LuceneIndexes.rollbackAll(writers.values());
        writers.clear();
    }
}
