package dev.coderag.retrieval;

import java.util.List;

/** {@link RetrievalMode#VECTOR}: every table's nearest neighbours of the query, merged by cosine. */
final class VectorMode implements ModeStrategy {

    @Override
    public Selection select(Request request) {
        ClassifiedQuery query = request.embedAndClassify();
        List<List<Scored>> lists = request.source().vectorPerTable(query.vector(), query.total());
        request.clock().lap("vector");
        List<Scored> merged = Fusion.mergeByScore(lists);
        query.relevance().record(merged);
        return Selection.single(query, Via.VECTOR, merged);
    }
}
