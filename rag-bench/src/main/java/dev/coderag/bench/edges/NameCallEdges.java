package dev.coderag.bench.edges;

import dev.coderag.store.CallEdge;
import dev.coderag.store.FileEntry;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.CodeChunk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The name-linked call edges of a file no compiler resolved ({@code CallGraph}, from {@code CodeChunk.calls()}), as
 * {@link Edge}s, so that they can be scored like resolved references. A name edge knows its caller chunk and, when
 * exactly one definition in the repository has the name, the callee chunk — not lines. The lines are read from the
 * checkout: the site is every line whose innermost code chunk is the caller and that calls the name ({@code
 * name(}, {@code name<T>(}, {@code name?.(}, {@code new name}); the target is the first line of the callee chunk
 * that holds its symbol as a word (its name's line, past decorators and comments), and the callee's own name line is
 * no site (the declaration of a recursive function matches {@code name(}). An edge whose callee is not
 * linked (no or several definitions of the name) is no edge: answers show it as unresolved.
 *
 * @see dev.coderag.store.CallGraph
 */
final class NameCallEdges {
    private final Store store;
    private final Path checkout;
    private final Map<String, List<String>> lines = new HashMap<>();
    private final Map<String, Optional<Edge.InRepo>> targets = new HashMap<>();

    /** Name edges seen, and those without a linked callee. */
    int seen;

    int unlinked;

    NameCallEdges(Store store, Path checkout) {
        this.store = store;
        this.checkout = checkout;
    }

    /** The file's name-linked calls as CALL edges. */
    List<Edge> of(FileEntry f) throws IOException {
        List<CodeChunk> chunks = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (StoredChunk s : store.chunks().getAll(f.chunkIds())) {
            if (s.chunk() instanceof CodeChunk c) {
                chunks.add(c);
                ids.add(s.id());
            }
        }
        List<String> text = lines(f.path());
        List<Edge> out = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            CodeChunk caller = chunks.get(i);
            for (CallEdge e : store.calls().callees(ids.get(i))) {
                seen++;
                Optional<Edge.InRepo> target = e.calleeId().flatMap(this::target);
                if (target.isEmpty()) {
                    unlinked++;
                    continue;
                }
                Pattern call = callOf(lastSegment(e.calleeName()));
                for (int line = caller.startLine(); line <= Math.min(caller.endLine(), text.size()); line++) {
                    boolean declaration = target.get().file().equals(f.path())
                            && target.get().line() == line; // `function f(` of a recursive f: no call
                    if (!declaration
                            && innermost(chunks, line) == caller
                            && call.matcher(text.get(line - 1)).find()) {
                        out.add(new Edge(Edge.Kind.CALL, f.path(), line, target.get()));
                    }
                }
            }
        }
        return out;
    }

    static String lastSegment(String calleeName) {
        String[] parts = calleeName.split("\\.|::|#");
        return parts[parts.length - 1];
    }

    static Pattern callOf(String name) {
        String n = Pattern.quote(name);
        return Pattern.compile("(?<![\\w$])" + n + "\\s*(?:<[^()]*>)?\\s*(?:\\?\\.)?\\(|\\bnew\\s+" + n + "(?![\\w$])");
    }

    /** The smallest code chunk holding the line (the chunk a line belongs to, as linking reads it). */
    private static CodeChunk innermost(List<CodeChunk> chunks, int line) {
        CodeChunk best = null;
        for (CodeChunk c : chunks) {
            if (c.startLine() <= line
                    && line <= c.endLine()
                    && (best == null || c.endLine() - c.startLine() < best.endLine() - best.startLine())) {
                best = c;
            }
        }
        return best;
    }

    private Optional<Edge.InRepo> target(String chunkId) {
        return targets.computeIfAbsent(chunkId, id -> store.chunks()
                .get(id)
                .filter(s -> s.chunk() instanceof CodeChunk)
                .map(s -> (CodeChunk) s.chunk())
                .map(c -> {
                    List<String> text = linesUnchecked(c.path());
                    Pattern word = Pattern.compile("(?<![\\w$])" + Pattern.quote(c.symbol()) + "(?![\\w$])");
                    for (int line = c.startLine(); line <= Math.min(c.endLine(), text.size()); line++) {
                        if (word.matcher(text.get(line - 1)).find()) {
                            return new Edge.InRepo(c.path(), line);
                        }
                    }
                    return new Edge.InRepo(c.path(), c.startLine());
                }));
    }

    private List<String> lines(String path) throws IOException {
        List<String> l = lines.get(path);
        if (l == null) {
            Path p = checkout.resolve(path);
            l = Files.isRegularFile(p) ? Files.readAllLines(p, StandardCharsets.UTF_8) : List.of();
            lines.put(path, l);
        }
        return l;
    }

    private List<String> linesUnchecked(String path) {
        try {
            return lines(path);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
