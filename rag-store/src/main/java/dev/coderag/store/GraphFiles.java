package dev.coderag.store;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The derived graph files of a store directory ({@code graph-<table>.jvg}). */
final class GraphFiles {
    private GraphFiles() {}

    static final String PREFIX = "graph-";
    static final String SUFFIX = ".jvg";

    static void deleteAll(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX + "*")) {
            for (Path file : files) {
                Files.deleteIfExists(file);
            }
        }
    }
}
