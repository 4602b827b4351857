package dev.coderag.cli;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.ingest.history.HistoryOptions;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.HunkRange;
import dev.coderag.types.Language;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small Java repository with a real git history made by the git CLI (authors and dates set per commit), indexed
 * by the real ingester, and its history written into the store as {@link CommitChunk}s read from {@code git log}
 * by a parser of this test (ingest does not read history yet): one chunk per commit and file, with its -U0 hunks,
 * diff, the snapshot's definitions whose lines its hunks changed, by the file's numbering before and after the
 * commit ({@code touched}), and those whose declaration it added ({@code introduced}). The tests know which
 * commit did what: {@link #shas} by name.
 */
public final class HistoryFixture {
    public static final String REPO = "tinyhttp";
    static final String PARSER = "src/main/java/demo/http/HeaderParser.java";
    static final String RETRY = "src/main/java/demo/http/RetryPolicy.java";

    /** The commits by what they did: start, parseHeader, retry, trim, readme. */
    public final Map<String, String> shas = new LinkedHashMap<>();

    public final Path work;

    private HistoryFixture(Path work) {
        this.work = work;
    }

    /** Makes the repository in {@code dir}: five commits by four authors from 2023 to 2024. */
    public static HistoryFixture create(Path dir) throws IOException {
        HistoryFixture f = new HistoryFixture(TestGit.init(dir));
        TestGit.write(dir, PARSER, parser(false, false));
        TestGit.write(dir, RETRY, retry(3));
        f.commit("start", "Ada", "2023-02-10T09:00:00Z", "Start the HTTP module", "Header blocks and a retry policy.");
        TestGit.write(dir, PARSER, parser(true, false));
        f.commit(
                "parseHeader",
                "Grace",
                "2023-05-20T14:30:00Z",
                "Parse a single header line on its own",
                "The router needs one header at a time, not the whole block.");
        TestGit.write(dir, RETRY, retry(5));
        f.commit(
                "retry",
                "Linus",
                "2024-03-05T08:15:00Z",
                "Raise the retry limit to 5",
                "Three retries gave up too early on slow mobile networks; five keeps the p99 under the timeout.");
        TestGit.write(dir, PARSER, parser(true, true));
        f.commit(
                "trim",
                "Barbara",
                "2024-08-12T16:45:00Z",
                "Trim whitespace around header values",
                "Servers pad values with spaces after the colon.");
        TestGit.write(dir, "README.md", "# tinyhttp\n\nParses HTTP headers and retries failed requests.\n");
        f.commit("readme", "Ada", "2024-09-01T10:00:00Z", "Describe the project in a README", "");
        return f;
    }

    private void commit(String name, String author, String date, String subject, String body) {
        TestGit.git(work, "add", "-A");
        List<String> args = new ArrayList<>(List.of(
                "-c",
                "user.name=" + author,
                "-c",
                "user.email=" + author.toLowerCase() + "@example.com",
                "commit",
                "-q",
                "--date",
                date,
                "-m",
                subject));
        if (!body.isEmpty()) {
            args.addAll(List.of("-m", body));
        }
        TestGit.git(work, args.toArray(String[]::new));
        shas.put(name, TestGit.git(work, "rev-parse", "HEAD").strip());
    }

    private static String parser(boolean single, boolean trim) {
        String value = trim ? "line.substring(colon + 1).strip()" : "line.substring(colon + 1)";
        return "package demo.http;\n\n"
                + "import java.util.LinkedHashMap;\nimport java.util.List;\nimport java.util.Map;\n\n"
                + "/** Parses HTTP/1.1 header lines. */\n"
                + "public final class HeaderParser {\n"
                + "    /** Parses a block of header lines up to the first empty line. */\n"
                + "    public static Map<String, String> parseHeaders(List<String> lines) {\n"
                + "        Map<String, String> out = new LinkedHashMap<>();\n"
                + "        for (String line : lines) {\n"
                + "            if (line.isEmpty()) {\n                break;\n            }\n"
                + "            int colon = line.indexOf(':');\n"
                + "            out.put(line.substring(0, colon), line.substring(colon + 1));\n"
                + "        }\n        return out;\n    }\n"
                + (single
                        ? "\n    /** Parses one header line into its name and value. */\n"
                                + "    public static String[] parseHeader(String line) {\n"
                                + "        int colon = line.indexOf(':');\n"
                                + "        return new String[] {line.substring(0, colon), " + value + "};\n"
                                + "    }\n"
                        : "")
                + "}\n";
    }

    private static String retry(int max) {
        return "package demo.http;\n\n"
                + "/** How often a failed request is tried again. */\n"
                + "public final class RetryPolicy {\n"
                + "    /** Tries at most this many times. */\n"
                + "    public static final int MAX_RETRIES = " + max + ";\n\n"
                + "    /** Whether attempt number {@code attempt} (from 1) may run. */\n"
                + "    public static boolean shouldRetry(int attempt) {\n"
                + "        return attempt <= MAX_RETRIES;\n"
                + "    }\n"
                + "}\n";
    }

    /**
     * Indexes the work tree with the real ingester (its own history step off), then writes the history this fixture
     * builds from git into the store: the tests' expectations are written against these chunks.
     */
    public void index(Store store, Embedder embedder, Path storeDir) {
        Ingester.create(store, embedder, IngestOptions.defaults(storeDir).withHistory(HistoryOptions.OFF))
                .ingest(
                        List.of(new IngestRequest(work.toString(), Optional.of(REPO), Optional.empty())),
                        ProgressListener.NONE);
        List<CommitChunk> chunks = new ArrayList<>();
        for (String sha : shas.values()) {
            chunks.addAll(commitChunks(store, embedder.modelId(), sha));
        }
        List<float[]> vectors = embedder.embedDocuments(
                chunks.stream().map(CommitChunk::embeddingText).toList());
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < chunks.size(); i++) {
                tx.insert(chunks.get(i), vectors.get(i));
            }
            String head = List.copyOf(shas.values()).getLast();
            tx.putHistory(REPO, new HistoryMark(head, shas.size(), 0));
            tx.commit();
        }
    }

    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    /** One commit's chunks, from {@code git show -U0}: a header of NUL-separated fields, then the diff. */
    private List<CommitChunk> commitChunks(Store store, String modelId, String sha) {
        String out =
                TestGit.git(work, "show", "-U0", "--no-color", "-M", "--format=%H%x00%an%x00%at%x00%s%x00%b%x00", sha);
        String[] head = out.split("\u0000", 6);
        String diff = head[5];
        List<CommitChunk> chunks = new ArrayList<>();
        for (String file : diff.split("(?m)^diff --git ")) {
            if (file.isBlank()) {
                continue;
            }
            chunks.add(fileChunk(store, modelId, head, sha, file));
        }
        return chunks;
    }

    private CommitChunk fileChunk(Store store, String modelId, String[] head, String sha, String file) {
        String path = null;
        String oldPath = "";
        CommitChunk.Change change = CommitChunk.Change.MODIFIED;
        List<HunkRange> hunks = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        List<String> added = new ArrayList<>();
        List<String> deleted = new ArrayList<>();
        for (String line : file.split("\n")) {
            Matcher m = HUNK.matcher(line);
            if (line.startsWith("+++ b/")) {
                path = line.substring(6);
            } else if (line.startsWith("--- a/")) {
                oldPath = line.substring(6);
            } else if (line.startsWith("new file mode")) {
                change = CommitChunk.Change.ADDED;
            } else if (line.startsWith("deleted file mode")) {
                change = CommitChunk.Change.DELETED;
            } else if (line.startsWith("rename from ")) {
                change = CommitChunk.Change.RENAMED;
                oldPath = line.substring(12);
            } else if (line.startsWith("rename to ")) {
                path = line.substring(10);
            } else if (m.find()) {
                hunks.add(new HunkRange(
                        Integer.parseInt(m.group(1)),
                        m.group(2) == null ? 1 : Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)),
                        m.group(4) == null ? 1 : Integer.parseInt(m.group(4))));
                text.append(line).append('\n');
            } else if ((line.startsWith("+") || line.startsWith("-"))
                    && !line.startsWith("+++ ")
                    && !line.startsWith("--- ")) {
                (line.startsWith("+") ? added : deleted).add(line.substring(1));
                text.append(line).append('\n');
            }
        }
        if (path == null) {
            path = oldPath;
        }
        if (change != CommitChunk.Change.RENAMED) {
            oldPath = "";
        }
        Set<String> snapshot = new LinkedHashSet<>();
        for (StoredChunk s : store.chunks().byPath(path, Optional.of(REPO))) {
            if (s.chunk() instanceof CodeChunk code && s.chunk().path().equals(path)) {
                snapshot.add(code.symbol());
            }
        }
        Map<String, int[]> after = change == CommitChunk.Change.DELETED ? Map.of() : definitions(show(sha, path));
        Map<String, int[]> before = change == CommitChunk.Change.ADDED
                ? Map.of()
                : definitions(show(sha + "^", oldPath.isEmpty() ? path : oldPath));
        Set<String> touched = new LinkedHashSet<>();
        Set<String> introduced = new LinkedHashSet<>();
        for (HunkRange h : hunks) {
            after.forEach((name, lines) -> {
                if (h.newCount() > 0 && overlaps(lines, h.newStart(), h.newStart() + h.newCount() - 1)) {
                    touched.add(name);
                    if (!before.containsKey(name)
                            && lines[0] >= h.newStart()
                            && lines[0] < h.newStart() + h.newCount()) {
                        introduced.add(name);
                    }
                }
            });
            before.forEach((name, lines) -> {
                if (h.oldCount() > 0 && overlaps(lines, h.oldStart(), h.oldStart() + h.oldCount() - 1)) {
                    touched.add(name);
                }
            });
        }
        touched.retainAll(snapshot);
        introduced.retainAll(snapshot);
        int[] span = CommitChunk.span(hunks, change);
        return new CommitChunk(
                REPO,
                path,
                oldPath,
                Language.fromFileName(path).orElse(Language.TEXT),
                head[0],
                head[1],
                Long.parseLong(head[2]),
                head[3],
                head[4].strip(),
                change,
                hunks,
                text.toString(),
                added.size(),
                deleted.size(),
                "",
                List.copyOf(touched),
                List.copyOf(introduced),
                span[0],
                span[1],
                modelId);
    }

    private String show(String rev, String path) {
        return TestGit.git(work, "show", rev + ":" + path);
    }

    private static boolean overlaps(int[] lines, int from, int to) {
        return lines[0] <= to && from <= lines[1];
    }

    private static final Pattern DECLARATION =
            Pattern.compile("^(\\s*)(?:public |private |static |final )*(?:class (\\w+)|[\\w<>\\[\\], ]+ (\\w+)\\()");

    /**
     * The classes and methods of one version of a Java file of this fixture, by name: from the declaration's line
     * to the line that closes it at the same indentation (the fixture's code is formatted so).
     */
    private static Map<String, int[]> definitions(String content) {
        List<String> lines = content.lines().toList();
        Map<String, int[]> out = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = DECLARATION.matcher(lines.get(i));
            if (m.find() && lines.get(i).stripTrailing().endsWith("{")) {
                String indent = m.group(1);
                int end = i;
                while (end + 1 < lines.size() && !lines.get(end).equals(indent + "}")) {
                    end++;
                }
                out.put(m.group(2) != null ? m.group(2) : m.group(3), new int[] {i + 1, end + 1});
            }
        }
        return out;
    }

    /** The short ids by name, for assertions. */
    public Map<String, String> shortShas() {
        Map<String, String> out = new HashMap<>();
        shas.forEach((k, v) -> out.put(k, v.substring(0, 7)));
        return out;
    }
}
