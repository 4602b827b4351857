package dev.coderag.chat.answer;

import dev.coderag.retrieval.AnswerStyle;
import dev.coderag.retrieval.CallRelation;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The default generator: no model, no network. It assembles an answer from the retrieved chunks — the best
 * matches with their locations and [n] citations, their doc comments and README lines quoted, and for
 * relationship questions the callers and callees from the call graph — and says that it is extractive.
 * Deterministic; thread-safe.
 */
public final class ExtractiveGenerator implements Generator {
    public static final String PREFACE =
            "Extractive answer (no language model configured): the most relevant indexed code and docs, quoted.";

    private static final int MAX_LISTED = 5;
    private static final Pattern PIECE = Pattern.compile("\\S+\\s*|\\s+");

    @Override
    public LlmProvider provider() {
        return LlmProvider.NONE;
    }

    @Override
    public String generate(GenerationInput input, Consumer<String> onToken) {
        String text = compose(input);
        // Stream word by word so clients see the same incremental protocol as with a model.
        Matcher m = PIECE.matcher(text);
        StringBuilder piece = new StringBuilder();
        int words = 0;
        while (m.find()) {
            piece.append(m.group());
            if (++words == 4) {
                onToken.accept(piece.toString());
                piece.setLength(0);
                words = 0;
            }
        }
        if (!piece.isEmpty()) {
            onToken.accept(piece.toString());
        }
        return text;
    }

    static String compose(GenerationInput input) {
        List<ContextBlock> blocks = input.blocks();
        StringBuilder sb = new StringBuilder();
        sb.append(PREFACE).append("\n\n");
        if (blocks.isEmpty()) {
            return sb.append(Generator.REFUSAL).toString();
        }
        // Retrieval's order is the answer's: the best match named first is source [1] (for "how do I install it"
        // the routing brings the README section first; re-sorting here would name another source than [1]).
        List<ContextBlock> ordered = new ArrayList<>(blocks);
        ContextBlock best = ordered.getFirst();
        sb.append(lead(best)).append("\n");
        String quote = quote(best.hit().chunk(), 4);
        if (!quote.isEmpty()) {
            sb.append('\n').append(quote).append('\n');
        }
        if (input.answerStyle() == AnswerStyle.RELATIONS) {
            appendRelations(sb, input);
        }
        List<ContextBlock> rest = ordered.subList(1, Math.min(ordered.size(), MAX_LISTED + 1));
        if (!rest.isEmpty()) {
            sb.append(input.answerStyle() == AnswerStyle.COMPARISON ? "\nTo compare:\n" : "\nAlso relevant:\n");
            for (ContextBlock b : rest) {
                sb.append("- ").append(item(b)).append('\n');
            }
        }
        return sb.toString().stripTrailing();
    }

    /** The first sentence naming the best match, with its location and citation. */
    private static String lead(ContextBlock b) {
        Chunk c = b.hit().chunk();
        String where = "`" + c.path() + "` (lines " + c.startLine() + "–" + c.endLine() + ")";
        return switch (c) {
            case CodeChunk code ->
                "The best match is **`" + code.qualifiedName() + "`**, a "
                        + code.symbolKind().id() + " in " + code.language().id() + ", defined in " + where + " ["
                        + b.n() + "].";
            case ReadmeChunk r ->
                "The best match is the section **" + sectionName(r) + "** of " + where + " [" + b.n() + "].";
            case ManifestChunk m ->
                "The best match is the manifest of **" + m.name() + "** in " + where + " [" + b.n() + "].";
            case ModuleDocChunk d ->
                "The best match is the documentation of module **" + d.moduleName() + "** in " + where + " [" + b.n()
                        + "].";
        };
    }

    /** One list line: name, location, citation and a short description. */
    private static String item(ContextBlock b) {
        Chunk c = b.hit().chunk();
        String loc = "`" + c.location() + "`";
        String name =
                switch (c) {
                    case CodeChunk code ->
                        "`" + code.qualifiedName() + "` (" + code.symbolKind().id() + ")";
                    case ReadmeChunk r -> "section **" + sectionName(r) + "**";
                    case ManifestChunk m -> "manifest **" + m.name() + "**";
                    case ModuleDocChunk d -> "module **" + d.moduleName() + "**";
                };
        String summary = summary(c);
        return name + " in " + loc + " [" + b.n() + "]" + (summary.isEmpty() ? "" : ": " + summary);
    }

    private static String sectionName(ReadmeChunk r) {
        return r.headingPath().isEmpty() ? r.path() : String.join(" › ", r.headingPath());
    }

