package dev.coderag.retrieval;

import java.util.List;

/** {@link RetrievalMode#LEXICAL}: every table's BM25 hits for the query's informative terms, merged by score. */
final class LexicalMode implements ModeStrategy {

    @Override
    public Selection select(Request request) {
        ClassifiedQuery query = request.embedAndClassify();
        List<List<Scored>> lists =
                request.source().lexicalPerTable(request.query().lexicalQuery(), query.total());
        request.clock().lap("lexical");
        return Selection.single(query, Via.LEXICAL, Fusion.mergeByScore(lists));
    }
}
