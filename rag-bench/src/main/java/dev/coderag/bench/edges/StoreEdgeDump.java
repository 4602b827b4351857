package dev.coderag.bench.edges;

import dev.coderag.store.FileEntry;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Store;
import dev.coderag.store.SymbolRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The edges a store answers with, as {@link Edge}s: every reference {@code References.inFile} returns for each of a
 * repository's Java files (linked by the store at read time, as answers see them), written as JSON Lines for {@link
 * EdgeCompare} against the javac oracle. {@code --chunks-only} reads them per code chunk ({@code References.from},
 * what answers and graph expansion use), which leaves out lines outside every chunk (imports).
 *
 * <p>Usage: {@code StoreEdgeDump --db DIR --repo NAME --out EDGES.jsonl} (the bge-small store of {@code ./rag
 * ingest}, 384 dimensions).
 */
public final class StoreEdgeDump {
    private StoreEdgeDump() {}

    public static void main(String[] args) throws IOException {
        Path db = null;
        String repo = null;
        Path out = null;
        boolean chunksOnly = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--db" -> db = Path.of(args[++i]);
                case "--repo" -> repo = args[++i];
                case "--out" -> out = Path.of(args[++i]);
                case "--chunks-only" -> chunksOnly = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (db == null || repo == null || out == null) {
            System.err.println("usage: StoreEdgeDump --db DIR --repo NAME --out EDGES.jsonl");
            System.exit(2);
        }
        String model = Store.storedModelId(db).orElseThrow(() -> new IllegalArgumentException("no store in --db"));
        long t0 = System.nanoTime();
        Set<Edge> edges = new LinkedHashSet<>();
        Map<ReferenceKind, Integer> perKind = new EnumMap<>(ReferenceKind.class);
        int files = 0;
        int resolved = 0;
        try (Store store = Store.open(db, model, 384)) {
            Map<String, String> resolvedFrom = store.references().resolvedHashes(repo);
            for (FileEntry f : store.files().entries(repo).values()) {
                if (!f.path().endsWith(".java")) {
                    continue;
                }
                files++;
                List<SymbolRef> refs = new ArrayList<>();
                if (chunksOnly) {
                    for (String id : f.chunkIds()) {
                        refs.addAll(store.references().from(id));
                    }
                } else {
                    refs.addAll(store.references().inFile(repo, f.path()));
                }
                for (SymbolRef r : refs) {
                    Edge.Target target =
                            switch (r.target()) {
                                case SymbolRef.InRepo in -> new Edge.InRepo(in.path(), in.line());
                                case SymbolRef.External x -> new Edge.External(x.name());
                            };
                    if (edges.add(new Edge(Edge.Kind.valueOf(r.kind().name()), r.path(), r.line(), target))) {
                        perKind.merge(r.kind(), 1, Integer::sum);
                    }
                }
                resolved += f.fileHash().equals(resolvedFrom.get(f.path())) ? 1 : 0;
            }
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        EdgeJsonl.write(out, edges);
        System.out.printf(
                "%s: %d Java files (%d resolved), %d edges %s, read in %.1f s; wrote %s%n",
                repo, files, resolved, edges.size(), perKind, (System.nanoTime() - t0) / 1e9, out);
    }
}
