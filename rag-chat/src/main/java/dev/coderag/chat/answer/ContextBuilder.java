package dev.coderag.chat.answer;

import dev.coderag.retrieval.RetrievalHit;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the numbered context blocks from ranked hits within a token budget, most relevant first. Pure.
 *
 * <p>Tokens are estimated as characters / 4 — close enough for code and English with common LLM tokenizers,
 * and it keeps this free of any model.
 */
public final class ContextBuilder {
    /** A block is cut rather than dropped only when at least this many tokens are left for it. */
    static final int MIN_PARTIAL_TOKENS = 120;

    private ContextBuilder() {}

    static int estimateTokens(String text) {
        return (text.length() + 3) / 4;
    }

    /**
     * @param hits ranked, best first
     * @param budgetTokens total tokens for all blocks; the first block is always included (cut if needed)
     */
    public static List<ContextBlock> build(List<RetrievalHit> hits, int budgetTokens) {
        List<ContextBlock> blocks = new ArrayList<>();
        int left = budgetTokens;
        for (RetrievalHit hit : hits) {
            String header = header(blocks.size() + 1, hit.chunk());
            String body = body(hit.chunk());
            int need = estimateTokens(header) + estimateTokens(body) + 1;
            if (need <= left) {
                blocks.add(new ContextBlock(blocks.size() + 1, hit, header, body, false));
                left -= need;
                continue;
            }
            int room = left - estimateTokens(header) - 1;
            if (room >= MIN_PARTIAL_TOKENS || blocks.isEmpty()) {
                String cut = cutAtLine(body, Math.max(room, MIN_PARTIAL_TOKENS) * 4);
                blocks.add(new ContextBlock(blocks.size() + 1, hit, header, cut + "\n… (truncated)", true));
            }
            break;
        }
        return blocks;
    }

    /**
     * {@code [n] path:start-end (symbol, language)}; for a commit {@code [n] path:start-end (commit abc1234,
     * language)}, its message left to the body (the header holds no commit text).
     */
    static String header(int n, Chunk c) {
        String title = c instanceof CommitChunk h ? "commit " + h.shortSha() : c.title();
        return "[" + n + "] " + c.location() + " (" + title + ", "
                + c.language().id() + ")";
    }

    /**
     * The text of a chunk as a context block (and an MCP search result's snippet) shows it: code with its doc
     * comment, a README section under its heading path, a manifest's package, description and dependencies, a
     * module doc under its module name. Pure.
     */
    public static String body(Chunk chunk) {
        return switch (chunk) {
            case CodeChunk c -> {
                String doc = c.docstring().strip();
                boolean docInCode = doc.isEmpty() || c.code().contains(firstLine(doc));
                yield docInCode ? c.code() : doc + "\n" + c.code();
            }
            case ReadmeChunk r ->
                r.headingPath().isEmpty() ? r.text() : "# " + String.join(" > ", r.headingPath()) + "\n" + r.text();
            case ManifestChunk m -> {
                StringBuilder sb = new StringBuilder("Package: ").append(m.name());
                if (!m.description().isEmpty()) {
                    sb.append("\nDescription: ").append(m.description());
                }
                if (!m.dependencies().isEmpty()) {
                    sb.append("\nDependencies: ").append(String.join(", ", m.dependencies()));
                }
                yield sb.toString();
            }
            case ModuleDocChunk d -> "Module " + d.moduleName() + "\n" + d.text();
            case CommitChunk h -> commit(h);
        };
    }

    /**
     * A commit as a block shows it: labelled fields (id, author, date, subject, message, file and what changed in
     * it, the definitions it touched and introduced, its hunks), then its diff — all of it the commit's text,
     * quoted as data like every source ({@link Prompts}).
     */
    private static String commit(CommitChunk h) {
        StringBuilder sb = new StringBuilder(256 + h.body().length() + h.diff().length());
        sb.append("Commit: ").append(h.sha()).append('\n');
        sb.append("Author: ").append(h.author()).append('\n');
        sb.append("Date: ").append(HistoryAnswer.date(h)).append('\n');
        sb.append("Subject: ").append(h.subject()).append('\n');
        if (!h.body().isEmpty()) {
            sb.append("Message:\n").append(h.body().strip()).append('\n');
        }
        sb.append("File: ").append(h.path());
        if (!h.oldPath().isEmpty()) {
            sb.append(" (renamed from ").append(h.oldPath()).append(')');
        }
        sb.append(" — ").append(h.change().name().toLowerCase(java.util.Locale.ROOT));
        sb.append(", +")
                .append(h.linesAdded())
                .append(" -")
                .append(h.linesDeleted())
                .append('\n');
        if (!h.touched().isEmpty()) {
            sb.append("Touched: ").append(String.join(", ", h.touched())).append('\n');
        }
        if (!h.introduced().isEmpty()) {
            sb.append("Introduced: ").append(String.join(", ", h.introduced())).append('\n');
        }
        if (!h.hunks().isEmpty()) {
            sb.append("Hunks:");
            h.hunks().stream().limit(10).forEach(r -> sb.append(" @@ -")
                    .append(r.oldStart())
                    .append(',')
                    .append(r.oldCount())
                    .append(" +")
                    .append(r.newStart())
                    .append(',')
                    .append(r.newCount())
                    .append(" @@"));
            sb.append(h.hunks().size() > 10 ? " …\n" : "\n");
        }
        sb.append(h.omitted().isEmpty() ? "Diff:\n" + h.diff() : "Diff not kept: " + h.omitted());
        return sb.toString();
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = (nl < 0 ? s : s.substring(0, nl)).strip();
        return line.length() > 60 ? line.substring(0, 60) : line;
    }

    private static String cutAtLine(String text, int maxChars) {
        if (text.length() <= maxChars) {
            return text;
        }
        int nl = text.lastIndexOf('\n', maxChars);
        return text.substring(0, nl > maxChars / 2 ? nl : maxChars);
    }
}
