package dev.coderag.chat.answer;

import dev.coderag.chat.answer.Generator.GenerationInput;
import dev.coderag.retrieval.commits.HistoryQuestion;
import dev.coderag.retrieval.commits.HistoryQuestion.Ask;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.HunkRange;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The extractive answer to a question about the history (when, why, by whom something changed): the commit that
 * answers it named as {@code [1]} with its short id, date, author and quoted subject — "`X` was added in commit
 * abc1234 on 2024-03-01 by Ada [1]: “subject”." — the first lines of its message for "why", the file and hunks
 * it changed, then the other commits and sources. Commit text is untrusted: quoted through {@link Evidence}
 * (flattened, bounded, citations defused). Pure.
 */
final class HistoryAnswer {
    /** Characters of a commit body quoted for "why". */
    static final int MAX_BODY = 400;
    /** Lines of a commit body quoted for "why". */
    static final int BODY_LINES = 3;
    /** Hunks listed for the answering commit. */
    static final int MAX_HUNKS = 5;
    /** Other commits listed. */
    static final int MAX_COMMITS = 8;

    private HistoryAnswer() {}

    static String compose(GenerationInput input) {
        List<ContextBlock> blocks = input.blocks();
        ContextBlock best = blocks.getFirst();
        if (!(best.hit().chunk() instanceof CommitChunk commit)) {
            return "No commit among the sources answers this (is the repository's history indexed?); the best match"
                    + " in the code:\n\n" + DefinitionAnswer.compose(input);
        }
        // only the words and dates matter here; "now" places relative dates, which the answer does not print
        Ask ask = HistoryQuestion.of(input.question(), Instant.now()).ask();
        String name = subjectName(input.question(), blocks, commit);
        StringBuilder sb = new StringBuilder();
        sb.append(lead(ask, name, best, commit)).append("\n\n");
        if (ask == Ask.WHY) {
            String body = bodyLines(commit.body());
            if (!body.isEmpty()) {
                sb.append("Its message says: “")
                        .append(body)
                        .append("” ")
                        .append(Evidence.cite(best))
                        .append("\n\n");
            }
        }
        sb.append(Evidence.end(changed(best, commit))).append("\n\n");
        // the history of the same file, unless the question asks what changed (anywhere, in its dates)
        List<String> others = new ArrayList<>();
        for (ContextBlock b : blocks.subList(1, blocks.size())) {
            if (b.hit().chunk() instanceof CommitChunk c
                    && (ask == Ask.CHANGES || c.path().equals(commit.path()))
                    && others.size() < MAX_COMMITS) {
                others.add("- " + commitLine(b, c));
            }
        }
        if (!others.isEmpty()) {
            sb.append(ask == Ask.CHANGES ? "Other commits:\n" : "Other commits of this file:\n")
                    .append(String.join("\n", others))
                    .append("\n\n");
        }
        Others.append(
                sb,
                blocks.stream()
                        .filter(b -> !(b.hit().chunk() instanceof CommitChunk))
                        .toList(),
                0);
        return sb.toString();
    }

    /** The answer's first sentence: what the commit did to the subject, with its id, date, author and subject. */
    private static String lead(Ask ask, String name, ContextBlock b, CommitChunk c) {
        String what = name.isEmpty() ? "It" : Evidence.code(name);
        // a short id is seven hex digits (CommitChunk checks the sha): plain text, like git prints it
        String commit = "commit " + c.shortSha() + " on " + date(c) + author(c) + " " + Evidence.cite(b);
        String subject = ": “" + quote(c.subject()) + "”.";
        return switch (ask) {
            case ADDED -> what + " was added in " + commit + subject;
            case LAST_CHANGED -> what + " was last changed in " + commit + subject;
            case WHY -> what + " was changed in " + commit + subject;
            case CHANGES -> "The most relevant change is " + commit + subject;
        };
    }

    /** "It changed `path` (modified, +3 −1) at lines 12-14 and 20 [1]". */
    static String changed(ContextBlock b, CommitChunk c) {
        StringBuilder sb = new StringBuilder("It changed ").append(Evidence.code(c.path()));
        sb.append(" (").append(c.change().name().toLowerCase(Locale.ROOT));
        if (c.change() == CommitChunk.Change.RENAMED && !c.oldPath().isEmpty()) {
            sb.append(" from ").append(Evidence.code(c.oldPath()));
        }
        sb.append(", +")
                .append(c.linesAdded())
                .append(" −")
                .append(c.linesDeleted())
                .append(')');
        List<String> ranges = new ArrayList<>();
        for (HunkRange h : c.hunks().subList(0, Math.min(MAX_HUNKS, c.hunks().size()))) {
            boolean deleted = h.newCount() == 0;
            int from = deleted ? h.oldStart() : h.newStart();
            int count = deleted ? h.oldCount() : h.newCount();
            ranges.add((count <= 1 ? String.valueOf(from) : from + "-" + (from + count - 1))
                    + (deleted ? " (deleted)" : ""));
        }
        if (c.hunks().size() > MAX_HUNKS) {
            ranges.add((c.hunks().size() - MAX_HUNKS) + " more");
        }
        if (!ranges.isEmpty()) {
            boolean oneLine = ranges.size() == 1 && !ranges.getFirst().contains("-");
            sb.append(oneLine ? " at line " : " at lines ").append(Evidence.join(ranges));
        }
        if (!c.omitted().isEmpty()) {
            sb.append(" (its diff is not kept: ")
                    .append(Evidence.prose(Evidence.bound(c.omitted(), 60)))
                    .append(')');
        }
        return sb.append(' ').append(Evidence.cite(b)).toString();
    }

