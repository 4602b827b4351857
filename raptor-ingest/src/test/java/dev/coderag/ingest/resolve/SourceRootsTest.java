package dev.coderag.ingest.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceRootsTest {
    @TempDir
    Path dir;

    @Test
    void theRootIsTheDirectoryMinusThePackagePath() throws IOException {
        Path f = write(
                "mod/src/main/java/a/b/C.java",
                "/* package not.this; */\n// package nor.this;\npackage a . b;\nclass C {}\n");
        assertThat(SourceRoots.packageOf(f)).isEqualTo("a.b");
        assertThat(SourceRoots.of(List.of(f)))
                .containsExactly(dir.resolve("mod/src/main/java").toAbsolutePath());
    }

    @Test
    void theDefaultPackageIsItsDirectoryAndAMisplacedFileHasNoRoot() throws IOException {
        Path plain = write("x/Plain.java", "class Plain {}\n");
        Path misplaced = write("x/y/M.java", "package other.pkg;\nclass M {}\n");
        assertThat(SourceRoots.of(List.of(plain, misplaced)))
                .containsExactly(dir.resolve("x").toAbsolutePath());
    }

    @Test
    void annotationsMayPrecedeThePackageAndAnImportOrTypeFirstMeansNone() throws IOException {
        Path info = write("p/q/package-info.java", "@Deprecated(since = \"1\")\npackage p.q;\n");
        Path none = write("r/R.java", "import java.util.List;\nclass R { String s = \"package r;\"; }\n");
        Path broken = write("s/S.java", "package s.t.u.v.w.x.y.z class S {}\n");
        assertThat(SourceRoots.packageOf(info)).isEqualTo("p.q");
        assertThat(SourceRoots.packageOf(none)).isEmpty();
        assertThat(SourceRoots.packageOf(broken)).isEmpty();
    }

    private Path write(String path, String text) throws IOException {
        Path p = dir.resolve(path);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }
}
