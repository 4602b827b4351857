package dev.coderag.cli;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.ingest.history.HistoryOptions;
import dev.coderag.store.Store;
import dev.coderag.types.CommitChunk;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A small repository with a real history, indexed with it: four commits by four authors on four days — a header
 * parser added, its retry limit raised (with a reason in the body), the file renamed with an edit, and a hostile
 * commit whose subject is HTML with terminal escapes and whose body is a script — then the work tree ingested into
 * a store (with one uncommitted file, which has no history) and every commit written beside it as commit chunks
 * (real embeddings, real store files).
 *
 * @param repo the work tree (indexed as {@link #REPO})
 * @param added the commit that added the parser
 * @param retry the commit that raised the retry limit (line {@link #RETRY_LINE} today)
 * @param renamed the rename to {@link #FILE}
 * @param hostile the hostile commit, which rewrote line {@link #HOSTILE_LINE}
 */
public record HistoryDemo(Path repo, Made added, Made retry, Made renamed, Made hostile, List<CommitChunk> chunks) {
    public static final String REPO = "histdemo";

    /** A file of the work tree that no commit has: indexed, without history. */
    public static final String UNCOMMITTED = "NOTES.md";

    /** The parser's path today. */
    public static final String FILE = "src/HeaderParser.java";

    /** The line of today's file holding the retry limit (last changed by {@link #retry}). */
    public static final int RETRY_LINE = 4;

    /** The line the hostile commit rewrote. */
    public static final int HOSTILE_LINE = 12;

    /** The parser method's lines (written by {@link #added}, untouched since). */
    public static final int PARSE_START = 6;

    public static final int PARSE_END = 10;

    /** The hostile commit's subject: HTML, an ANSI escape and a bell. */
    public static final String HOSTILE_SUBJECT = "<img src=x onerror=alert(1)> \u001b[31mred\u001b[0m \u0007bell";

    /** A commit of the demo: its full id and subject. */
    public record Made(String sha, String subject) {}

    /** Builds the repository under {@code dir} and indexes it with its history into {@code store}. */
    public static HistoryDemo build(Path dir, Store store, Embedder embedder) throws IOException {
        Path repo = TestGit.init(dir.resolve(REPO));
        TestGit.write(repo, "README.md", "# histdemo\n\nParses HTTP header lines.\n");
        TestGit.write(repo, "src/Parser.java", parser("Parser", 3, "// tolerant of folded lines"));
        Made added = made(GitHistory.commit(repo, "Ada", "2024-01-10T10:00:00Z", "Add the header parser"));
        TestGit.write(repo, "src/Parser.java", parser("Parser", 5, "// tolerant of folded lines"));
        Made retry = made(GitHistory.commit(
                repo,
                "Grace",
                "2024-02-05T10:00:00Z",
                "Raise the retry limit to 5\n\nFlaky networks dropped requests after three tries."));
        TestGit.git(repo, "mv", "src/Parser.java", FILE);
        TestGit.write(repo, FILE, parser("HeaderParser", 5, "// tolerant of folded lines"));
        Made renamed = made(GitHistory.commit(repo, "Linus", "2024-03-01T10:00:00Z", "Rename Parser to HeaderParser"));
        TestGit.write(repo, FILE, parser("HeaderParser", 5, "// <b>bold</b> & folded lines"));
        Made hostile = made(GitHistory.commit(
                repo, "Mallory \u001b[1m", "2024-03-15T10:00:00Z", HOSTILE_SUBJECT + "\n\n<script>alert(2)</script>"));
        TestGit.write(repo, UNCOMMITTED, "# Notes\n\nNot committed yet: no history.\n");

        // the files by the real ingester; the history by GitHistory below, whose chunks the tests' expectations
        // are written against (the ingest's own history step is HistoryIngestTest's and ThisRepositoryHistoryTest's)
        Ingester.create(
                        store,
                        embedder,
                        IngestOptions.defaults(dir.resolve("ingest-work")).withHistory(HistoryOptions.OFF))
                .ingest(
                        List.of(new IngestRequest(repo.toString(), Optional.of(REPO), Optional.empty())),
                        ProgressListener.NONE);
        List<CommitChunk> chunks =
                GitHistory.chunks(repo, REPO, List.of("parseHeader", "MAX_RETRIES"), embedder.modelId());
        GitHistory.store(store, embedder, chunks);
        return new HistoryDemo(repo, added, retry, renamed, hostile, chunks);
    }

    private static Made made(GitHistory.Made m) {
        return new Made(m.sha(), m.subject());
    }

    /** The parser file: 14 lines; line 4 the retry limit, lines 6–10 parseHeader, line 12 a comment. */
    private static String parser(String name, int retries, String comment) {
        return "package demo;\n" // 1
                + "\n" // 2
                + "public final class " + name + " {\n" // 3
                + "    static final int MAX_RETRIES = " + retries + ";\n" // 4
                + "\n" // 5
                + "    static String[] parseHeader(String line) {\n" // 6
                + "        int colon = line.indexOf(':');\n" // 7
                + "        if (colon < 0) throw new IllegalArgumentException(line);\n" // 8
                + "        return new String[] {line.substring(0, colon).trim(), line.substring(colon + 1).trim()};\n"
                + "    }\n" // 10
                + "\n" // 11
                + "    " + comment + "\n" // 12
                + "}\n"; // 13
    }
}
