package dev.coderag.ingest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The ssh command an isolated git runs ({@code GIT_SSH_COMMAND}). An empty {@code HOME} does not keep ssh away
 * from the server user's keys: OpenSSH takes {@code ~} from the password database, not {@code $HOME}, so
 * {@code -F /dev/null} alone still offers {@code ~/.ssh/id_*} and trusts {@code ~/.ssh/known_hosts}. This
 * command names every identity and known-hosts file itself: the operator's ({@code --git-ssh-key},
 * {@code --git-known-hosts}) or none, so a host whose key the operator did not list is refused.
 *
 * <p>git hands {@code GIT_SSH_COMMAND} to a shell, and ssh parses each {@code -o} value with its own quoting
 * and {@code %} tokens: a path is quoted for both, and one that cannot be (a {@code "}, a backslash, a control
 * character) is refused by {@link #checkPath}.
 */
final class GitSsh {
    private GitSsh() {}

    /**
     * The command for {@code policy}; with {@code hostName}, ssh connects to that address (the one checked
     * against the private ranges) and still checks the host key under the URL's own host name.
     *
     * @param hostName the address to connect to, and the URL's host to check the key as; or empty
     */
    static String command(GitPolicy policy, Optional<Pin> hostName) {
        List<String> options = new ArrayList<>(List.of(
                "BatchMode=yes",
                "IdentitiesOnly=yes",
                "IdentityAgent=none",
                "IdentityFile=" + policy.sshKey().map(GitSsh::sshValue).orElse("none"),
                "UserKnownHostsFile="
                        + policy.sshKnownHosts().map(GitSsh::sshValue).orElse("/dev/null"),
                "GlobalKnownHostsFile=/dev/null",
                "StrictHostKeyChecking=yes",
                "UpdateHostKeys=no",
                "CheckHostIP=no",
                "ControlPath=none",
                "ForwardAgent=no",
                "ClearAllForwardings=yes",
                "PermitLocalCommand=no"));
        hostName.ifPresent(pin -> {
            options.add("HostName=" + pin.address());
            options.add("HostKeyAlias=" + sshValue(pin.host()));
        });
        StringBuilder cmd = new StringBuilder("ssh -F /dev/null");
        for (String option : options) {
            cmd.append(" -o ").append(shellQuote(option));
        }
        return cmd.toString();
    }

    /**
     * Where ssh connects instead of resolving the host itself.
     *
     * @param host the URL's host (the name its key is checked under)
     * @param address the checked IP address
     */
    record Pin(String host, String address) {}

    /**
     * Checks a path for the ssh command: absolute, and none of the characters that no quoting carries through
     * both the shell and ssh's option parser.
     *
     * @throws IllegalArgumentException naming the path and what is wrong
     */
    static Path checkPath(Path path, String what) {
        String text = path.toString();
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException(what + " must be an absolute path: " + text);
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\' || Character.isISOControl(c)) {
                throw new IllegalArgumentException(
                        what + " " + text + ": a path with '\"', '\\' or control characters cannot be given to ssh");
            }
        }
        return path;
    }

    /** A value as ssh's option parser reads it literally: in double quotes, {@code %} doubled (no tokens). */
    static String sshValue(Object value) {
        return "\"" + value.toString().replace("%", "%%") + "\"";
    }

    /** One shell word: single quotes, each {@code '} written as {@code '\''}. */
    static String shellQuote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
