package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Fuzzes the walk over a repository's tree — what a hostile clone checks out: directories and files with any
 * names (line breaks, control characters, {@code ..}-like names, long names), symlinks to anywhere (out of the
 * repository, to directories, dangling, looping), and {@code .gitignore}/{@code .ragignore} files with any
 * content at any depth. Contract: the walk ends in bounded time with a result or a documented
 * {@link IngestException} (BAD_SOURCE); every file it hands on lies inside the repository by its real path,
 * a file outside is never one of them, and every path it reports is relative, without empty, {@code .} or
 * {@code ..} segments.
 *
 * <p>{@code ./mvnw verify} fuzzes this for a fixed time; other runs replay {@code RepoTreeFuzzTestInputs/walk/}.
 */
class RepoTreeFuzzTest {
    private static final long BUDGET_NANOS = 2_000_000_000L;

    @FuzzTest(maxDuration = "20s")
    void walk(FuzzedDataProvider data) throws IOException {
        Path base = Files.createTempDirectory("coderag-fuzz-tree-");
        try {
            Path repo = Files.createDirectories(base.resolve("repo"));
            Path outside = Files.createDirectories(base.resolve("outside"));
            Path secret = Files.writeString(outside.resolve("secret.py"), "SECRET = 1\n");
            List<Path> dirs = new ArrayList<>(List.of(repo));
            int ops = data.consumeInt(0, 40);
            for (int i = 0; i < ops && data.remainingBytes() > 0; i++) {
                apply(data, repo, outside, secret, dirs);
            }
            Path realRoot = repo.toRealPath();
            long start = System.nanoTime();
            RepoWalker.Result result;
            try {
                result = new RepoWalker(repo, 1 << 20, p -> true, Set.of()).walk();
            } catch (IngestException e) {
                assertThat(e.reason()).isEqualTo(IngestException.Reason.BAD_SOURCE);
                assertThat(e.getMessage()).doesNotContain("\n");
                return;
            }
            assertThat(System.nanoTime() - start).isLessThan(BUDGET_NANOS);
            for (RepoWalker.Candidate c : result.files()) {
                assertThat(c.file().toRealPath()).as(c.path()).startsWith(realRoot);
                assertThat(c.file().toRealPath()).isNotEqualTo(secret.toRealPath());
                assertThat(c.path()).doesNotStartWith("/");
                for (String segment : c.path().split("/", -1)) {
                    assertThat(segment)
                            .as(c.path())
                            .isNotEmpty()
                            .isNotEqualTo(".")
                            .isNotEqualTo("..");
                }
            }
        } finally {
            delete(base);
        }
    }

    /** One change to the tree: a directory, a file, an ignore file or a symlink, under a directory made before. */
    private static void apply(FuzzedDataProvider data, Path repo, Path outside, Path secret, List<Path> dirs) {
        Path parent = dirs.get(data.consumeInt(0, dirs.size() - 1));
        int kind = data.consumeInt(0, 4);
        String name =
                switch (kind) {
                    case 3 -> data.pickValue(new String[] {".gitignore", ".ragignore"});
                    default -> name(data.consumeString(40));
                };
        if (name == null) {
            return;
        }
        try {
            Path at = parent.resolve(name);
            switch (kind) {
                case 0 -> dirs.add(Files.createDirectories(at));
                case 1, 3 -> Files.write(at, data.consumeString(2000).getBytes(StandardCharsets.UTF_8));
                case 2 -> Files.createSymbolicLink(at, target(data, repo, outside, secret));
                default -> Files.write(at, data.consumeBytes(500)); // binary or anything
            }
        } catch (FileSystemException | InvalidPathException e) {
            // a name the file system refuses, or an entry already there: no tree to build, skip it
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path target(FuzzedDataProvider data, Path repo, Path outside, Path secret) {
        return switch (data.consumeInt(0, 5)) {
            case 0 -> secret;
            case 1 -> outside;
            case 2 -> Path.of("..", "..", "outside", "secret.py");
            case 3 -> repo;
            case 4 -> Path.of("."); // a loop
            default -> Path.of(data.consumeString(60).replace('\0', '_'));
        };
    }

    /** A file name the file system can hold (one segment, no NUL, not {@code .}/{@code ..}), or null. */
    private static String name(String raw) {
        String n = raw.replace('/', '_').replace('\0', '_');
        if (n.isEmpty() || n.equals(".") || n.equals("..") || n.getBytes(StandardCharsets.UTF_8).length > 200) {
            return null;
        }
        return n;
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
