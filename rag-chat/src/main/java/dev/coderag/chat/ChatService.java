package dev.coderag.chat;

import dev.coderag.chat.ChatHistory.StoredTurn;
import dev.coderag.chat.answer.Citations;
import dev.coderag.chat.answer.ContextBlock;
import dev.coderag.chat.answer.ContextBuilder;
import dev.coderag.chat.answer.ExtractiveGenerator;
import dev.coderag.chat.answer.GenerationException;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.Generator.GenerationInput;
import dev.coderag.chat.answer.Generator.Turn;
import dev.coderag.chat.llm.Generators;
import dev.coderag.chat.llm.LlmProvider;
import dev.coderag.retrieval.Retrieval;
import dev.coderag.retrieval.RetrievalHit;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Retriever;
import dev.coderag.retrieval.Stopwatch;
import dev.coderag.retrieval.Via;
import dev.coderag.store.Embedder;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.VectorStore;
import dev.coderag.types.Chunk;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one question-answering pipeline behind {@code /api/chat}, the web page and {@code ./rag ask}: retrieve
 * (see {@link Retriever}), apply the relevance floor, build numbered context within a token budget, generate
 * (extractive by default, an LLM when configured, extractive with a warning when the LLM fails), clean up
 * citations, and keep the chat history for follow-ups.
 *
 * <p>Thread-safe: {@link #ask} may run on many threads at once.
 */
public final class ChatService {
    private static final Logger LOG = LoggerFactory.getLogger(ChatService.class);

    private final Retriever retriever;
    private final ChatOptions options;
    private final Generator generator;
    private final Generator extractive = new ExtractiveGenerator();
    private final ChatHistory history = new ChatHistory();
    private final Metrics metrics;

    ChatService(Retriever retriever, ChatOptions options, Generator generator, Metrics metrics) {
        this.retriever = Objects.requireNonNull(retriever, "retriever");
        this.options = Objects.requireNonNull(options, "options");
        this.generator = Objects.requireNonNull(generator, "generator");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** A service over an open store and embedder (both stay owned by the caller). */
    public static ChatService create(VectorStore store, Embedder embedder, ChatOptions options) {
        return create(Retriever.create(store, embedder), options);
    }

    public static ChatService create(Retriever retriever, ChatOptions options) {
        return new ChatService(retriever, options, Generators.of(options.llm()), new Metrics());
    }

    public Retriever retriever() {
        return retriever;
    }

    /** Which generator writes answers. */
    public LlmProvider generator() {
        return generator.provider();
    }

    public Metrics metrics() {
        return metrics;
    }

    public ChatOptions options() {
        return options;
    }

    /** Answers without streaming. */
    public ChatResponse ask(ChatRequest request) {
        return ask(request, AnswerListener.NONE);
    }

    /**
     * Answers a question, streaming the answer text to {@code listener} as it is generated.
     *
     * @throws ChatException EMPTY_QUERY / QUERY_TOO_LONG (bad input), NO_DATA (empty store), NOT_FOUND (unknown
     *     repo or chat), LLM_UNAVAILABLE (the LLM failed and fallback is off)
     * @throws dev.coderag.store.StoreException when the store or the model fails
     */
    public ChatResponse ask(ChatRequest request, AnswerListener listener) {
        Objects.requireNonNull(listener, "listener");
        Stopwatch clock = new Stopwatch();
        String query = request.query().strip();
        validate(query);
        VectorStore store = retriever.store();
        if (store.counts().values().stream().mapToInt(Integer::intValue).sum() == 0) {
            throw new ChatException(ChatException.Reason.NO_DATA, ChatException.NO_DATA_MESSAGE);
        }
        String chatId;
        List<StoredTurn> turns;
        Optional<String> repo = request.repo();
        if (request.chatId().isPresent()) {
            chatId = request.chatId().get();
            turns = history.turns(chatId)
                    .orElseThrow(() -> new ChatException(
                            ChatException.Reason.NOT_FOUND, "unknown chat '" + abbreviate(chatId) + "'"));
            if (repo.isEmpty()) {
                repo = history.repo(chatId);
            }
        } else {
            chatId = history.create(repo).id();
            turns = List.of();
        }
        if (repo.isPresent() && store.repo(repo.get()).isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND,
                    "unknown repository '" + abbreviate(repo.get()) + "' (indexed: "
                            + store.repos().stream().map(RepoInfo::name).collect(Collectors.joining(", "))
                            + ")");
        }
        Retriever.FollowUp followUp = turns.isEmpty()
                ? Retriever.FollowUp.NONE
                : new Retriever.FollowUp(
                        turns.getLast().question(), turns.getLast().citedChunks());
        clock.lap("validate");

        Retrieval retrieval = retriever.retrieve(query, repo, RetrievalMode.FULL, 0, followUp);
        clock.lap("retrieve");
        metrics.observe(
                "rag_retrieval_seconds",
                "Retrieval time per question",
                clock.laps().get("retrieve") / 1000);
        IntentInfo intent = new IntentInfo(retrieval.intent(), round3(retrieval.confidence()));

        double floor = retriever.relevanceFloor();
        boolean pinned = retrieval.details().stream().anyMatch(h -> h.via().contains(Via.PIN));
        boolean relevant = pinned || retrieval.bestRelevance() >= floor;
        List<String> warnings = new ArrayList<>();
        String answer;
        List<Source> sources;
        List<Chunk> citedChunks;
        boolean refused = !relevant;
        String producedBy = generator.provider().id();
        if (refused) {
            // Nothing clears the floor: say so, show the near misses, and do not ask a model to guess.
            answer = ChatResponse.REFUSAL;
            listener.onToken(answer);
            List<ContextBlock> near =
                    ContextBuilder.build(retrieval.details().stream().limit(3).toList(), options.contextTokens());
            sources = near.stream().map(b -> source(b, false)).toList();
            citedChunks = List.of();
            producedBy = "none";
            clock.lap("context");
        } else {
            List<ContextBlock> blocks = ContextBuilder.build(retrieval.details(), options.contextTokens());
            clock.lap("context");
            List<Turn> previous = turns.stream()
                    .map(t -> new Turn(t.question(), t.response().answer()))
                    .toList();
            GenerationInput input =
                    new GenerationInput(query, retrieval.answerStyle(), blocks, retrieval.relations(), previous);
            String text;
            try {
                text = generator.generate(input, listener::onToken);
            } catch (GenerationException e) {
                if (!options.llm().fallbackToExtractive()) {
                    metrics.increment("rag_llm_failures_total", "LLM calls that failed", "provider", producedBy);
                    throw new ChatException(
                            ChatException.Reason.LLM_UNAVAILABLE,
                            "The language model (" + producedBy + ") failed: " + e.getMessage(),
                            e);
                }
                metrics.increment("rag_llm_failures_total", "LLM calls that failed", "provider", producedBy);
                String warning = "The language model (" + producedBy + ") failed: " + e.getMessage()
                        + ". Showing an extractive answer instead.";
                LOG.warn("{}", warning);
                warnings.add(warning);
                listener.onReset(warning);
                text = extractive.generate(input, listener::onToken);
                producedBy = "none";
            }
            clock.lap("generate");
            metrics.observe(
                    "rag_generation_seconds",
                    "Answer generation time",
                    clock.laps().get("generate") / 1000,
                    "generator",
                    producedBy);
            answer = Citations.clean(text, blocks.size()).strip();
            Set<Integer> cited = Citations.cited(answer);
            if (cited.isEmpty() && !answer.equals(ChatResponse.REFUSAL)) {
                // the model cited nothing: the answer still carries its sources, visibly
                answer = answer + "\n\nSources: "
                        + blocks.stream().limit(3).map(b -> "[" + b.n() + "]").collect(Collectors.joining(" "));
                cited = Citations.cited(answer);
            }
            Set<Integer> citedFinal = cited;
            sources = blocks.stream()
                    .map(b -> source(b, citedFinal.contains(b.n())))
                    .toList();
            citedChunks = blocks.stream()
                    .filter(b -> citedFinal.contains(b.n()))
                    .map(b -> b.hit().chunk())
                    .toList();
        }
        Map<String, Double> timings = new LinkedHashMap<>(retrieval.trace().timingsMs());
        Map<String, Double> outer = clock.laps();
        timings.put("context", outer.getOrDefault("context", 0.0));
        timings.put("generate", outer.getOrDefault("generate", 0.0));
        timings.put("total", Math.round(clock.totalMs() * 100) / 100.0);
        Trace trace = new Trace(
                intent,
                retrieval.trace().hitsPerTable(),
                retrieval.trace().hitsPerRetriever(),
                timings,
                retrieval.trace().lexicalQuery(),
                retrieval.trace().pins(),
                producedBy);
        ChatResponse response = new ChatResponse(answer, sources, intent, trace, chatId, warnings, refused);
        history.append(
                chatId,
                new StoredTurn(
                        query,
                        response,
                        citedChunks.isEmpty() && !refused
                                ? retrieval.details().stream()
                                        .limit(2)
                                        .map(RetrievalHit::chunk)
                                        .toList()
                                : citedChunks,
                        Instant.now()));
        metrics.increment(
                "rag_chat_answers_total", "Answered questions by outcome", "outcome", refused ? "refused" : "answered");
        metrics.observe("rag_chat_seconds", "Whole chat pipeline time", clock.totalMs() / 1000);
        return response;
    }

    /** Starts an empty chat. */
    public ChatInfo newChat(Optional<String> repo) {
        repo.ifPresent(r -> {
            if (retriever.store().repo(r).isEmpty()) {
                throw new ChatException(ChatException.Reason.NOT_FOUND, "unknown repository '" + abbreviate(r) + "'");
            }
        });
        return history.create(repo);
    }

    public Optional<ChatInfo> chat(String id) {
        return history.info(id);
    }

    public List<ChatInfo> chats() {
        return history.list();
    }

    /** The messages of a chat, oldest first; NOT_FOUND when there is no such chat. */
    public List<ChatMessage> messages(String chatId) {
        List<StoredTurn> turns = history.turns(chatId)
                .orElseThrow(() ->
                        new ChatException(ChatException.Reason.NOT_FOUND, "unknown chat '" + abbreviate(chatId) + "'"));
        List<ChatMessage> out = new ArrayList<>();
        for (StoredTurn t : turns) {
            String at = t.at().toString();
            out.add(new ChatMessage("user", t.question(), List.of(), null, List.of(), at));
            ChatResponse r = t.response();
            out.add(new ChatMessage("assistant", r.answer(), r.sources(), r.intent(), r.warnings(), at));
        }
        return out;
    }

    private void validate(String query) {
        if (query.isEmpty()) {
            throw new ChatException(ChatException.Reason.EMPTY_QUERY, "query must not be empty");
        }
        if (query.length() > options.maxQueryChars()) {
            throw new ChatException(
                    ChatException.Reason.QUERY_TOO_LONG,
                    "query is " + query.length() + " characters; the limit is " + options.maxQueryChars());
        }
    }

    static Source source(ContextBlock b, boolean cited) {
        RetrievalHit h = b.hit();
        Chunk c = h.chunk();
        double rel = round3(h.relevance());
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
                cited);
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** User-supplied names echoed in messages are cut short (and are escaped wherever rendered). */
    public static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "…";
    }
}
