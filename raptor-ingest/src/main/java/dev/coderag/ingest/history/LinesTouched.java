package dev.coderag.ingest.history;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Which of the snapshot's definitions each commit of a newest-first read changed, by line: the commit's hunks are
 * placed on the snapshot's lines through the file's {@link LineMap} (carried back one commit at a time), and the
 * definitions those lines fall in — a method and the class around it — are the ones it touched. So a commit that only edits a method's body
 * touches the method, though its name is on no changed line. Lines a later commit replaced are gone from the
 * snapshot: such a commit touches what it touched by name only. Not thread-safe (the read's one thread).
 */
final class LinesTouched {
    /** A definition of the snapshot: its simple name and lines. */
    record Definition(String name, int startLine, int endLine) {}

    /** Files whose definitions are kept at once (the read touches a few files per commit). */
    private static final int CACHE = 512;

    /** Files whose maps are carried at once; a file past it is placed by name only. */
    static final int MAX_FILES = 50_000;

    private final Function<String, List<Definition>> definitions;
    private final Map<String, LineMap> maps = new HashMap<>();
    private final Set<String> lost = new HashSet<>();
    private final Map<String, List<Definition>> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<Definition>> eldest) {
            return size() > CACHE;
        }
    };

    LinesTouched(Function<String, List<Definition>> definitions) {
        this.definitions = definitions;
    }

    /**
     * The simple names of the definitions the snapshot has in {@code path}: what the reader matches changed lines
     * against, from the same cached read as the lines.
     */
    Set<String> names(String path) {
        Set<String> names = new TreeSet<>();
        cache.computeIfAbsent(path, definitions).forEach(d -> names.add(d.name()));
        return names;
    }

    /** The names of the definitions {@code f}'s hunks wrote, then steps {@code f}'s map back before its commit. */
    Set<String> touched(FileChange f) {
        String path = f.headPath();
        if (path.isEmpty() || lost.contains(path) || f.omitted() == FileChange.Omission.BINARY) {
            return Set.of();
        }
        LineMap map = maps.get(path);
        if (map == null) {
            if (maps.size() >= MAX_FILES) {
                lost.add(path);
                return Set.of();
            }
            map = LineMap.identity();
        }
        Set<String> names = new TreeSet<>();
        List<Definition> defs = cache.computeIfAbsent(path, definitions);
        for (long[] range : map.written(f.hunks())) {
            for (Definition d : defs) { // a method's class is changed with it: "why was X changed" of a class
                if (d.startLine() <= range[1] && d.endLine() >= range[0]) {
                    names.add(d.name());
                }
            }
        }
        if (f.hunksCut() || f.status() == FileChange.Status.ADDED) {
            maps.remove(path); // before its creation (or past the hunks kept) no line can be placed
            lost.add(path);
        } else {
            maps.put(path, map.before(f.hunks()));
        }
        return names;
    }
}
