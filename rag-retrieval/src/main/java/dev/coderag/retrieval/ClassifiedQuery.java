package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Lane;
import java.util.Map;
import java.util.Optional;

/**
 * A query once embedded and classified, with what its intent's route means for this request.
 *
 * @param vector the query embedding (unit length) for the request's primary vector tier; shared, never modified
 * @param staticVector the query embedded by the static tier too, when the store holds both tiers (its static-tier
 *     chunks are searched with it, see {@link ChunkSource#staticVector}); empty otherwise
 * @param intent the classified intent and its confidence
 * @param route the intent's route in routing.json
 * @param quotas the route's per-lane counts scaled to the request's limit
 * @param total how many hits the request returns at most: its limit, or the route's total when it has none
 * @param relevance the relevance of chunks to this query, filled as the request proceeds (thread-safe)
 */
record ClassifiedQuery(
        float[] vector,
        Optional<float[]> staticVector,
        IntentClassifier.Result intent,
        RoutingTable.Route route,
        Map<Lane, Integer> quotas,
        int total,
        Relevance relevance) {}
