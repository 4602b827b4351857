package dev.coderag.retrieval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads this package's data files (routing, intents, ranking) from the classpath — or, when the system property
 * {@value #DATA_DIR} names a directory holding a file of that name, from there: how a tuning run tries other
 * weights without a build (docs/EVALUATION.md). Production never sets it.
 */
final class Resources {
    private Resources() {}

    /** The system property naming a directory whose data files replace the shipped ones. */
    static final String DATA_DIR = "coderag.retrieval.data";

    static String text(String name) {
        String dir = System.getProperty(DATA_DIR);
        if (dir != null && !dir.isBlank()) {
            Path file = Path.of(dir, name);
            if (Files.isRegularFile(file)) {
                try {
                    return Files.readString(file, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + file, e);
                }
            }
        }
        try (InputStream in = Resources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource dev/coderag/retrieval/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }
}