    /** A one-sentence description: the doc comment's first sentence, or a manifest's description. */
    static String summary(Chunk chunk) {
        String text =
                switch (chunk) {
                    case CodeChunk c -> c.docstring().isBlank() ? c.signature() : c.docstring();
                    case ReadmeChunk r -> r.text();
                    case ManifestChunk m -> m.description();
                    case ModuleDocChunk d -> d.text();
                };
        String flat = text.replaceAll("\\s+", " ").strip();
        if (flat.isEmpty()) {
            return "";
        }
        int end = sentenceEnd(flat);
        String s = flat.substring(0, end);
        if (s.length() > 160) {
            s = s.substring(0, 157) + "…";
        }
        return chunk instanceof CodeChunk c && c.docstring().isBlank() ? "`" + s.replace("`", "'") + "`" : s;
    }

    private static int sentenceEnd(String s) {
        for (int i = 0; i < s.length() - 1; i++) {
            if (s.charAt(i) == '.' && s.charAt(i + 1) == ' ') {
                return i + 1;
            }
        }
        return s.length();
    }

    /** Up to {@code lines} lines of the doc comment or section text as a Markdown quote. */
    static String quote(Chunk chunk, int lines) {
        String text =
                switch (chunk) {
                    case CodeChunk c -> c.docstring();
                    case ReadmeChunk r -> r.text();
                    case ManifestChunk m ->
                        m.dependencies().isEmpty()
                                ? m.description()
                                : (m.description().isEmpty() ? "" : m.description() + "\n") + "Dependencies: "
                                        + String.join(
                                                ", ",
                                                m.dependencies().stream()
                                                        .limit(12)
                                                        .toList());
                    case ModuleDocChunk d -> d.text();
                };
        List<String> out = new ArrayList<>();
        for (String line : text.strip().split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("```")) {
                continue;
            }
            out.add("> " + l);
            if (out.size() == lines) {
                break;
            }
        }
        return String.join("\n", out);
    }

    /**
     * Who calls the subject and what it calls, with each caller's location and citation. The subject is the
     * definition the question names when retrieval resolved one; otherwise the best code match, and then
     * nothing is claimed about callers the index does not show.
     */
    private static void appendRelations(StringBuilder sb, GenerationInput input) {
        Map<String, ContextBlock> blockOf = new HashMap<>();
        for (ContextBlock b : input.blocks()) {
            blockOf.putIfAbsent(b.hit().chunk().id(), b);
        }
        Optional<ContextBlock> named = input.subject().map(blockOf::get);
        Optional<ContextBlock> subject = named.or(() -> input.blocks().stream()
                .filter(b -> b.hit().chunk() instanceof CodeChunk)
                .findFirst());
        if (subject.isEmpty()) {
            sb.append("\nNo code among the sources, so no callers or callees to list.\n");
            return;
        }
        String id = subject.get().hit().chunk().id();
        String name = ((CodeChunk) subject.get().hit().chunk()).qualifiedName();
        List<String> callers = new ArrayList<>();
        List<String> callees = new ArrayList<>();
        for (CallRelation r : input.relations()) {
            if (r.calleeId().equals(id)) {
                ContextBlock b = blockOf.get(r.callerId());
                callers.add(b == null ? "`" + r.callerName() + "`" : located(b));
            } else if (r.callerId().equals(id)) {
                ContextBlock b = r.calleeId().isEmpty() ? null : blockOf.get(r.calleeId());
                callees.add(b == null ? "`" + r.calleeName() + "`" : located(b));
            }
        }
        callers = distinct(callers);
        callees = distinct(callees);
        sb.append('\n');
        if (!callers.isEmpty()) {
            sb.append("`")
                    .append(name)
                    .append("` [")
                    .append(subject.get().n())
                    .append("] is called by ")
                    .append(String.join(", ", callers))
                    .append(".\n");
        } else if (named.isPresent()) {
            // the question named this definition and the index resolved it: the absence of callers is known
            sb.append("No caller of `")
                    .append(name)
                    .append("` [")
                    .append(subject.get().n())
                    .append("] is in the index.\n");
        } else {
            sb.append("The question names no symbol the index resolves to one definition, so callers are listed"
                            + " only when the call graph shows them; it shows none for `")
                    .append(name)
                    .append("` [")
                    .append(subject.get().n())
                    .append("].\n");
        }
        if (!callees.isEmpty()) {
            sb.append("\n`")
                    .append(name)
                    .append("` calls ")
                    .append(String.join(", ", callees))
                    .append(".\n");
        }
    }

    /** A cited definition with its location: {@code `A.b` (`path:12`) [3]}. */
    private static String located(ContextBlock b) {
        Chunk c = b.hit().chunk();
        String title = c instanceof CodeChunk code ? code.qualifiedName() : c.title();
        return "`" + title + "` (`" + c.path() + ":" + c.startLine() + "`) [" + b.n() + "]";
    }

    private static List<String> distinct(List<String> items) {
        return items.stream().distinct().limit(12).toList();
    }
}
