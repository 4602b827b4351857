package dev.coderag.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.jar.JarEntry;

/**
 * Copies a model file from the classpath to a stable on-disk cache, once per machine and model version.
 *
 * <p>ONNX Runtime loads models from files; a temporary copy per process would leak 130 MB on every exit
 * without close(), so the file lives at {@code <cache>/models/<key>/<name>} where {@code key} is a hash of
 * the model's content. For a resource inside a jar the key is SHA-256 over (name, size, CRC-32) taken from
 * the jar's central directory, which identifies the content without reading 130 MB at every start; for a
 * plain file on the classpath it is the SHA-256 of the bytes. The file is written to a temp file in the same
 * directory and renamed into place, so concurrent processes never see or produce a partial file.
 *
 * <p>Thread-safe and safe across processes.
 */
final class ModelCache {
    /** Environment variable that overrides the cache directory. */
    static final String CACHE_DIR_ENV = "RAG_CACHE_DIR";

    private ModelCache() {}

    /** {@code $RAG_CACHE_DIR}, else {@code $XDG_CACHE_HOME/coderag}, else {@code ~/.cache/coderag}. */
    static Path defaultRoot(Map<String, String> env) {
        String override = env.get(CACHE_DIR_ENV);
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "coderag");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "coderag");
    }

    /**
     * Returns the path of {@code resource} in the cache under {@code root}, copying it there first if it is
     * absent or has the wrong size.
     *
     * @throws IOException if the resource is missing or the cache cannot be written
     */
    static Path install(ClassLoader loader, String resource, Path root) throws IOException {
        URL url = loader.getResource(resource);
        if (url == null) {
            throw new IOException("resource " + resource + " is not on the classpath");
        }
        Identity id = identify(url, resource);
        Path dir = root.resolve("models").resolve(id.key());
        Path target = dir.resolve(fileName(resource));
        if (Files.isRegularFile(target) && Files.size(target) == id.size()) {
            return target;
        }
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, fileName(resource) + ".", ".tmp");
        try {
            try (InputStream in = url.openStream();
                    OutputStream out = Files.newOutputStream(tmp)) {
                in.transferTo(out);
            }
            if (Files.size(tmp) != id.size()) {
                throw new IOException("copy of " + resource + " to " + tmp + " is incomplete");
            }
            moveIntoPlace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }

    /**
     * Renames a finished temporary file onto {@code target} in one step where the file system can, so that a
     * concurrent reader sees the old file or the whole new one.
     */
    static void moveIntoPlace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private record Identity(String key, long size) {}

    private static Identity identify(URL url, String resource) throws IOException {
        if (url.openConnection() instanceof JarURLConnection jar) {
            JarEntry entry = jar.getJarEntry();
            if (entry.getSize() >= 0 && entry.getCrc() >= 0) {
                String identity = resource + "\n" + entry.getSize() + "\n" + Long.toHexString(entry.getCrc());
                return new Identity(key(sha256().digest(identity.getBytes(StandardCharsets.UTF_8))), entry.getSize());
            }
        }
        // Not in a jar (an exploded classpath directory, e.g. in an IDE): hash the bytes themselves.
        MessageDigest digest = sha256();
        long size;
        try (InputStream in = new DigestInputStream(url.openStream(), digest)) {
            size = in.transferTo(OutputStream.nullOutputStream());
        }
        return new Identity(key(digest.digest()), size);
    }

    private static String key(byte[] sha) {
        return HexFormat.of().formatHex(sha, 0, 8);
    }

    private static String fileName(String resource) {
        return resource.substring(resource.lastIndexOf('/') + 1);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
