package dev.coderag.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * The server's token on disk, as Jupyter keeps its own: a file only the user can read ({@code rw-------} in a
 * {@code rwx------} directory), made with a random token the first time a server starts without one and read by
 * later starts, so clients set up once (an MCP client's header, a script) keep working. Other accounts on the
 * machine cannot read it; a file that others could read or write, or that is a symbolic link, is refused, not
 * used.
 */
final class TokenFile {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final int MAX_BYTES = 4096;

    private TokenFile() {}

    /**
     * Where the token lives unless {@code --token-file} says otherwise: {@code $XDG_CONFIG_HOME/coderag/token}, or
     * {@code ~/.config/coderag/token}.
     */
    static Path defaultPath(String xdg, Path home) {
        Path config =
                xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".config");
        return config.resolve("coderag").resolve("token");
    }

    /**
     * The token in {@code file}, made first when the file does not exist.
     *
     * @throws UsageException with one line when the file cannot be made or read, is a link, is open to other
     *     accounts, or holds no token
     */
    static String readOrCreate(Path file, SecureRandom random) {
        try {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                create(file, random);
            }
            return read(file);
        } catch (IOException | UnsupportedOperationException e) {
            throw new UsageException("cannot use the token file " + file + " (" + CliSupport.oneLine(e.toString())
                    + "); set RAG_TOKEN, or --token-file FILE");
        }
    }

    private static void create(Path file, SecureRandom random) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_DIR));
        }
        byte[] secret = new byte[24];
        random.nextBytes(secret);
        try {
            // created with its permissions in one step: no moment in which another account could open it
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException e) {
            return; // another server made it meanwhile: use theirs
        }
        Files.writeString(file, HexFormat.of().formatHex(secret) + "\n", StandardCharsets.US_ASCII);
    }

    private static String read(Path file) throws IOException {
        PosixFileAttributes attrs = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attrs.isRegularFile()) {
            throw new UsageException("the token file " + file + " is not a regular file (a link is never followed)");
        }
        if (!OWNER_ONLY.containsAll(attrs.permissions())) {
            throw new UsageException("the token file " + file + " can be read or written by other accounts ("
                    + PosixFilePermissions.toString(attrs.permissions()) + "); run: chmod 600 " + file);
        }
        if (attrs.size() > MAX_BYTES) {
            throw new UsageException("the token file " + file + " is larger than a token");
        }
        String token = Files.readString(file, StandardCharsets.UTF_8).strip();
        if (token.isEmpty() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new UsageException("the token file " + file + " holds no token (one line of printable characters)");
        }
        return token;
    }
}
