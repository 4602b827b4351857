package dev.coderag.ingest.resolve;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.core.ToolFactory;
import org.eclipse.jdt.core.compiler.IScanner;
import org.eclipse.jdt.core.compiler.ITerminalSymbols;
import org.eclipse.jdt.core.compiler.InvalidInputException;

/** The source roots of Java files: each file's directory minus the path of the package it declares. */
final class SourceRoots {
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
        // JDT's own scanner (comments, literals, unicode escapes as the compiler reads them), one pass: the tokens
        // up to the declaration are annotations at most (package-info.java); a type or import means there is none.
        IScanner scanner = ToolFactory.createScanner(false, false, false, JavaCore.VERSION_21);
        scanner.setSource(new String(head, StandardCharsets.UTF_8).toCharArray());
        StringBuilder name = new StringBuilder();
        boolean inName = false;
        try {
            for (int t = scanner.getNextToken(); t != ITerminalSymbols.TokenNameEOF; t = scanner.getNextToken()) {
                if (inName) {
                    if (t == ITerminalSymbols.TokenNameSEMICOLON) {
                        return name.toString();
                    }
                    if (t != ITerminalSymbols.TokenNameIdentifier && t != ITerminalSymbols.TokenNameDOT) {
                        return "";
                    }
                    name.append(scanner.getCurrentTokenSource());
                } else if (t == ITerminalSymbols.TokenNamepackage) {
                    inName = true;
                } else if (t == ITerminalSymbols.TokenNameimport
                        || t == ITerminalSymbols.TokenNameclass
                        || t == ITerminalSymbols.TokenNameinterface
                        || t == ITerminalSymbols.TokenNameenum) {
                    return "";
                }
            }
        } catch (InvalidInputException e) {
            return "";
        }
        return "";
    }
}
