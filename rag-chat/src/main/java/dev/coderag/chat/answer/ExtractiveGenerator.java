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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        List<ContextBlock> ordered = new ArrayList<>(blocks);
        if (input.answerStyle() == AnswerStyle.DOCS_FIRST) {
            // for "how do I install it" the README section is the answer, even when code ranked higher
            ordered.sort((a, b) ->
                    Integer.compare(docRank(a.hit().chunk()), docRank(b.hit().chunk())));
        }
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

    private static int docRank(Chunk c) {
        return switch (c) {
            case ReadmeChunk r -> 0;
            case ModuleDocChunk d -> 1;
            case ManifestChunk m -> 2;
            case CodeChunk code -> 3;
        };
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

    private static void appendRelations(StringBuilder sb, GenerationInput input) {
        if (input.relations().isEmpty()) {
            sb.append("\nThe index holds no call edges for the best matches.\n");
            return;
        }
        Map<String, Integer> numberOf = new HashMap<>();
        for (ContextBlock b : input.blocks()) {
            numberOf.putIfAbsent(b.hit().chunk().id(), b.n());
        }
        Map<String, List<String>> callersOf = new LinkedHashMap<>();
        Map<String, List<String>> calleesOf = new LinkedHashMap<>();
        for (CallRelation r : input.relations()) {
            String callee = r.calleeName();
            callersOf
                    .computeIfAbsent(callee, k -> new ArrayList<>())
                    .add(named(r.callerName(), numberOf.get(r.callerId())));
            calleesOf
                    .computeIfAbsent(r.callerName(), k -> new ArrayList<>())
                    .add(named(callee, r.calleeId().isEmpty() ? null : numberOf.get(r.calleeId())));
        }
        String subject = input.blocks().stream()
                .map(b -> b.hit().chunk())
                .filter(CodeChunk.class::isInstance)
                .map(c -> (CodeChunk) c)
                .findFirst()
                .map(CodeChunk::symbol)
                .orElse("");
        List<String> callers = distinct(callersOf.getOrDefault(subject, List.of()));
        List<String> callees = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : calleesOf.entrySet()) {
            if (e.getKey().equals(subject) || e.getKey().endsWith("." + subject)) {
                callees.addAll(e.getValue());
            }
        }
        callees = distinct(callees);
        sb.append('\n');
        sb.append("**Called by:** ")
                .append(callers.isEmpty() ? "no caller in the index." : String.join(", ", callers))
                .append('\n');
        sb.append("\n**Calls:** ")
                .append(callees.isEmpty() ? "nothing recorded." : String.join(", ", callees))
                .append('\n');
    }

    private static String named(String name, Integer n) {
        return "`" + name + "`" + (n == null ? "" : " [" + n + "]");
    }

    private static List<String> distinct(List<String> items) {
        return items.stream().distinct().limit(12).toList();
    }
}
