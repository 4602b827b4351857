package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Lane;
import java.util.Map;

/**
 * A query once embedded and classified, with what its intent's route means for this request.
 *
 * @param vector the query embedding (unit length); shared, never modified
 * @param intent the classified intent and its confidence
 * @param route the intent's route in routing.json
 * @param quotas the route's per-lane counts scaled to the request's limit
 * @param total how many hits the request returns at most: its limit, or the route's total when it has none
 * @param relevance the relevance of chunks to this query, filled as the request proceeds (thread-safe)
 */
record ClassifiedQuery(
        float[] vector,
        IntentClassifier.Result intent,
        RoutingTable.Route route,
        Map<Lane, Integer> quotas,
        int total,
        Relevance relevance) {}
