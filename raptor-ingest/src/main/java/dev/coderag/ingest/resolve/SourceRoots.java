package dev.coderag.ingest.resolve;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The source roots of Java files: each file's directory minus the path of the package it declares. */
final class SourceRoots {
    private static final Pattern PACKAGE =
            Pattern.compile("\\bpackage\\s+([A-Za-z_$][\\w$]*(?:\\s*\\.\\s*[A-Za-z_$][\\w$]*)*)\\s*;");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    // The package declaration comes first: 16 KiB of licence header and annotations is plenty.
    private static final int HEAD = 16 * 1024;

    private SourceRoots() {}

    /** The distinct source roots of {@code files}, in first-seen order; a file whose directory does not end with
     * its package's path gives none (its types are then found only by files resolved in the same batch). */
    static List<Path> of(List<Path> files) {
        Set<Path> roots = new LinkedHashSet<>();
        for (Path f : files) {
            root(f).ifPresent(roots::add);
        }
        return List.copyOf(roots);
    }

    static Optional<Path> root(Path file) {
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (dir == null) {
            return Optional.empty();
        }
        String pkg = packageOf(file);
        if (pkg.isEmpty()) {
            return Optional.of(dir);
        }
        String[] parts = pkg.split("\\.");
        Path d = dir;
        for (int i = parts.length - 1; i >= 0; i--) {
            if (d == null
                    || d.getFileName() == null
                    || !d.getFileName().toString().equals(parts[i])) {
                return Optional.empty();
            }
            d = d.getParent();
        }
        return Optional.ofNullable(d);
    }

    /** The package a file declares, {@code ""} for none or an unreadable file. */
    static String packageOf(Path file) {
        byte[] head;
        try (var in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD);
        } catch (IOException e) {
            return "";
        }
        String text = COMMENT.matcher(new String(head, StandardCharsets.UTF_8)).replaceAll(" ");
        Matcher m = PACKAGE.matcher(text);
        return m.find() ? m.group(1).replaceAll("\\s", "") : "";
    }
}
