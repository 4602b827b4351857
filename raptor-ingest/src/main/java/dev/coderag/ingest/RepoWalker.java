package dev.coderag.ingest;

import dev.coderag.store.RepoCatalog;
import dev.coderag.store.SkippedFile;
import dev.coderag.types.ExcludedDirs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Lists the files of a repository that the ingester should consider: ignore files respected, default
 * excludes applied, symlinks handled safely, oversized and unsupported files counted as skipped. Reads no
 * file contents except ignore files. One instance per walk; not thread-safe.
 *
 * <p>Symlinks: a directory symlink is never followed (so a walk cannot loop or escape); a file symlink is
 * read only when its real target lies inside the repository.
 *
 * <p>Ignore files are untrusted: one larger than {@link #MAX_IGNORE_BYTES} is never read, and no more than
 * {@link #MAX_RULES_IN_EFFECT} rules apply to a path at once. Skipping such a file's rules could index what it
 * asks to leave out (a {@code .env}, a key), so instead the directory that holds it is left out whole, listed
 * with reason {@code ignore_limit}; for the repository's root that is every file, and the walk fails.
 */
final class RepoWalker {
    /** Directory names never descended into. */
    static final Set<String> DEFAULT_EXCLUDED_DIRS = ExcludedDirs.NAMES;

    /** The largest ignore file read (1 MiB; git's own are a few KiB). */
    static final long MAX_IGNORE_BYTES = 1 << 20;

    /** The most ignore rules in effect at once (of every ignore file from the root down to a directory). */
    static final int MAX_RULES_IN_EFFECT = 10_000;

    /** A file to consider: repo-relative path with forward slashes, the file to read, its size. */
    record Candidate(String path, Path file, long size) {}

    /**
     * @param skipped files left out, by reason
     * @param skippedFiles the first {@link RepoCatalog#MAX_SKIPPED} of them with their reason, in walk order
     */
    record Result(List<Candidate> files, Map<SkipReason, Integer> skipped, List<SkippedFile> skippedFiles) {}

    private final Path root;
    private final Path realRoot;
    private final long maxFileBytes;
    private final Predicate<String> supported;
    private final Set<Path> excludedRealDirs;
    private final List<Candidate> files = new ArrayList<>();
    private Consumer<Candidate> onFile = c -> {};
    private BooleanSupplier stop = () -> false;
    private final Map<SkipReason, Integer> skipped = new EnumMap<>(SkipReason.class);
    private final List<SkippedFile> skippedFiles = new ArrayList<>();

    /**
     * @param supported whether a repo-relative path is worth reading (false: counted as unsupported)
     * @param excludedDirs directories never walked even when inside the repo (the store, the clone dir)
     */
    RepoWalker(Path root, long maxFileBytes, Predicate<String> supported, Set<Path> excludedDirs) throws IOException {
        this.root = root;
        this.realRoot = root.toRealPath();
        this.maxFileBytes = maxFileBytes;
        this.supported = supported;
        Set<Path> real = new java.util.HashSet<>();
        for (Path d : excludedDirs) {
            try {
                real.add(d.toRealPath());
            } catch (IOException e) {
                // absent: nothing to exclude
            }
        }
        this.excludedRealDirs = real;
    }

    Result walk() throws IOException {
        return walk(c -> {});
    }

    /**
     * Walks and also hands each accepted file to {@code onFile} as soon as it is found (on this thread, in walk
     * order), so that reading and hashing can start while the walk goes on.
     */
    Result walk(Consumer<Candidate> onFile) throws IOException {
        return walk(onFile, () -> false);
    }

    /**
     * As {@link #walk(Consumer)}, asking {@code stop} before each directory entry.
     *
     * @throws IngestException STOPPED once {@code stop} says so; BAD_SOURCE when the root's ignore files are
     *     over the limits (nothing would be indexed)
     */
    Result walk(Consumer<Candidate> onFile, BooleanSupplier stop) throws IOException {
        this.onFile = onFile;
        this.stop = stop;
        List<IgnoreRules> git = new ArrayList<>();
        List<IgnoreRules> rag = new ArrayList<>();
        Path exclude = root.resolve(".git").resolve("info").resolve("exclude");
        List<IgnoreRules> withExclude = withRules(git, exclude, "");
        if (withExclude == null) {
            throw overLimit(".git/info/exclude");
        }
        walkDir(realRoot, "", withExclude, rag);
        return new Result(List.copyOf(files), Map.copyOf(skipped), List.copyOf(skippedFiles));
    }

    private static IngestException overLimit(String file) {
        return new IngestException(
                IngestException.Reason.BAD_SOURCE,
                "the repository's " + file + " is over the limits of an ignore file (" + MAX_IGNORE_BYTES / 1024
                        + " KiB, " + MAX_RULES_IN_EFFECT + " rules); its rules cannot be applied, so nothing is"
                        + " indexed");
    }

    private void walkDir(Path dir, String rel, List<IgnoreRules> git, List<IgnoreRules> rag) throws IOException {
        List<IgnoreRules> gitHere = withRules(git, dir.resolve(".gitignore"), rel);
        List<IgnoreRules> ragHere = gitHere == null ? null : withRules(rag, dir.resolve(".ragignore"), rel);
        if (gitHere == null || ragHere == null) {
            if (rel.isEmpty()) {
                throw overLimit(gitHere == null ? ".gitignore" : ".ragignore");
            }
            count(rel, SkipReason.IGNORE_LIMIT); // the whole directory: see the class comment
            return;
        }
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(entries::add);
        } catch (IOException e) {
            count(rel.isEmpty() ? "." : rel, SkipReason.UNREADABLE);
            return;
        }
        entries.sort(null);
        for (Path entry : entries) {
            if (stop.getAsBoolean()) {
                throw new IngestException(IngestException.Reason.STOPPED, "stopped while listing the files");
            }
            String name = entry.getFileName().toString();
            String path = rel.isEmpty() ? name : rel + "/" + name;
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                count(path, SkipReason.UNREADABLE);
                continue;
            }
            if (attrs.isDirectory()) {
                if (DEFAULT_EXCLUDED_DIRS.contains(name)
                        || excludedRealDirs.contains(entry)
                        || Files.exists(entry.resolve("pyvenv.cfg"), LinkOption.NOFOLLOW_LINKS)
                        || ignored(path, true, gitHere, ragHere)) {
                    continue;
                }
                walkDir(entry, path, gitHere, ragHere);
            } else if (attrs.isRegularFile()) {
                if (!ignored(path, false, gitHere, ragHere)) {
                    consider(path, entry, attrs.size());
                }
            } else if (attrs.isSymbolicLink()) {
                if (!ignored(path, false, gitHere, ragHere)) {
                    symlink(path, entry);
                }
            }
            // sockets, fifos, devices: not source
        }
    }

    private void symlink(String path, Path link) {
        Path target;
        try {
            target = link.toRealPath();
        } catch (IOException e) {
            count(path, SkipReason.SYMLINK); // dangling or a loop
            return;
        }
        if (!target.startsWith(realRoot) || !Files.isRegularFile(target)) {
            count(path, SkipReason.SYMLINK); // out of the repo, or a directory we do not follow
            return;
        }
        try {
            consider(path, target, Files.size(target));
        } catch (IOException e) {
            count(path, SkipReason.UNREADABLE);
        }
    }

    private void consider(String path, Path file, long size) {
        if (!supported.test(path)) {
            count(path, SkipReason.UNSUPPORTED);
        } else if (size > maxFileBytes) {
            count(path, SkipReason.TOO_LARGE);
        } else {
            Candidate candidate = new Candidate(path, file, size);
            files.add(candidate);
            onFile.accept(candidate);
        }
    }

    private void count(String path, SkipReason reason) {
        skipped.merge(reason, 1, Integer::sum);
        if (skippedFiles.size() < RepoCatalog.MAX_SKIPPED) {
            skippedFiles.add(new SkippedFile(path, reason.key()));
        }
    }

    /** Highest precedence first: .ragignore (deepest first), then .gitignore (deepest first), then info/exclude. */
    private static boolean ignored(String path, boolean dir, List<IgnoreRules> git, List<IgnoreRules> rag) {
        for (int i = rag.size() - 1; i >= 0; i--) {
            IgnoreRules.Match m = rag.get(i).match(path, dir);
            if (m != IgnoreRules.Match.NONE) {
                return m == IgnoreRules.Match.IGNORED;
            }
        }
        for (int i = git.size() - 1; i >= 0; i--) {
            IgnoreRules.Match m = git.get(i).match(path, dir);
            if (m != IgnoreRules.Match.NONE) {
                return m == IgnoreRules.Match.IGNORED;
            }
        }
        return false;
    }

    /**
     * {@code parent} plus the rules of {@code file} when it exists; null when the file is over
     * {@link #MAX_IGNORE_BYTES} or would bring more than {@link #MAX_RULES_IN_EFFECT} rules into effect.
     */
    private static List<IgnoreRules> withRules(List<IgnoreRules> parent, Path file, String rel) {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return parent; // none
        }
        if (!attrs.isRegularFile()) {
            return parent;
        }
        if (attrs.size() > MAX_IGNORE_BYTES) {
            return null; // by its stat: a sparse 1 GB file is never read
        }
        String content;
        try {
            content = read(file);
        } catch (IOException e) {
            return parent;
        }
        if (content.length() > MAX_IGNORE_BYTES) {
            return null; // grew after the stat
        }
        IgnoreRules rules = IgnoreRules.parse(rel, content);
        if (rules.isEmpty()) {
            return parent;
        }
        int inEffect = rules.size();
        for (IgnoreRules r : parent) {
            inEffect += r.size();
        }
        if (inEffect > MAX_RULES_IN_EFFECT) {
            return null;
        }
        List<IgnoreRules> list = new ArrayList<>(parent);
        list.add(rules);
        return list;
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
