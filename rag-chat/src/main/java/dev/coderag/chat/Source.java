package dev.coderag.chat;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A numbered source of an answer; {@code [n]} in the answer refers to it. Serialised in snake_case (this is
 * part of the {@code /api/chat} contract).
 *
 * @param kind {@code code | readme | manifest | module_doc | commit}
 * @param symbol qualified name for code; heading, package or module name for the other kinds; a commit's subject
 * @param relevance cosine similarity of question and chunk, in [0, 1]
 * @param relevancePct {@code round(100 * relevance)}
 * @param cited whether the answer cites {@code [n]}
 * @param score the retrieval's fused ranking score in [0, 1] (1 = its best hit); 0 in answers saved before it was
 *     recorded
 * @param via the retrievers that found the chunk ({@code vector, lexical, graph, pin}); empty in answers saved
 *     before it was recorded
 * @param sha a commit's full id; null (left out of the JSON) for the other kinds
 * @param date a commit's author date, {@code yyyy-mm-dd} (UTC); null for the other kinds
 * @param author a commit's author; null for the other kinds
 */
public record Source(
        int n,
        String kind,
        String repo,
        String path,
        int startLine,
        int endLine,
        String symbol,
        String language,
        double relevance,
        int relevancePct,
        boolean cited,
        double score,
        List<String> via,
        @JsonInclude(JsonInclude.Include.NON_NULL) String sha,
        @JsonInclude(JsonInclude.Include.NON_NULL) String date,
        @JsonInclude(JsonInclude.Include.NON_NULL) String author) {
    public Source {
        via = via == null ? List.of() : List.copyOf(via);
    }

    /** A source of a snapshot's chunk (no commit fields). */
    public Source(
            int n,
            String kind,
            String repo,
            String path,
            int startLine,
            int endLine,
            String symbol,
            String language,
            double relevance,
            int relevancePct,
            boolean cited,
            double score,
            List<String> via) {
        this(
                n,
                kind,
                repo,
                path,
                startLine,
                endLine,
                symbol,
                language,
                relevance,
                relevancePct,
                cited,
                score,
                via,
                null,
                null,
                null);
    }

    /** {@code path:start-end}. */
    public String location() {
        return path + ":" + startLine + "-" + endLine;
    }

    Source withCited(boolean c) {
        return new Source(
                n,
                kind,
                repo,
                path,
                startLine,
                endLine,
                symbol,
                language,
                relevance,
                relevancePct,
                c,
                score,
                via,
                sha,
                date,
                author);
    }

    /** The source a numbered context block becomes, relevance and score rounded to 3 decimals. */
    static Source of(dev.coderag.chat.answer.ContextBlock b, boolean cited) {
        dev.coderag.retrieval.RetrievalHit h = b.hit();
        dev.coderag.types.Chunk c = h.chunk();
        double rel = ApiContract.round3(h.relevance());
        dev.coderag.types.CommitChunk commit = c instanceof dev.coderag.types.CommitChunk k ? k : null;
        return new Source(
                b.n(),
                c.kind().table(),
                c.repo(),
                c.path(),
                c.startLine(),
                c.endLine(),
                c.title(),
                c.language().id(),
                rel,
                (int) Math.round(rel * 100),
                cited,
                ApiContract.round3(h.score()),
                h.via().stream().map(dev.coderag.retrieval.Via::id).sorted().toList(),
                commit == null ? null : commit.sha(),
                commit == null
                        ? null
                        : java.time.LocalDate.ofInstant(commit.date(), java.time.ZoneOffset.UTC)
                                .toString(),
                commit == null ? null : commit.author());
    }
}
