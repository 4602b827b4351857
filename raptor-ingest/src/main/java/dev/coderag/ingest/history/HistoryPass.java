package dev.coderag.ingest.history;

import dev.coderag.embed.Embedder;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.Language;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An ingest's history step (docs/INGEST.md, "History"): after a repository's files are written, reads the commits
 * its stored history lacks — all of them (up to {@link HistoryOptions#maxCommits()}) the first time, the ones after
 * the stored {@link HistoryMark#head()} later — and writes one {@link CommitChunk} per commit and file, with a
 * static-tier vector when there is a static embedder (lexical and static search at once; the model's vectors follow
 * as for any static-tier chunk). A history rewritten since (the stored head is no ancestor of HEAD: a force-push,
 * a rebase) or a deeper {@code --history} than the stored one's is read again from scratch.
 *
 * <p>Commits in batches of {@link #BATCH} commits; the mark is written with the last batch, so a kill leaves the
 * batches committed and the next run reads the same commits again (their chunks have the same ids: nothing is
 * duplicated) and finishes. A stop request is honoured between commits.
 */
public final class HistoryPass {
    private static final Logger LOG = LoggerFactory.getLogger(HistoryPass.class);

    /** Commits per store commit. */
    static final int BATCH = 250;

    /**
     * @param commits commits read and written
     * @param chunks commit chunks written
     * @param rebuilt whether the stored history was dropped and read again
     * @param message one line when the read did not end as asked (deadline, git failed, stopped), else ""
     */
    public record Result(int commits, int chunks, boolean rebuilt, Duration elapsed, String message) {
        public static final Result NONE = new Result(0, 0, false, Duration.ZERO, "");
    }

    private final Store store;
    private final Supplier<WriteTransaction> begin;
    private final HistoryReader reader;
    private final Optional<Embedder> staticEmbedder;
    private final BooleanSupplier stop;

    public HistoryPass(
            Store store,
            Supplier<WriteTransaction> begin,
            HistoryReader reader,
            Optional<Embedder> staticEmbedder,
            BooleanSupplier stop) {
        this.store = store;
        this.begin = begin;
        this.reader = reader;
        this.staticEmbedder = staticEmbedder;
        this.stop = stop;
    }

    /** Brings {@code repo}'s stored history up to {@code dir}'s HEAD under {@code options}. */
    public Result run(String repo, Path dir, HistoryOptions options) {
        long t0 = System.nanoTime();
        Optional<String> head = reader.head(dir);
        Optional<HistoryMark> mark = store.history().mark(repo);
        if (!options.enabled()) {
            if (mark.isPresent()) { // turned off: what was read goes
                try (WriteTransaction tx = begin.get()) {
                    tx.deleteHistory(repo);
                    tx.commit();
                }
            }
            return Result.NONE;
        }
        if (head.isEmpty()) {
            return Result.NONE; // not a git work tree, or no commits yet
        }
        HistoryRange range = new HistoryRange(options.maxCommits(), options.since(), Optional.empty());
        boolean rebuild = false;
        int before = 0;
        if (mark.isPresent()) {
            HistoryMark m = mark.get();
            boolean deeper =
                    m.maxCommits() != 0 && options.maxCommits() > m.maxCommits() && m.commits() >= m.maxCommits();
            if (m.head().equals(head.get()) && !deeper) {
                return new Result(0, 0, false, elapsed(t0), "");
            }
            if (deeper || !reader.isAncestor(dir, m.head())) {
                rebuild = true;
            } else {
                range = range.withAfterSha(m.head());
                before = m.commits();
            }
        }
        Writer writer = new Writer(repo, rebuild);
        HistoryRead read;
        try {
            read = reader.read(dir, range, writer.lines::names, writer::accept); // one read of a file's definitions
        } catch (Stopped s) {
            writer.close();
            return new Result(writer.commits, writer.chunks, rebuild, elapsed(t0), "stopped; the next run goes on");
        }
        if (read.complete()) {
            writer.finish(new HistoryMark(head.get(), before + writer.commits, options.maxCommits()));
        } else {
            writer.close();
            LOG.warn("{}: history read ended early: {}", repo, read.message());
        }
        return new Result(writer.commits, writer.chunks, rebuild, elapsed(t0), read.complete() ? "" : read.message());
    }

    /** The definitions the snapshot has in {@code path}, with their lines. */
    private List<LinesTouched.Definition> definitions(String repo, String path) {
        List<LinesTouched.Definition> out = new ArrayList<>();
        for (StoredChunk s : store.chunks().byPath(path, Optional.of(repo))) {
            if (s.chunk() instanceof CodeChunk code && code.path().equals(path)) {
                out.add(new LinesTouched.Definition(code.symbol(), code.startLine(), code.endLine()));
            }
        }
        return out;
    }

    private static Duration elapsed(long t0) {
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    /** Thrown from the consumer to end a read at a stop request. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super("stopped", null, false, false);
        }
    }

    /** Turns the read's commits into chunks and writes them in batches (on git's reader thread). */
    private final class Writer {
        private final String repo;
        private final List<CommitChunk> pending = new ArrayList<>();
        final LinesTouched lines;
        private WriteTransaction tx;
        private int inBatch;
        int commits;
        int chunks;

        Writer(String repo, boolean rebuild) {
            this.repo = repo;
            this.lines = new LinesTouched(path -> definitions(repo, path));
            this.tx = begin.get();
            if (rebuild) {
                tx.deleteHistory(repo);
            }
        }

        void accept(CommitDiff diff) {
            if (stop.getAsBoolean()) {
                flush();
                throw new Stopped();
            }
            for (FileChange f : diff.files()) {
                pending.add(chunk(repo, diff.commit(), f, lines.touched(f)));
            }
            commits++;
            if (++inBatch >= BATCH) {
                flush();
            }
        }

        private void flush() {
            if (pending.isEmpty()) {
                return;
            }
            write(pending);
            chunks += pending.size();
            pending.clear();
            inBatch = 0;
            tx.checkpoint();
        }

        private void write(List<CommitChunk> batch) {
            if (staticEmbedder.isPresent()) {
                Embedder e = staticEmbedder.get();
                List<CommitChunk> tiered = batch.stream()
                        .map(c -> (CommitChunk) c.withModelId(e.modelId()))
                        .toList();
                List<float[]> vectors = e.embedDocuments(
                        tiered.stream().map(CommitChunk::embeddingText).toList());
                for (int i = 0; i < tiered.size(); i++) {
                    tx.insert(tiered.get(i), vectors.get(i));
                }
            } else {
                batch.forEach(c -> tx.insert(c.withModelId(store.modelId()), null)); // lexical only until embedded
            }
        }

        void finish(HistoryMark mark) {
            write(pending);
            chunks += pending.size();
            pending.clear();
            tx.putHistory(repo, mark);
            tx.commit();
            tx.close();
        }

        void close() {
            tx.close();
        }
    }

    /** The chunk of one file's change in one commit, under the store's model id (re-tiered on write). */
    static CommitChunk chunk(String repo, CommitInfo c, FileChange f, Set<String> touchedByLines) {
        CommitChunk.Change change =
                switch (f.status()) {
                    case ADDED -> CommitChunk.Change.ADDED;
                    case MODIFIED -> CommitChunk.Change.MODIFIED;
                    case DELETED -> CommitChunk.Change.DELETED;
                    case RENAMED -> CommitChunk.Change.RENAMED;
                };
        int[] span = CommitChunk.span(f.hunks(), change);
        String omitted =
                switch (f.omitted()) {
                    case NONE -> "";
                    case BINARY -> "binary";
                    case VENDORED -> "vendored";
                    case MINIFIED -> "minified";
                    case GENERATED -> "generated";
                    case HUGE -> "huge";
                };
        return new CommitChunk(
                repo,
                f.path(),
                f.oldPath(),
                Language.fromFileName(f.path().substring(f.path().lastIndexOf('/') + 1))
                        .orElse(Language.TEXT),
                c.sha(),
                c.author(),
                c.epochSeconds(),
                c.subject(),
                c.body(),
                change,
                f.hunks(),
                f.diff(),
                f.linesAdded(),
                f.linesDeleted(),
                omitted,
                touched(f.touchedNames(), touchedByLines),
                List.copyOf(new TreeSet<>(f.introducedNames())),
                span[0],
                span[1],
                MODEL_PLACEHOLDER);
    }

    private static List<String> touched(Set<String> byName, Set<String> byLines) {
        Set<String> all = new TreeSet<>(byName);
        all.addAll(byLines);
        return List.copyOf(all);
    }

    /** Replaced by the static embedder's or the store's model id before a chunk is written. */
    static final String MODEL_PLACEHOLDER = "history";
}
