package dev.coderag.chat;

import dev.coderag.chat.answer.LlmProvider;
import java.util.List;
import java.util.Map;

/**
 * How an answer was produced.
 *
 * @param intent the classified intent and its confidence
 * @param hitsPerTable retrieved chunks per table
 * @param hitsPerRetriever candidates per retriever ({@code vector, lexical, graph, pin})
 * @param timingsMs milliseconds per stage, in pipeline order: {@code analyze, embed, intent, search, vector,
 *     lexical, pins, graph, fuse, relevance, evidence, context, generate, total} ({@code evidence}: whether the hits
 *     are enough to answer, {@code dev.coderag.retrieval.evidence}). {@code search} is the wall time of the
 *     concurrent phase in which {@code vector}, {@code lexical} and {@code pins} run side by side; those three
 *     are each stage's own time summed over its tables, so they may add up to more than {@code search}.
 * @param lexicalQuery the terms sent to BM25
 * @param pins locations pinned because the question names them
 * @param generator what produced the answer text (JSON: {@code none | openai | gemini})
 * @param answerStyle how the intent's route has the answer written ({@code definition, docs_first, relations,
 *     comparison}: routing.json)
 */
public record Trace(
        IntentInfo intent,
        Map<String, Integer> hitsPerTable,
        Map<String, Integer> hitsPerRetriever,
        Map<String, Double> timingsMs,
        String lexicalQuery,
        List<String> pins,
        LlmProvider generator,
        String answerStyle) {}
