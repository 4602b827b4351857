package dev.coderag.ingest.history;

import dev.coderag.types.ExcludedDirs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which paths' diffs are summarised by where they are: under a directory the ingest never walks
 * ({@link ExcludedDirs}, vendored code and build output) or named like a lock file or generated source (the
 * {@code generated-files.txt} resource). Immutable.
 */
final class Omissions {
    private static final Omissions RULES = load();

    private final Set<String> names;
    private final List<String> suffixes;

    private Omissions(Set<String> names, List<String> suffixes) {
        this.names = Set.copyOf(names);
        this.suffixes = List.copyOf(suffixes);
    }

    static Omissions rules() {
        return RULES;
    }

    /** Whether a directory on {@code path} (not its file name) is one the ingest's walk skips. */
    boolean vendored(String path) {
        int start = 0;
        for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', start)) {
            if (ExcludedDirs.NAMES.contains(path.substring(start, slash))) {
                return true;
            }
            start = slash + 1;
        }
        return false;
    }

    /** Whether the file name of {@code path} is a lock file's or a generated source's. */
    boolean generated(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (names.contains(name)) {
            return true;
        }
        for (String suffix : suffixes) {
            if (name.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    private static Omissions load() {
        try (InputStream in = Omissions.class.getResourceAsStream("generated-files.txt")) {
            if (in == null) {
                throw new IllegalStateException("generated-files.txt is missing from the classpath");
            }
            Set<String> names = new HashSet<>();
            List<String> suffixes = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String rule = line.strip();
                if (rule.isEmpty() || rule.startsWith("#")) {
                    continue;
                }
                if (rule.startsWith("*")) {
                    suffixes.add(rule.substring(1));
                } else {
                    names.add(rule);
                }
            }
            return new Omissions(names, suffixes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