    /** "abc1234 2024-03-01 by Ada [2]: “subject” (`path`)". */
    static String commitLine(ContextBlock b, CommitChunk c) {
        return c.shortSha() + " " + date(c) + author(c) + " " + Evidence.cite(b) + ": “" + quote(c.subject()) + "” ("
                + Evidence.code(c.path()) + ")";
    }

    /** The commit's author date as yyyy-mm-dd (UTC). */
    static String date(CommitChunk c) {
        return LocalDate.ofInstant(c.date(), ZoneOffset.UTC).toString();
    }

    private static String author(CommitChunk c) {
        return c.author().isBlank()
                ? ""
                : " by " + Evidence.prose(Evidence.bound(Evidence.flat(printable(c.author())), 80));
    }

    /**
     * Untrusted commit text for inside “…”: control characters (a terminal's escapes among them) as spaces, one
     * line, bounded, citations defused.
     */
    static String quote(String text) {
        String q = Evidence.prose(Evidence.bound(Evidence.flat(printable(text)), Evidence.MAX_QUOTE));
        return q.isEmpty() ? "…" : q.replace('“', '"').replace('”', '"');
    }

    /** The text with control characters as spaces; at most 64,000 characters read. */
    private static String printable(String text) {
        int max = Math.min(text.length(), 64_000);
        StringBuilder sb = new StringBuilder(max);
        for (int i = 0; i < max; i++) {
            char c = text.charAt(i);
            sb.append(Character.isISOControl(c) ? ' ' : c);
        }
        return sb.toString();
    }

    /** The first {@value #BODY_LINES} non-blank lines of a commit body, quoted; "" for none. */
    static String bodyLines(String body) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int len = Math.min(body.length(), 4 * MAX_BODY);
        while (start < len && lines.size() < BODY_LINES) {
            int nl = body.indexOf('\n', start);
            int end = nl < 0 || nl > len ? len : nl;
            String line = body.substring(start, end).strip();
            if (!line.isEmpty()) {
                lines.add(line);
            }
            start = end + 1;
        }
        return lines.isEmpty() ? "" : quote(Evidence.bound(String.join(" ", lines), MAX_BODY));
    }

    /**
     * The name the question asks about: a retrieved definition's name the question spells (the longest, so
     * {@code Router.route} before {@code route}), else one of the commit's touched names it spells; "" for none.
     */
    static String subjectName(String question, List<ContextBlock> blocks, CommitChunk commit) {
        String spaced = " " + String.join(" ", words(question)) + " ";
        String best = "";
        for (ContextBlock b : blocks) {
            Chunk c = b.hit().chunk();
            if (c instanceof CodeChunk code) {
                for (String n : List.of(code.qualifiedName(), code.symbol())) {
                    if (n.length() > best.length() && spaced.contains(" " + n + " ")) {
                        best = n;
                    }
                }
            }
        }
        if (best.isEmpty()) {
            for (String n : commit.touched()) {
                if (n.length() > best.length() && spaced.contains(" " + n + " ")) {
                    best = n;
                }
            }
        }
        return best;
    }

    /** The question's identifiers and words, split on anything but letters, digits, '_', '.', '$', ':' and '#'. */
    private static List<String> words(String question) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        int max = Math.min(question.length(), 4_000);
        for (int i = 0; i <= max; i++) {
            char ch = i < max ? question.charAt(i) : ' ';
            if (Character.isLetterOrDigit(ch) || "_.$:#".indexOf(ch) >= 0) {
                w.append(ch);
            } else if (!w.isEmpty()) {
                out.add(trimDots(w.toString()));
                w.setLength(0);
            }
        }
        return out;
    }

    /** "parseHeader." at a sentence end, "Context.ClientIP()" as "Context.ClientIP". */
    private static String trimDots(String w) {
        int end = w.length();
        while (end > 0 && ".:".indexOf(w.charAt(end - 1)) >= 0) {
            end--;
        }
        return w.substring(0, end);
    }
}
