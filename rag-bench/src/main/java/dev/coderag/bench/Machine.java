package dev.coderag.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/** What a benchmark figure was measured on: cores, JDK, load and date, and the RSS of a process. */
final class Machine {
    private Machine() {}

    /** One line: cores, JDK, RAM, load averages (1/5/15 min, as {@code uptime} shows them) and UTC time. */
    static String describe() {
        return String.format(
                Locale.ROOT,
                "%d cores, JDK %s (%s), %.0f GB RAM, load average %s, %s",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                System.getProperty("java.vm.name"),
                memTotalKb() / 1024.0 / 1024.0,
                load(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS));
    }

    /** The 1, 5 and 15 minute load averages, e.g. {@code "3.10 2.95 2.40"}; "?" when unreadable. */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** A field of /proc/&lt;pid&gt;/status in kB (e.g. VmRSS, VmHWM), or -1 when the process is gone. */
    static long statusKb(long pid, String field) {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"));
            for (String line : lines) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(
                            line.substring(field.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process exited
        }
        return -1;
    }

    private static long memTotalKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return 0;
    }

    static String mb(long kb) {
        return kb < 0 ? "?" : String.format(Locale.ROOT, "%.0f MB", kb / 1024.0);
    }
}
