package dev.coderag.chat;

import dev.coderag.chat.answer.ContextBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * What an answer says about the freshness of the repositories it draws on ({@link IndexNotices#freshness}): their
 * freshness by name, a warning per stale one ({@link StalePolicy#WARN}), or the refusal that names the first stale
 * one ({@link StalePolicy#REFUSE}).
 */
final class StaleSources {
    private StaleSources() {}

    /** The freshness of the repositories {@code sources} come from (those the notices know of). */
    static Map<String, Freshness> of(IndexNotices notices, List<Source> sources) {
        return notices.freshness(sources.stream().map(Source::repo).distinct().toList());
    }

    /** One warning per stale repository, by name. */
    static List<String> warnings(Map<String, Freshness> freshness) {
        List<String> out = new ArrayList<>();
        new TreeMap<>(freshness).forEach((repo, f) -> {
            if (f.stale()) {
                out.add(Freshness.notice(repo, f));
            }
        });
        return out;
    }

    /**
     * The refusal when the server refuses answers from stale indexes and a repository of {@code blocks} (the
     * answer's context) is stale; empty otherwise.
     */
    static Optional<String> refusal(IndexNotices notices, Supplier<List<ContextBlock>> blocks) {
        if (notices.stalePolicy() != StalePolicy.REFUSE) {
            return Optional.empty();
        }
        Map<String, Freshness> freshness = notices.freshness(blocks.get().stream()
                .map(b -> b.hit().chunk().repo())
                .distinct()
                .toList());
        return new TreeMap<>(freshness)
                .entrySet().stream()
                        .filter(e -> e.getValue().stale())
                        .findFirst()
                        .map(e -> Freshness.refusal(e.getKey(), e.getValue()));
    }
}
