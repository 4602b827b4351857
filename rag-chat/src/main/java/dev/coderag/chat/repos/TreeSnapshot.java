package dev.coderag.chat.repos;

import dev.coderag.types.ExcludedDirs;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The sizes and modification times of a repository's files, grouped by directory, each directory with a hash of its
 * own entries (a Merkle-style check: two snapshots compare directory by directory, and only the files of a
 * directory whose hash differs are compared). Reads no file contents. Immutable once taken.
 *
 * <p>It skips what the ingester never reads, roughly: version-control and build directories by name ({@link
 * #SKIPPED_DIRS}), and the store's own directory wherever it is; symbolic links are not followed. It does not read
 * ignore files: a change to an ignored file only costs an ingest that finds nothing to do.
 *
 * <p>Bounded: it holds at most {@link #MAX_FILES} files; a larger tree is {@link #truncated()}.
 */
final class TreeSnapshot {
    /** Directory names never descended into: the ingester's default excludes. */
    static final Set<String> SKIPPED_DIRS = ExcludedDirs.NAMES;

    /** The most files a snapshot holds. */
    static final int MAX_FILES = 500_000;

    /** A change count between two snapshots. */
    record Diff(int changed, int added, int deleted) {
        static final Diff NONE = new Diff(0, 0, 0);

        boolean any() {
            return changed + added + deleted > 0;
        }
    }

    /** Per directory (relative, "" for the root): file name to a stamp of its size and modification time. */
    private final Map<String, Map<String, Long>> files;
    /** Per directory: a hash of its stamps. */
    private final Map<String, Long> hashes;

    private final List<Path> dirs;
    private final boolean truncated;
    private final int newer;

    private TreeSnapshot(
            Map<String, Map<String, Long>> files,
            Map<String, Long> hashes,
            List<Path> dirs,
            boolean truncated,
            int newer) {
        this.files = files;
        this.hashes = hashes;
        this.dirs = dirs;
        this.truncated = truncated;
        this.newer = newer;
    }

    /**
     * Walks {@code root}.
     *
     * @param skip real paths of directories not to descend into (the store's)
     * @param sinceMillis counts the files modified after this time ({@link #newer()})
     * @throws IOException when {@code root} cannot be read
     */
    static TreeSnapshot take(Path root, Set<Path> skip, long sinceMillis) throws IOException {
        Map<String, Map<String, Long>> files = new HashMap<>();
        List<Path> dirs = new ArrayList<>();
        boolean[] truncated = {false};
        int[] count = {0, 0};
        Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (!dir.equals(root) && (skipped(dir) || skip.contains(dir))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                dirs.add(dir);
                files.put(relative(root, dir), new HashMap<>());
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (count[0]++ >= MAX_FILES) {
                    truncated[0] = true;
                    return FileVisitResult.TERMINATE;
                }
                Map<String, Long> here = files.get(relative(root, file.getParent()));
                if (here != null && !attrs.isDirectory()) {
                    long stamp = mix(attrs.size()) ^ attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS);
                    here.put(file.getFileName().toString(), stamp);
                    count[1] += attrs.lastModifiedTime().toMillis() > sinceMillis ? 1 : 0;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // gone meanwhile, or unreadable: the ingest says which
            }
        });
        Map<String, Long> hashes = new HashMap<>();
        files.forEach((dir, entries) -> {
            long h = 0; // a sum, so the order of entries does not matter
            for (Map.Entry<String, Long> e : entries.entrySet()) {
                h += mix(e.getKey().hashCode() * 0x9E3779B97F4A7C15L + e.getValue());
            }
            hashes.put(dir, h);
        });
        return new TreeSnapshot(files, hashes, dirs, truncated[0], count[1]);
    }

    /**
     * The directories under {@code top} (itself included) a snapshot would walk, at most {@code limit}; none when
     * it cannot be read.
     */
    static List<Path> dirs(Path top, Set<Path> skip, int limit) {
        List<Path> dirs = new ArrayList<>();
        try {
            Files.walkFileTree(top, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (!dir.equals(top) && (skipped(dir) || skip.contains(dir))) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    dirs.add(dir);
                    return dirs.size() >= limit ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return List.of();
        }
        return dirs;
    }

    /** Whether {@code dir}'s name is one the walk skips. */
    static boolean skipped(Path dir) {
        Path name = dir.getFileName();
        return name != null && SKIPPED_DIRS.contains(name.toString());
    }

    /** SplitMix64's finaliser: every input bit reaches every output bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static String relative(Path root, Path dir) {
        return root.relativize(dir).toString();
    }

    /** What changed from {@code before} to this one: directories whose hash is equal are not looked into. */
    Diff since(TreeSnapshot before) {
        int changed = 0;
        int added = 0;
        int deleted = 0;
        Set<String> all = new HashSet<>(hashes.keySet());
        all.addAll(before.hashes.keySet());
        for (String dir : all) {
            Long now = hashes.get(dir);
            if (now != null && now.equals(before.hashes.get(dir))) {
                continue;
            }
            Map<String, Long> a = before.files.getOrDefault(dir, Map.of());
            Map<String, Long> b = files.getOrDefault(dir, Map.of());
            for (Map.Entry<String, Long> e : b.entrySet()) {
                Long old = a.get(e.getKey());
                if (old == null) {
                    added++;
                } else if (!old.equals(e.getValue())) {
                    changed++;
                }
            }
            for (String name : a.keySet()) {
                if (!b.containsKey(name)) {
                    deleted++;
                }
            }
        }
        return new Diff(changed, added, deleted);
    }

    /** The directories walked (absolute), for watching. */
    List<Path> dirs() {
        return dirs;
    }

    /** How many files were modified after the time {@link #take} was given. */
    int newer() {
        return newer;
    }

    /** Whether the walk stopped at {@link #MAX_FILES}. */
    boolean truncated() {
        return truncated;
    }
}
