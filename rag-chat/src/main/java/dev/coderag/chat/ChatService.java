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
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.llm.Generators;
import dev.coderag.embed.Embedder;
import dev.coderag.retrieval.Retrieval;
import dev.coderag.retrieval.RetrievalHit;
import dev.coderag.retrieval.RetrievalMode;
import dev.coderag.retrieval.Retriever;
import dev.coderag.retrieval.Stopwatch;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.types.Chunk;
import dev.coderag.types.Texts;
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
 * citations, and keep the chat history for follow-ups. While a repository is still being indexed the answer's
 * warnings say so ({@link IndexNotices}); an answer drawing on a stale one warns or is refused ({@link
 * StaleSources}).
 *
 * <p>Thread-safe: {@link #ask} may run on many threads at once.
 */
public final class ChatService {
    private static final Logger LOG = LoggerFactory.getLogger(ChatService.class);

    private final Retriever retriever;
    private final ChatOptions options;
    private final Generator generator;
    private final Generator extractive = new ExtractiveGenerator();
    private final ChatHistory history;
    private final Metrics metrics;
    private final IndexNotices notices;

    ChatService(Retriever retriever, ChatOptions options, Generator generator, Metrics metrics, IndexNotices notices) {
        this.notices = Objects.requireNonNull(notices, "notices");
        this.retriever = Objects.requireNonNull(retriever, "retriever");
        this.options = Objects.requireNonNull(options, "options");
        this.generator = Objects.requireNonNull(generator, "generator");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.history =
                new ChatHistory(retriever.store().chats(), retriever.store().chunks());
    }

    /** A service over an open store and embedder (both stay owned by the caller). */
    public static ChatService create(Store store, Embedder embedder, ChatOptions options) {
        return create(Retriever.create(store, embedder), options);
    }

    /** As {@link #create(Store, Embedder, ChatOptions)}, saying which repositories are still being indexed. */
    public static ChatService create(Store store, Embedder embedder, ChatOptions options, IndexNotices notices) {
        return create(Retriever.create(store, embedder), options, notices);
    }

    public static ChatService create(Retriever retriever, ChatOptions options) {
        return create(retriever, options, IndexNotices.NONE);
    }

    /**
     * A service whose answers also say which repositories are still being indexed ({@code notices}: a server's
     * running ingests).
     */
    public static ChatService create(Retriever retriever, ChatOptions options, IndexNotices notices) {
        return new ChatService(retriever, options, Generators.of(options.llm()), new Metrics(), notices);
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
     * Answers a question, streaming the answer text to {@code listener} as it is generated. The pipeline's steps
     * are the methods below, in order: {@link #start}, retrieve, {@link #refuse} or {@link #answer} (generate with
     * {@link #generate}, then {@link #cite}), {@link #trace}, {@link #remember}.
     *
     * @throws ChatException EMPTY_QUERY / QUERY_TOO_LONG (bad input), NO_DATA (empty store), NOT_FOUND (unknown
     *     repo or chat), LLM_UNAVAILABLE (the LLM failed and fallback is off)
     * @throws dev.coderag.store.StoreException when the store or the model fails
     */
    public ChatResponse ask(ChatRequest request, AnswerListener listener) {
        Objects.requireNonNull(listener, "listener");
        Stopwatch clock = new Stopwatch();
        String query = request.query().strip();
        Conversation conversation = start(query, request);
        clock.lap("validate");

        Retrieval retrieval =
                retriever.retrieve(query, conversation.repo(), RetrievalMode.FULL, 0, followUp(conversation));
        clock.lap("retrieve");
        metrics.observe(
                "rag_retrieval_seconds",
                "Retrieval time per question",
                clock.laps().get("retrieve") / 1000);

        boolean refused = !retrieval.answerable();
        Optional<String> stale = refused ? Optional.empty() : StaleSources.refusal(notices, () -> context(retrieval));
        Answer answer = refused || stale.isPresent()
                ? refuse(stale.orElse(ChatResponse.REFUSAL), retrieval, listener, clock)
                : answer(query, retrieval, conversation, listener, clock);
        refused |= stale.isPresent();
        IntentInfo intent = new IntentInfo(retrieval.intent(), ApiContract.round3(retrieval.confidence()));
        List<String> warnings = new ArrayList<>(notices.notices(conversation.repo()));
        Map<String, Freshness> freshness = StaleSources.of(notices, answer.sources());
        warnings.addAll(stale.isPresent() ? List.of() : StaleSources.warnings(freshness));
        warnings.addAll(answer.warnings());
        ChatResponse response = new ChatResponse(
                answer.text(),
                answer.sources(),
                intent,
                trace(intent, retrieval, clock, answer.producedBy()),
                conversation.chatId(),
                warnings,
                refused,
                freshness);
        remember(conversation.chatId(), query, response, retrieval, answer, refused);
        metrics.increment(
                "rag_chat_answers_total", "Answered questions by outcome", "outcome", refused ? "refused" : "answered");
        metrics.observe("rag_chat_seconds", "Whole chat pipeline time", clock.totalMs() / 1000);
        return response;
    }

    /** Where a question stands in its chat: the chat's id, its earlier turns, the repo it is about. */
    private record Conversation(String chatId, List<StoredTurn> turns, Optional<String> repo) {}

    /** The previous question and the chunks its answer cited (read back from the index), if there was one. */
    private Retriever.FollowUp followUp(Conversation conversation) {
        List<StoredTurn> turns = conversation.turns();
        return turns.isEmpty()
                ? Retriever.FollowUp.NONE
                : new Retriever.FollowUp(turns.getLast().question(), history.citedChunks(turns.getLast()));
    }

    /**
     * What is said back: the text, its numbered sources, the chunks it cites (for follow-ups) and who wrote it.
     */
    private record Answer(
            String text,
            List<Source> sources,
            List<Chunk> citedChunks,
            LlmProvider producedBy,
            List<String> warnings) {}

    /** Validates the question and opens (or continues) its chat; NO_DATA before anything is committed. */
    private Conversation start(String query, ChatRequest request) {
        validate(query);
        Store store = retriever.store();
        if (store.chunks().isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NO_DATA,
                    notices.notices(Optional.empty()).isEmpty()
                            ? ChatException.NO_DATA_MESSAGE
                            : "The index is still being built and nothing is committed yet: ask again in a few"
                                    + " seconds.");
        }
        String chatId;
        List<StoredTurn> turns;
        Optional<String> repo = request.repo();
        if (request.chatId().isPresent()) {
            chatId = request.chatId().get();
            turns = history.turns(chatId, request.owner()).orElseThrow(() -> unknownChat(chatId));
            if (repo.isEmpty()) {
                repo = history.repo(chatId, request.owner());
            }
        } else {
            chatId = history.create(repo, request.owner()).id();
            turns = List.of();
        }
        if (repo.isPresent() && store.repos().get(repo.get()).isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND,
                    "unknown repository '" + ApiContract.abbreviate(repo.get()) + "' (indexed: "
                            + store.repos().list().stream().map(RepoInfo::name).collect(Collectors.joining(", "))
                            + ")");
        }
        return new Conversation(chatId, turns, repo);
    }

    /** The numbered context an answer would be written from. */
    private List<ContextBlock> context(Retrieval retrieval) {
        return ContextBuilder.build(retrieval.details(), options.contextTokens());
    }

    /**
     * Not evidence enough to answer from, or a stale index the server does not answer from ({@code text} says
     * which): say so, show the near misses, and do not ask a model to guess.
     */
    private Answer refuse(String text, Retrieval retrieval, AnswerListener listener, Stopwatch clock) {
        listener.onToken(text);
        List<ContextBlock> near =
                ContextBuilder.build(retrieval.details().stream().limit(3).toList(), options.contextTokens());
        List<Source> sources = near.stream().map(b -> source(b, false)).toList();
        clock.lap("context");
        return new Answer(text, sources, List.of(), LlmProvider.NONE, List.of());
    }

    /** Builds the numbered context, has the generator write from it and checks what the text cites. */
    private Answer answer(
            String query, Retrieval retrieval, Conversation conversation, AnswerListener listener, Stopwatch clock) {
        List<ContextBlock> blocks = context(retrieval);
        clock.lap("context");
        List<Turn> previous = conversation.turns().stream()
                .map(t -> new Turn(t.question(), t.answer()))
                .toList();
        GenerationInput input = new GenerationInput(
                query,
                retrieval.answerStyle(),
                blocks,
                retrieval.relations(),
                previous,
                retrieval.subject(),
                retrieval.unplacedCallers());
        List<String> warnings = new ArrayList<>();
        Generated generated = generate(input, listener, warnings);
        clock.lap("generate");
        metrics.observe(
                "rag_generation_seconds",
                "Answer generation time",
                clock.laps().get("generate") / 1000,
                "generator",
                generated.producedBy().id());
        return cite(generated, blocks, warnings);
    }

    private record Generated(String text, LlmProvider producedBy) {}

    /** The configured generator; on its failure the extractive one with a warning, unless fallback is off. */
    private Generated generate(GenerationInput input, AnswerListener listener, List<String> warnings) {
        LlmProvider provider = generator.provider();
        try {
            return new Generated(generator.generate(input, listener::onToken), provider);
        } catch (GenerationException e) {
            metrics.increment("rag_llm_failures_total", "LLM calls that failed", "provider", provider.id());
            if (!options.llm().fallbackToExtractive()) {
                throw new ChatException(
                        ChatException.Reason.LLM_UNAVAILABLE,
                        "The language model (" + provider.id() + ") failed: " + e.getMessage(),
                        e);
            }
            String warning = "The language model (" + provider.id() + ") failed: " + e.getMessage()
                    + ". Showing an extractive answer instead.";
            LOG.warn("{}", Texts.forLog(warning)); // the message comes from the LLM server
            warnings.add(warning);
            listener.onReset(warning);
            return new Generated(extractive.generate(input, listener::onToken), LlmProvider.NONE);
        }
    }

    /** The warning on an answer that cites none of the sources it was given. */
    public static final String UNCITED_WARNING =
            "The answer cites none of its sources; check it against the sources listed.";

    /** Cleans the citations of the text and marks the sources it cites (only those). */
    private static Answer cite(Generated generated, List<ContextBlock> blocks, List<String> warnings) {
        String text = Citations.clean(generated.text(), blocks.size()).strip();
        Set<Integer> citedFinal = Citations.cited(text);
        if (citedFinal.isEmpty() && !text.equals(ChatResponse.REFUSAL) && !blocks.isEmpty()) {
            // never claim grounding the text does not show: the sources stay listed, none marked cited
            warnings.add(UNCITED_WARNING);
        }
        List<Source> sources =
                blocks.stream().map(b -> source(b, citedFinal.contains(b.n()))).toList();
        List<Chunk> citedChunks = blocks.stream()
                .filter(b -> citedFinal.contains(b.n()))
                .map(b -> b.hit().chunk())
                .toList();
        return new Answer(text, sources, citedChunks, generated.producedBy(), warnings);
    }

    /** How the answer was produced: the retrieval's trace plus this pipeline's own stages. */
    private static Trace trace(IntentInfo intent, Retrieval retrieval, Stopwatch clock, LlmProvider producedBy) {
        Map<String, Double> timings = new LinkedHashMap<>(retrieval.trace().timingsMs());
        Map<String, Double> outer = clock.laps();
        timings.put("context", outer.getOrDefault("context", 0.0));
        timings.put("generate", outer.getOrDefault("generate", 0.0));
        timings.put("total", Math.round(clock.totalMs() * 100) / 100.0);
        return new Trace(
                intent,
                retrieval.trace().hitsPerTable(),
                retrieval.trace().hitsPerRetriever(),
                timings,
                retrieval.trace().lexicalQuery(),
                retrieval.trace().pins(),
                producedBy,
                retrieval.answerStyle().wireName());
    }

    /** Keeps the turn for follow-ups: the chunks it cites, or its two best when it cites none. */
    private void remember(
            String chatId, String query, ChatResponse response, Retrieval retrieval, Answer answer, boolean refused) {
        List<Chunk> context = answer.citedChunks().isEmpty() && !refused
                ? retrieval.details().stream().limit(2).map(RetrievalHit::chunk).toList()
                : answer.citedChunks();
        history.append(chatId, StoredTurn.of(query, response, context, Instant.now()));
    }

    /** The stored repository a question about {@code repo} at {@code branch} reads ({@link BranchScope#of}). */
    public Optional<String> repoAt(Optional<String> repo, Optional<String> branch) {
        return BranchScope.of(retriever.store(), repo, branch);
    }

    /** Starts an empty chat of {@code owner}'s ({@link ChatOwners}). */
    public ChatInfo newChat(Optional<String> repo, String owner) {
        repo.ifPresent(r -> {
            if (retriever.store().repos().get(r).isEmpty()) {
                throw new ChatException(
                        ChatException.Reason.NOT_FOUND, "unknown repository '" + ApiContract.abbreviate(r) + "'");
            }
        });
        return history.create(repo, owner);
    }

    /** {@code owner}'s chat; empty when there is none (or it is another owner's: the two look alike). */
    public Optional<ChatInfo> chat(String id, String owner) {
        return history.info(id, owner);
    }

    /** {@code owner}'s saved chats, the most recently used first (at most 200). */
    public List<ChatInfo> chats(String owner) {
        return history.list(owner);
    }

    /** Deletes one of {@code owner}'s chats and its messages; NOT_FOUND when {@code owner} has no such chat. */
    public void deleteChat(String id, String owner) {
        if (!history.delete(id, owner)) {
            throw unknownChat(id);
        }
    }

    /** The messages of one of {@code owner}'s chats, oldest first; NOT_FOUND when {@code owner} has no such chat. */
    public List<ChatMessage> messages(String chatId, String owner) {
        List<StoredTurn> turns = history.turns(chatId, owner).orElseThrow(() -> unknownChat(chatId));
        List<ChatMessage> out = new ArrayList<>();
        for (StoredTurn t : turns) {
            String at = t.at().toString();
            out.add(new ChatMessage(MessageRole.USER, t.question(), List.of(), null, List.of(), at, null));
            out.add(new ChatMessage(
                    MessageRole.ASSISTANT, t.answer(), t.sources(), t.intent(), t.warnings(), at, t.trace()));
        }
        return out;
    }

    private static ChatException unknownChat(String id) {
        return new ChatException(ChatException.Reason.NOT_FOUND, "unknown chat '" + ApiContract.abbreviate(id) + "'");
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
        return Source.of(b, cited);
    }
}
