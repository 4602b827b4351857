package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenFileTest {
    @TempDir
    Path tmp;

    @Test
    void the_first_start_makes_a_token_only_the_user_can_read_and_later_starts_reuse_it() throws IOException {
        Path file = TokenFile.defaultPath(tmp.toString(), Path.of("/nonexistent-home"));
        assertThat(file).isEqualTo(tmp.resolve("coderag/token"));

        String first = TokenFile.readOrCreate(file, new SecureRandom());

        assertThat(first).matches("[0-9a-f]{48}");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
        assertThat(TokenFile.readOrCreate(file, new SecureRandom())).isEqualTo(first);
    }

    @Test
    void without_xdg_config_home_it_lives_under_the_home_config_directory() {
        assertThat(TokenFile.defaultPath(null, Path.of("/home/me")))
                .isEqualTo(Path.of("/home/me/.config/coderag/token"));
        assertThat(TokenFile.defaultPath("relative", Path.of("/home/me")))
                .as("a relative XDG_CONFIG_HOME is ignored, as the spec says")
                .isEqualTo(Path.of("/home/me/.config/coderag/token"));
    }

    @Test
    void a_file_other_accounts_can_read_a_link_or_an_empty_file_is_refused_with_one_line() throws IOException {
        Path open = Files.writeString(tmp.resolve("open"), "secret\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> TokenFile.readOrCreate(open, new SecureRandom()))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("chmod 600")
                .hasMessageNotContaining("\n");

        Path target = Files.writeString(tmp.resolve("target"), "secret\n");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), target);
        assertThatThrownBy(() -> TokenFile.readOrCreate(link, new SecureRandom()))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("not a regular file");

        Path empty = Files.writeString(tmp.resolve("empty"), "\n");
        Files.setPosixFilePermissions(empty, PosixFilePermissions.fromString("rw-------"));
        assertThatThrownBy(() -> TokenFile.readOrCreate(empty, new SecureRandom()))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("no token");
    }
}
