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
 * repository's files with one of the extensions of {@code --ext} ({@code .java} unless given; linked by the store at
 * read time, as answers see them), written as JSON Lines for {@link EdgeCompare} against an oracle (javac's, or
 * {@link TsOracle} for {@code --ext .ts,.tsx}). {@code --chunks-only} reads them per code chunk ({@code
 * References.from}, what answers and graph expansion use), which leaves out lines outside every chunk (imports).
 * {@code --name-calls CHECKOUT} adds, for each file without resolved references, its name-linked call edges placed
 * at lines read from the checkout ({@link NameCallEdges}): what callers and callees answer for such a file.
 *
 * <p>Usage: {@code StoreEdgeDump --db DIR --repo NAME --out EDGES.jsonl [--ext .ts,.tsx] [--chunks-only]
 * [--name-calls CHECKOUT]} (the bge-small store of {@code ./rag ingest}, 384 dimensions).
 */
public final class StoreEdgeDump {
    private StoreEdgeDump() {}

    public static void main(String[] args) throws IOException {
        Path db = null;
        String repo = null;
        Path out = null;
        boolean chunksOnly = false;
        List<String> extensions = List.of(".java");
        Path checkout = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--db" -> db = Path.of(args[++i]);
                case "--repo" -> repo = args[++i];
                case "--out" -> out = Path.of(args[++i]);
                case "--chunks-only" -> chunksOnly = true;
                case "--ext" -> extensions = List.of(args[++i].split(","));
                case "--name-calls" -> checkout = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (db == null || repo == null || out == null) {
            System.err.println(
                    "usage: StoreEdgeDump --db DIR --repo NAME --out EDGES.jsonl [--ext .ts,.tsx] [--chunks-only]"
                            + " [--name-calls CHECKOUT]");
            System.exit(2);
        }
        String model = Store.storedModelId(db).orElseThrow(() -> new IllegalArgumentException("no store in --db"));
        long t0 = System.nanoTime();
        Set<Edge> edges = new LinkedHashSet<>();
        Map<ReferenceKind, Integer> perKind = new EnumMap<>(ReferenceKind.class);
        int files = 0;
        int resolved = 0;
        int nameEdges = 0;
        String names = "";
        try (Store store = Store.open(db, model, 384)) {
            Map<String, String> resolvedFrom = store.references().resolvedHashes(repo);
            NameCallEdges byName = checkout == null ? null : new NameCallEdges(store, checkout);
            for (FileEntry f : store.files().entries(repo).values()) {
                if (extensions.stream().noneMatch(f.path()::endsWith)) {
                    continue;
                }
                files++;
                boolean isResolved = f.fileHash().equals(resolvedFrom.get(f.path()));
                if (byName != null && !isResolved) {
                    for (Edge e : byName.of(f)) {
                        nameEdges += edges.add(e) ? 1 : 0;
                    }
                }
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
                resolved += isResolved ? 1 : 0;
            }
            if (byName != null) {
                names = String.format(
                        ", %d name-linked CALL edges (of %d name calls, %d not linked to one definition)",
                        nameEdges, byName.seen, byName.unlinked);
            }
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        EdgeJsonl.write(out, edges);
        System.out.printf(
                "%s: %d %s files (%d resolved), %d edges, resolved %s%s, read in %.1f s; wrote %s%n",
                repo,
                files,
                String.join(",", extensions),
                resolved,
                edges.size(),
                perKind,
                names,
                (System.nanoTime() - t0) / 1e9,
                out);
    }
}
